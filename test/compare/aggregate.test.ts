import type { RecordedLink } from '../../src/format/verdict-schema.js';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import {
  compareVendors,
  highlightPieces,
  problemsOf,
  ratio,
  wilson,
  differs,
  fisherExact,
  type Problem,
  type VendorRow,
  type VerifierVerdict,
} from '../../src/compare/index.js';
import { isModelGradedType } from '../../src/compare/model-graded.js';
import { fromPromptfooRow } from '../../src/promptfoo/rows.js';
import { BUCKET_SCORES } from '../../src/defaults.js';
import type { LinkBucket } from '../../src/types.js';

/** Hand-built rows for the rules the sample does not reach (no links, errors, score-only failures). */

function link(bucket: LinkBucket, url: string, start = 0): RecordedLink {
  return {
    url,
    normalized: url,
    bucket,
    score: BUCKET_SCORES[bucket],
    reason: `${bucket} because`,
    start,
    end: start + url.length,
  };
}

function verdict(
  pass: boolean,
  links: RecordedLink[],
  misattributed = 0,
  score = pass ? 1 : 0,
): VerifierVerdict {
  return { pass, score, links, phones: [], misattributed_phones: misattributed };
}

function row(
  vendor: string,
  testIdx: number,
  promptIdx: number,
  extra: Partial<VendorRow> = {},
): VendorRow {
  return { vendor, test: `t${testIdx}`, testIdx, promptIdx, answer: '', ...extra };
}

