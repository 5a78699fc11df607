import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { constants, createWriteStream } from 'node:fs';
import { access, chmod, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError } from '../errors.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import type { CliIo } from './io.js';

/**
 * The one `-o FILE` of every command. `openOutput` runs before the command does any work, so a
 * folder that does not exist or cannot be written is an input error (exit 3) at once, not after a
 * build or a crawl of every link; `write` then puts the text there atomically (a temporary file
 * renamed over the target: nothing half-written, an old file kept whole on failure) and says so on
 * standard error. Without `-o`, or with `-o -`, the text goes to standard output.
 */
export interface Output {
  write(text: string): Promise<void>;
}

/**
 * Check `-o` (as typed, relative to `io.cwd`) and return where to write. `what` names the document
 * in the message (`the allowlist`, `the report`); `flag` the flag that named the file, for a
 * second output of a command (`build-allowlist --messages`), which is written without a `wrote`
 * line. Throws `InputError('FILE_UNWRITABLE')` when the
 * place is wrong: its folder is missing, is not a folder, or is not writable, or it is a folder.
 * A check and a later write cannot be one atomic step; the write maps its own failure the same way.
 */
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
        throw unwritable(
          output,
          what,
          flag,
          (error as NodeJS.ErrnoException).code ?? 'error',
          error,
        );
      }
      if (flag === '-o') io.stderr(`wrote ${output}\n`);
    },
  };
}

/**
 * `-o FILE` for a stream of lines (`check --jsonl`): each `write` goes out at once, waiting while
 * the reader is slow, so memory holds one line, not the document. To a file it is still atomic:
 * the lines go to a temporary file beside it, renamed over it by `close`; `abort` (after an error)
 * removes it and leaves an existing file as it was.
 */
export interface LineOutput {
  write(text: string): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

/** Check `-o` as `openOutput` does, then return a `LineOutput` there (standard output without it). */
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
  const failed = (error: unknown) =>
    unwritable(output, what, '-o', (error as NodeJS.ErrnoException).code ?? 'error', error);
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
