import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findBlocks } from '../../src/chunks/blocks.js';
import { checkChunkCitations } from '../../src/chunks/check.js';
import { parseChunks } from '../../src/chunks/parse.js';
import { trimmedSentences } from '../../src/chunks/sentences.js';
import { formatCiteCheckSummary, runCiteCheckBench } from '../../scripts/citecheck-chunks.js';

// 200 rows of CiteCheck's dev split (see test/fixtures/citecheck/SOURCE.md): real Chinese RAG
// answers, one statement of each, the passage it cites and a human faithful / not label.
interface Row {
  answer: string;
  statement: string;
  quote: string;
  label: 0 | 1;
}
const FILE = fileURLToPath(new URL('../fixtures/citecheck/dev.slice.jsonl', import.meta.url));
const rows = readFileSync(FILE, 'utf8')
  .split('\n')
  .filter((line) => line.trim().length > 0)
  .map((line) => JSON.parse(line) as Row);

/** The statement cited as the answer cited it: `[1]` before its final sentence mark. */
const cited = (statement: string): string => statement.trim().replace(/([。！？]?)$/u, '[1]$1');
const judged = rows.map((row) => ({
  row,
  report: checkChunkCitations(cited(row.statement), parseChunks(row.quote)),
}));

describe('CiteCheck (Chinese): sentences, quotations and figures', () => {
  it('cuts answers where the annotators cut them: at 。！？ and list items with no space', () => {
    const inAnswer = rows.filter((row) => row.answer.includes(row.statement.trim()));
    const matched = inAnswer.filter((row) => {
      const sentences = findBlocks(row.answer).flatMap((block) =>
        trimmedSentences(row.answer, block.start, block.end),
      );
      return sentences.some(
        (span) => row.answer.slice(span.start, span.end).trim() === row.statement.trim(),
      );
    });
    expect(inAnswer.length).toBeGreaterThan(190);
    expect(matched.length / inAnswer.length).toBeGreaterThanOrEqual(0.97);
  });

  it('every statement is one claim citing chunk 1, and nothing crashes', () => {
    for (const { report } of judged) {
      expect(report.claims.length).toBeGreaterThanOrEqual(1);
      expect(report.claims.every((verdict) => verdict.citedIds.includes('1'))).toBe(true);
    }
  });

  it('no quotation of a faithful statement is called fabricated (matched by character)', () => {
    const faithful = judged.filter(({ row }) => row.label === 1);
    expect(faithful.filter(({ report }) => report.counts.fabricated_quote > 0)).toEqual([]);
  });

  it('figures next to CJK characters are read, and a failing flag is almost always a real error', () => {
    const withDigits = judged.filter(({ row }) => /\d/.test(row.statement));
    // The few left are list numbers (`1.稳定的`, `3)教练`) and names (`GTA6`), not quantities.
    const read = withDigits.filter(({ report }) =>
      report.claims.some((verdict) => verdict.claim.facts.length > 0),
    );
    expect(withDigits.length).toBeGreaterThan(30);
    expect(withDigits.length - read.length).toBeLessThanOrEqual(3);
    const flagged = judged.filter(({ report }) => !report.pass);
    const wrong = flagged.filter(({ row }) => row.label === 1);
    // Measured on this slice: see docs/CHUNKS.md for the whole dev split.
    expect(flagged.length).toBeGreaterThanOrEqual(10);
    expect(wrong.length / flagged.length).toBeLessThanOrEqual(0.1);
  });
});

describe('scripts/citecheck-chunks.ts on the slice', () => {
  it('prints the figures docs/CHUNKS.md quotes', () => {
    const summary = runCiteCheckBench(readFileSync(FILE, 'utf8').split('\n'));
    expect(summary.rows).toBe(rows.length);
    expect(summary.splitMatches / summary.inAnswer).toBeGreaterThanOrEqual(0.97);
    expect(summary.failing.precision!).toBeGreaterThanOrEqual(0.9);
    expect(formatCiteCheckSummary(summary)).toMatch(
      /^failing flags vs not faithful: precision \d+\.\d% \(\d+\/\d+\)/m,
    );
  });
});
