import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readEntryFile, writeEntryFile } from '../util/safe-file.js';

/**
 * The judge's own files (cache entries, recordings), through the one safe entry reader and writer
 * (`src/util/safe-file.ts`): never through a link, never blocked by a FIFO, a bounded regular file
 * only, written beside and renamed over. Anything wrong with an entry makes it absent; the next
 * write replaces it.
 */

/** Entry names are ours (hex digests), so no name from outside ever becomes a path. */
const ENTRY_NAME = /^[0-9a-f]{64}$/;

/** The text of `dir/name.json`, or undefined when it is missing, not a regular file, too large or unreadable. */
export async function readEntry(
  dir: string,
  name: string,
  maxBytes: number,
): Promise<string | undefined> {
  if (!ENTRY_NAME.test(name)) return undefined;
  return readEntryFile(join(dir, `${name}.json`), maxBytes);
}

/**
 * Write `dir/name.json` whole (the folder is made when missing). Returns false, never throws,
 * when it cannot: a cache that cannot write is a cache that misses, not a failed check.
 */
export async function writeEntry(dir: string, name: string, text: string): Promise<boolean> {
  if (!ENTRY_NAME.test(name)) return false;
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch {
    return false;
  }
  return writeEntryFile(join(dir, `${name}.json`), text);
}
