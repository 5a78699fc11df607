import { execFileSync } from 'node:child_process';
import {
  lstatSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeCacheKey } from '../../src/judge/cache.js';
import { diskJudgeCache } from '../../src/judge/disk-cache.js';

const key = judgeCacheKey('m', 'cv-judge-1', ['chunk text'], 'claim text');
const verdict = { label: 'YES' as const, evidenceQuote: 'chunk text' };
const fresh = (): string => mkdtempSync(join(tmpdir(), 'cv-judge-cache-'));

describe('diskJudgeCache', () => {
  it('keeps a verdict across instances, one private file per key', async () => {
    const dir = fresh();
    await diskJudgeCache(join(dir, 'made')).set(key, verdict);
    expect(await diskJudgeCache(join(dir, 'made')).get(key)).toEqual(verdict);
    expect(readdirSync(join(dir, 'made'))).toEqual([`${key}.json`]);
    expect(lstatSync(join(dir, 'made', `${key}.json`)).mode & 0o777).toBe(0o600);
  });

  it('the key holds model, prompt version, chunk texts and claim text', () => {
    const keys = new Set([
      key,
      judgeCacheKey('m2', 'cv-judge-1', ['chunk text'], 'claim text'),
      judgeCacheKey('m', 'cv-judge-2', ['chunk text'], 'claim text'),
      judgeCacheKey('m', 'cv-judge-1', ['chunk text.'], 'claim text'),
      judgeCacheKey('m', 'cv-judge-1', ['chunk text'], 'claim text.'),
    ]);
    expect(keys.size).toBe(5);
  });

  it('does not follow a symbolic link planted as an entry, and replaces it on write', async () => {
    const dir = fresh();
    const target = join(dir, 'elsewhere.json');
    writeFileSync(target, JSON.stringify({ key, label: 'YES', evidence_quote: 'planted' }));
    symlinkSync(target, join(dir, `${key}.json`));
    const cache = diskJudgeCache(dir);
    expect(await cache.get(key)).toBeUndefined();
    await cache.set(key, verdict);
    expect(lstatSync(join(dir, `${key}.json`)).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(target, 'utf8')).evidence_quote).toBe('planted');
    expect(await cache.get(key)).toEqual(verdict);
  });

  it('a FIFO in place of an entry is refused at once, not waited on', async () => {
    const dir = fresh();
    execFileSync('mkfifo', [join(dir, `${key}.json`)]);
    const started = Date.now();
    expect(await diskJudgeCache(dir).get(key)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
    await diskJudgeCache(dir).set(key, verdict);
    expect(await diskJudgeCache(dir).get(key)).toEqual(verdict);
  });

  it.each([
    ['not JSON', '{"key": '],
    ['another key', JSON.stringify({ key: 'f'.repeat(64), label: 'YES', evidence_quote: 'x' })],
    ['a label of its own', JSON.stringify({ key, label: 'SURE', evidence_quote: 'x' })],
  ])('an entry that is %s is a miss, and the next write replaces it', async (_name, text) => {
    const dir = fresh();
    writeFileSync(join(dir, `${key}.json`), text);
    const cache = diskJudgeCache(dir);
    expect(await cache.get(key)).toBeUndefined();
    await cache.set(key, verdict);
    expect(await cache.get(key)).toEqual(verdict);
  });

  it('a folder it cannot write to makes a cache that misses, not an error', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'file'), '');
    const cache = diskJudgeCache(join(dir, 'file', 'below'));
    await expect(cache.set(key, verdict)).resolves.toBeUndefined();
    expect(await cache.get(key)).toBeUndefined();
  });
});
