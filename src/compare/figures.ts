import { INTERVAL_Z } from '../defaults.js';
import { LINK_BUCKETS, type LinkBucket } from '../types.js';
import { findingCounts } from '../format/counts.js';
import type { CountsJson } from '../format/verdict-schema.js';
import type { Ratio, VendorFigures, VendorRow, VerifierVerdict } from './types.js';

/** `count` out of `total` with its 95% Wilson interval; no rate when there is nothing to divide by. */
export function ratio(count: number, total: number): Ratio {
  if (total === 0) return { count, total, rate: null, low: null, high: null };
  const [low, high] = wilson(count, total);
  return { count, total, rate: count / total, low, high };
}

/**
 * The Wilson score interval of `count` successes in `total` trials (z = `INTERVAL_Z`, 95%):
 * center (p + z²/2n) / (1 + z²/n), half-width z·√(p(1−p)/n + z²/4n²) / (1 + z²/n). Unlike the
 * normal approximation it stays inside [0, 1] and is honest at 0/n and n/n, the small counts a
 * vendor comparison has (0/3 gives 0%–56%).
 */
export function wilson(count: number, total: number, z: number = INTERVAL_Z): [number, number] {
  const p = count / total;
  const z2 = z * z;
  const denominator = 1 + z2 / total;
  const center = (p + z2 / (2 * total)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / denominator;
  return [Math.max(0, center - half), Math.min(1, center + half)];
}

/** Whether two rates differ by no more than noise: their 95% intervals overlap (a rate without a total is no evidence either way). */
export function withinNoise(a: Ratio, b: Ratio): boolean {
  if (a.low === null || a.high === null || b.low === null || b.high === null) return true;
  return a.low <= b.high && b.low <= a.high;
}

/** A verdict with its counts: recorded whole (`counts`), else counted from its lists. */
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

/** The headline's links: invented or broken, not a real site of another jurisdiction. */
const inventedOrBroken = (counts: CountsJson): number =>
  counts.buckets.invented + counts.buckets.broken;

/**
 * One vendor's figures (see `compareVendors`). Every count comes from each verdict's `tally`,
 * which holds the whole answer even when its recorded lists were cut (issue 28: 10,000 harmless
 * links listed before 3,000 invented ones were reported as 0 invented).
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
    inventedOrBroken: ratio(sum(verified, inventedOrBroken), links),
    answersWithInventedOrBroken: ratio(
      verified.filter((entry) => inventedOrBroken(entry.counts) > 0).length,
      verified.length,
    ),
    wrongJurisdiction: wrongJurisdictionRatio(verified),
    phones: sum(verified, (counts) => counts.phones),
    misattributedPhones: verified.reduce((total, entry) => total + entry.verdict.misattributed, 0),
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

/** Wrong-jurisdiction links / links, over the answers checked against a jurisdiction; null when none was. */
function wrongJurisdictionRatio(verified: readonly Tallied[]): Ratio | null {
  const checked = verified.filter((entry) => entry.verdict.jurisdiction !== undefined);
  if (checked.length === 0) return null;
  return ratio(
    sum(checked, (counts) => counts.buckets.wrong_jurisdiction),
    sum(checked, (counts) => counts.links),
  );
}
