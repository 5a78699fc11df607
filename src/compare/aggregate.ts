import { compareStrings } from '../util/strings.js';
import { isFatalBucket, LINK_BUCKETS, type LinkBucket } from '../types.js';
import type { FlaggedAnswer, Problem, Ratio, VendorComparison, VendorFigures, VendorRow, VerifierVerdict } from './types.js';

/** `count` out of `total`, with no rate when there is nothing to divide by. */
export function ratio(count: number, total: number): Ratio {
  return { count, total, rate: total === 0 ? null : count / total };
}

/**
 * Rows in eval order: test, then prompt column (promptfoo writes rows in completion order, which
 * changes from run to run), then vendor name as the last tie-break so the order is total.
 */
export function sortRows(rows: readonly VendorRow[]): VendorRow[] {
  return [...rows].sort((a, b) => a.testIdx - b.testIdx || a.promptIdx - b.promptIdx || compareStrings(a.vendor, b.vendor) || compareStrings(a.test, b.test));
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
export function compareVendors(rows: readonly VendorRow[], meta: { source: string; mode: VendorComparison['mode'] }): VendorComparison {
  const sorted = sortRows(rows);
  const firstColumn = new Map<string, number>();
  for (const row of sorted) firstColumn.set(row.vendor, Math.min(firstColumn.get(row.vendor) ?? Infinity, row.promptIdx));
  const names = [...firstColumn.keys()].sort((a, b) => firstColumn.get(a)! - firstColumn.get(b)! || compareStrings(a, b));

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

  return {
    source: meta.source,
    mode: meta.mode,
    judged: sorted.some((row) => row.judge !== undefined),
    vendors: names.map((name) => figuresOf(name, sorted.filter((row) => row.vendor === name))),
    convincingButWrong: failed.filter((entry) => entry.judgePassed === true),
    verifierFailed: failed,
    errors: sorted.flatMap((row) => (row.error === undefined ? [] : [{ vendor: row.vendor, test: row.test, testIdx: row.testIdx, promptIdx: row.promptIdx, error: row.error }])),
  };
}

function figuresOf(vendor: string, rows: readonly VendorRow[]): VendorFigures {
  const graded = rows.filter((row) => row.error === undefined);
  const verified = graded.flatMap((row) => (row.verifier ? [row.verifier] : []));
  const judged = graded.filter((row) => row.judge !== undefined);
  const links = verified.flatMap((verdict) => verdict.links);
  const bucketCount = (bucket: LinkBucket) => links.filter((link) => link.bucket === bucket).length;
  const buckets = Object.fromEntries(LINK_BUCKETS.map((bucket) => [bucket, ratio(bucketCount(bucket), links.length)])) as Record<LinkBucket, Ratio>;
  const bothGraded = judged.filter((row) => row.verifier !== undefined);
  return {
    vendor,
    rows: rows.length,
    answers: graded.length,
    errors: rows.length - graded.length,
    links: links.length,
    buckets,
    inventedOrBroken: ratio(links.filter((link) => isFatalBucket(link.bucket)).length, links.length),
    answersWithInventedOrBroken: ratio(verified.filter((verdict) => verdict.links.some((link) => isFatalBucket(link.bucket))).length, verified.length),
    phones: verified.reduce((sum, verdict) => sum + verdict.phones.length, 0),
    misattributedPhones: verified.reduce((sum, verdict) => sum + verdict.misattributed, 0),
    verifierPass: ratio(verified.filter((verdict) => verdict.pass).length, verified.length),
    judgePass: judged.length === 0 ? null : ratio(judged.filter((row) => row.judge!.pass).length, judged.length),
    convincingButWrong: judged.length === 0 ? null : ratio(bothGraded.filter((row) => row.judge!.pass && !row.verifier!.pass).length, bothGraded.length),
  };
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
    .filter((phone) => phone.status === 'misattributed')
    .map((phone) => ({ kind: 'phone', text: phone.raw, normalized: phone.normalized, status: phone.status, organization: phone.organization, reason: phone.reason, start: phone.start, end: phone.end }));
  let problems = [...fatal, ...phones];
  if (problems.length === 0) problems = verdict.links.filter((link) => link.bucket !== 'directory').map(linkProblem);
  return problems.sort((a, b) => a.start - b.start || a.end - b.end);
}
