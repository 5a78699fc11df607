import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { InputError } from '../errors.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import type { CliIo } from './io.js';

/**
 * The one `-o FILE` of every command. `openOutput` runs before the command does any work, so a
 * folder that does not exist or cannot be written is an input error (exit 3) at once, not after a
 * build or a crawl of every link; `write` then puts the text there atomically (a temporary file
 * renamed over the target: nothing half-written, an old file kept whole on failure) and says so on
 * standard error. Without `-o` the text goes to standard output.
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
  if (output === undefined) return { write: async (text) => io.stdout(text) };
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
