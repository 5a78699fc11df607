import { spawnSync } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import { startHttpServer } from '../helpers/http-server.js';

/**
 * A config file found in the working folder is not the user's word: it may not turn liveness on,
 * name the judge's URL (which gets the key), a cache or recording folder, the .gov registry, or an
 * allowlist outside its folder. Each is refused naming the key and its line (exit 3), before
 * anything is fetched or written; the same file named with --config is obeyed.
 */
const allowlist = join(import.meta.dirname, '..', 'fixtures', 'verifier', 'allowlist.json');
const chunks = join(import.meta.dirname, '..', 'fixtures', 'chunks', 'strings.json');
const BIN = fileURLToPath(new URL('../../src/cli/bin.ts', import.meta.url));
/** tsx by its path: the run's working folder is a temporary one, where `tsx` does not resolve. */
const TSX = new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cv-found-'));
  writeFileSync(join(dir, 'allowlist.json'), readFileSync(allowlist, 'utf8'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

async function check(dir: string, argv: string[], answer: string, env: NodeJS.ProcessEnv = {}) {
  const io = fakeIo({ cwd: dir, stdin: answer, env });
  const code = await runCli(['check', '--format', 'json', ...argv, '-'], io);
  return { code, out: io.out(), err: io.err() };
}

describe('a config file found in the working folder', () => {
  it('may not turn on liveness with private addresses: refused, nothing fetched; --config obeys it', async () => {
    const server = await startHttpServer({ '/page': { status: 200, body: 'ok' } });
    const yaml = `allowlist: allowlist.json\nliveness:\n  allowPrivateNetworks: true\n  networkProbe: false\n`;
    const dir = project({ 'citation-verifier.config.yaml': yaml });
    const answer = `See ${server.url}/page for help.`;
    const found = await check(dir, [], answer);
    expect(found.code).toBe(EXIT.badInput);
    expect(found.err).toBe(
      'citation-verifier check: citation-verifier.config.yaml: liveness.allowPrivateNetworks (line 3): a config file found in the working folder may not set this, since it widens what the run may reach or where it writes; give it as --allow-private, or name the file with --config citation-verifier.config.yaml if you trust it\n',
    );
    expect(found.out).toBe('');
    expect(server.hits).toHaveLength(0);
    const named = await check(dir, ['--config', 'citation-verifier.config.yaml'], answer);
    expect(named.err).toBe('');
    expect(server.hits.length).toBeGreaterThan(0);
  });

  it('may not name the judge’s URL: the key goes nowhere', async () => {
    const server = await startHttpServer({ fallback: { status: 500 } });
    const dir = project({
      'citation-verifier.config.json': JSON.stringify({ judge: { url: server.url, model: 'm' } }),
    });
    const run = await check(dir, ['--chunks', chunks], 'Tenants get 14 days [1].', {
      CITATION_VERIFIER_JUDGE_KEY: 'secret-key',
    });
    expect(run.code).toBe(EXIT.badInput);
    expect(run.err).toContain('citation-verifier.config.json: judge.url: a config file found');
    expect(run.err).toContain('give it as --judge-url');
    expect(server.hits).toHaveLength(0);
  });

  it.each([
    ['judge:\n  recordDir: /tmp/elsewhere\n', 'judge.recordDir (line 3)', '--judge-record'],
    ['judge:\n  cacheDir: cache\n', 'judge.cacheDir (line 3)', '--judge-cache'],
    ['liveness:\n  cacheDir: c\n', 'liveness.cacheDir (line 3)', '--cache-dir'],
    ['liveness:\n  resolve: { a.test: 127.0.0.1 }\n', 'liveness.resolve (line 3)', '--resolve'],
    ['liveness: true\n', 'liveness (line 2)', '--live'],
    ['govRegistry: /dev/zero\n', 'govRegistry (line 2)', '--gov-registry'],
    ['allowlist: ../elsewhere/allowlist.json\n', 'allowlist (line 1)', '--allowlist'],
    ['allowlist: /etc/allowlist.json\n', 'allowlist (line 1)', '--allowlist'],
  ])('refuses %j: names %s and %s', async (yaml, key, flag) => {
    const text = yaml.startsWith('allowlist') ? yaml : `allowlist: allowlist.json\n${yaml}`;
    const dir = project({ 'citation-verifier.config.yaml': text });
    const run = await check(dir, [], 'Call the court.');
    expect(run.code).toBe(EXIT.badInput);
    expect(run.err).toContain(`citation-verifier.config.yaml: ${key}: a config file found`);
    expect(run.err).toContain(`give it as ${flag}`);
  });

  it('keeps what does not widen: an allowlist in its folder, threshold, liveness: false', async () => {
    const dir = project({
      'citation-verifier.config.yaml':
        'allowlist: ./allowlist.json\nthreshold: 0.9\nliveness: false\n',
    });
    const run = await check(dir, [], 'The Brookline District Court is at (617) 232-4660.');
    expect(run.err).toBe('');
    expect(JSON.parse(run.out)).toMatchObject({ threshold: 0.9 });
  });

  it('a FIFO named like the config does not hang a real run: exit 3 at once', () => {
    const dir = project({});
    execFileSync('mkfifo', [join(dir, 'citation-verifier.config.yaml')]);
    const run = spawnSync(
      process.execPath,
      ['--import', TSX, BIN, 'check', '--allowlist', 'allowlist.json', '-'],
      {
        cwd: dir,
        input: 'Call the court.',
        encoding: 'utf8',
        timeout: 30_000,
        env: { ...process.env, NODE_OPTIONS: '' },
      },
    );
    expect(run.status).toBe(EXIT.badInput);
    expect(run.stderr).toContain(
      'citation-verifier.config.yaml: config file is a FIFO (named pipe), not a regular file; name a regular file',
    );
  });
});
