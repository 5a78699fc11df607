import { execFileSync } from 'node:child_process';
import { chmod, lstat, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DiskCache } from '../../src/liveness/cache.js';
import { createLinkChecker } from '../../src/liveness/checker.js';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import { startHttpServer } from '../helpers/http-server.js';
import { CACHED_LIVE as LIVE, CACHED_URL as URL_A, cacheScratch as scratch } from './support.js';

/**
 * Whoever can write the cache folder must not be able to use it against the user: entries are
 * never written or read through a link, a FIFO never blocks, an unsafe folder is not used, and a
 * success seen under one network policy is not served to a stricter one.
 */

describe('cache entries', () => {
  it('a link planted as an entry is replaced; the file it points to is never written', async () => {
    const dir = await scratch();
    const cache = new DiskCache(join(dir, 'cache'), 60_000, () => 1_000);
    await mkdir(join(dir, 'cache'), { mode: 0o700 });
    const victim = join(dir, 'victim.sh');
    await writeFile(victim, 'echo hello\n');
    await symlink(victim, cache.fileFor(URL_A));
    expect(await cache.get(URL_A)).toBeUndefined();
    await cache.put(URL_A, LIVE);
    expect(await readFile(victim, 'utf8')).toBe('echo hello\n');
    expect((await lstat(cache.fileFor(URL_A))).isFile()).toBe(true);
    expect(await cache.get(URL_A)).toMatchObject({ kind: 'live', status: 200 });
  });

  it('a FIFO planted as an entry is a miss at once, and is replaced', async () => {
    const dir = await scratch();
    const cache = new DiskCache(join(dir, 'cache'), 60_000, () => 1_000);
    await mkdir(join(dir, 'cache'), { mode: 0o700 });
    execFileSync('mkfifo', [cache.fileFor(URL_A)]);
    const started = Date.now();
    expect(await cache.get(URL_A)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2_000);
    await cache.put(URL_A, LIVE);
    expect((await lstat(cache.fileFor(URL_A))).isFile()).toBe(true);
  });

  it.each([
    ['writable by others', async (folder: string) => chmod(folder, 0o777)],
    ['writable by the group', async (folder: string) => chmod(folder, 0o770)],
  ])('a folder %s is not used, and that is said once with what to do', async (_name, spoil) => {
    const dir = await scratch();
    const folder = join(dir, 'cache');
    await mkdir(folder, { mode: 0o700 });
    await spoil(folder);
    const warnings: string[] = [];
    const cache = new DiskCache(
      folder,
      60_000,
      () => 1_000,
      '',
      (m) => warnings.push(m),
    );
    await cache.put(URL_A, LIVE);
    await cache.get(URL_A);
    await cache.put(URL_A, LIVE);
    await expect(lstat(cache.fileFor(URL_A))).rejects.toThrow();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(
        `^the cache folder ${folder} is not used: it is writable by its group or others \\(mode 77[07]\\), so whoever else can write there could plant entries; make it a private folder of yours \\(chmod 700, owned by you\\) or give another --cache-dir$`,
      ),
    );
  });

  it('a folder that does not exist yet is made private and used, and nothing is said', async () => {
    const dir = await scratch();
    const warnings: string[] = [];
    const cache = new DiskCache(
      join(dir, 'new'),
      60_000,
      () => 1_000,
      '',
      (m) => warnings.push(m),
    );
    expect(await cache.get(URL_A)).toBeUndefined();
    await cache.put(URL_A, LIVE);
    expect(await cache.get(URL_A)).toMatchObject({ kind: 'live' });
    expect(warnings).toEqual([]);
    expect((await lstat(join(dir, 'new'))).mode & 0o777).toBe(0o700);
  });

  it('stale --cache-dir on a group-writable folder says so once on standard error', async () => {
    const dir = await scratch();
    const folder = join(dir, 'cache');
    await mkdir(folder, { mode: 0o700 });
    await chmod(folder, 0o770);
    const site = await startHttpServer({ '/a': { status: 200 }, '/b': { status: 200 } });
    await writeFile(
      join(dir, 'allowlist.json'),
      JSON.stringify({
        urls: [`http://site.test:${site.port}/a`, `http://site.test:${site.port}/b`],
        domains: [],
        org_names: [],
        org_phones: {},
      }),
    );
    const io = fakeIo({ cwd: dir });
    const argv = ['stale', '--allowlist', 'allowlist.json', '--cache-dir', 'cache'];
    argv.push('--resolve', 'site.test:127.0.0.1', '--allow-private', '--network-probe', 'off');
    expect(await runCli(argv, io)).toBe(0);
    expect(io.err().match(/citation-verifier: the cache folder .* is not used/g)).toHaveLength(1);
    expect(io.err()).toContain('(mode 770)');
  });

  it('a folder that is a link is not used', async () => {
    const dir = await scratch();
    await mkdir(join(dir, 'real'), { mode: 0o700 });
    await symlink(join(dir, 'real'), join(dir, 'cache'));
    const cache = new DiskCache(join(dir, 'cache'), 60_000, () => 1_000);
    await cache.put(URL_A, LIVE);
    await expect(
      lstat(join(dir, 'real', cache.fileFor(URL_A).split('/').pop()!)),
    ).rejects.toThrow();
  });
});

describe('the cache is keyed by the network policy', () => {
  it('a success seen with a host pinned to loopback is not served to a run that forbids private addresses', async () => {
    const dir = await scratch();
    const site = await startHttpServer({ '/ok': { status: 200, body: '<title>Help</title>' } });
    const url = `http://site.test:${site.port}/ok`;
    const open = createLinkChecker({
      allowPrivateNetworks: true,
      resolve: { 'site.test': '127.0.0.1' },
      cacheDir: join(dir, 'cache'),
      networkProbe: false,
    });
    onTestFinished(() => open.close());
    expect(await open.check(url)).toMatchObject({ kind: 'live' });
    const strict = createLinkChecker({
      resolve: { 'site.test': '127.0.0.1' },
      cacheDir: join(dir, 'cache'),
      networkProbe: false,
    });
    onTestFinished(() => strict.close());
    const outcome = await strict.check(url);
    expect(outcome.kind).not.toBe('live');
    expect(outcome).toMatchObject({ kind: 'invented', error: 'private-address' });
  });
});
