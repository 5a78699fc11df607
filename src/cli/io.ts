import { once } from 'node:events';
import { FILE_LIMITS } from '../defaults.js';
import { readInputFile } from '../util/safe-file.js';

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
  /** Standard input as it arrives (`check --jsonl -`); absent in tests, where `readStdin` stands in. */
  stdinChunks?: () => AsyncIterable<Uint8Array | string>;
  /**
   * Write to standard output and resolve once the stream can take more, so a long stream of lines
   * is held back by a slow reader instead of piling up in memory; absent in tests (`stdout`).
   */
  writeStdout?: (text: string) => Promise<void>;
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
  usage: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: async () => (await readAllStdin()).toString('utf8'),
    readStdinBytes: readAllStdin,
    stdinChunks: () => process.stdin,
    writeStdout: async (text) => {
      if (!process.stdout.write(text)) await once(process.stdout, 'drain');
    },
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

/**
 * Read a text file, turning "not there" into an input error that says which file; a FIFO, a
 * device, a folder or a file over `FILE_LIMITS.text` is refused (`readInputFile`).
 */
export async function readTextFile(path: string, what: string): Promise<string> {
  return (await readInputFile(path, { what, maxBytes: FILE_LIMITS.text })).toString('utf8');
}

async function readAllStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