describe('compareVendors', () => {
  it('says "no rate" rather than 0% when a vendor cited no links or had no graded answer', () => {
    const comparison = compareVendors(
      [
        row('quiet', 0, 0, { verifier: verdict(true, []) }),
        row('broken-api', 0, 1, { error: 'HTTP 500' }),
      ],
      { source: 's', mode: 'promptfoo' },
    );
    const [quiet, api] = comparison.vendors;
    expect(quiet!.links).toBe(0);
    expect(quiet!.inventedOrBroken).toEqual({
      count: 0,
      total: 0,
      rate: null,
      low: null,
      high: null,
    });
    expect(quiet!.buckets.directory.rate).toBeNull();
    expect(quiet!.verifierPass).toMatchObject({ count: 1, total: 1, rate: 1 });
    expect(api).toMatchObject({
      rows: 1,
      answers: 0,
      errors: 1,
      verifierPass: { count: 0, total: 0, rate: null },
      judgePass: null,
    });
    expect(comparison.errors).toEqual([
      { vendor: 'broken-api', test: 't0', testIdx: 0, promptIdx: 1, error: 'HTTP 500' },
    ]);
  });

  it('counts broken links with invented ones in the headline', () => {
    const comparison = compareVendors(
      [
        row('v', 0, 0, {
          verifier: verdict(false, [
            link('broken', 'https://a.test/x'),
            link('invented', 'https://b.test'),
            link('live', 'https://c.test'),
            link('directory', 'https://d.test'),
          ]),
        }),
      ],
      { source: 's', mode: 'promptfoo' },
    );
    expect(comparison.vendors[0]!.inventedOrBroken).toMatchObject({
      count: 2,
      total: 4,
      rate: 0.5,
    });
  });

  it('counts an answer once in the headline however many dead ends it holds, and each kind apart', () => {
    const wrongPhone = {
      raw: '(713) 555-0100',
      normalized: '+17135550100',
      status: 'wrong_jurisdiction' as const,
      organization: 'Texas RioGrande Legal Aid',
      reason: 'serves TX, not MA',
      start: 0,
      end: 14,
    };
    const comparison = compareVendors(
      [
        // Two invented links and a wrong number in one answer: one answer with a dead end.
        row('sloppy', 0, 0, {
          verifier: verdict(
            false,
            [link('invented', 'https://a.example'), link('invented', 'https://b.example')],
            1,
          ),
        }),
        // A link of another state and a number of another state's organization.
        row('sloppy', 1, 0, {
          verifier: {
            ...verdict(false, [link('wrong_jurisdiction', 'https://texaslawhelp.org')]),
            jurisdiction: 'MA',
            phones: [wrongPhone],
          },
        }),
        // The chunk check's failing claims; no verifier on this row.
        row('sloppy', 2, 0, { chunks: { failures: 2 } }),
        // An unproven lookalike and an unverified link are not dead ends: nothing proved them wrong.
        row('sloppy', 3, 0, {
          verifier: verdict(true, [
            {
              ...link('unverified', 'https://masslegalhelp-login.org'),
              lookalike_of: 'masslegalhelp.org',
            },
          ]),
        }),
        row('careful', 0, 1, { verifier: verdict(true, [link('directory', 'https://mass.gov')]) }),
        row('careful', 1, 1, { chunks: { failures: 0 } }),
        row('careful', 2, 1, { error: 'HTTP 500' }),
      ],
      { source: 's', mode: 'promptfoo' },
    );
    expect(comparison.jurisdictionChecked).toBe(true);
    expect(comparison.chunksChecked).toBe(true);
    const [sloppy, careful] = comparison.vendors;
    expect(sloppy!.deadEnds).toMatchObject({ count: 3, total: 4 });
    expect(sloppy!.deadEndKinds).toMatchObject({
      invented_or_broken_link: { answers: { count: 1, total: 4 }, findings: 2 },
      misattributed_number: { answers: { count: 1, total: 4 }, findings: 1 },
      wrong_state: { answers: { count: 1, total: 4 }, findings: 2 },
      unsupported_claim: { answers: { count: 1, total: 4 }, findings: 2 },
    });
    // The errored row is in neither count.
    expect(careful!.deadEnds).toMatchObject({ count: 0, total: 2 });
    expect(comparison.headlineDifferences).toEqual([
      { a: 'sloppy', b: 'careful', beyondNoise: false, pValue: expect.any(Number) },
    ]);
  });

  it('never counts an errored row for the judge, even if it carries a verdict', () => {
    const comparison = compareVendors(
      [
        row('v', 0, 0, {
          error: 'grader crashed',
          judge: { pass: true, reasons: ['ok'], types: ['llm-rubric'] },
          verifier: verdict(false, []),
        }),
        row('v', 1, 0, {
          judge: { pass: false, reasons: ['no'], types: ['llm-rubric'] },
          verifier: verdict(true, []),
        }),
      ],
      { source: 's', mode: 'promptfoo' },
    );
    expect(comparison.vendors[0]).toMatchObject({
      rows: 2,
      answers: 1,
      errors: 1,
      judgePass: { count: 0, total: 1 },
      convincingButWrong: { count: 0, total: 1 },
    });
    expect(comparison.convincingButWrong).toEqual([]);
    expect(comparison.verifierFailed).toEqual([]);
  });

  it('orders vendors by their column in the eval, whatever order the rows come in', () => {
    const rows = [
      row('zeta', 1, 0, { verifier: verdict(true, []) }),
      row('alpha', 0, 1, { verifier: verdict(true, []) }),
      row('zeta', 0, 0, { verifier: verdict(true, []) }),
    ];
    expect(
      compareVendors(rows, { source: 's', mode: 'promptfoo' }).vendors.map(
        (figures) => figures.vendor,
      ),
    ).toEqual(['zeta', 'alpha']);
  });

  it('ratio has no rate over nothing', () => {
    expect(ratio(0, 0)).toEqual({ count: 0, total: 0, rate: null, low: null, high: null });
    expect(ratio(1, 3).rate).toBeCloseTo(1 / 3);
  });
});

describe('problemsOf', () => {
  it('names the fatal links and misattributed numbers, in text order', () => {
    const phone = {
      raw: '617-555-0100',
      normalized: '+16175550100',
      organization: 'X Court',
      status: 'misattributed' as const,
      reason: 'wrong',
      start: 5,
      end: 17,
    };
    const problems = problemsOf({
      pass: false,
      score: 0,
      misattributed_phones: 1,
      links: [link('directory', 'https://ok.test', 0), link('invented', 'https://bad.test', 30)],
      phones: [phone],
    });
    expect(problems.map((problem) => problem.text)).toEqual(['617-555-0100', 'https://bad.test']);
  });

  it('falls back to the links outside the directory when the answer failed on score alone', () => {
    // Two unverified links score 0.5: a fail at threshold 0.6 with nothing fatal in it.
    const problems = problemsOf(
      verdict(
        false,
        [
          link('unverified', 'https://a.test', 0),
          link('directory', 'https://d.test', 20),
          link('inconclusive', 'https://c.test', 40),
        ],
        0,
        0.5,
      ),
    );
    expect(problems.map((problem) => problem.text)).toEqual(['https://a.test', 'https://c.test']);
  });
});

