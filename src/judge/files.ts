import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The judge's own files (cache entries, recordings), read and written so that nobody else who can
 * write to the folder can make us follow a link or hang: an entry is opened without following a
 * symbolic link and without blocking (a FIFO in its place answers at once and is refused), only a
 * regular file of bounded size is read, and a write goes to a new file created exclusively
 * beside it, then renamed over the entry (a link planted there is replaced, never followed).
 * Anything wrong with an entry makes it absent; the next write replaces it.
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
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(
      join(dir, `${name}.json`),
      constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    );
    const info = await handle.stat();
    if (!info.isFile() || info.size > maxBytes) return undefined;
    return await handle.readFile('utf8');
  } catch {
    return undefined;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/**
 * Write `dir/name.json` whole (the folder is made when missing). Returns false, never throws,
 * when it cannot: a cache that cannot write is a cache that misses, not a failed check.
 */
export async function writeEntry(dir: string, name: string, text: string): Promise<boolean> {
  if (!ENTRY_NAME.test(name)) return false;
  const temporary = join(dir, `.${name}.${randomUUID()}.tmp`);
  try {
    await mkdir(dir, { recursive: true });
    const handle = await open(
      temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    try {
      await handle.writeFile(text, 'utf8');
    } finally {
      await handle.close();
    }
    await rename(temporary, join(dir, `${name}.json`));
    return true;
  } catch {
    await rm(temporary, { force: true }).catch(() => undefined);
    return false;
  }
}
