import { randomUUID } from 'node:crypto';
import { chmod, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Write a file atomically: a temporary file beside the target (same folder, so the rename never
 * crosses file systems), renamed over it. A crash or an error leaves the old file as it was, never
 * a half-written one, and removes the temporary file. Unique temporary names let concurrent
 * writers (the liveness cache) race safely: the last rename wins, whole.
 *
 * Like an editor's save, it replaces what the path points to and keeps what the user set on it: a
 * symbolic link is followed (the file it names is replaced, the link stays a link), and an existing
 * file's permission bits are kept (a renamed temporary file would otherwise bring the umask's).
 */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const target = await realpath(path).catch(() => path);
  const mode = await stat(target).then(
    (info) => info.mode & 0o7777,
    () => undefined,
  );
  const temporary = join(dirname(target), `.${basename(target)}.${randomUUID()}.tmp`);
  try {
    await writeFile(temporary, content, 'utf8');
    if (mode !== undefined) await chmod(temporary, mode);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