describe('isModelGradedType', () => {
  it.each([
    ['llm-rubric', true],
    ['g-eval', true],
    ['model-graded-closedqa', true],
    ['factuality', true],
    ['context-faithfulness', true],
    ['not-llm-rubric', true],
    [' LLM-Rubric ', true],
    ['promptfoo:redteam:harmful', true],
    ['javascript', false],
    ['contains', false],
    ['not-contains', false],
    ['similar', false],
    [undefined, false],
  ])('%s → %s', (type, expected) => {
    expect(isModelGradedType(type)).toBe(expected);
  });
});

describe('fromPromptfooRow', () => {
  const base = { provider: 'v', testIdx: 0, promptIdx: 0, output: 'answer', vars: { id: 'q' } };

  it('trusts promptfoo’s failureReason when the row has one', () => {
    const failing = {
      pass: false,
      score: 0,
      reason: 'contains failed',
      componentResults: [
        { pass: false, score: 0, reason: 'contains failed', assertion: { type: 'contains' } },
      ],
    };
    expect(
      fromPromptfooRow(
        { ...base, error: 'contains failed', gradingResult: failing, failureReason: 1 },
        'w',
      ).error,
    ).toBeUndefined();
    expect(
      fromPromptfooRow({ ...base, error: 'timeout', gradingResult: failing, failureReason: 2 }, 'w')
        .error,
    ).toBe('timeout');
  });

  it('without failureReason, calls a row errored only when it has an error and no grading at all', () => {
    expect(
      fromPromptfooRow({ ...base, output: undefined, error: 'provider down' }, 'w').error,
    ).toBe('provider down');
    const graded = {
      pass: false,
      score: 0,
      reason: 'failed',
      componentResults: [
        { pass: false, score: 0, reason: 'failed', assertion: { type: 'equals' } },
      ],
    };
    expect(
      fromPromptfooRow({ ...base, error: 'failed', gradingResult: graded }, 'w').error,
    ).toBeUndefined();
  });

  it('reads the judge from model-graded components and combines several', () => {
    const grading = {
      pass: false,
      score: 0.5,
      componentResults: [
        { pass: true, score: 1, reason: 'clear', assertion: { type: 'llm-rubric' } },
        {
          pass: false,
          score: 0,
          reason: 'unfaithful',
          assertion: { type: 'context-faithfulness' },
        },
        { pass: true, score: 1, reason: 'has it', assertion: { type: 'contains' } },
      ],
    };
    expect(fromPromptfooRow({ ...base, gradingResult: grading }, 'w').judge).toEqual({
      pass: false,
      reasons: ['clear', 'unfaithful'],
      types: ['llm-rubric', 'context-faithfulness'],
    });
  });

  it('rejects malformed verifier metadata, naming the row', () => {
    const grading = {
      pass: true,
      score: 1,
      componentResults: [
        {
          pass: true,
          score: 1,
          reason: 'citation-verifier: PASS',
          assertion: { type: 'javascript' },
          metadata: {
            citationVerifier: {
              pass: true,
              score: 1,
              misattributed_phones: 0,
              links: [
                {
                  url: 'u',
                  normalized: 'u',
                  bucket: 'made-up',
                  score: 0,
                  reason: '',
                  start: 0,
                  end: 1,
                },
              ],
              phones: [],
            },
          },
        },
      ],
    };
    expect(() => fromPromptfooRow({ ...base, gradingResult: grading }, 'results.json (v)')).toThrow(
      InputError,
    );
    expect(() => fromPromptfooRow({ ...base, gradingResult: grading }, 'results.json (v)')).toThrow(
      /^results\.json \(v\): metadata\.citationVerifier\.links\[0\]\.bucket: expected one of "directory".*, got the string "made-up"; pass --allowlist FILE to verify the answers again$/,
    );
  });
});

