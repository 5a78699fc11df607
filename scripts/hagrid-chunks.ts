/**
 * Measure the chunk-citation checks against human labels on HAGRID (GPT-3.5 answers with `[N]`
 * markers over Wikipedia passages, each sentence labelled attributable / not attributable by
 * annotators), as AttributionBench (OSU-NLP-Group/AttributionBench) packs it: one row a claim,
 * with the passages the claim cites as `"[N] text"`.
 *
 *   npx tsx scripts/hagrid-chunks.ts [path.jsonl]
 *
 * Default path: test/fixtures/hagrid/attributionbench-hagrid.jsonl (every HAGRID row of the file;
 * see its SOURCE.md). See docs/CHUNKS.md for the figures and how to read them.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkChunkCitations } from '../src/chunks/check.js';
import { chunkKey } from '../src/chunks/ids.js';
import { extractCitations } from '../src/chunks/markers.js';
import {
  CLAIM_CLASSIFICATIONS,
  isFailingClassification,
  type Chunk,
  type ClaimClassification,
} from '../src/chunks/types.js';
import { precisionRecall, type PrecisionRecall } from './expertqa-chunks.js';

export type HagridOutcome = ClaimClassification | 'no_finding';

export interface HagridRow {
  claim: string;
  /**
   * False when the claim cites an id whose passage the row does not carry: AttributionBench keeps
   * only the ids its own pattern read (`[1-4]` gives none), so such a claim cannot be measured.
   */
  measured: boolean;
  /** True when the annotators judged the claim not attributable to its cited passages. */
  notAttributable: boolean;
  outcome: HagridOutcome;
  /** The claim's classifications, worst first, as the check gave them. */
  classifications: ClaimClassification[];
}

export interface HagridSummary {
  rows: number;
  /** Rows left out: they cite a passage the row does not carry. */
  leftOut: number;
  notAttributable: number;
  outcomes: Record<HagridOutcome, { total: number; notAttributable: number }>;
  /** Failing classifications (citation_not_found, fabricated_quote, unsupported_claim) vs "not attributable". */
  failing: PrecisionRecall;
  /** The same plus `weak_support`, as with `failOnWeakSupport: true`. */
  failingOrWeak: PrecisionRecall;
}

const REFERENCE = /^\[(\d+)\]\s?([\s\S]*)$/;
const OUTCOMES: readonly HagridOutcome[] = [...CLAIM_CLASSIFICATIONS, 'no_finding'];

/** Chunks from AttributionBench's `references` ("[2] passage…"): chunk 2 is that passage. */
export function hagridChunks(references: readonly unknown[]): Chunk[] {
  const chunks: Chunk[] = [];
  for (const reference of references) {
    const match = typeof reference === 'string' ? REFERENCE.exec(reference) : null;
    if (!match) continue;
    const key = chunkKey(match[1]!);
    if (!chunks.some((chunk) => chunk.key === key))
      chunks.push({ id: match[1]!, key, text: match[2]! });
  }
  return chunks;
}

/** Check each row's claim against the passages it cites and line the outcome up with its label. */
export function runHagridBench(lines: Iterable<string>): {
  summary: HagridSummary;
  rows: HagridRow[];
} {
  const rows: HagridRow[] = [];
  for (const line of lines) {
    if (line.trim().length === 0) continue;
    const record = JSON.parse(line) as {
      claim?: unknown;
      references?: unknown;
      attribution_label?: unknown;
    };
    const claim = typeof record.claim === 'string' ? record.claim : '';
    const chunks = hagridChunks(Array.isArray(record.references) ? record.references : []);
    const keys = new Set(chunks.map((chunk) => chunk.key));
    const measured = extractCitations(claim, chunks).every((marker) =>
      marker.ids.every((id) => keys.has(id)),
    );
    const report = checkChunkCitations(claim, chunks);
    const classifications = CLAIM_CLASSIFICATIONS.filter(
      (classification) => report.counts[classification] > 0,
    );
    rows.push({
      claim,
      measured,
      notAttributable: record.attribution_label === 'not attributable',
      outcome: classifications[0] ?? 'no_finding',
      classifications,
    });
  }
  return { summary: summarizeHagrid(rows), rows };
}

export function summarizeHagrid(all: readonly HagridRow[]): HagridSummary {
  const rows = all.filter((row) => row.measured);
  const outcomes = Object.fromEntries(
    OUTCOMES.map((outcome) => [outcome, { total: 0, notAttributable: 0 }]),
  ) as HagridSummary['outcomes'];
  for (const row of rows) {
    outcomes[row.outcome].total += 1;
    if (row.notAttributable) outcomes[row.outcome].notAttributable += 1;
  }
  const failing = (row: HagridRow): boolean =>
    row.outcome !== 'no_finding' &&
    isFailingClassification(row.outcome, { requireCitations: false, failOnWeakSupport: false });
  const weak = (row: HagridRow): boolean =>
    (row.classifications as string[]).includes('weak_support');
  return {
    rows: rows.length,
    leftOut: all.length - rows.length,
    notAttributable: rows.filter((row) => row.notAttributable).length,
    outcomes,
    failing: precisionRecall(rows, failing, (row) => row.notAttributable),
    failingOrWeak: precisionRecall(
      rows,
      (row) => failing(row) || weak(row),
      (row) => row.notAttributable,
    ),
  };
}

const percent = (value: number | null): string =>
  value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`;

function describe(name: string, metric: PrecisionRecall): string {
  return `${name}: precision ${percent(metric.precision)} (${metric.truePositives}/${metric.flagged}), recall ${percent(metric.recall)} (${metric.truePositives}/${metric.positives})`;
}

/** The summary as the script prints it (and docs/CHUNKS.md quotes it). */
export function formatHagridSummary(summary: HagridSummary): string {
  const width = Math.max(...OUTCOMES.map((outcome) => outcome.length));
  const lines = [
    `HAGRID chunk-citation triage: ${summary.rows} claims measured, ${summary.notAttributable} labelled not attributable; left out: ${summary.leftOut} citing a passage the row does not carry`,
    '',
    `  ${'outcome'.padEnd(width)}  ${'total'.padStart(6)}  ${'not attributable'.padStart(16)}`,
    ...OUTCOMES.map(
      (outcome) =>
        `  ${outcome.padEnd(width)}  ${String(summary.outcomes[outcome].total).padStart(6)}  ${String(summary.outcomes[outcome].notAttributable).padStart(16)}`,
    ),
    '',
    describe('failing flags vs not attributable', summary.failing),
    describe(
      'failing flags + weak_support (failOnWeakSupport) vs not attributable',
      summary.failingOrWeak,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

function main(argv: readonly string[]): number {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const path = resolve(
    argv[0] ?? resolve(root, 'test/fixtures/hagrid/attributionbench-hagrid.jsonl'),
  );
  const { summary } = runHagridBench(readFileSync(path, 'utf8').split('\n'));
  process.stdout.write(formatHagridSummary(summary));
  return 0;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
