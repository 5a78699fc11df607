import { compareStrings } from '../util/strings.js';
import { INTERVAL_Z } from '../defaults.js';
import { isFatalBucket, LINK_BUCKETS, type LinkBucket } from '../types.js';
import type {
  AnswerIdentity,
  FlaggedAnswer,
  HeadlineDifference,
  LookalikeLink,
  MisattributedNumber,
  Problem,
  Ratio,
  VendorComparison,
  VendorFigures,
  VendorRow,
  VerifierVerdict,
} from './types.js';

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

/**
 * Rows in eval order: test, then prompt column (promptfoo writes rows in completion order, which
 * changes from run to run), then vendor name as the last tie-break so the order is total.
 */
export function sortRows(rows: readonly VendorRow[]): VendorRow[] {
  return [...rows].sort(
    (a, b) =>
      a.testIdx - b.testIdx ||
      a.promptIdx - b.promptIdx ||
      compareStrings(a.vendor, b.vendor) ||
      compareStrings(a.test, b.test),
  );
}

/**
 * The vendor comparison over rows. Pure. Per vendor (a provider label, else id; rows of several
 * prompts for one vendor add up):
 * - `rows`, `errors` (rows that errored: neither pass nor fail anywhere below), `answers` = rows − errors;
 * - `links`: distinct links per answer, summed; `buckets`: each bucket's count as a share of `links`;
 * - `inventedOrBroken` (the headline): (invented + broken) / links; `answersWithInventedOrBroken`;
 * - `phones`, `misattributedPhones`: distinct numbers, and those given for the wrong organization;
 * - `verifierPass`: passes / answers the verifier graded;
 * - `judgePass`: passes / answers a model-graded assertion graded (`null` when none ran for the vendor);
 * - `convincingButWrong`: answers the judge passed and the verifier failed / answers both graded.
 * Vendors come in the eval's provider order (their first prompt column), then by name.
 */
export function compareVendors(
  rows: readonly VendorRow[],
  meta: { source: string; mode: VendorComparison['mode'] },
): VendorComparison {
  const sorted = sortRows(rows);
  const firstColumn = new Map<string, number>();
  for (const row of sorted)
    firstColumn.set(row.vendor, Math.min(firstColumn.get(row.vendor) ?? Infinity, row.promptIdx));
  const names = [...firstColumn.keys()].sort(
    (a, b) => firstColumn.get(a)! - firstColumn.get(b)! || compareStrings(a, b),
  );

  const failed: FlaggedAnswer[] = [];
  for (const row of sorted) {
    if (row.error !== undefined || !row.verifier || row.verifier.pass) continue;
    const entry: FlaggedAnswer = {
      vendor: row.vendor,
      test: row.test,
      testIdx: row.testIdx,
      promptIdx: row.promptIdx,
      answer: row.answer,
      verifierScore: row.verifier.score,
      judgePassed: row.judge ? row.judge.pass : null,
      judgeReasons: row.judge ? row.judge.reasons : [],
      problems: problemsOf(row.verifier),
    };
    if (row.question !== undefined) entry.question = row.question;
    failed.push(entry);
  }

  const misattributedNumbers: MisattributedNumber[] = [];
  for (const row of sorted) {
    if (row.error !== undefined || !row.verifier) continue;
    for (const phone of row.verifier.phones) {
      if (phone.status !== 'misattributed') continue;
      const { raw: text, normalized, organization, reason, start, end } = phone;
      misattributedNumbers.push({
        ...identity(row, row.verifier.pass),
        text,
        normalized,
        organization,
        reason,
        start,
        end,
      });
    }
  }
  const lookalikeLinks: LookalikeLink[] = [];
  for (const row of sorted) {
    if (row.error !== undefined || !row.verifier) continue;
    for (const link of row.verifier.links) {
      if (link.lookalike_of === undefined) continue;
      const { url: text, bucket, lookalike_of: lookalikeOf, reason, start, end } = link;
      lookalikeLinks.push({
        ...identity(row, row.verifier.pass),
        text,
        bucket,
        lookalikeOf,
        reason,
        start,
        end,
      });
    }
  }
  const vendors = names.map((name) =>
    figuresOf(
      name,
      sorted.filter((row) => row.vendor === name),
    ),
  );
  const headlineDifferences: HeadlineDifference[] = [];
  const rated = vendors.filter((figures) => figures.inventedOrBroken.rate !== null);
  for (let i = 0; i < rated.length; i++) {
    for (let j = i + 1; j < rated.length; j++) {
      headlineDifferences.push({
        a: rated[i]!.vendor,
        b: rated[j]!.vendor,
        withinNoise: withinNoise(rated[i]!.inventedOrBroken, rated[j]!.inventedOrBroken),
      });
    }
  }

  return {
    verifierRan: sorted.filter((row) => row.error === undefined && row.verifier).length,
    source: meta.source,
    mode: meta.mode,
    judged: sorted.some((row) => row.judge !== undefined),
    jurisdictionChecked: vendors.some((figures) => figures.wrongJurisdiction !== null),
    vendors,
    convincingButWrong: failed.filter((entry) => entry.judgePassed === true),
    verifierFailed: failed,
    misattributedNumbers,
    lookalikeLinks,
    headlineDifferences,
    errors: sorted.flatMap((row) =>
      row.error === undefined
        ? []
        : [
            {
              vendor: row.vendor,
              test: row.test,
              testIdx: row.testIdx,
              promptIdx: row.promptIdx,
              error: row.error,
            },
          ],
    ),
  };
}

