import { join } from 'node:path';
import { expect } from 'vitest';
import { evalOnce, repoRoot } from './promptfoo.js';

/**
 * The real promptfoo evals of the bundled sample that several test files read (the eval test, the
 * report's reader, its CLI, its formats, the HTML in Chromium), each run once per suite
 * (`evalOnce`: offline, no key, telemetry off). Each returns the path of the results file
 * promptfoo wrote, which callers only read.
 */

export { sampleAllowlist, sampleAnswers } from './sample.js';
const testGrader = `file://${join(repoRoot, 'test', 'fixtures', 'promptfoo', 'test-grader.ts')}`;
const unknownIdConfig = join(repoRoot, 'test', 'fixtures', 'report', 'unknown-id.yaml');

async function run(args: string[], rows: number, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const result = await evalOnce(args, repoRoot, env);
  expect(result.run.ran, result.run.stdout + result.run.stderr).toBe(true);
  expect(result.rows).toHaveLength(rows);
  return result.output;
}

/** The main job's eval: 3 vendors × 4 questions, the verifier only. */
export function evalSample(): Promise<string> {
  return run(['-c', 'promptfooconfig.yaml'], 12, { OPENAI_API_KEY: '' });
}

/** The same with the judge add-on, graded by the local test grader (not a model; it says so). */
export function evalJudged(): Promise<string> {
  return run(
    ['-c', 'promptfooconfig.yaml', '-c', 'promptfooconfig.judge.yaml', '--grader', testGrader],
    12,
  );
}

/**
 * 3 vendors × 2 questions with the judge: `eviction-boston`, and `no-such-question`, for which the
 * recorded-vendor provider returns `{error}`, so its 3 rows error in promptfoo.
 */
export function evalWithUnknownId(): Promise<string> {
  return run(
    ['-c', unknownIdConfig, '-c', 'promptfooconfig.judge.yaml', '--grader', testGrader],
    6,
  );
}
