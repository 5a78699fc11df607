import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installPacked, packSelf } from '../helpers/pack.js';
import { evalOffline, repoRoot } from '../helpers/promptfoo.js';

/**
 * The package as a user gets it: packed with `npm pack` (which builds it), installed into a fresh
 * project without the registry (its runtime dependencies packed from this repository's own
 * node_modules, so an empty npm cache is enough), then used from a real `promptfoo eval` and from
 * its bin.
 */
describe('installed into a consumer project', () => {
  it('works as a promptfoo assertion and as a CLI', { timeout: 300_000 }, async () => {
    const work = mkdtempSync(join(tmpdir(), 'cv-consumer-'));
    const packed = packSelf(repoRoot, work);
    expect(packed.files).toContain('dist/assertions/verify-citations.js');
    expect(packed.files).toContain('dist/src/cli/bin.js');
    expect(packed.files.some((file) => file.startsWith('test/'))).toBe(false);

    const project = join(work, 'project');
    installPacked(repoRoot, packed, project);

    writeFileSync(
      join(project, 'allowlist.json'),
      JSON.stringify({ urls: [], domains: ['lawhelp.org'], org_names: ['Legal Aid Society of Testville'], org_phones: { 'Legal Aid Society of Testville': ['(617) 555-0100'] } }),
    );
    writeFileSync(
      join(project, 'promptfooconfig.yaml'),
      [
        'prompts: ["{{answer}}"]',
        'providers: [echo]',
        'defaultTest:',
        '  assert:',
        '    - type: javascript',
        '      value: file://node_modules/citation-verifier/dist/assertions/verify-citations.js',
        '      config: { allowlist: allowlist.json }',
        'tests:',
        '  - vars: { answer: "Call the Legal Aid Society of Testville at (617) 555-0100 or see https://www.lawhelp.org/ma." }',
        '  - vars: { answer: "Call the Legal Aid Society of Testville at (617) 555-0199 or see https://lawhelp-ma.example.com/x." }',
        '',
      ].join('\n'),
    );
    const { run, rows } = await evalOffline(['-c', 'promptfooconfig.yaml'], project);
    expect(run.ran, run.stdout + run.stderr).toBe(true);
    const byAnswer = rows.sort((a, b) => a.testIdx - b.testIdx).map((row) => ({ pass: row.success, score: row.gradingResult?.score }));
    expect(byAnswer).toEqual([
      { pass: true, score: 1 },
      { pass: false, score: 0 }, // invented placeholder link; (0 − 0.3) floored at 0
    ]);

    const bin = join(project, 'node_modules', '.bin', 'citation-verifier');
    const check = spawnSync(bin, ['check', '--allowlist', 'allowlist.json', '--format', 'json', '-'], { cwd: project, encoding: 'utf8', input: 'See https://lawhelp.org/x' });
    expect(check.status, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout)).toMatchObject({ pass: true, score: 1 });
  });
});
