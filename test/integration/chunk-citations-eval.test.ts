import { describe, expect, it } from 'vitest';
import { evalOffline, repoRoot } from '../helpers/promptfoo.js';

describe('promptfoo eval with the chunk-citation assertion', () => {
  it('grades each claim against the retrieved passages', { timeout: 120_000 }, async () => {
    const { run, rows } = await evalOffline(['-c', 'examples/chunk-citations.yaml'], repoRoot);
    expect(run.ran, run.stdout + run.stderr).toBe(true);
    const byTest = rows
      .sort((a, b) => a.testIdx - b.testIdx)
      .map((row) => ({ pass: row.success, reason: row.gradingResult?.reason ?? '' }));
    expect(byTest.map((row) => row.pass)).toEqual([true, false, false, false]);
    expect(byTest[1]!.reason).toMatch(/unsupported_claim/);
    expect(byTest[2]!.reason).toMatch(/fabricated_quote/);
    expect(byTest[3]!.reason).toMatch(/citation_not_found/);
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
