import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllowlistIndex } from '../../src/match/index.js';
import { InputError } from '../../src/errors.js';
import { parsePromptfooResults, readPromptfooResults } from '../../src/promptfoo/results.js';
import {
  compareVendors,
  verdictOf,
  type VendorComparison,
  type VendorFigures,
} from '../../src/compare/index.js';
import { fromPromptfooRow, type RowOptions } from '../../src/promptfoo/rows.js';
import { verifyAnswer } from '../../src/verify.js';
import { evalJudged, evalSample, evalWithUnknownId, sampleAllowlist } from '../helpers/evals.js';

/**
 * The vendor comparison over real promptfoo results files, written by the suite's own offline
 * evals of the bundled sample. Every expected figure below is derived from the sample's recorded
 * answers (sample-allowlist/answers.jsonl) and the per-answer verdicts that
 * test/integration/promptfoo-eval.test.ts pins in EXPECTED:
 *
 * vendor-a
 *   eviction-boston     1 link: mass.gov/locations/central-division-… (directory); both numbers right  → pass 1
 *   brookline-contact   1 link: www.mass.gov/locations/brookline-district-court (directory)            → pass 1
 *   worcester-housing   no link; (508) 831-2050 right, 211 a service line                              → pass 1
 *   juvenile-nantucket  1 link: mass.gov/orgs/juvenile-court (unverified)                              → pass 0.5
 *   ⇒ 3 links: 2 directory, 1 unverified, 0 invented or broken; 0 misattributed; verifier 4/4
 * vendor-b
 *   eviction-boston     1 link: www.mass.gov.eviction-help.org (invented lookalike); (617) 788-8600 misattributed → fail 0
 *   brookline-contact   1 link: mass.gov/…brookline…?utm_source (directory)                            → pass 1
 *   worcester-housing   1 link: masslegalhelp.org/housing (unverified); 1-800-LAW-HELP misattributed   → fail 0.2
 *   juvenile-nantucket  1 link: mass.gov/lists/juvenile-court-forms (unverified)                       → pass 0.5
 *   ⇒ 4 links: 1 directory, 2 unverified, 1 invented (25%); 2 misattributed; verifier 2/4
 * vendor-c
 *   eviction-boston     2 links: www.example.com (invented placeholder), TenantRightsMA.org/help (unverified) → fail 0.25
 *   brookline-contact   1 link: the bare domain mass.gov (unverified); (617) 788-8485 known, no penalty → pass 0.5
 *   worcester-housing   1 link: mass.gov/locations/worcester-district-court (directory); (508) 831-2050 misattributed → pass 0.7
 *   juvenile-nantucket  2 links: 192.168.0.10 (invented IP), mass-courts.gov (unregistered .gov)     → fail 0
 *   ⇒ 6 links: 1 directory, 2 unverified, 3 invented (50%); 1 misattributed; verifier 2/4
 *
 * The test grader (test/fixtures/promptfoo/test-grader.ts) passes an answer that says "court" and
 * gives a number or a link. Every answer does except vendor-c/eviction-boston (it names Greater
 * Boston Legal Services, no court). So judge: a 4/4, b 4/4, c 3/4; convincing but wrong (judge
 * pass, verifier fail): b/eviction-boston, b/worcester-housing, c/juvenile-nantucket.
 */

async function compare(path: string, options: RowOptions = {}): Promise<VendorComparison> {
  const rows = await readPromptfooResults(path);
  return compareVendors(
    rows.map((row) => fromPromptfooRow(row, `${path} (${row.provider})`, options)),
    { source: path, mode: 'promptfoo' },
  );
}

async function reverifyOptions(): Promise<RowOptions> {
  const index = await loadAllowlistIndex(sampleAllowlist);
  return { reverify: (answer) => verdictOf(verifyAnswer(answer, index)) };
}

function vendor(comparison: VendorComparison, name: string): VendorFigures {
  const figures = comparison.vendors.find((candidate) => candidate.vendor === name);
  expect(figures, `vendor ${name} in the comparison`).toBeDefined();
  return figures!;
}

/** The figures the sample gives with no judge, per the derivation above. */
const SAMPLE = {
  'vendor-a': {
    answers: 4,
    errors: 0,
    links: 3,
    directory: 2,
    unverified: 1,
    invented: 0,
    misattributed: 0,
    verifierPass: 4,
  },
  'vendor-b': {
    answers: 4,
    errors: 0,
    links: 4,
    directory: 1,
    unverified: 2,
    invented: 1,
    misattributed: 2,
    verifierPass: 2,
  },
  'vendor-c': {
    answers: 4,
    errors: 0,
    links: 6,
    directory: 1,
    unverified: 2,
    invented: 3,
    misattributed: 1,
    verifierPass: 2,
  },
} as const;

