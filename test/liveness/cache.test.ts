import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskCache } from '../../src/liveness/cache.js';
import { CACHED_LIVE as LIVE, CACHED_URL as URL_A, cacheScratch as cacheDir } from './support.js';

describe('DiskCache', () => {
  it('stores successes only', async () => {
    const dir = await cacheDir();
    const cache = new DiskCache(join(dir, 'nested'), 60_000, () => 1_000);
    await cache.put(URL_A, { kind: 'broken', status: 404, finalUrl: URL_A, reason: 'gone' });
    await cache.put(URL_A, { kind: 'inconclusive', reason: 'timeout' });
    await cache.put(URL_A, { kind: 'invented', reason: 'NXDOMAIN' });
    expect(await readdir(dir)).toEqual([]);
    await cache.put(URL_A, LIVE);
    expect(await readdir(join(dir, 'nested'))).toHaveLength(1);
    expect(await cache.get(URL_A)).toMatchObject({
      kind: 'live',
      status: 200,
      reason: expect.stringMatching(/cached 1970-01-01T00:00:01/),
    });
  });

  it('expires entries at the TTL', async () => {
    const dir = await cacheDir();
    let now = 1_000;
    const cache = new DiskCache(dir, 60_000, () => now);
    await cache.put(URL_A, LIVE);
    now += 59_999;
    expect(await cache.get(URL_A)).toBeDefined();
    now += 1;
    expect(await cache.get(URL_A)).toBeUndefined();
  });

  it('treats a corrupt, foreign or non-success entry as a miss', async () => {
    const dir = await cacheDir();
    const cache = new DiskCache(dir, 60_000, () => 1_000);
    await writeFile(cache.fileFor(URL_A), '{not json');
    expect(await cache.get(URL_A)).toBeUndefined();
    await writeFile(
      cache.fileFor(URL_A),
      JSON.stringify({ version: 1, url: 'https://other.test', checkedAt: 1_000, outcome: LIVE }),
    );
    expect(await cache.get(URL_A)).toBeUndefined();
    await writeFile(
      cache.fileFor(URL_A),
      JSON.stringify({
        version: 1,
        url: URL_A,
        checkedAt: 1_000,
        outcome: { kind: 'broken', status: 404, finalUrl: URL_A, reason: 'x' },
      }),
    );
    expect(await cache.get(URL_A)).toBeUndefined();
    // JSON that is not an entry at all (the old reader threw on `null`).
    for (const text of ['null', '[]', '"live"']) {
      await writeFile(cache.fileFor(URL_A), text);
      expect(await cache.get(URL_A)).toBeUndefined();
    }
  });

  it('reads an entry without redirects or reason as none and its status', async () => {
    const dir = await cacheDir();
    const cache = new DiskCache(dir, 60_000, () => 1_000);
    const { redirects: _redirects, reason: _reason, ...bare } = LIVE;
    await writeFile(
      cache.fileFor(URL_A),
      JSON.stringify({ version: 2, url: URL_A, policy: '', checkedAt: 1_000, outcome: bare }),
    );
    expect(await cache.get(URL_A)).toEqual({
      ...bare,
      redirects: 0,
      reason: `${LIVE.status} (cached 1970-01-01T00:00:01.000Z)`,
    });
  });

  it('a write that cannot happen is ignored, not thrown', async () => {
    const dir = await cacheDir();
    const blocker = join(dir, 'file');
    await writeFile(blocker, 'not a folder');
    await expect(
      new DiskCache(join(blocker, 'cache'), 60_000, Date.now).put(URL_A, LIVE),
    ).resolves.toBeUndefined();
  });
});
