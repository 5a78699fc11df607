import { join } from 'node:path';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from './cli.js';
import { repoRoot } from './promptfoo.js';

/**
 * `check` run in process as the command-line tests run it: where their fixtures are, the command
 * with a recording io, and its two JSON outputs read back (one document, or one line an answer).
 */

/** A path under test/fixtures (the folder itself with no parts). */
export const fixturePath = (...parts: string[]): string =>
  join(repoRoot, 'test', 'fixtures', ...parts);

export interface CheckRun {
  code: number;
  out: string;
  err: string;
}

/** `check ARGS` with `stdin` as standard input, in `cwd`: its exit code and what it printed. */
export async function runCheck(
  args: readonly string[],
  io: { stdin?: string; cwd?: string } = {},
): Promise<CheckRun> {
  const fake = fakeIo(io);
  const code = await runCli(['check', ...args], fake);
  return { code, out: fake.out(), err: fake.err() };
}

/**
 * `check --allowlist LIST --format json -` of one answer: the exit code and the verdict JSON,
 * parsed but not validated (a caller that compares documents wants them exactly as printed).
 */
export async function checkJson(
  answer: string,
  allowlist: string,
): Promise<{ code: number; json: unknown }> {
  const run = await runCheck(['--allowlist', allowlist, '--format', 'json', '-'], {
    stdin: answer,
  });
  return { code: run.code, json: JSON.parse(run.out) };
}

/** The lines `check --jsonl` wrote, each parsed as JSON; an empty line is none. */
export function jsonLines(text: string): unknown[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown);
}
