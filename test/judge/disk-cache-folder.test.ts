import { chmodSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskJudgeCache } from '../../src/judge/disk-cache.js';

/**
 * The judge cache follows the liveness cache's folder rule: a folder others can write, or a link,
 * is not used (a planted YES would pass a false claim with no call), and the reason is said once.
 */
const KEY = 'a'.repeat(64);
const PLANTED = `${JSON.stringify({ key: KEY, label: 'YES', evidence_quote: 'planted' })}\n`;

function folderWithEntry(mode: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'cv-judge-folder-'));
  writeFileSync(join(dir, `${KEY}.json`), PLANTED);
  chmodSync(dir, mode);
  return dir;
}

describe('diskJudgeCache: the folder rule', () => {
  it('a folder others can write is not used: the planted YES is a miss, said once', async () => {
    const dir = folderWithEntry(0o777);
    const warnings: string[] = [];
    const cache = diskJudgeCache(dir, (message) => warnings.push(message));
    expect(await cache.get(KEY)).toBeUndefined();
    await cache.set(KEY, { label: 'NO', evidenceQuote: '' });
    expect(await cache.get(KEY)).toBeUndefined();
    expect(warnings).toEqual([
      `the cache folder ${dir} is not used: it is writable by its group or others (mode 777), so whoever else can write there could plant entries; make it a private folder of yours (chmod 700, owned by you) or give another --judge-cache`,
    ]);
  });

  it('a link to a folder is not used, and says so', async () => {
    const target = folderWithEntry(0o700);
    const link = join(mkdtempSync(join(tmpdir(), 'cv-judge-link-')), 'cache');
    symlinkSync(target, link);
    const warnings: string[] = [];
    const cache = diskJudgeCache(link, (message) => warnings.push(message));
    expect(await cache.get(KEY)).toBeUndefined();
    expect(warnings[0]).toContain('it is a symbolic link, not a folder');
  });

  it('a private folder of the user’s own is used; a missing one is made private', async () => {
    const dir = folderWithEntry(0o700);
    const warnings: string[] = [];
    expect(await diskJudgeCache(dir, (m) => warnings.push(m)).get(KEY)).toEqual({
      label: 'YES',
      evidenceQuote: 'planted',
    });
    const fresh = join(mkdtempSync(join(tmpdir(), 'cv-judge-new-')), 'cache');
    const cache = diskJudgeCache(fresh, (m) => warnings.push(m));
    expect(await cache.get(KEY)).toBeUndefined();
    await cache.set(KEY, { label: 'NO', evidenceQuote: 'q' });
    expect(await cache.get(KEY)).toEqual({ label: 'NO', evidenceQuote: 'q' });
    expect(warnings).toEqual([]);
  });
});
