import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The bin as a process: what only a real pipe shows. */
const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'src', 'cli', 'bin.ts');
const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const allowlist = join(root, 'test', 'fixtures', 'verifier', 'allowlist.json');

describe('citation-verifier bin', () => {
  it('exits 0, silently, when the reader closes the pipe early (… | head -c 100)', async () => {
    // 3,000 invented links (exit 2 when read to the end): the JSON is far larger than a pipe's
    // buffer, so the write fails, and 0 shows the closed pipe was taken as the reader's choice.
    const answer = Array.from({ length: 3000 }, (_, i) => `https://site${i}.invalid/page`).join(
      ' ',
    );
    const child = spawn(
      process.execPath,
      [tsx, bin, 'check', '--allowlist', allowlist, '--format', 'json', '-'],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin.end(answer);
    // Like `head`: read the first chunk, then close our end.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  }, 60_000);

  it('check --jsonl: a reader that closes the pipe early ends the run quietly with 0', async () => {
    // 2,000 lines, each a verdict line much longer than its answer: the writer waits for the
    // pipe to drain (`writeStdout`), and the closed pipe ends that wait as the reader's choice.
    const lines = Array.from({ length: 2000 }, (_, i) =>
      JSON.stringify({ id: i, answer: `See https://site${i}.invalid/page and (617) 555-0100.` }),
    ).join('\n');
    const child = spawn(
      process.execPath,
      [tsx, bin, 'check', '--allowlist', allowlist, '--jsonl', '-'],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // The child ends before it has read every line: our write to it may then fail, as expected.
    child.stdin.on('error', () => undefined);
    child.stdin.end(lines);
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  }, 60_000);
});

describe('citation-verifier check: start-up loads what the answer needs', () => {
  // Records whether a module of the schema library loaded, in the checked process itself.
  const hook = `data:text/javascript,${encodeURIComponent(`
    import { registerHooks } from 'node:module';
    let zod = false;
    registerHooks({ load(url, context, next) { zod ||= url.includes('/node_modules/zod/'); return next(url, context); } });
    process.on('exit', () => process.stderr.write(zod ? 'zod loaded' : 'no zod'));
  `)}`;
  // By URL: the checked process runs in an empty folder, where `tsx` does not resolve.
  const tsxLoader = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  const check = (...flags: string[]): string => {
    const folder = mkdtempSync(join(tmpdir(), 'cv-startup-'));
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        tsxLoader,
        '--import',
        hook,
        bin,
        'check',
        '--allowlist',
        allowlist,
        ...flags,
        '-',
      ],
      {
        cwd: folder,
        env: { PATH: process.env.PATH ?? '' },
        input: 'See https://www.mass.gov/courts.',
      },
    );
    rmSync(folder, { recursive: true, force: true });
    expect(run.status, String(run.stderr)).toBeLessThanOrEqual(2);
    return String(run.stderr);
  };

  it('a check with an allowlist alone, and no config file, never loads zod', () => {
    expect(check()).toBe('no zod');
  });

  it('a setting to judge loads it', () => {
    expect(check('--threshold', '0.5')).toBe('zod loaded');
  });
}, 60_000);
