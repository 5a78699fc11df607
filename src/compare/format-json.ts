import { shownBuckets, shownDeadEnds } from './format-common.js';
import type { Ratio, VendorComparison, VendorFigures } from './types.js';

/** Bumped when a key changes meaning or goes away (adding keys does not bump it). */
export const VENDOR_REPORT_JSON_VERSION = 2;

function ratioJson(ratio: Ratio | null) {
  if (ratio === null) return null;
  return {
    count: ratio.count,
    total: ratio.total,
    rate: ratio.rate,
    interval_95: ratio.low === null || ratio.high === null ? null : [ratio.low, ratio.high],
  };
}

function vendorJson(figures: VendorFigures, comparison: VendorComparison): Record<string, unknown> {
  return {
    vendor: figures.vendor,
    rows: figures.rows,
    answers: figures.answers,
    errors: figures.errors,
    answers_with_dead_end: ratioJson(figures.deadEnds),
    dead_ends: Object.fromEntries(
      shownDeadEnds(comparison).map((kind) => [
        kind,
        {
          answers: ratioJson(figures.deadEndKinds[kind].answers),
          found: figures.deadEndKinds[kind].findings,
        },
      ]),
    ),
    links: figures.links,
    buckets: Object.fromEntries(
      shownBuckets(comparison).map((bucket) => [bucket, ratioJson(figures.buckets[bucket])]),
    ),
    invented_or_broken_links: ratioJson(figures.inventedOrBroken),
    ...(comparison.jurisdictionChecked
      ? { wrong_jurisdiction_links: ratioJson(figures.wrongJurisdiction) }
      : {}),
    answers_with_invented_or_broken_links: ratioJson(figures.answersWithInventedOrBroken),
    phones: figures.phones,
    misattributed_phones: figures.misattributedPhones,
    lookalike_links: figures.lookalikeLinks,
    verifier_pass: ratioJson(figures.verifierPass),
    judge_pass: ratioJson(figures.judgePass),
    convincing_but_wrong: ratioJson(figures.convincingButWrong),
  };
}

/** A listing as JSON: each record as it is, its keys in snake_case (`testIdx` → `test_idx`). */
function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      snakeKeys(entry),
    ]),
  );
}

/** The comparison as JSON: a rate is `{count, total, rate, interval_95}`; spans in UTF-16 units. */
export function comparisonToJson(comparison: VendorComparison): Record<string, unknown> {
  return {
    report: 'citation-verifier vendor comparison',
    version: VENDOR_REPORT_JSON_VERSION,
    source: comparison.source,
    mode: comparison.mode,
    judged: comparison.judged,
    jurisdiction_checked: comparison.jurisdictionChecked,
    chunks_checked: comparison.chunksChecked,
    vendors: comparison.vendors.map((figures) => vendorJson(figures, comparison)),
    convincing_but_wrong: snakeKeys(comparison.convincingButWrong),
    verifier_failed: snakeKeys(comparison.verifierFailed),
    misattributed_numbers: snakeKeys(comparison.misattributedNumbers),
    lookalike_links: snakeKeys(comparison.lookalikeLinks),
    headline_differences: snakeKeys(comparison.headlineDifferences),
    errors: snakeKeys(comparison.errors),
  };
}