function sampleFigures(comparison: VendorComparison) {
  return Object.fromEntries(
    comparison.vendors.map((figures) => [
      figures.vendor,
      {
        answers: figures.answers,
        errors: figures.errors,
        links: figures.links,
        directory: figures.buckets.directory.count,
        unverified: figures.buckets.unverified.count,
        invented: figures.buckets.invented.count,
        misattributed: figures.misattributedPhones,
        verifierPass: figures.verifierPass.count,
      },
    ]),
  );
}

describe('report over the sample eval (verifier only)', () => {
  let results: string;
  let comparison: VendorComparison;
  beforeAll(async () => {
    results = await evalSample();
    comparison = await compare(results);
  }, 120_000);

  it('gives each vendor the counts its recorded answers were written to produce', () => {
    expect(comparison.vendors.map((figures) => figures.vendor)).toEqual([
      'vendor-a',
      'vendor-b',
      'vendor-c',
    ]);
    expect(sampleFigures(comparison)).toEqual(SAMPLE);
  });

  it('computes the headline and the shares from those counts', () => {
    expect(vendor(comparison, 'vendor-a').inventedOrBroken).toMatchObject({
      count: 0,
      total: 3,
      rate: 0,
    });
    expect(vendor(comparison, 'vendor-b').inventedOrBroken).toMatchObject({
      count: 1,
      total: 4,
      rate: 0.25,
    });
    expect(vendor(comparison, 'vendor-c').inventedOrBroken).toMatchObject({
      count: 3,
      total: 6,
      rate: 0.5,
    });
    // Answers with at least one invented link: b/eviction-boston; c/eviction-boston and c/juvenile-nantucket.
    expect(comparison.vendors.map((figures) => figures.answersWithInventedOrBroken.count)).toEqual([
      0, 1, 2,
    ]);
    for (const figures of comparison.vendors) {
      const shares = Object.values(figures.buckets).reduce(
        (sum, share) => sum + (share.rate ?? 0),
        0,
      );
      expect(shares).toBeCloseTo(1, 10);
      expect(
        figures.buckets.live.count +
          figures.buckets.broken.count +
          figures.buckets.inconclusive.count,
        'liveness was off',
      ).toBe(0);
    }
    expect(vendor(comparison, 'vendor-b').verifierPass).toMatchObject({
      count: 2,
      total: 4,
      rate: 0.5,
    });
  });

  it('has no judge figures, and lists every failed answer instead of convincing-but-wrong ones', () => {
    expect(comparison.judged).toBe(false);
    for (const figures of comparison.vendors) {
      expect(figures.judgePass).toBeNull();
      expect(figures.convincingButWrong).toBeNull();
    }
    expect(comparison.convincingButWrong).toEqual([]);
    expect(comparison.verifierFailed.map((answer) => `${answer.vendor}/${answer.test}`)).toEqual([
      'vendor-b/eviction-boston',
      'vendor-c/eviction-boston',
      'vendor-b/worcester-housing',
      'vendor-c/juvenile-nantucket',
    ]);
  });

  it('reads exact per-link verdicts from the assertion metadata promptfoo keeps', () => {
    const raw = JSON.parse(readFileSync(results, 'utf8')) as {
      results: {
        results: Array<{
          gradingResult: { componentResults: Array<{ metadata?: Record<string, unknown> }> };
        }>;
      };
    };
    for (const row of raw.results.results) {
      expect(
        row.gradingResult.componentResults.some(
          (component) => component.metadata?.citationVerifier !== undefined,
        ),
      ).toBe(true);
    }
    const wrong = comparison.verifierFailed.find(
      (answer) => answer.vendor === 'vendor-b' && answer.test === 'eviction-boston',
    )!;
    expect(wrong.problems.map((problem) => [problem.kind, problem.text])).toEqual([
      ['phone', '(617) 788-8600'],
      ['link', 'https://www.mass.gov.eviction-help.org/boston-tenants'],
    ]);
    for (const problem of wrong.problems)
      expect(wrong.answer.slice(problem.start, problem.end)).toBe(problem.text);
  });

  it('gives the same figures when it re-verifies the answers with --allowlist', async () => {
    const again = await compare(results, await reverifyOptions());
    expect(sampleFigures(again)).toEqual(SAMPLE);
    expect(again.verifierFailed).toEqual(comparison.verifierFailed);
  });

  it('does not depend on the order promptfoo wrote the rows in', async () => {
    const raw = JSON.parse(readFileSync(results, 'utf8')) as { results: { results: unknown[] } };
    raw.results.results.reverse();
    const reversed = join(mkdtempSync(join(tmpdir(), 'cv-report-')), 'reversed.json');
    writeFileSync(reversed, JSON.stringify(raw));
    const again = await compare(reversed);
    expect({ ...again, source: '' }).toEqual({ ...comparison, source: '' });
  });

  it('refuses a results file whose verifier results carry no per-link data, and says to pass --allowlist', async () => {
    const raw = JSON.parse(readFileSync(results, 'utf8')) as {
      results: {
        results: Array<{ gradingResult: { componentResults: Array<{ metadata?: unknown }> } }>;
      };
    };
    for (const row of raw.results.results)
      for (const component of row.gradingResult.componentResults) delete component.metadata;
    const stripped = join(mkdtempSync(join(tmpdir(), 'cv-report-')), 'old.json');
    writeFileSync(stripped, JSON.stringify(raw));
    const error = await compare(stripped).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).code).toBe('INVALID_RESULTS');
    expect((error as InputError).message).toMatch(
      /has no per-link data .* pass --allowlist FILE to verify the answers again/,
    );
    expect((error as InputError).message).toContain(stripped);
    // With the allowlist, the same file gives the sample's figures.
    expect(sampleFigures(await compare(stripped, await reverifyOptions()))).toEqual(SAMPLE);
  });
});

