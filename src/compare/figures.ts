import { DIFFERENCE_ALPHA, INTERVAL_Z } from '../defaults.js';
import { LINK_BUCKETS, type LinkBucket } from '../types.js';
import { findingCounts } from '../format/formatters.js';
import type { CountsJson } from '../format/verdict-schema.js';
import {
  DEAD_END_KINDS,
  type DeadEndCount,
  type DeadEndKind,
  type Ratio,
  type VendorFigures,
  type VendorRow,
  type VerifierVerdict,
} from './types.js';

/** `count` out of `total` with its 95% Wilson interval; no rate with nothing to divide by. */
export function ratio(count: number, total: number): Ratio {
  if (total === 0) return { count, total, rate: null, low: null, high: null };
  const [low, high] = wilson(count, total);
  return { count, total, rate: count / total, low, high };
}

/**
 * The Wilson score interval of `count` in `total`: unlike the normal approximation it stays in
 * [0, 1] and is honest at the small counts a vendor comparison has (0/3 gives 0%–56%).
 */
export function wilson(count: number, total: number, z: number = INTERVAL_Z): [number, number] {
  const p = count / total;
  const z2 = z * z;
  const denominator = 1 + z2 / total;
  const center = (p + z2 / (2 * total)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / denominator;
  return [Math.max(0, center - half), Math.min(1, center + half)];
}

/**
 * The two-sided p-value of Fisher's exact test on two rates, exact at the handful of answers a
 * vendor trial has: the hypergeometric probabilities no larger than the observed one, summed.
 */
export function fisherExact(a: Ratio, b: Ratio): number {
  const total = a.total + b.total;
  const hits = a.count + b.count;
  if (a.total === 0 || b.total === 0 || hits === 0 || hits === total) return 1;
  const logFactorial = [0];
  for (let n = 1; n <= total; n++) logFactorial.push(logFactorial[n - 1]! + Math.log(n));
  const logChoose = (n: number, k: number): number =>
    logFactorial[n]! - logFactorial[k]! - logFactorial[n - k]!;
  const probability = (k: number): number =>
    Math.exp(logChoose(a.total, k) + logChoose(b.total, hits - k) - logChoose(total, hits));
  const observed = probability(a.count);
  let p = 0;
  for (let k = Math.max(0, hits - b.total); k <= Math.min(a.total, hits); k++) {
    const chance = probability(k);
    if (chance <= observed * (1 + 1e-7)) p += chance;
  }
  return Math.min(1, p);
}

/** Whether two rates differ: Fisher's p below `DIFFERENCE_ALPHA`, or 95% intervals apart. */
export function differs(a: Ratio, b: Ratio): { beyondNoise: boolean; pValue: number } {
  if (a.low === null || a.high === null || b.low === null || b.high === null)
    return { beyondNoise: false, pValue: 1 };
  const pValue = fisherExact(a, b);
  const apart = a.high < b.low || b.high < a.low;
  return { beyondNoise: apart || pValue < DIFFERENCE_ALPHA, pValue };
}

interface Tallied {
  verdict: VerifierVerdict;
  counts: CountsJson;
}

/** The counts of a verdict: recorded when its lists were cut, else counted from the lists. */
export function tally(verdict: VerifierVerdict): CountsJson {
  return (
    verdict.counts ??
    findingCounts(
      verdict.links.map((link) => ({ bucket: link.bucket, lookalike: link.lookalike_of })),
      verdict.phones.length,
    )
  );
}

const sum = (tallied: readonly Tallied[], of: (counts: CountsJson) => number): number =>
  tallied.reduce((total, entry) => total + of(entry.counts), 0);

/** The headline's links: not a real site of another jurisdiction. */
const inventedOrBroken = (counts: CountsJson): number =>
  counts.buckets.invented + counts.buckets.broken;

/**
 * One vendor's figures, every count from each verdict's `tally`, whole even when its lists were
 * cut (10,000 harmless links listed before 3,000 invented ones were reported as 0 invented).
 */
export function figuresOf(vendor: string, rows: readonly VendorRow[]): VendorFigures {
  const graded = rows.filter((row) => row.error === undefined);
  const verified: Tallied[] = graded.flatMap((row) =>
    row.verifier ? [{ verdict: row.verifier, counts: tally(row.verifier) }] : [],
  );
  const judged = graded.filter((row) => row.judge !== undefined);
  const links = sum(verified, (counts) => counts.links);
  const buckets = Object.fromEntries(
    LINK_BUCKETS.map((bucket) => [
      bucket,
      ratio(
        sum(verified, (counts) => counts.buckets[bucket]),
        links,
      ),
    ]),
  ) as Record<LinkBucket, Ratio>;
  const bothGraded = judged.filter((row) => row.verifier !== undefined);
  return {
    vendor,
    rows: rows.length,
    answers: graded.length,
    errors: rows.length - graded.length,
    links,
    buckets,
    ...deadEndFigures(graded),
    inventedOrBroken: ratio(sum(verified, inventedOrBroken), links),
    answersWithInventedOrBroken: ratio(
      verified.filter((entry) => inventedOrBroken(entry.counts) > 0).length,
      verified.length,
    ),
    wrongJurisdiction: wrongJurisdictionRatio(verified),
    phones: sum(verified, (counts) => counts.phones),
    misattributedPhones: verified.reduce(
      (total, entry) => total + entry.verdict.misattributed_phones,
      0,
    ),
    lookalikeLinks: sum(verified, (counts) => counts.lookalike_links),
    verifierPass: ratio(verified.filter((entry) => entry.verdict.pass).length, verified.length),
    judgePass:
      judged.length === 0
        ? null
        : ratio(judged.filter((row) => row.judge!.pass).length, judged.length),
    convincingButWrong:
      judged.length === 0
        ? null
        : ratio(
            bothGraded.filter((row) => row.judge!.pass && !row.verifier!.pass).length,
            bothGraded.length,
          ),
  };
}

/** Wrong-jurisdiction links / links, over the answers checked against a jurisdiction. */
function wrongJurisdictionRatio(verified: readonly Tallied[]): Ratio | null {
  const checked = verified.filter((entry) => entry.verdict.jurisdiction !== undefined);
  if (checked.length === 0) return null;
  return ratio(
    sum(checked, (counts) => counts.buckets.wrong_jurisdiction),
    sum(checked, (counts) => counts.links),
  );
}

function deadEndsOf(row: VendorRow): Record<DeadEndKind, number> {
  const verdict = row.verifier;
  const counts = verdict ? tally(verdict) : undefined;
  return {
    invented_or_broken_link: counts ? inventedOrBroken(counts) : 0,
    misattributed_number: verdict?.misattributed_phones ?? 0,
    wrong_state: verdict && counts ? counts.buckets.wrong_jurisdiction + wrongPhones(verdict) : 0,
    unsupported_claim: row.chunks?.failures ?? 0,
  };
}

/** Distinct numbers of organizations of other states: as recorded, else counted from the list. */
function wrongPhones(verdict: VerifierVerdict): number {
  if (verdict.wrong_jurisdiction_phones !== undefined) return verdict.wrong_jurisdiction_phones;
  const wrong = verdict.phones.filter((phone) => phone.status === 'wrong_jurisdiction');
  return new Set(wrong.map((phone) => phone.normalized)).size;
}

/** The headline, over the answers some check graded, and each kind of dead end. */
function deadEndFigures(
  graded: readonly VendorRow[],
): Pick<VendorFigures, 'deadEnds' | 'deadEndKinds'> {
  const found = graded
    .filter((row) => row.verifier !== undefined || row.chunks !== undefined)
    .map(deadEndsOf);
  const answersWith = (has: (kinds: Record<DeadEndKind, number>) => boolean): Ratio =>
    ratio(found.filter(has).length, found.length);
  return {
    deadEnds: answersWith((kinds) => DEAD_END_KINDS.some((kind) => kinds[kind] > 0)),
    deadEndKinds: Object.fromEntries(
      DEAD_END_KINDS.map((kind) => [
        kind,
        {
          answers: answersWith((kinds) => kinds[kind] > 0),
          findings: found.reduce((total, kinds) => total + kinds[kind], 0),
        },
      ]),
    ) as Record<DeadEndKind, DeadEndCount>,
  };
}
