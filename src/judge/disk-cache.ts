import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { JUDGE_LABELS, type JudgeLabel } from './types.js';
import type { CachedVerdict, JudgeCache } from './cache.js';
import { PrivateFolder, readEntryFile, writeEntryFile } from '../util/safe-file.js';

/** A cache entry is a verdict of a few kilobytes; anything larger is not ours. */
const MAX_ENTRY_BYTES = 256 * 1024;

/**
 * Verdicts on disk, `KEY.json` in `dir`: a bad entry is a miss the next verdict replaces. The
 * folder follows the liveness cache's rule (`PrivateFolder`); `warn` is told once why not.
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

/** Entry names are ours (hex digests), so no name from outside ever becomes a path. */
const ENTRY_NAME = /^[0-9a-f]{64}$/;

/** `dir/name.json` through the one safe entry reader, or undefined. */
export async function readEntry(
  dir: string,
  name: string,
  maxBytes: number,
): Promise<string | undefined> {
  if (!ENTRY_NAME.test(name)) return undefined;
  return readEntryFile(join(dir, `${name}.json`), maxBytes);
}

/** Write `dir/name.json`, the folder made; false, never a throw: an unwritable cache misses. */
export async function writeEntry(dir: string, name: string, text: string): Promise<boolean> {
  if (!ENTRY_NAME.test(name)) return false;
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch {
    return false;
  }
  return writeEntryFile(join(dir, `${name}.json`), text);
}