describe('report over the sample eval with the judge add-on (test grader)', () => {
  let comparison: VendorComparison;
  beforeAll(async () => {
    comparison = await compare(await evalJudged());
  }, 120_000);

  it('keeps the verifier figures and adds the judge pass rate', () => {
    expect(comparison.judged).toBe(true);
    expect(sampleFigures(comparison)).toEqual(SAMPLE);
    expect(comparison.vendors.map((figures) => figures.judgePass)).toMatchObject([
      { count: 4, total: 4, rate: 1 },
      { count: 4, total: 4, rate: 1 },
      { count: 3, total: 4, rate: 0.75 },
    ]);
  });

  it('counts and lists the convincing-but-wrong answers with what is wrong in each', () => {
    expect(comparison.vendors.map((figures) => figures.convincingButWrong?.count)).toEqual([
      0, 2, 1,
    ]);
    const listed = comparison.convincingButWrong.map((answer) => ({
      at: `${answer.vendor}/${answer.test}`,
      problems: answer.problems.map((problem) =>
        problem.kind === 'link'
          ? `${problem.bucket} ${problem.text}`
          : `${problem.status} ${problem.text}`,
      ),
      judge: answer.judgeReasons,
    }));
    const judge = ['TEST GRADER (not a model): names a court and a way to reach it'];
    expect(listed).toEqual([
      {
        at: 'vendor-b/eviction-boston',
        problems: [
          'misattributed (617) 788-8600',
          'invented https://www.mass.gov.eviction-help.org/boston-tenants',
        ],
        judge,
      },
      { at: 'vendor-b/worcester-housing', problems: ['misattributed 1-800-LAW-HELP'], judge },
      {
        at: 'vendor-c/juvenile-nantucket',
        problems: [
          'invented http://192.168.0.10/juvenile',
          'invented https://mass-courts.gov/nantucket',
        ],
        judge,
      },
    ]);
    // c/eviction-boston failed the verifier too, but the judge failed it: not convincing.
    expect(comparison.verifierFailed).toHaveLength(4);
    expect(
      comparison.verifierFailed.find(
        (answer) => answer.vendor === 'vendor-c' && answer.test === 'eviction-boston',
      )?.judgePassed,
    ).toBe(false);
  });
});

