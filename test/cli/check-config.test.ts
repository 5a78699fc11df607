import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';

/** `check` with a config file: found in the working folder or named by --config; flags win. */
const fixtures = join(import.meta.dirname, '..', 'fixtures');
const allowlist = join(fixtures, 'verifier', 'allowlist.json');
const chunks = join(fixtures, 'chunks', 'strings.json');
const answer = 'The Brookline District Court is at (617) 232-4660.';

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cv-project-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

async function check(dir: string, flags: string[], text = answer) {
  const io = fakeIo({ cwd: dir, stdin: text });
  const code = await runCli(['check', '--format', 'json', ...flags, '-'], io);
  return { code, out: io.out(), err: io.err() };
}

describe('check with a config file', () => {
  it('reads citation-verifier.config.yaml from the working folder; a flag overrides its key', async () => {
    const dir = project({
      'allowlist.json': readFileSync(allowlist, 'utf8'),
      'citation-verifier.config.yaml':
        'allowlist: allowlist.json\nthreshold: 0.9\njurisdiction: MA\n',
    });
    const fromFile = await check(dir, []);
    expect(fromFile.code).toBe(EXIT.pass);
    expect(JSON.parse(fromFile.out)).toMatchObject({ threshold: 0.9, jurisdiction: 'MA' });
    const overridden = await check(dir, ['--threshold', '0.2']);
    expect(JSON.parse(overridden.out)).toMatchObject({ threshold: 0.2, jurisdiction: 'MA' });
  });

  it('reads a relative allowlist from the file’s folder, not the working folder', async () => {
    const dir = project({ 'allowlist.json': readFileSync(allowlist, 'utf8') });
    const elsewhere = project({});
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({ allowlist: 'allowlist.json', threshold: 0.4 }),
    );
    const run = await check(elsewhere, ['--config', join(dir, 'settings.json')]);
    expect(run.err).toBe('');
    expect(JSON.parse(run.out)).toMatchObject({ threshold: 0.4, pass: true });
  });

  it('names the file, the key path and the line of a bad setting, with exit 3', async () => {
    const run = await check(join(fixtures, 'config'), ['--config', 'bad-timeout.yaml']);
    expect(run.code).toBe(EXIT.badInput);
    expect(run.err).toBe(
      'citation-verifier check: bad-timeout.yaml: liveness.timeoutMs (line 3): must be a whole number of milliseconds from 1 to 2147483647 (24.8 days), got the string "soon"\n',
    );
    expect(run.out).toBe('');
  });

  it('a missing --config file is exit 3', async () => {
    const run = await check(project({}), ['--config', 'nope.yaml']);
    expect(run.code).toBe(EXIT.badInput);
    expect(run.err).toContain('nope.yaml: config file not found; check the path');
  });

  it('liveness on in a named file lets the live flags apply without --live', async () => {
    const dir = project({
      'settings.json': JSON.stringify({ allowlist, liveness: { timeoutMs: 1000 } }),
    });
    // No link in the answer: nothing is fetched.
    const run = await check(dir, [
      '--config',
      'settings.json',
      '--timeout',
      '2000',
      '--allow-private',
    ]);
    expect(run.err).toBe('');
    expect(run.code).toBe(EXIT.pass);
    const off = await check(project({}), ['--allowlist', allowlist, '--timeout', '2000']);
    expect(off.err).toContain('--timeout only apply with --live');
  });

  it('an allowlist in the file makes --chunks run both checks', async () => {
    const dir = project({
      'allowlist.json': readFileSync(allowlist, 'utf8'),
      'citation-verifier.config.yaml': 'allowlist: allowlist.json\nrequireCitations: true\n',
    });
    const run = await check(dir, ['--chunks', chunks], 'Tenants get 14 days to respond [1].');
    const document = JSON.parse(run.out);
    expect(Object.keys(document)).toEqual(['pass', 'verdict', 'chunks']);
    expect(run.code).toBe(EXIT.pass);
    // The file's requireCitations reached the chunk check: an uncited figure now fails.
    const uncited = await check(dir, ['--chunks', chunks], 'Landlords wait 30 days.');
    expect(uncited.code).toBe(EXIT.failed);
    expect(JSON.parse(uncited.out).verdict.pass).toBe(true);
  });
});
