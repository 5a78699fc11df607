import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * `produce()` run once for `key` among every process that shares `folder` (the test files of one
 * run, each in its own process), its result (JSON) shared. The first caller claims the key with a
 * file only one process can create, runs `produce` and writes the result beside it by rename, so a
 * reader never sees half of it; the others wait for that file. A claim whose process has died is
 * taken over; a `produce` that throws releases the claim, so the next caller tries again.
 */
export async function onceAcrossProcesses<T>(
  folder: string,
  key: string,
  produce: () => Promise<T>,
  pollMs = 200,
): Promise<T> {
  const result = join(folder, `${key}.json`);
  const claim = `${result}.claim`;
  for (;;) {
    if (existsSync(result)) return JSON.parse(readFileSync(result, 'utf8')) as T;
    if (takeClaim(claim)) {
      try {
        const value = await produce();
        writeFileSync(`${result}.tmp`, JSON.stringify(value));
        renameSync(`${result}.tmp`, result);
        return value;
      } finally {
        rmSync(claim, { force: true });
      }
    }
    await sleep(pollMs);
  }
}

/** Creates the claim file, or removes a claim whose process has died; true when it is ours. */
function takeClaim(claim: string): boolean {
  try {
    const handle = openSync(claim, 'wx');
    writeFileSync(handle, String(process.pid));
    closeSync(handle);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let owner = 0;
  try {
    owner = Number(readFileSync(claim, 'utf8'));
  } catch {
    return false; // released meanwhile: look again
  }
  // 0 (nothing written yet) is a claim being made. Two waiters may both clear a dead claim and
  // both run `produce`; the result is written whole by rename either way, so that costs only time.
  if (owner > 0 && !alive(owner)) rmSync(claim, { force: true });
  return false;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