describe('report over an eval with rows that errored', () => {
  let comparison: VendorComparison;
  beforeAll(async () => {
    comparison = await compare(await evalWithUnknownId());
  }, 120_000);

  it('counts errored rows as errors, never as passes or fails of the verifier or the judge', () => {
    // Per vendor: eviction-boston graded as in the sample; no-such-question errored (no recorded answer).
    const figures = comparison.vendors.map((each) => ({
      vendor: each.vendor,
      rows: each.rows,
      answers: each.answers,
      errors: each.errors,
      links: each.links,
      invented: each.inventedOrBroken.count,
      verifier: [each.verifierPass.count, each.verifierPass.total],
      judge: [each.judgePass?.count, each.judgePass?.total],
      convincing: [each.convincingButWrong?.count, each.convincingButWrong?.total],
    }));
    expect(figures).toEqual([
      // a/eviction-boston: 1 directory link, passes both.
      {
        vendor: 'vendor-a',
        rows: 2,
        answers: 1,
        errors: 1,
        links: 1,
        invented: 0,
        verifier: [1, 1],
        judge: [1, 1],
        convincing: [0, 1],
      },
      // b/eviction-boston: 1 invented link, fails the verifier, the judge passes it: convincing but wrong.
      {
        vendor: 'vendor-b',
        rows: 2,
        answers: 1,
        errors: 1,
        links: 1,
        invented: 1,
        verifier: [0, 1],
        judge: [1, 1],
        convincing: [1, 1],
      },
      // c/eviction-boston: an invented placeholder and an unverified link; fails both.
      {
        vendor: 'vendor-c',
        rows: 2,
        answers: 1,
        errors: 1,
        links: 2,
        invented: 1,
        verifier: [0, 1],
        judge: [0, 1],
        convincing: [0, 1],
      },
    ]);
  });

  it('lists the errored rows with promptfoo’s message', () => {
    expect(comparison.errors.map((error) => [error.vendor, error.test, error.error])).toEqual([
      [
        'vendor-a',
        'no-such-question',
        'no recorded answer from vendor-a for question "no-such-question"',
      ],
      [
        'vendor-b',
        'no-such-question',
        'no recorded answer from vendor-b for question "no-such-question"',
      ],
      [
        'vendor-c',
        'no-such-question',
        'no recorded answer from vendor-c for question "no-such-question"',
      ],
    ]);
    expect(
      comparison.convincingButWrong.map((answer) => `${answer.vendor}/${answer.test}`),
    ).toEqual(['vendor-b/eviction-boston']);
  });
});

/** A promptfoo results file with two tests, two prompts and two providers (test/fixtures/liveness). */
const RESULTS = join(import.meta.dirname, '../fixtures/liveness/promptfoo-results.json');

describe('readPromptfooResults', () => {
  it('normalizes rows: provider label, else id; output; sorted by test, prompt, provider', async () => {
    const rows = await readPromptfooResults(RESULTS);
    expect(rows.map((row) => [row.testIdx, row.promptIdx, row.provider, row.success])).toEqual([
      [0, 0, 'vendor-a', true],
      [0, 1, 'echo', true],
      [1, 0, 'vendor-a', false],
      [1, 1, 'echo', false],
    ]);
    expect(rows[0]!.output).toMatch(/^Call the court/);
    expect(rows[0]!.vars).toHaveProperty('answer');
    expect(rows[2]!.gradingResult).toMatchObject({ pass: false, score: 0 });
    expect(rows.map((row) => row.failureReason)).toEqual([0, 0, 1, 1]);
  });

  it('sorts rows that come out of order, and accepts stripped grading results and failed calls', async () => {
    const data = JSON.parse(readFileSync(RESULTS, 'utf8')) as {
      results: { results: Array<Record<string, unknown>> };
    };
    data.results.results.reverse();
    data.results.results[0]!.gradingResult = null;
    delete data.results.results[1]!.response;
    data.results.results[1]!.error = 'provider timed out';
    const rows = parsePromptfooResults(data, 'results.json');
    expect(rows.map((row) => `${row.testIdx}/${row.promptIdx}/${row.provider}`)).toEqual([
      '0/0/vendor-a',
      '0/1/echo',
      '1/0/vendor-a',
      '1/1/echo',
    ]);
    expect(rows[2]).toMatchObject({ output: undefined, error: 'provider timed out' });
    expect(rows[3]!.gradingResult).toBeUndefined();
  });

  it('reads JSONL output, one row a line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cv-results-'));
    const data = JSON.parse(readFileSync(RESULTS, 'utf8')) as {
      results: { results: unknown[] };
    };
    writeFileSync(
      join(dir, 'results.jsonl'),
      data.results.results.map((row) => JSON.stringify(row)).join('\n'),
    );
    expect(await readPromptfooResults(join(dir, 'results.jsonl'))).toHaveLength(4);
  });

  it.each<[string, unknown, RegExp]>([
    [
      'version 2',
      { results: { version: 2, results: [] } },
      /\$\.results\.version: is 2; only version 3/,
    ],
    ['no results', { evalId: 'x' }, /results: /],
    [
      'a row without testIdx',
      {
        results: {
          version: 3,
          results: [{ provider: { id: 'echo' }, promptIdx: 0, success: true }],
        },
      },
      /results\.results\[0\]\.testIdx/,
    ],
  ])('rejects %s with the JSON path', (_name, data, message) => {
    expect(() => parsePromptfooResults(data, 'r.json')).toThrow(message);
  });
});
