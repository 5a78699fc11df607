/**
 * Measure the chunk-citation checks on Chinese RAG answers: CiteCheck (xzy-xzy/CiteCheck,
 * dataset/dev.jsonl), one statement of each answer with the passage it cites and a human
 * faithful / not-faithful label. The statement is cited as `[1]` before its final sentence mark.
 *
 *   npx tsx scripts/citecheck-chunks.ts [path.jsonl]
 *
 * Default path: test/fixtures/citecheck/dev.slice.jsonl (200 rows; see its SOURCE.md).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkChunkCitations } from '../src/chunks/check.js';
import { findBlocks } from '../src/chunks/blocks.js';
import { parseChunks } from '../src/chunks/parse.js';
import { trimmedSentences } from '../src/chunks/sentences.js';
import { precisionRecall, type PrecisionRecall } from './expertqa-chunks.js';

export interface CiteCheckSummary {
  rows: number;
  /** Statements found verbatim in their answer, and how many of them are one of our sentences. */
  inAnswer: number;
  splitMatches: number;
  /** Failing flags against label 0 (not faithful). */
  failing: PrecisionRecall;
  counts: Record<string, number>;
}

export function runCiteCheckBench(lines: Iterable<string>): CiteCheckSummary {
  const rows: Array<{ flagged: boolean; unfaithful: boolean }> = [];
  const counts: Record<string, number> = {};
  let inAnswer = 0;
  let splitMatches = 0;
  for (const line of lines) {
    if (line.trim().length === 0) continue;
    const row = JSON.parse(line) as {
      answer: string;
      statement: string;
      quote: string;
      label: number;
    };
    const statement = row.statement.trim();
    if (row.answer.includes(statement)) {
      inAnswer += 1;
      const sentences = findBlocks(row.answer).flatMap((block) =>
        trimmedSentences(row.answer, block.start, block.end),
      );
      if (sentences.some((span) => row.answer.slice(span.start, span.end).trim() === statement))
        splitMatches += 1;
    }
    const report = checkChunkCitations(
      statement.replace(/([。！？]?)$/u, '[1]$1'),
      parseChunks(row.quote),
    );
    for (const verdict of report.claims)
      counts[verdict.classification] = (counts[verdict.classification] ?? 0) + 1;
    rows.push({ flagged: !report.pass, unfaithful: row.label === 0 });
  }
  return {
    rows: rows.length,
    inAnswer,
    splitMatches,
    failing: precisionRecall(
      rows,
      (row) => row.flagged,
      (row) => row.unfaithful,
    ),
    counts,
  };
}

const percent = (value: number | null): string =>
  value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`;

export function formatCiteCheckSummary(summary: CiteCheckSummary): string {
  const { failing } = summary;
  return [
    `CiteCheck chunk-citation triage: ${summary.rows} statements`,
    `sentence splits: ${summary.splitMatches} of ${summary.inAnswer} statements found in their answer are one of its sentences (${percent(summary.splitMatches / summary.inAnswer)})`,
    `claims: ${Object.entries(summary.counts)
      .sort()
      .map(([name, count]) => `${count} ${name}`)
      .join(', ')}`,
    `failing flags vs not faithful: precision ${percent(failing.precision)} (${failing.truePositives}/${failing.flagged}), recall ${percent(failing.recall)} (${failing.truePositives}/${failing.positives})`,
    '',
  ].join('\n');
}

function main(argv: readonly string[]): number {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const path = resolve(argv[0] ?? resolve(root, 'test/fixtures/citecheck/dev.slice.jsonl'));
  process.stdout.write(
    formatCiteCheckSummary(runCiteCheckBench(readFileSync(path, 'utf8').split('\n'))),
  );
  return 0;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
