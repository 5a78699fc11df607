import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';
import { openInputStream, readInputFile, readInputFileSync } from '../../src/util/safe-file.js';
import { fakeIo } from '../helpers/cli.js';

/** Every named input file is a bounded regular file, or an input error naming it (exit 3). */
const allowlist = join(import.meta.dirname, '..', 'fixtures', 'verifier', 'allowlist.json');

describe('readInputFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cv-input-'));
  const small = join(dir, 'small.txt');
  writeFileSync(small, 'x'.repeat(100));

  it('reads a regular file within its bound, async and sync alike', async () => {
    expect((await readInputFile(small, { what: 'f', maxBytes: 100 })).length).toBe(100);
    expect(readInputFileSync(small, { what: 'f', maxBytes: 100 }).bytes.length).toBe(100);
  });

  it.each([
    ['/dev/zero', 'f is a device, not a regular file'],
    [dir, 'f is a folder, not a regular file'],
    [small, 'f is over 99 bytes, the most read'],
  ])('refuses %s', async (path, message) => {
    await expect(readInputFile(path, { what: 'f', maxBytes: 99 })).rejects.toThrow(message);
    expect(() => readInputFileSync(path, { what: 'f', maxBytes: 99 })).toThrow(message);
    await expect(openInputStream(path, { what: 'f', maxBytes: 99 })).rejects.toThrow(message);
  });

  it('streams a regular file in chunks', async () => {
    let read = 0;
    for await (const chunk of await openInputStream(small, { what: 'f', maxBytes: 100 }))
      read += chunk.length;
    expect(read).toBe(100);
  });

  it('says a missing file is missing, in its caller’s words', async () => {
    const file = join(dir, 'none');
    await expect(readInputFile(file, { what: 'f', maxBytes: 9 })).rejects.toMatchObject({
      code: 'FILE_NOT_FOUND',
      message: `${file}: f not found; check the path`,
    });
    await expect(
      readInputFile(file, { what: 'f', where: 'f.json', maxBytes: 9, ifMissing: 'build one' }),
    ).rejects.toMatchObject({ code: 'FILE_NOT_FOUND', message: 'f.json: f not found; build one' });
    expect(() => readInputFileSync(file, { what: 'f', maxBytes: 9 })).toThrow(
      expect.objectContaining({
        code: 'FILE_NOT_FOUND',
        message: `${file}: f not found; check the path`,
      }),
    );
  });
});

describe('check refuses what is not a regular file, exit 3', () => {
  it.each([
    [['--allowlist', '/dev/zero'], '/dev/zero: allowlist file is a device'],
    [
      ['--allowlist', allowlist, '--gov-registry', '/dev/zero'],
      '/dev/zero: the .gov registry is a device',
    ],
    [['--chunks', '/tmp'], 'chunks file is a folder'],
  ])('%j', async (argv, message) => {
    const io = fakeIo({ stdin: 'Call the court at https://example.gov/x.' });
    const code = await runCli(['check', ...argv, '-'], io);
    expect(code).toBe(EXIT.badInput);
    expect(io.err()).toContain(message);
  });
});

/**
 * The builder's input and `check --jsonl FILE` are read through the same reader: a FIFO with no
 * writer (which a plain read waits on for ever) and `/dev/zero` (which never ends) are refused at
 * once, exit 3, the message naming the file, what it is, and what to name instead.
 */
describe('the builder and check --jsonl refuse what is not a regular file, exit 3', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cv-input-'));
  const fifo = join(dir, 'rows.csv');
  // An HSDS export folder whose organizations table is a FIFO.
  const hsds = join(dir, 'hsds');
  mkdirSync(hsds);
  execFileSync('mkfifo', [fifo, join(hsds, 'organizations.csv')]);
  const build = ['build-allowlist', '--org-column', 'Name', '--url-column', 'Website'];
  const jsonl = ['check', '--allowlist', allowlist, '--jsonl'];

  it.each([
    [
      [...build, fifo],
      `${fifo}: CSV file is a FIFO (named pipe), not a regular file; name a regular file`,
    ],
    [
      [...build, '/dev/zero'],
      '/dev/zero: CSV file is a device, not a regular file; name a regular file',
    ],
    [[...build, hsds], `${hsds}/organizations.csv: export file is a FIFO (named pipe)`],
    [
      [...jsonl, fifo],
      `${fifo}: answers file is a FIFO (named pipe), not a regular file; name a regular file`,
    ],
    [
      [...jsonl, '/dev/zero'],
      '/dev/zero: answers file is a device, not a regular file; name a regular file',
    ],
  ])('%j', async (argv, message) => {
    const io = fakeIo();
    const started = Date.now();
    const code = await runCli(argv, io);
    expect(code).toBe(EXIT.badInput);
    expect(io.err()).toContain(message);
    expect(io.out()).toBe('');
    // At once: not after a read that waits for a writer or runs to a bound.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
