/**
 * Measure the chunk-citation checks against human labels: ExpertQA (chaitanyamalaviya/ExpertQA,
 * data/lfqa/domain_test.jsonl), where experts judged whether each claim of real LLM answers is
 * supported by the evidence it cites.
 *
 *   npx tsx scripts/expertqa-chunks.ts [path/to/domain_test.jsonl]
 *
 * Default path: ../shared/data/expertqa/domain_test.jsonl from the repository root; when the file
 * is absent the script says so and exits 0. See docs/CHUNKS.md for the figures and how to read them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkChunkCitations } from '../src/chunks/check.js';
import { extractCitations } from '../src/chunks/markers.js';
import { chunkKey } from '../src/chunks/ids.js';
import {
  CLAIM_CLASSIFICATIONS,
  isFailingClassification,
  type Chunk,
  type ClaimClassification,
} from '../src/chunks/types.js';

/** What the checks said about one ExpertQA claim. A closed union. */
export type ClaimOutcome = ClaimClassification | 'no_finding';

/**
 * How a claim entered the measurement.
 * - `checked`: it cites ids, and every cited id has passage text in the record's evidence;
 * - `uncited`: it cites nothing (the checks can only say `uncited_claim` or nothing);
 * - `no_passage_text`: it cites an id whose evidence is a URL without text (the bing_chat and
 *   gpt4 answers), or a retrieved id (in `attribution`) whose passage no claim's evidence gives:
 *   nothing to compare with, so it is left out of every figure.
 */
export type ClaimCategory = 'checked' | 'uncited' | 'no_passage_text';

export interface ClaimRow {
  system: string;
  claim: string;
  support: string;
  category: ClaimCategory;
  outcome: ClaimOutcome;
}

/** Human support labels as they appear in the file; a missing label reads `(none)`. */
export const NO_LABEL = '(none)';

export interface PrecisionRecall {
  /** What counts as flagged, and against which label set. */
  flagged: number;
  positives: number;
  truePositives: number;
  population: number;
  precision: number | null;
  recall: number | null;
  /** Positives / population: the precision a coin weighted like the data would get. */
  baseRate: number | null;
}

export interface BenchSummary {
  records: number;
  answers: number;
  claims: number;
  byCategory: Record<ClaimCategory, number>;
  /** Outcome counts over the claims measured (`checked` and `uncited`). */
  outcomes: Record<ClaimOutcome, number>;
  /** Outcome → human label → count, over the claims measured. */
  crosstab: Record<ClaimOutcome, Record<string, number>>;
  labels: string[];
  /** How many claims of each measured category carry support = Missing. */
  missingByCategory: { checked: number; uncited: number };
  /** Failing outcomes (citation_not_found, fabricated_quote, unsupported_claim) on checked claims, against support = Missing. */
  citedVsMissing: PrecisionRecall;
  /** `uncited_claim` on all measured claims, against support = Missing. */
  uncitedVsMissing: PrecisionRecall;
  /** The same flags plus uncited_claim (as with requireCitations), on all measured claims, against Missing. */
  requiredVsMissing: PrecisionRecall;
  /** Failing outcomes on checked claims, against support in {Partial, Incomplete, Missing} (N/A and unlabeled left out). */
  citedVsNotComplete: PrecisionRecall;
  /** The same flags plus `weak_support` (as with failOnWeakSupport), against the same labels. */
  weakVsNotComplete: PrecisionRecall;
}

const OUTCOMES: readonly ClaimOutcome[] = [...CLAIM_CLASSIFICATIONS, 'no_finding'];
const CATEGORIES: readonly ClaimCategory[] = ['checked', 'uncited', 'no_passage_text'];
const EVIDENCE = /^\[(\d+)\][ \t]*(\S*)[ \t]*(?:\n\n([\s\S]*))?$/;

interface RawClaim {
  claim_string?: unknown;
  evidence?: unknown;
  support?: unknown;
}
interface RawAnswer {
  claims?: unknown;
  attribution?: unknown;
}

/**
 * Run the checks over ExpertQA records (one JSON object a line). Each system answer's chunks are
 * the passages found in its claims' evidence (`[N] URL\n\npassage`; chunk N is the passage, the URL
 * line dropped). Each claim string is checked on its own against those chunks, so that every
 * outcome lines up with that claim's human label; a claim's outcome is its worst classification,
 * or `no_finding` when it cites nothing and states no figure or quotation.
 */
