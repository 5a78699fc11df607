import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { constants, createWriteStream } from 'node:fs';
import { access, chmod, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError } from '../errors.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import type { CliIo } from './io.js';

/** The one `-o FILE` of every command: written atomically, or to standard output (`-o -`). */
export interface Output {
  write(text: string): Promise<void>;
}

/** Check `-o` before any work: an unwritable place is exit 3 at once, not after a crawl. */
export async function openOutput(
  output: string | undefined,
  what: string,
  io: CliIo,
  flag = '-o',
): Promise<Output> {
  if (output === undefined || output === '-') return { write: async (text) => io.stdout(text) };
  const path = resolve(io.cwd, output);
  const problem = await placeProblem(path);
  if (problem !== undefined) throw unwritable(output, what, flag, problem);
  return {
    async write(text) {
      try {
        await writeFileAtomic(path, text);
      } catch (error) {
        throw writeFailed(output, what, flag, error);
      }
      if (flag === '-o') io.stderr(`wrote ${output}\n`);
    },
  };
}

/** `-o FILE` for a stream of lines (`check --jsonl`): renamed over the target by `close`. */
export interface LineOutput {
  write(text: string): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

export async function openLineOutput(
  output: string | undefined,
  what: string,
  io: CliIo,
): Promise<LineOutput> {
  if (output === undefined || output === '-') {
    const write = io.writeStdout ?? (async (text: string) => io.stdout(text));
    return { write, close: async () => {}, abort: async () => {} };
  }
  const path = resolve(io.cwd, output);
  const problem = await placeProblem(path);
  if (problem !== undefined) throw unwritable(output, what, '-o', problem);
  const target = await realpath(path).catch(() => path);
  // As `writeFileAtomic` does: an existing file keeps the permission bits its owner set.
  const mode = await stat(target).then(
    (info) => info.mode & 0o7777,
    () => undefined,
  );
  const temporary = join(dirname(target), `.${basename(target)}.${randomUUID()}.tmp`);
  const stream = createWriteStream(temporary, { encoding: 'utf8' });
  let failure: unknown;
  stream.on('error', (error) => {
    failure = error;
  });
  const failed = (error: unknown) => writeFailed(output, what, '-o', error);
  return {
    async write(text) {
      if (failure !== undefined) throw failed(failure);
      // An error ends the wait too; the next write or `close` says it.
      if (!stream.write(text)) await once(stream, 'drain').catch(() => undefined);
    },
    async close() {
      await new Promise<void>((done, fail) =>
        stream.end((error?: Error | null) => (error ? fail(error) : done())),
      ).catch((error: unknown) => {
        failure ??= error;
      });
      if (failure !== undefined) {
        await rm(temporary, { force: true });
        throw failed(failure);
      }
      if (mode !== undefined) await chmod(temporary, mode);
      await rename(temporary, target);
      io.stderr(`wrote ${output}\n`);
    },
    async abort() {
      stream.destroy();
      await rm(temporary, { force: true });
    },
  };
}

/** The error code that writing `path` would meet, or undefined when the place looks writable. */
async function placeProblem(path: string): Promise<string | undefined> {
  // The atomic writer replaces what a symbolic link points to, so judge that place.
  const target = await realpath(path).catch(() => path);
  const info = await stat(target).catch(() => undefined);
  if (info?.isDirectory()) return 'EISDIR';
  try {
    const folder = dirname(target);
    if (!(await stat(folder)).isDirectory()) return 'ENOTDIR';
    await access(folder, constants.W_OK);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'error';
  }
}

function writeFailed(output: string, what: string, flag: string, error: unknown): InputError {
  return unwritable(output, what, flag, (error as NodeJS.ErrnoException).code ?? 'error', error);
}

function unwritable(
  output: string,
  what: string,
  flag: string,
  code: string,
  cause?: unknown,
): InputError {
  return new InputError(
    'FILE_UNWRITABLE',
    `cannot write ${what} (${code}); check that ${flag} names a file in an existing, writable folder`,
    { where: output, ...(cause === undefined ? {} : { cause }) },
  );
}
