import { describe, expect, it } from 'vitest';
import { evalOffline, repoRoot } from '../helpers/promptfoo.js';

describe('promptfoo eval with the chunk-citation assertion', () => {
  it('grades each claim against the retrieved passages', { timeout: 120_000 }, async () => {
    const { run, rows } = await evalOffline(['-c', 'examples/chunk-citations.yaml'], repoRoot);
    expect(run.ran, run.stdout + run.stderr).toBe(true);
    const byTest = rows.sort((a, b) => a.testIdx - b.testIdx).map((row) => ({ pass: row.success, reason: row.gradingResult?.reason ?? '' }));
    expect(byTest.map((row) => row.pass)).toEqual([true, false, false, false]);
    expect(byTest[1]!.reason).toMatch(/unsupported_claim/);
    expect(byTest[2]!.reason).toMatch(/fabricated_quote/);
    expect(byTest[3]!.reason).toMatch(/citation_not_found/);
  });
});