function figuresOf(vendor: string, rows: readonly VendorRow[]): VendorFigures {
  const graded = rows.filter((row) => row.error === undefined);
  const verified = graded.flatMap((row) => (row.verifier ? [row.verifier] : []));
  const judged = graded.filter((row) => row.judge !== undefined);
  const links = verified.flatMap((verdict) => verdict.links);
  const bucketCount = (bucket: LinkBucket) => links.filter((link) => link.bucket === bucket).length;
  const buckets = Object.fromEntries(
    LINK_BUCKETS.map((bucket) => [bucket, ratio(bucketCount(bucket), links.length)]),
  ) as Record<LinkBucket, Ratio>;
  const bothGraded = judged.filter((row) => row.verifier !== undefined);
  return {
    vendor,
    rows: rows.length,
    answers: graded.length,
    errors: rows.length - graded.length,
    links: links.length,
    buckets,
    inventedOrBroken: ratio(links.filter(inventedOrBroken).length, links.length),
    answersWithInventedOrBroken: ratio(
      verified.filter((verdict) => verdict.links.some(inventedOrBroken)).length,
      verified.length,
    ),
    wrongJurisdiction: wrongJurisdictionRatio(verified),
    phones: verified.reduce((sum, verdict) => sum + verdict.phones.length, 0),
    misattributedPhones: verified.reduce((sum, verdict) => sum + verdict.misattributed, 0),
    lookalikeLinks: links.filter((link) => link.lookalike_of !== undefined).length,
    verifierPass: ratio(verified.filter((verdict) => verdict.pass).length, verified.length),
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

/** The headline's links: invented or broken, not a real site of another jurisdiction. */
function inventedOrBroken(link: { bucket: LinkBucket }): boolean {
  return link.bucket === 'invented' || link.bucket === 'broken';
}

/** Wrong-jurisdiction links / links, over the answers checked against a jurisdiction; null when none was. */
function wrongJurisdictionRatio(verified: readonly VerifierVerdict[]): Ratio | null {
  const checked = verified.filter((verdict) => verdict.jurisdiction !== undefined);
  if (checked.length === 0) return null;
  const links = checked.flatMap((verdict) => verdict.links);
  return ratio(links.filter((link) => link.bucket === 'wrong_jurisdiction').length, links.length);
}

/**
 * Why a failed answer failed, in text order: its invented or broken links and its misattributed
 * numbers. An answer can also fail on score alone (links outside the directory pulling the mean
 * under the threshold); then the links that are not in the directory are the problem.
 */
export function problemsOf(verdict: VerifierVerdict): Problem[] {
  const linkProblem = (link: VerifierVerdict['links'][number]): Problem => ({
    kind: 'link',
    text: link.url,
    normalized: link.normalized,
    bucket: link.bucket,
    reason: link.reason,
    start: link.start,
    end: link.end,
  });
  const fatal = verdict.links.filter((link) => isFatalBucket(link.bucket)).map(linkProblem);
  const phones: Problem[] = verdict.phones
    .filter((phone) => phone.status === 'misattributed' || phone.status === 'wrong_jurisdiction')
    .map((phone) => ({
      kind: 'phone',
      text: phone.raw,
      normalized: phone.normalized,
      status: phone.status,
      organization: phone.organization,
      reason: phone.reason,
      start: phone.start,
      end: phone.end,
    }));
  let problems = [...fatal, ...phones];
  if (problems.length === 0)
    problems = verdict.links.filter((link) => link.bucket !== 'directory').map(linkProblem);
  return problems.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Which answer a listed finding is in, and whether that answer still passed. */
function identity(row: VendorRow, answerPassed: boolean): AnswerIdentity {
  return {
    vendor: row.vendor,
    test: row.test,
    testIdx: row.testIdx,
    promptIdx: row.promptIdx,
    answerPassed,
  };
}
