import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../util/atomic-write.js';
import { join } from 'node:path';
import type { LivenessOutcome } from './types.js';

type LiveOutcome = Extract<LivenessOutcome, { kind: 'live' }>;

const FORMAT_VERSION = 1;

interface CacheEntry {
  version: typeof FORMAT_VERSION;
  url: string;
  /** Epoch milliseconds. */
  checkedAt: number;
  outcome: LiveOutcome;
}

/**
 * The on-disk cache of successes: one small JSON file per URL (named by the URL's SHA-256), so
 * concurrent processes never rewrite each other's entries, each written atomically (a temporary
 * file renamed over the target). Failures are never stored: a link that was down yesterday is
 * checked again today. Unreadable, corrupt or expired entries are misses; write errors are
 * ignored, because the cache only saves time.
 */
export class DiskCache {
  private ready: Promise<void> | undefined;

  constructor(
    private readonly dir: string,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  fileFor(url: string): string {
    return join(this.dir, `${createHash('sha256').update(url).digest('hex').slice(0, 40)}.json`);
  }

  /** The cached live outcome for `url`, when one younger than the TTL exists. */
  async get(url: string): Promise<LiveOutcome | undefined> {
    let entry: Partial<CacheEntry>;
    try {
      entry = JSON.parse(await readFile(this.fileFor(url), 'utf8')) as Partial<CacheEntry>;
    } catch {
      return undefined;
    }
    if (
      entry.version !== FORMAT_VERSION ||
      entry.url !== url ||
      typeof entry.checkedAt !== 'number'
    )
      return undefined;
    const outcome = entry.outcome;
    if (
      !outcome ||
      outcome.kind !== 'live' ||
      typeof outcome.status !== 'number' ||
      typeof outcome.finalUrl !== 'string'
    )
      return undefined;
    const age = this.now() - entry.checkedAt;
    if (age < 0 || age >= this.ttlMs) return undefined;
    return {
      kind: 'live',
      status: outcome.status,
      finalUrl: outcome.finalUrl,
      redirects: typeof outcome.redirects === 'number' ? outcome.redirects : 0,
      reason: `${typeof outcome.reason === 'string' ? outcome.reason : `${outcome.status}`} (cached ${new Date(entry.checkedAt).toISOString()})`,
    };
  }

  /** Store a success. Anything but `live` is ignored. Never rejects. */
  async put(url: string, outcome: LivenessOutcome): Promise<void> {
    if (outcome.kind !== 'live') return;
    const entry: CacheEntry = { version: FORMAT_VERSION, url, checkedAt: this.now(), outcome };
    try {
      this.ready ??= mkdir(this.dir, { recursive: true }).then(() => undefined);
      await this.ready;
      await writeFileAtomic(this.fileFor(url), `${JSON.stringify(entry)}\n`);
    } catch {
      // An unwritable cache only costs a re-check next time.
      this.ready = undefined;
    }
  }
}
