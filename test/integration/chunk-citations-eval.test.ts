import { describe, expect, it } from 'vitest';
import { componentCodes, evalOffline, repoRoot } from '../helpers/promptfoo.js';

describe('promptfoo eval with the chunk-citation assertion', () => {
  it('grades each claim against the retrieved passages', { timeout: 120_000 }, async () => {
    const { run, rows } = await evalOffline(['-c', 'examples/chunk-citations.yaml'], repoRoot);
    expect(run.ran, run.stdout + run.stderr).toBe(true);
    const byTest = rows.sort((a, b) => a.testIdx - b.testIdx);
    expect(byTest.map((row) => row.success)).toEqual([true, false, false, false]);
    // Each claim's code, as promptfoo kept the assertion's metadata in the row's componentResults.
    expect(byTest[1]!.gradingResult?.reason).toMatch(/worst claim unsupported_claim/);
    expect(componentCodes(byTest[1]!)).toContain('claim.unsupported.fact-mismatch');
    expect(componentCodes(byTest[2]!)).toContain('claim.fabricated-quote');
    expect(componentCodes(byTest[3]!)).toContain('claim.citation-not-found');
    // The viewer counts the row's componentResults as its assertions: one assertion in the config,
    // so one there (not one per claim, which showed a passing row as "1 FAIL 3 PASS").
    for (const row of rows) {
      expect(row.gradingResult?.componentResults?.length).toBe(1);
      expect(row.gradingResult?.componentResults?.[0]?.pass).toBe(row.success);
      // Named scores are shown as percentages: each must be a fraction.
      for (const value of Object.values(row.namedScores ?? {})) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
    }
    expect(rows.find((row) => row.testIdx === 1)?.namedScores).toMatchObject({
      chunk_failure_rate: 1,
      chunk_warning_rate: 0,
    });
  });
});
