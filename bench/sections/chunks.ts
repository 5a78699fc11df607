/**
 * Chunk citations on hostile input: the checks must grow linearly with the answer and the chunks.
 * These inputs were built to make a backtracking or rescanning implementation blow up (one of them
 * found a claims × chunk blow-up, 38 s, when they ran as a timed unit test; timing lives here now).
 * Each is checked at 20 KB and at 200 KB: ten times the input should take about ten times as long.
 */
import { checkChunkCitations } from '../../src/chunks/check.js';
import { parseChunks } from '../../src/chunks/parse.js';
import { timeSync } from '../lib/measure.js';
import type { Row, SectionResult, Target } from '../lib/report.js';

type Build = (size: number) => { answer: string; chunks: string[] };

const PATTERNS: Array<[string, string, Build]> = [
  ['unclosed-brackets', '`[` repeated', (size) => ({ answer: '['.repeat(size), chunks: ['x'] })],
  ['bracket-soup', '`[1,` repeated', (size) => ({ answer: '[1,'.repeat(size / 3), chunks: ['x'] })],
  [
    'digit-comma-runs',
    '`1,` repeated in the answer and the chunk',
    (size) => ({ answer: '1,'.repeat(size / 2), chunks: ['1,'.repeat(size / 2)] }),
  ],
  [
    'backtick-runs',
    'unmatched backtick runs of growing length',
    (size) => ({
      answer: Array.from({ length: Math.sqrt(size) }, (_, index) => '`'.repeat(index + 1)).join(
        ' x ',
      ),
      chunks: ['x'],
    }),
  ],
  [
    'claims-one-chunk',
    'many claims citing one long chunk',
    (size) => ({
      answer: 'Tenants get 14 days [1]. '.repeat(size / 25),
      chunks: ['word '.repeat(size / 5)],
    }),
  ],
  [
    'unbalanced-quotes',
    '`"a b c ` repeated',
    (size) => ({ answer: '"a b c '.repeat(size / 7), chunks: ['a b c'] }),
  ],
  [
    'marker-lines',
    'marker-only lines after one sentence',
    (size) => ({
      answer: `Tenants get 14 days.${'\n[1]'.repeat(size / 4)}`,
      chunks: ['Tenants get 14 days.'],
    }),
  ],
  [
    'quotes-one-chunk',
    'many quotations checked against one long chunk',
    (size) => ({
      answer: 'He said "tenants must respond within days" [1]. '.repeat(size / 50),
      chunks: ['tenants must respond within the days '.repeat(size / 40)],
    }),
  ],
  [
    'facts-one-sentence',
    'one long sentence with many figures',
    (size) => ({
      answer: `${'12 days, '.repeat(size / 9)}[1].`,
      chunks: ['13 days, '.repeat(size / 9)],
    }),
  ],
];

/** Ten times the input may take at most this many times as long (linear is 10; quadratic 100). */
const MAX_GROWTH = 25;

export function runChunksSection(options: {
  quick: boolean;
  log: (line: string) => void;
}): SectionResult {
  const rows: Row[] = [];
  const targets: Target[] = [];
  const rounds = options.quick ? 1 : 3;
  for (const [id, description, build] of PATTERNS) {
    const time = (size: number): number => {
      const { answer, chunks } = build(size);
      const parsed = parseChunks(chunks);
      return timeSync(() => checkChunkCitations(answer, parsed), { warmup: 1, rounds }).medianMs;
    };
    const small = Math.max(time(20_000), 0.5);
    const large = time(200_000);
    const growth = large / small;
    options.log(
      `  chunks ${id}: 20 KB ${small.toFixed(1)} ms, 200 KB ${large.toFixed(1)} ms (${growth.toFixed(1)}×)`,
    );
    rows.push({
      id: `chunks.${id}`,
      figure: `chunk citations, hostile: ${id}`,
      value: `${large.toFixed(1)} ms at 200 KB`,
      baseline: `${small.toFixed(1)} ms at 20 KB`,
      ratio: `${growth.toFixed(1)}× for 10× the input`,
      detail: `${description}; median of ${rounds}`,
      data: { smallMs: small, largeMs: large, growth },
    });
    targets.push({
      id: `chunks.${id}`,
      name: `chunk citations ${id} grow linearly (≤ ${MAX_GROWTH}× for 10× the input)`,
      pass: growth <= MAX_GROWTH,
      actual: `${growth.toFixed(1)}×`,
    });
  }
  return { name: 'chunks', rows, targets };
}
