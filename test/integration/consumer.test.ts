import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSUMER_CONFIG, verdictMismatches, writeConsumerEval } from '../helpers/consumer.js';
import { installPacked, packSelf } from '../helpers/pack.js';
import { evalOffline, repoRoot } from '../helpers/promptfoo.js';

/**
 * The package as a user gets it: packed with `npm pack` (which builds it), installed into a fresh
 * project without the registry (its runtime dependencies packed from this repository's own
 * node_modules, so an empty npm cache is enough), then used from a real `promptfoo eval` and from
 * its bin.
 */
describe('installed into a consumer project', () => {
  it('works as a promptfoo assertion in every documented form and as a CLI', {
    timeout: 300_000,
  }, async () => {
    const work = mkdtempSync(join(tmpdir(), 'cv-consumer-'));
    const packed = packSelf(repoRoot, work);
    expect(packed.files).toContain('dist/assertions/verify-citations.js');
    expect(packed.files).toContain('dist/assertions/index.js');
    expect(packed.files).toContain('dist/src/cli/bin.js');
    expect(packed.files.some((file) => file.startsWith('test/'))).toBe(false);
    // It ships what the README and --help point to: the JSON Schemas, docs/, examples/.
    for (const file of [
      'schema/allowlist.schema.json',
      'schema/verdict.schema.json',
      'examples/chunk-citations.yaml',
      'CHANGELOG.md',
    ])
      expect(packed.files).toContain(file);
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const linked = [...readme.matchAll(/\]\(((?:docs|examples|schema)\/[^)#\s]+)/g)].map(
      (match) => match[1]!,
    );
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.filter((file) => !packed.files.includes(file))).toEqual([]);

    const project = join(work, 'project');
    installPacked(repoRoot, packed, project);

    writeConsumerEval(project);
    const { run, rows } = await evalOffline(['-c', CONSUMER_CONFIG], project);
    expect(run.ran, run.stdout + run.stderr).toBe(true);
    expect(verdictMismatches(rows)).toEqual([]);

    // The package root is also the library.
    const library = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        'import { verifyAnswer, normalizePhone } from "citation-verifier"; console.log(typeof verifyAnswer, typeof normalizePhone)',
      ],
      { cwd: project, encoding: 'utf8' },
    );
    expect(library.stdout.trim(), library.stderr).toBe('function function');

    const bin = join(project, 'node_modules', '.bin', 'citation-verifier');
    const check = spawnSync(
      bin,
      ['check', '--allowlist', 'evals/allowlist.json', '--format', 'json', '-'],
      { cwd: project, encoding: 'utf8', input: 'See https://lawhelp.org/x' },
    );
    expect(check.status, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout)).toMatchObject({ pass: true, score: 1 });
  });
});
