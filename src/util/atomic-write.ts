import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Write a file atomically: a temporary file beside the target (same folder, so the rename never
 * crosses file systems), renamed over it. A crash or an error leaves the old file as it was, never
 * a half-written one, and removes the temporary file. Unique temporary names let concurrent
 * writers (the liveness cache) race safely: the last rename wins, whole.
 */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomUUID()}.tmp`);
  try {
    await writeFile(temporary, content, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
