import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * A cache entry read and written so that whoever else can write its folder cannot make us follow
 * a link or hang: the one reader and writer of the liveness cache and the judge's files.
 *
 * - Read: opened without following a symbolic link and without blocking (a FIFO in its place
 *   answers at once and is refused), and read only when it is a regular file of at most
 *   `maxBytes`. Anything wrong makes the entry absent.
 * - Write: to a new private file beside the entry, created exclusively and never through a link,
 *   then renamed over it: a link or FIFO planted there is replaced, its target never written.
 *   (The atomic writer of `-o` follows links on purpose; this one must not.)
 */

/** The text of `file`, or undefined when it is missing, not a regular file, too large or unreadable. */
export async function readEntryFile(file: string, maxBytes: number): Promise<string | undefined> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
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
 * Write `file` whole (see the top of this file). Returns false, never throws, when it cannot: a
 * cache that cannot write is a cache that misses, not a failed run.
 */
export async function writeEntryFile(file: string, text: string): Promise<boolean> {
  const temporary = join(dirname(file), `.${basename(file)}.${randomUUID()}.tmp`);
  try {
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
    await rename(temporary, file);
    return true;
  } catch {
    await rm(temporary, { force: true }).catch(() => undefined);
    return false;
  }
}