export function runExpertQaBench(lines: Iterable<string>): {
  summary: BenchSummary;
  rows: ClaimRow[];
} {
  const rows: ClaimRow[] = [];
  let records = 0;
  let answers = 0;
  for (const line of lines) {
    if (line.trim().length === 0) continue;
    records += 1;
    const record = JSON.parse(line) as { answers?: Record<string, RawAnswer> };
    for (const [system, answer] of Object.entries(record.answers ?? {})) {
      answers += 1;
      const claims = Array.isArray(answer.claims) ? (answer.claims as RawClaim[]) : [];
      const { chunks, withoutText } = chunksOf(
        claims,
        Array.isArray(answer.attribution) ? answer.attribution : [],
      );
      for (const claim of claims) {
        const text = typeof claim.claim_string === 'string' ? claim.claim_string : '';
        const support = typeof claim.support === 'string' ? claim.support : NO_LABEL;
        const ids = extractCitations(text, chunks).flatMap((marker) => marker.ids);
        if (ids.some((id) => withoutText.has(id))) {
          rows.push({
            system,
            claim: text,
            support,
            category: 'no_passage_text',
            outcome: 'no_finding',
          });
          continue;
        }
        const report = checkChunkCitations(text, chunks);
        const worst = CLAIM_CLASSIFICATIONS.find(
          (classification) => report.counts[classification] > 0,
        );
        rows.push({
          system,
          claim: text,
          support,
          category: ids.length > 0 ? 'checked' : 'uncited',
          outcome: worst ?? 'no_finding',
        });
      }
    }
  }
  return { summary: summarizeRows(rows, records, answers), rows };
}

/**
 * Chunks with text from the claims' evidence; `withoutText` holds ids the answer retrieved (its
 * `attribution` or a URL-only evidence) whose passage text the file does not give.
 */
function chunksOf(
  claims: readonly RawClaim[],
  attribution: readonly unknown[],
): { chunks: Chunk[]; withoutText: Set<string> } {
  const texts = new Map<string, string>();
  const withoutText = new Set<string>();
  for (const item of attribution) {
    const match = typeof item === 'string' ? EVIDENCE.exec(item) : null;
    if (match) withoutText.add(chunkKey(match[1]!));
  }
  for (const claim of claims) {
    const evidence = Array.isArray(claim.evidence) ? claim.evidence : [];
    for (const item of evidence) {
      if (typeof item !== 'string') continue;
      const match = EVIDENCE.exec(item);
      if (!match) continue;
      const key = chunkKey(match[1]!);
      const passage = (match[3] ?? '').trim();
      if (passage.length > 0) {
        if (!texts.has(key)) texts.set(key, passage);
      } else {
        withoutText.add(key);
      }
    }
  }
  for (const key of texts.keys()) withoutText.delete(key);
  return { chunks: [...texts].map(([key, text]) => ({ id: key, key, text })), withoutText };
}

/** Counts, the outcome × label table and the three precision/recall views of a set of rows. */
export function summarizeRows(
  rows: readonly ClaimRow[],
  records: number,
  answers: number,
): BenchSummary {
  const byCategory = Object.fromEntries(CATEGORIES.map((category) => [category, 0])) as Record<
    ClaimCategory,
    number
  >;
  const outcomes = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])) as Record<
    ClaimOutcome,
    number
  >;
  const crosstab = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, {}])) as Record<
    ClaimOutcome,
    Record<string, number>
  >;
  const labels = new Set<string>();
  for (const row of rows) {
    byCategory[row.category] += 1;
    if (row.category === 'no_passage_text') continue;
    outcomes[row.outcome] += 1;
    labels.add(row.support);
    crosstab[row.outcome][row.support] = (crosstab[row.outcome][row.support] ?? 0) + 1;
  }
  const measured = rows.filter((row) => row.category !== 'no_passage_text');
  const checked = measured.filter((row) => row.category === 'checked');
  const failing = (row: ClaimRow, requireCitations: boolean): boolean =>
    row.outcome !== 'no_finding' &&
    isFailingClassification(row.outcome, { requireCitations, failOnWeakSupport: false });
  const missing = (row: ClaimRow): boolean => row.support === 'Missing';
  const notComplete = (row: ClaimRow): boolean =>
    row.support === 'Missing' || row.support === 'Partial' || row.support === 'Incomplete';
  const labelled = checked.filter((row) => row.support === 'Complete' || notComplete(row));
  return {
    records,
    answers,
    claims: rows.length,
    byCategory,
    outcomes,
    crosstab,
    labels: [...labels].sort(),
    missingByCategory: {
      checked: checked.filter(missing).length,
      uncited: measured.filter((row) => row.category === 'uncited' && missing(row)).length,
    },
    citedVsMissing: precisionRecall(checked, (row) => failing(row, false), missing),
    uncitedVsMissing: precisionRecall(measured, (row) => row.outcome === 'uncited_claim', missing),
    requiredVsMissing: precisionRecall(measured, (row) => failing(row, true), missing),
    citedVsNotComplete: precisionRecall(labelled, (row) => failing(row, false), notComplete),
    weakVsNotComplete: precisionRecall(
      labelled,
      (row) => failing(row, false) || row.outcome === 'weak_support',
      notComplete,
    ),
  };
}

