import { readFile } from 'node:fs/promises';
import { InputError } from '../errors.js';

/** Exit codes shared by every subcommand. */
export const EXIT = {
  pass: 0,
  unexpected: 1,
  failed: 2,
  badInput: 3,
} as const;

/** Where a subcommand writes; injected so tests run commands in-process and read what they printed. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<string>;
  /** Standard input as bytes (a CSV may be UTF-16); absent in tests, where `readStdin` stands in. */
  readStdinBytes?: () => Promise<Uint8Array>;
  /** Whether standard error is a terminal (progress bars only then). */
  stderrIsTTY: boolean;
  /** Whether standard input is a terminal: then nobody is piping an answer in. */
  stdinIsTTY?: boolean;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /**
   * Run `handler` on Ctrl-C (SIGINT) instead of ending the process; returns a function that
   * restores the default. Absent in tests that run a command in-process.
   */
  onInterrupt?: (handler: () => void) => () => void;
}

export interface Subcommand {
  name: string;
  summary: string;
  usage: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: async () => (await readAllStdin()).toString('utf8'),
    readStdinBytes: readAllStdin,
    stderrIsTTY: Boolean(process.stderr.isTTY),
    stdinIsTTY: Boolean(process.stdin.isTTY),
    cwd: process.cwd(),
    env: process.env,
    onInterrupt: (handler) => {
      process.once('SIGINT', handler);
      return () => process.removeListener('SIGINT', handler);
    },
  };
}

/** Read a text file, turning "not there" into an input error that says which file. */
export async function readTextFile(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new InputError('FILE_NOT_FOUND', `${what} not found; check the path`, {
        where: path,
        cause: error,
      });
    throw new InputError('FILE_UNREADABLE', `${what} cannot be read (${code ?? 'error'})`, {
      where: path,
      cause: error,
    });
  }
}

async function readAllStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