describe('highlightPieces', () => {
  const problem = (text: string, start: number): Problem => ({
    kind: 'link',
    text,
    normalized: text,
    bucket: 'invented',
    reason: 'r',
    start,
    end: start + text.length,
  });

  it('cuts the answer at the spans and gives it back whole', () => {
    const answer = 'See https://x.test and https://y.test.';
    const pieces = highlightPieces(answer, [
      problem('https://y.test', 23),
      problem('https://x.test', 4),
    ]);
    expect(pieces.map((piece) => [piece.text, Boolean(piece.problem)])).toEqual([
      ['See ', false],
      ['https://x.test', true],
      [' and ', false],
      ['https://y.test', true],
      ['.', false],
    ]);
    expect(pieces.map((piece) => piece.text).join('')).toBe(answer);
  });

  it('places a problem whose span does not match at its text, and leaves out what is absent or overlaps', () => {
    const answer = 'Call 617-555-0100 or 617-555-0100 now';
    const pieces = highlightPieces(answer, [
      problem('617-555-0100', 99), // stale span: placed at the first free occurrence
      problem('617-555-0100', 5), // trusted span: placed first, so the one above goes to the second occurrence
      problem('555-0100', 9), // overlaps a trusted span: left unmarked
      problem('absent', 0),
    ]);
    // Each piece keeps its own problem: the trusted one first, the stale-span one at the second occurrence.
    expect(pieces.filter((piece) => piece.problem).map((piece) => piece.problem?.start)).toEqual([
      5, 99,
    ]);
    expect(pieces.map((piece) => piece.text)).toEqual([
      'Call ',
      '617-555-0100',
      ' or ',
      '617-555-0100',
      ' now',
    ]);
    expect(pieces.map((piece) => piece.text).join('')).toBe(answer);
  });
});

describe('95% Wilson intervals (issue 14)', () => {
  it.each([
    // Reference values: Wilson score interval, z = 1.96.
    [0, 3, 0, 0.5615],
    [1, 4, 0.0456, 0.6994],
    [3, 6, 0.1876, 0.8124],
    [1, 1, 0.2065, 1],
    [50, 100, 0.4038, 0.5962],
  ])('%i/%i → [%f, %f]', (count, total, low, high) => {
    const [l, h] = wilson(count, total);
    expect(l).toBeCloseTo(low, 4);
    expect(h).toBeCloseTo(high, 4);
    expect(ratio(count, total)).toMatchObject({ low: l, high: h });
  });

  it.each([
    // Fisher's tea-tasting table, 3/4 against 1/4: two-sided p = 34/70.
    [3, 4, 1, 4, 34 / 70],
    // 0/3 against 3/6: (1 + 12) / 28 of the tables with these margins are as uneven.
    [0, 3, 3, 6, 13 / 28],
    [1, 4, 3, 6, 120 / 210],
    // 0/12 against 10/12: only the two most uneven tables, 2 · 66 / C(24, 10).
    [0, 12, 10, 12, (2 * 66) / 1_961_256],
    [0, 5, 0, 7, 1],
  ])("Fisher's exact test: %i/%i against %i/%i gives p = %f", (a, n, b, m, p) => {
    expect(fisherExact(ratio(a, n), ratio(b, m))).toBeCloseTo(p, 9);
    expect(fisherExact(ratio(b, m), ratio(a, n))).toBeCloseTo(p, 9);
  });

  it('tells two rates apart when the test says so or their intervals do not overlap, never otherwise', () => {
    expect(differs(ratio(0, 3), ratio(3, 6))).toMatchObject({ beyondNoise: false });
    expect(differs(ratio(0, 12), ratio(10, 12))).toMatchObject({ beyondNoise: true });
    // Intervals that overlap (0–16% and 11–47%) but a test that tells them apart (p = 0.047).
    expect(ratio(0, 20).high!).toBeGreaterThan(ratio(5, 20).low!);
    expect(differs(ratio(0, 20), ratio(5, 20))).toMatchObject({ beyondNoise: true });
    // 0/1 against 15/15: intervals apart (0–80%, 80–100%) while p = 1/16: apart is enough.
    expect(ratio(0, 1).high!).toBeLessThan(ratio(15, 15).low!);
    expect(fisherExact(ratio(0, 1), ratio(15, 15))).toBeGreaterThan(0.05);
    expect(differs(ratio(0, 1), ratio(15, 15))).toMatchObject({ beyondNoise: true });
    expect(differs(ratio(0, 0), ratio(25, 50))).toEqual({ beyondNoise: false, pValue: 1 });
  });
});
