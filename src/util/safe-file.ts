import { randomUUID } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { InputError, isInputError } from '../errors.js';

/**
 * A cache entry (liveness cache, judge files) that whoever else can write its folder cannot make us
 * follow a link or hang on: read without following a link nor blocking on a FIFO; written to a
 * private file beside it, renamed over it (`-o`'s atomic writer follows links on purpose).
 */

/** The text of `file`, or undefined when missing, not a regular file, too large or unreadable. */
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

/** Write `file` whole; false, never a throw, when it cannot: a cache that cannot write misses. */
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

/**
 * A file the user named, read when a regular file within `maxBytes` (counted as read, too);
 * anything else, a FIFO included (opened without blocking), is an `InputError` (exit 3).
 */
export async function readInputFile(path: string, input: InputFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await openInputStream(path, input)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** `readInputFile` as a stream of chunks, closed when the stream ends or its reader stops. */
export async function openInputStream(
  path: string,
  input: InputFile,
): Promise<AsyncIterable<Buffer>> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch(
    (error: unknown) => Promise.reject(systemError(error, path, input)),
  );
  try {
    refuseKind(await handle.stat(), path, input);
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  return (async function* () {
    try {
      let size = 0;
      for (;;) {
        const { bytesRead, buffer } = await handle
          .read({ buffer: Buffer.alloc(READ_CHUNK) })
          .catch((error: unknown) => Promise.reject(systemError(error, path, input)));
        if (bytesRead === 0) return;
        size += bytesRead;
        if (size > input.maxBytes) throw tooLarge(path, input);
        yield buffer.subarray(0, bytesRead);
      }
    } finally {
      await handle.close().catch(() => undefined);
    }
  })();
}

/** `readInputFile` for synchronous readers, with the file's status as it was read. */
export function readInputFileSync(path: string, input: InputFile): { bytes: Buffer; info: Stats } {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw systemError(error, path, input);
  }
  try {
    const info = fstatSync(fd);
    refuseKind(info, path, input);
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const buffer = Buffer.alloc(READ_CHUNK);
      const bytesRead = readSync(fd, buffer);
      if (bytesRead === 0) return { bytes: Buffer.concat(chunks, size), info };
      size += bytesRead;
      if (size > input.maxBytes) throw tooLarge(path, input);
      chunks.push(buffer.subarray(0, bytesRead));
    }
  } catch (error) {
    throw isInputError(error) ? error : systemError(error, path, input);
  } finally {
    closeSync(fd);
  }
}

const READ_CHUNK = 1 << 20;

/** A file the user named: what and where messages say it is, its bound, what to do if absent. */
export interface InputFile {
  what: string;
  where?: string;
  maxBytes: number;
  /** Default "check the path". */
  ifMissing?: string;
  ifUnreadable?: string;
  /** The whole error for a system's error, for a reader with words of its own. */
  systemError?: (error: unknown) => InputError;
}

/** A system's error (`ENOENT`, `EACCES`) as an input error naming the file and what to do. */
function systemError(error: unknown, path: string, input: InputFile): InputError {
  if (input.systemError !== undefined) return input.systemError(error);
  const code = (error as NodeJS.ErrnoException).code;
  const where = input.where ?? path;
  if (code === 'ENOENT')
    return new InputError(
      'FILE_NOT_FOUND',
      `${input.what} not found; ${input.ifMissing ?? 'check the path'}`,
      { where, cause: error },
    );
  const todo = input.ifUnreadable === undefined ? '' : `; ${input.ifUnreadable}`;
  return new InputError(
    'FILE_UNREADABLE',
    `${input.what} cannot be read (${code ?? 'error'})${todo}`,
    { where, cause: error },
  );
}

function refuseKind(info: Stats, path: string, input: InputFile): void {
  if (!info.isFile())
    throw new InputError(
      'FILE_UNREADABLE',
      `${input.what} is ${kindOf(info)}, not a regular file; name a regular file`,
      { where: input.where ?? path },
    );
  if (info.size > input.maxBytes) throw tooLarge(path, input);
}

function tooLarge(path: string, input: InputFile): InputError {
  return new InputError(
    'FILE_UNREADABLE',
    `${input.what} is over ${input.maxBytes.toLocaleString('en-US')} bytes, the most read; name the right file`,
    { where: input.where ?? path },
  );
}

function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSocket()) return 'a socket';
  return 'not a file';
}

/**
 * A cache folder, used only when a real folder of the user's not writable by others (a planted
 * judge YES would pass a false claim); an unsafe one is warned of once, then not used.
 */
export class PrivateFolder {
  #usable: Promise<boolean> | undefined;
  #warned = false;

  constructor(
    readonly dir: string,
    /** The flag that names the folder, for the warning's advice. */
    private readonly flag: string,
    /** Without a front to say it, a warning on standard error, as Node says its own. */
    private readonly warn = (message: string): void =>
      process.emitWarning(message, 'CitationVerifierWarning'),
  ) {}

  /** Whether entries may be read and written here; `create`: make the folder when missing. */
  usable(create: boolean): Promise<boolean> {
    const check = async (): Promise<boolean> => {
      if (create) await mkdir(this.dir, { recursive: true, mode: 0o700 }).catch(() => undefined);
      const problem = await folderProblem(this.dir);
      if (problem !== null && problem !== 'missing' && !this.#warned) {
        this.#warned = true;
        this.warn(
          `the cache folder ${this.dir} is not used: ${problem}, so whoever else can write there could plant entries; make it a private folder of yours (chmod 700, owned by you) or give another ${this.flag}`,
        );
      }
      return problem === null;
    };
    if (this.#usable === undefined) {
      // A missing folder on a read is checked again when the first write creates it.
      this.#usable = check().then((safe) => {
        if (!safe && !create) this.#usable = undefined;
        return safe;
      });
    }
    return this.#usable;
  }
}

/** What keeps a folder from being a cache, or null; `missing` is said to nobody. */
async function folderProblem(dir: string): Promise<string | null> {
  let info;
  try {
    info = await lstat(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'missing' : `it cannot be read (${code ?? 'error'})`;
  }
  if (info.isSymbolicLink()) return 'it is a symbolic link, not a folder';
  if (!info.isDirectory()) return 'it is not a folder';
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid)
    return `it belongs to another user (uid ${info.uid}, you are ${uid})`;
  const mode = (info.mode & 0o777).toString(8).padStart(3, '0');
  if ((info.mode & 0o022) !== 0) return `it is writable by its group or others (mode ${mode})`;
  return null;
}
