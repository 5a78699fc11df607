import type { CliIo } from '../../src/cli/io.js';

/** An in-process CliIo that records what a command printed. */
export interface FakeIo extends CliIo {
  out: () => string;
  err: () => string;
}

export function fakeIo(
  options: {
    stdin?: string;
    env?: NodeJS.ProcessEnv;
    cwd?: string;
    tty?: boolean;
    stdinIsTTY?: boolean;
  } = {},
): FakeIo {
  let out = '';
  let err = '';
  return {
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      err += text;
    },
    readStdin: async () => options.stdin ?? '',
    stderrIsTTY: options.tty ?? false,
    stdinIsTTY: options.stdinIsTTY ?? false,
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? {},
    out: () => out,
    err: () => err,
  };
}
