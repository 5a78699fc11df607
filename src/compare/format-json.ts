import { shownBuckets, shownDeadEnds } from './format-common.js';
import type { FlaggedAnswer, Problem, Ratio, VendorComparison, VendorFigures } from './types.js';

/** Bumped when a key changes meaning or goes away (adding keys does not bump it). */
export const VENDOR_REPORT_JSON_VERSION = 2;

function ratioJson(ratio: Ratio | null): {
  count: number;
  total: number;
  rate: number | null;
  interval_95: [number, number] | null;
} | null {
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
      ? {
          wrong_jurisdiction_links:
            figures.wrongJurisdiction === null ? null : ratioJson(figures.wrongJurisdiction),
        }
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

function problemJson(problem: Problem): Record<string, unknown> {
  const common = {
    text: problem.text,
    normalized: problem.normalized,
    reason: problem.reason,
    start: problem.start,
    end: problem.end,
  };
  return problem.kind === 'link'
    ? { kind: 'link', bucket: problem.bucket, ...common }
    : { kind: 'phone', status: problem.status, organization: problem.organization, ...common };
}

function answerJson(answer: FlaggedAnswer): Record<string, unknown> {
  return {
    vendor: answer.vendor,
    test: answer.test,
    question: answer.question ?? null,
    test_idx: answer.testIdx,
    prompt_idx: answer.promptIdx,
    verifier_score: answer.verifierScore,
    judge_passed: answer.judgePassed,
    judge_reasons: answer.judgeReasons,
    problems: answer.problems.map(problemJson),
    answer: answer.answer,
  };
}

/**
 * The comparison as a JSON document for other tools. Every rate is `{count, total, rate,
 * interval_95}` with `rate` a fraction from 0 to 1 and `interval_95` its Wilson interval
 * `[low, high]`, both `null` when `total` is 0; a figure that does not apply (judge
 * figures with no judge) is `null` as a whole. Spans (`start`, `end`) index the `answer` string in
 * UTF-16 code units, as JavaScript strings do.
 */
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
    convincing_but_wrong: comparison.convincingButWrong.map(answerJson),
    verifier_failed: comparison.verifierFailed.map(answerJson),
    misattributed_numbers: comparison.misattributedNumbers.map((number) => ({
      vendor: number.vendor,
      test: number.test,
      test_idx: number.testIdx,
      prompt_idx: number.promptIdx,
      answer_passed: number.answerPassed,
      text: number.text,
      normalized: number.normalized,
      organization: number.organization,
      reason: number.reason,
      start: number.start,
      end: number.end,
    })),
    lookalike_links: comparison.lookalikeLinks.map((link) => ({
      vendor: link.vendor,
      test: link.test,
      test_idx: link.testIdx,
      prompt_idx: link.promptIdx,
      answer_passed: link.answerPassed,
      text: link.text,
      bucket: link.bucket,
      lookalike_of: link.lookalikeOf,
      reason: link.reason,
      start: link.start,
      end: link.end,
    })),
    headline_differences: comparison.headlineDifferences.map((difference) => ({
      a: difference.a,
      b: difference.b,
      beyond_noise: difference.beyondNoise,
      p_value: difference.p,
    })),
    errors: comparison.errors.map((error) => ({
      vendor: error.vendor,
      test: error.test,
      test_idx: error.testIdx,
      prompt_idx: error.promptIdx,
      error: error.error,
    })),
  };
}
