import { buildAllowlist } from '../../builders/build.js';
import { parseCsvText } from '../../builders/csv.js';
import {
  compareVendors,
  highlightPieces,
  problemsOf,
  renderComparison,
  type VendorRow,
} from '../../src/compare/index.js';
import { fromPromptfooRow } from '../../src/promptfoo/rows.js';
import type { ResultRow } from '../../src/promptfoo/results.js';
import { formatStale } from '../../src/format/stale.js';
import { jsonErrorOffset } from '../../src/input/json.js';
import type { AllowlistIndex } from '../../src/match/index.js';
import { guardWithIndex } from '../../src/run.js';
import type { StaleEntry, StaleReport } from '../../src/stale.js';
import { keep } from '../lib/measure.js';
import type { Row, SectionResult } from '../lib/report.js';

/**
 * Growth of the hostile shapes of issue 28 outside the verifier, and of the guard's repair (issue 38): each run at n and at 4n, the ratio
 * of the two median times reported (about 4 is linear, about 16 quadratic). The old code's figures
 * are in docs/BENCHMARKS.md; these are the shapes that were quadratic or unbounded there.
 */

/** Above this ratio for 4× the input, a shape is reported as super-linear (a target fails). */
const LINEAR_LIMIT = 6;

interface Shape {
  name: string;
  what: string;
  /** The input at size `n`, made once before timing; the run may be async (the guard's). */
  make: (n: number) => () => unknown;
  n: number;
}

/** One CSV row with the header's three cells, then `n` empty ones, among two ordinary rows. */
function wideRow(n: number): () => unknown {
  const text = [
    'Organization,Website,Phone',
    `Legal Aid, Boston,boston.example.org,617-555-0124${','.repeat(n)}`,
    'Harbor Legal Aid,harbor.example.org,617-555-0100',
    'Third Org,third.example.org,617-555-0102',
  ].join('\n');
  const columns = {
    org: 'Organization',
    urls: ['Website'],
    phones: ['Phone'],
    aliases: [],
    domains: [],
  };
  return () => buildAllowlist([parseCsvText(text, 'dir.csv')], { columns });
}

/** One failed answer with `n` invented links, one a line, each with its span. */
function problemRow(n: number, test = 'q1'): VendorRow {
  const lines: string[] = [];
  const links = [];
  let offset = 0;
  for (let index = 0; index < n; index += 1) {
    const url = `https://l${index}.invented.example/p`;
    links.push({
      url,
      normalized: url,
      bucket: 'invented' as const,
      score: 0,
      reason: 'not listed',
      start: offset + 4,
      end: offset + 4 + url.length,
    });
    const line = `See ${url} now.`;
    lines.push(line);
    offset += line.length + 1;
  }
  return {
    vendor: 'vendor-a',
    test,
    testIdx: 0,
    promptIdx: 0,
    answer: lines.join('\n'),
    verifier: { pass: false, score: 0, misattributed_phones: 0, links, phones: [] },
  };
}

function report(rows: VendorRow[], format: 'html' | 'text' | 'json'): () => unknown {
  return () =>
    renderComparison(compareVendors(rows, { source: 'bench', mode: 'promptfoo' }), format);
}

/** A stale list of `n` broken links, each found in one answer. */
function staleList(n: number, format: 'csv' | 'junit' | 'json'): () => unknown {
  const entries: StaleEntry[] = Array.from({ length: n }, (_, index) => ({
    url: `https://l${index}.example/p`,
    normalized: `https://l${index}.example/p`,
    kind: 'broken',
    outcome: {
      kind: 'broken',
      status: 404,
      finalUrl: `https://l${index}.example/p`,
      reason: 'HTTP 404',
    },
    foundIn: [`answers.jsonl line ${index + 1}`],
  }));
  const stale: StaleReport = {
    checked: n,
    counts: { live: 0, broken: n, invented: 0, inconclusive: 0, moved: 0 },
    links: entries,
    stale: entries,
    interrupted: false,
  };
  return () => formatStale(stale, format);
}

/**
 * The guard (`check --fix`, `POST /v1/fix`: verification, repair, the repaired text verified
 * again) over an answer of `n` claims that each need a removal, in the shapes that were quadratic
 * in the repair's removal step (one long line sliced for every removal) or could be: one line, the
 * "or visit" clause, one table cell, a list.
 */
function guardShapes(index: AllowlistIndex): Shape[] {
  const link = (i: number): string => `https://l${i}.invented.example/p`;
  const guard = (text: string) => () =>
    guardWithIndex(index, text, { threshold: 0.5, liveness: false });
  const shape = (name: string, what: string, write: (n: number) => string): Shape => ({
    name,
    what: `guard (verify, repair, verify again) of ${what}`,
    // At 1,000 claims a run takes about 15 ms, where a young-generation collection more or less
    // moves the ratio past the line (a table cell: 14 ms at n, 80 ms at 4n, 330 ms at 16n).
    n: 4_000,
    make: (n) => guard(write(n)),
  });
  const many = (n: number, each: (i: number) => string, join: string): string =>
    Array.from({ length: n }, (_, i) => each(i)).join(join);
  return [
    shape('repair-one-line', 'one line of n sentences, each an invented link', (n) =>
      many(n, (i) => `See ${link(i)} now.`, ' '),
    ),
    shape('repair-or-visit', 'one line of n "call X at N or visit LINK." sentences', (n) =>
      many(n, (i) => `Call the Harbor Court at (617) 555-0100 or visit ${link(i)}.`, ' '),
    ),
    shape(
      'repair-table-cell',
      'one table cell of n invented links',
      (n) => `| a | b |\n| --- | --- |\n| ${many(n, link, ' ')} | x |`,
    ),
    shape('repair-list', 'a list of n items, each an invented link', (n) =>
      many(n, (i) => `- ${link(i)}`, '\n'),
    ),
  ];
}

