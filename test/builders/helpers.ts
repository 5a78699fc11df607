import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAllowlistCommand } from '../../src/cli/build-allowlist.js';
import type { ColumnNames } from '../../builders/types.js';
import type { CliIo } from '../../src/cli/io.js';
import { InputError, isInputError } from '../../src/errors.js';

/** Fixture folders of the builder tests. */
export const CSV_FIXTURES = fileURLToPath(new URL('../fixtures/csv/', import.meta.url));
export const MA_COURTS = fileURLToPath(new URL('../fixtures/ma-courts/', import.meta.url));
export const csvFixture = (name: string): string => join(CSV_FIXTURES, name);

/** The three columns most fixtures share. */
export const BASIC_COLUMNS: ColumnNames = {
  org: 'Organization',
  urls: ['Website'],
  phones: ['Phone'],
  aliases: [],
  domains: [],
};

export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The InputError's code when the command threw one. */
  errorCode?: string;
}

/**
 * Run `build-allowlist` in-process with a fake io, mapping a thrown InputError to exit 3 the way
 * the bin's dispatcher (`runCli`) does, so tests see what a user would.
 */
export async function runBuild(argv: string[], cwd: string = CSV_FIXTURES): Promise<CommandRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    readStdin: async () => '',
    stderrIsTTY: false,
    cwd,
    env: {},
  };
  try {
    const code = await buildAllowlistCommand.run(argv, io);
    return { code, stdout, stderr };
  } catch (error) {
    if (!isInputError(error)) throw error;
    stderr += `citation-verifier build-allowlist: ${error.message}\n`;
    return { code: 3, stdout, stderr, errorCode: error.code };
  }
}

/** A fresh temporary folder, removed by the returned function. */
export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'cv-builder-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Run `fn` and return the InputError it throws (any other outcome fails the test). */
export function thrown(fn: () => unknown): InputError {
  try {
    fn();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

const BIN = fileURLToPath(new URL('../../src/cli/bin.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));

export interface BinRun {
  status: number | null;
  stderr: string;
  stdout: string;
}

/** Run `citation-verifier build-allowlist` as a real process (the bin through tsx), in `cwd`. */
export function runBin(argv: string[], cwd: string): Promise<BinRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX, BIN, 'build-allowlist', ...argv], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr, stdout }));
  });
}
