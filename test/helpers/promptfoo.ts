import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { runPromptfoo, type PromptfooRun } from '../../scripts/lib/promptfoo.js';
import { onceAcrossProcesses } from './once.js';

export const repoRoot = join(import.meta.dirname, '..', '..');

/** A row of promptfoo's results file (version 3), the fields the tests read. */
export interface ResultRow {
  provider: { id: string; label?: string };
  testIdx: number;
  promptIdx: number;
  success: boolean;
  score: number;
  namedScores?: Record<string, number>;
  vars: Record<string, unknown>;
  error?: string | null;
  gradingResult: {
    pass: boolean;
    score: number;
    reason: string;
    componentResults?: Array<{
      pass: boolean;
      reason: string;
      assertion?: { type: string };
      metadata?: Record<string, unknown>;
    }>;
  } | null;
}

/**
 * The codes our first assertion gave a row, as promptfoo kept them in its componentResults: the
 * verifier's links and phones (`metadata.citationVerifier`), or the chunk check's claims
 * (`metadata.chunkCitations`).
 */
export function componentCodes(row: ResultRow): string[] {
  const metadata = row.gradingResult?.componentResults?.[0]?.metadata ?? {};
  const verdict = metadata.citationVerifier as
    | { links: Array<{ code: string }>; phones: Array<{ code: string }> }
    | undefined;
  const audit = metadata.chunkCitations as { citation_audit: Array<{ code: string }> } | undefined;
  return [
    ...(verdict ? [...verdict.links, ...verdict.phones].map((finding) => finding.code) : []),
    ...(audit ? audit.citation_audit.map((row) => row.code) : []),
  ];
}

/**
 * Run a real `promptfoo eval` offline: telemetry, update checks and sharing off, a private config
 * folder so tests never touch the user's promptfoo database, and no cache.
 */
export async function evalOffline(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
  runtime: { node?: string; entrypoint?: string } = {},
): Promise<EvalRun> {
  const dir = mkdtempSync(join(tmpdir(), 'cv-promptfoo-'));
  const output = join(dir, 'results.json');
  const run = await runPromptfoo(
    ['eval', ...args, '-o', output, '--no-cache', '--no-progress-bar'],
    {
      cwd,
      env: { PROMPTFOO_CONFIG_DIR: join(dir, 'config'), ...env },
      ...runtime,
    },
  );
  return { run, rows: resultRows(output), output };
}

/** What one `promptfoo eval` gave: the process, the rows of its results file, and that file. */
export interface EvalRun {
  run: PromptfooRun;
  rows: ResultRow[];
  output: string;
}

/** The rows of a promptfoo results file; none when it is missing or unreadable. */
export function resultRows(output: string): ResultRow[] {
  try {
    return (JSON.parse(readFileSync(output, 'utf8')) as { results: { results: ResultRow[] } })
      .results.results;
  } catch {
    // Left empty: the caller's assertion on `run` shows promptfoo's own output.
    return [];
  }
}

/**
 * `evalOffline` run once per suite for each set of arguments, however many test files ask: the
 * evals of the bundled sample are read by several files, and each real eval costs seconds of a
 * shared machine (see `onceAcrossProcesses`). Callers must only read the results file. Outside a
 * run with test/helpers/suite-setup.ts (no shared folder) it is plain `evalOffline`.
 */
export async function evalOnce(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<EvalRun> {
  const shared = inject('sharedEvalFolder');
  if (shared === undefined) return evalOffline(args, cwd, env);
  const key = createHash('sha256').update(JSON.stringify({ args, cwd, env })).digest('hex');
  return onceAcrossProcesses(shared, key.slice(0, 16), () => evalOffline(args, cwd, env));
}
