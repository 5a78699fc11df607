import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPromptfoo, type PromptfooRun } from '../../scripts/lib/promptfoo.js';

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
    componentResults?: Array<{ pass: boolean; reason: string; assertion?: { type: string } }>;
  } | null;
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
): Promise<{ run: PromptfooRun; rows: ResultRow[]; output: string }> {
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
  let rows: ResultRow[] = [];
  try {
    rows = (JSON.parse(readFileSync(output, 'utf8')) as { results: { results: ResultRow[] } })
      .results.results;
  } catch {
    // Left empty: the caller's assertion on `run` shows promptfoo's own output.
  }
  return { run, rows, output };
}
