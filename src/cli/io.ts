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

/** Where a subcommand reads and writes; injected, so tests run commands in-process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<string>;
  /** Standard input as bytes (a CSV may be UTF-16); in tests, `readStdin` stands in. */
  readStdinBytes?: () => Promise<Uint8Array>;
  /** Standard input as it arrives (`check --jsonl -`); in tests, `readStdin` stands in. */
  stdinChunks?: () => AsyncIterable<Uint8Array | string>;
  /** Write to standard output, resolving once it can take more (a slow reader holds us back). */
  writeStdout?: (text: string) => Promise<void>;
  /** Progress bars only then. */
  stderrIsTTY: boolean;
  /** Then nobody is piping an answer in. */
  stdinIsTTY?: boolean;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Run `handler` on Ctrl-C instead of ending the process; returns the undo. */
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

/** A text file the user named, read as `readInputFile` does, up to `FILE_LIMITS.text`. */
export async function readTextFile(path: string, what: string): Promise<string> {
  return (await readInputFile(path, { what, maxBytes: FILE_LIMITS.text })).toString('utf8');
}

/** The repaired answer as printed: a text ends with a newline. */
export function withFinalNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

async function readAllStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
