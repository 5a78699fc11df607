import { describe, expect, it } from 'vitest';
import { evalJudged, evalSample } from '../helpers/evals.js';
import { resultRows } from '../helpers/promptfoo.js';

/** The bundled sample's recorded answers, with the verdicts they were written to produce. */
const EXPECTED: Record<string, { pass: boolean; score: number }> = {
  'vendor-a/eviction-boston': { pass: true, score: 1 },
  'vendor-a/brookline-contact': { pass: true, score: 1 },
  'vendor-a/worcester-housing': { pass: true, score: 1 },
  'vendor-a/juvenile-nantucket': { pass: true, score: 0.5 }, // one unverified link
  'vendor-b/eviction-boston': { pass: false, score: 0 }, // invented lookalike link, misattributed number
  'vendor-b/brookline-contact': { pass: true, score: 1 },
  'vendor-b/worcester-housing': { pass: false, score: 0.2 }, // 0.5 unverified − 0.3 vanity number for the wrong court
  'vendor-b/juvenile-nantucket': { pass: true, score: 0.5 },
  'vendor-c/eviction-boston': { pass: false, score: 0.25 }, // placeholder (0) + unverified (0.5)
  'vendor-c/brookline-contact': { pass: true, score: 0.5 },
  'vendor-c/worcester-housing': { pass: true, score: 0.7 }, // directory link − 0.3 misattributed
  'vendor-c/juvenile-nantucket': { pass: false, score: 0 }, // IP address and the unregistered mass-courts.gov
};

describe('promptfoo eval of the bundled sample (the main job)', () => {
  it('runs offline with no key and grades every vendor answer', { timeout: 120_000 }, async () => {
    // evalSample asserts that promptfoo ran to the end and wrote 12 rows.
    const rows = resultRows(await evalSample());
    const got = Object.fromEntries(
      rows.map((row) => [
        `${row.provider.label}/${String(row.vars.id)}`,
        { pass: row.success, score: row.gradingResult?.score },
      ]),
    );
    expect(got).toEqual(EXPECTED);
    for (const row of rows)
      expect(row.error ?? null, 'no row errored').toSatisfy(
        (error) => error === null || !String(error).includes('Custom function threw'),
      );
    const fail = rows.find(
      (row) => row.provider.label === 'vendor-b' && row.vars.id === 'eviction-boston',
    )!;
    expect(fail.gradingResult?.reason).toContain(
      'invented link https://www.mass.gov.eviction-help.org/boston-tenants',
    );
    expect(fail.gradingResult?.reason).toContain(
      'it is the number of Central Division, Boston Municipal Court',
    );
  });

  it('runs the judge add-on beside the verifier when merged with a second -c', {
    timeout: 120_000,
  }, async () => {
    const rows = resultRows(await evalJudged());
    for (const row of rows) {
      const types = (row.gradingResult?.componentResults ?? []).map(
        (component) => component.assertion?.type,
      );
      expect(types).toContain('llm-rubric');
      expect(types).toContain('javascript');
    }
    // The answer a judge passes and the verifier fails: convincing but wrong.
    const convincing = rows.find(
      (row) => row.provider.label === 'vendor-b' && row.vars.id === 'eviction-boston',
    )!;
    const judge = convincing.gradingResult?.componentResults?.find(
      (component) => component.assertion?.type === 'llm-rubric',
    );
    expect(judge).toMatchObject({ pass: true });
    expect(judge?.reason).toMatch(/^TEST GRADER \(not a model\)/);
    expect(convincing.success).toBe(false);
  });
});