/** Precision = flagged and positive / flagged; recall = flagged and positive / positive; null when the denominator is 0. */
export function precisionRecall<T>(
  population: readonly T[],
  isFlagged: (item: T) => boolean,
  isPositive: (item: T) => boolean,
): PrecisionRecall {
  let flagged = 0;
  let positives = 0;
  let truePositives = 0;
  for (const item of population) {
    const flag = isFlagged(item);
    const positive = isPositive(item);
    if (flag) flagged += 1;
    if (positive) positives += 1;
    if (flag && positive) truePositives += 1;
  }
  return {
    flagged,
    positives,
    truePositives,
    population: population.length,
    precision: flagged === 0 ? null : truePositives / flagged,
    recall: positives === 0 ? null : truePositives / positives,
    baseRate: population.length === 0 ? null : positives / population.length,
  };
}

const percent = (value: number | null): string =>
  value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`;

function describeMetric(name: string, metric: PrecisionRecall): string {
  return `${name}: precision ${percent(metric.precision)} (${metric.truePositives}/${metric.flagged}), recall ${percent(metric.recall)} (${metric.truePositives}/${metric.positives}), base rate ${percent(metric.baseRate)} (${metric.positives}/${metric.population})`;
}

/** The summary as the text the script prints (and docs/CHUNKS.md quotes). */
export function formatBenchSummary(summary: BenchSummary): string {
  const lines = [
    `ExpertQA chunk-citation triage: ${summary.records} records, ${summary.answers} answers, ${summary.claims} claims`,
    `claims measured: ${summary.byCategory.checked} cite passages with text, ${summary.byCategory.uncited} cite nothing; left out: ${summary.byCategory.no_passage_text} cite a passage whose text the file does not give`,
    '',
    'outcome counts (claims measured):',
  ];
  const labels = summary.labels;
  const outcomeWidth = Math.max(...OUTCOMES.map((outcome) => outcome.length));
  const columnWidth = Math.max(8, ...labels.map((label) => label.length));
  lines.push(
    `  ${'outcome'.padEnd(outcomeWidth)}  ${'total'.padStart(6)}  ${labels.map((label) => label.padStart(columnWidth)).join('  ')}`,
  );
  for (const outcome of OUTCOMES) {
    const row = summary.crosstab[outcome];
    lines.push(
      `  ${outcome.padEnd(outcomeWidth)}  ${String(summary.outcomes[outcome]).padStart(6)}  ${labels.map((label) => String(row[label] ?? 0).padStart(columnWidth)).join('  ')}`,
    );
  }
  lines.push('');
  lines.push(
    `support=Missing: ${summary.missingByCategory.checked} of ${summary.byCategory.checked} claims that cite passages, ${summary.missingByCategory.uncited} of ${summary.byCategory.uncited} claims that cite nothing`,
  );
  lines.push(
    describeMetric('failing flags on cited claims vs support=Missing', summary.citedVsMissing),
  );
  lines.push(describeMetric('uncited_claim vs support=Missing', summary.uncitedVsMissing));
  lines.push(
    describeMetric(
      'failing flags + uncited_claim (requireCitations) vs support=Missing',
      summary.requiredVsMissing,
    ),
  );
  lines.push(
    describeMetric(
      'failing flags on cited claims vs support in {Partial, Incomplete, Missing}',
      summary.citedVsNotComplete,
    ),
  );
  lines.push(
    describeMetric(
      'failing flags + weak_support (failOnWeakSupport) vs support in {Partial, Incomplete, Missing}',
      summary.weakVsNotComplete,
    ),
  );
  return `${lines.join('\n')}\n`;
}

function main(argv: readonly string[]): number {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const path =
    argv[0] !== undefined
      ? resolve(argv[0])
      : resolve(root, '../shared/data/expertqa/domain_test.jsonl');
  if (!existsSync(path)) {
    process.stdout.write(
      `ExpertQA data not found at ${path}; nothing to measure. Pass the path to domain_test.jsonl as the first argument.\n`,
    );
    return 0;
  }
  const { summary } = runExpertQaBench(readFileSync(path, 'utf8').split('\n'));
  process.stdout.write(`source: ${path}\n${formatBenchSummary(summary)}`);
  return 0;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
