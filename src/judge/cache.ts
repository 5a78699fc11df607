import { createHash } from 'node:crypto';
import type { JudgeLabel } from './types.js';

/** A cached verdict: what the judge said of one claim against one set of chunks. */
export interface CachedVerdict {
  label: JudgeLabel;
  evidenceQuote: string;
}

/** Verdicts kept between asks, never a fault (a timeout says nothing of tomorrow); no throws. */
export interface JudgeCache {
  get(key: string): Promise<CachedVerdict | undefined>;
  set(key: string, verdict: CachedVerdict): Promise<void>;
}

/** The cache key of one claim: all that can change its verdict (not chunk ids nor its number). */
export function judgeCacheKey(
  model: string,
  promptVersion: string,
  chunkTexts: readonly string[],
  claimText: string,
): string {
  return createHash('sha256')
    .update(JSON.stringify([model, promptVersion, chunkTexts, claimText]))
    .digest('hex');
}

/** A cache for one process, bounded: the oldest entry goes when `limit` is reached. */
export function memoryJudgeCache(limit = 10_000): JudgeCache {
  const entries = new Map<string, CachedVerdict>();
  return {
    get: async (key) => entries.get(key),
    set: async (key, verdict) => {
      entries.delete(key);
      entries.set(key, verdict);
      if (entries.size > limit) entries.delete(entries.keys().next().value as string);
    },
  };
}

/** Both: the first that has it answers (the later ones are filled from it); writes go to all. */
export function layeredJudgeCache(caches: readonly JudgeCache[]): JudgeCache {
  return {
    async get(key) {
      for (const [position, cache] of caches.entries()) {
        const found = await cache.get(key);
        if (found) {
          await Promise.all(caches.slice(0, position).map((earlier) => earlier.set(key, found)));
          return found;
        }
      }
      return undefined;
    },
    async set(key, verdict) {
      await Promise.all(caches.map((cache) => cache.set(key, verdict)));
    },
  };
}
