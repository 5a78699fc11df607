import { JUDGE_LABELS, type JudgeLabel } from './types.js';
import type { CachedVerdict, JudgeCache } from './cache.js';
import { PrivateFolder } from '../util/safe-file.js';
import { readEntry, writeEntry } from './files.js';

/** A cache entry is a verdict of a few kilobytes; anything larger is not ours. */
const MAX_ENTRY_BYTES = 256 * 1024;

/**
 * Verdicts on disk, one file per key (`KEY.json`: `{"key", "label", "evidence_quote"}`) in `dir`,
 * read and written as `files.ts` says. An entry that is not a regular file, does not parse, or
 * names another key is a miss, and the next verdict for the key replaces it. The folder follows
 * the liveness cache's rule (`PrivateFolder`): a link, another user's folder or one others can
 * write is not used, and `warn` is told why once.
 */
export function diskJudgeCache(dir: string, warn?: (message: string) => void): JudgeCache {
  const folder = new PrivateFolder(dir, '--judge-cache', warn);
  return {
    async get(key) {
      if (!(await folder.usable(false))) return undefined;
      const text = await readEntry(dir, key, MAX_ENTRY_BYTES);
      return text === undefined ? undefined : readCachedVerdict(text, key);
    },
    async set(key, verdict) {
      if (!(await folder.usable(true))) return;
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
