import { JUDGE_LABELS, type JudgeLabel } from './types.js';
import type { CachedVerdict, JudgeCache } from './cache.js';
import { readEntry, writeEntry } from './files.js';

/** A cache entry is a verdict of a few kilobytes; anything larger is not ours. */
const MAX_ENTRY_BYTES = 256 * 1024;

/**
 * Verdicts on disk, one file per key (`KEY.json`: `{"key", "label", "evidence_quote"}`) in `dir`,
 * read and written as `files.ts` says. An entry that is not a regular file, does not parse, or
 * names another key is a miss, and the next verdict for the key replaces it.
 */
export function diskJudgeCache(dir: string): JudgeCache {
  return {
    async get(key) {
      const text = await readEntry(dir, key, MAX_ENTRY_BYTES);
      return text === undefined ? undefined : readCachedVerdict(text, key);
    },
    async set(key, verdict) {
      await writeEntry(
        dir,
        key,
        `${JSON.stringify({ key, label: verdict.label, evidence_quote: verdict.evidenceQuote })}\n`,
      );
    },
  };
}

function readCachedVerdict(text: string, key: string): CachedVerdict | undefined {
  try {
    const data = JSON.parse(text) as { key?: unknown; label?: unknown; evidence_quote?: unknown };
    if (data.key !== key || typeof data.evidence_quote !== 'string') return undefined;
    if (!JUDGE_LABELS.includes(data.label as JudgeLabel)) return undefined;
    return { label: data.label as JudgeLabel, evidenceQuote: data.evidence_quote };
  } catch {
    return undefined;
  }
}