const SHAPES: readonly Shape[] = [
  {
    name: 'wide-row',
    what: 'build-allowlist (parse + build) of one row with n empty cells past a 3-column header',
    n: 100_000,
    make: wideRow,
  },
  {
    name: 'many-answers',
    what: 'report text over n failed answers of 3 invented links each',
    n: 5_000,
    make: (n) =>
      report(
        Array.from({ length: n }, (_, i) => ({ ...problemRow(3, `q${i}`), testIdx: i })),
        'text',
      ),
  },
  {
    name: 'many-problems-html',
    what: 'report html of one answer with n invented links',
    n: 20_000,
    make: (n) => report([problemRow(n)], 'html'),
  },
  {
    name: 'highlight-marks',
    what: 'placing the marks of n problems in one answer (highlightPieces, no cap)',
    // Past 20,000 the objects outgrow the young generation and the ratio measures the
    // collector (7 ms at 20,000 and 90 ms at 80,000, then 5× to 320,000): measured beyond it.
    n: 80_000,
    make: (n) => {
      const row = problemRow(n);
      const problems = problemsOf(row.verifier!);
      return () => highlightPieces(row.answer, problems);
    },
  },
  {
    name: 'deep-nesting',
    what: 'report reading a results row nesting componentResults n deep (refused past 32)',
    n: 1_000,
    make: (n) => {
      let grading: object = { pass: true, score: 1 };
      for (let level = 0; level < n; level += 1)
        grading = { pass: true, score: 1, componentResults: [grading] };
      const row: Omit<ResultRow, 'success'> = {
        provider: 'x',
        testIdx: 0,
        promptIdx: 0,
        output: '',
        vars: {},
        gradingResult: grading as NonNullable<ResultRow['gradingResult']>,
      };
      return () => {
        try {
          return fromPromptfooRow(row, 'bench');
        } catch (error) {
          return error;
        }
      };
    },
  },
  {
    name: 'many-problems-json',
    what: 'report json of one answer with n invented links',
    // Past 20,000 the objects outgrow the young generation and the ratio measures the
    // collector (7 ms at 20,000 and 90 ms at 80,000, then 5× to 320,000): measured beyond it.
    n: 80_000,
    make: (n) => report([problemRow(n)], 'json'),
  },
  {
    name: 'stale-csv',
    what: 'stale csv of n broken links',
    n: 20_000,
    make: (n) => staleList(n, 'csv'),
  },
  {
    name: 'stale-junit',
    what: 'stale junit of n broken links',
    n: 20_000,
    make: (n) => staleList(n, 'junit'),
  },
  {
    name: 'long-number',
    what: 'locating a JSON syntax error after a number of n digits',
    n: 200_000,
    make: (n) => {
      const text = `[${'1'.repeat(n)},]`;
      return () => jsonErrorOffset(text);
    },
  },
];

/**
 * The fastest of `rounds` runs after a warm-up: a collection of the run before, or another
 * process, only ever adds time, and the question is how the work itself grows.
 */
async function fastestMs(fn: () => unknown, rounds: number): Promise<number> {
  keep(await fn());
  let fastest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    keep(await fn());
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

/** Each shape at n and 4n: the time ratio, a target that it stays under `LINEAR_LIMIT`. */
export async function runGrowthShapes(
  quick: boolean,
  log: (line: string) => void,
  index: AllowlistIndex,
): Promise<SectionResult> {
  const rounds = quick ? 3 : 5;
  const rows: Row[] = [];
  const targets: SectionResult['targets'] = [];
  for (const shape of [...SHAPES, ...guardShapes(index)]) {
    const small = await fastestMs(shape.make(shape.n), rounds);
    const large = await fastestMs(shape.make(shape.n * 4), rounds);
    const growth = large / small;
    log(
      `  hostile ${shape.name}: ${small.toFixed(1)} ms at n, ${large.toFixed(1)} ms at 4n (${growth.toFixed(1)}×)`,
    );
    rows.push({
      id: `hostile.growth.${shape.name}`,
      figure: `growth: ${shape.name}`,
      value: `${large.toFixed(1)} ms at 4n`,
      baseline: `${small.toFixed(1)} ms at n`,
      ratio: `${growth.toFixed(1)}× (4 linear, 16 quadratic)`,
      detail: `${shape.what}; n = ${shape.n.toLocaleString('en-US')}; fastest of ${rounds}`,
      data: { n: shape.n, smallMs: small, largeMs: large, growth },
    });
    targets.push({
      id: `hostile.growth.${shape.name}`,
      name: `hostile ${shape.name} grows at most ${LINEAR_LIMIT}× for 4× the input`,
      pass: growth <= LINEAR_LIMIT,
      actual: `${growth.toFixed(1)}×`,
    });
  }
  return { name: 'hostile', rows, targets };
}
