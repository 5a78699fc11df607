import { compareStrings } from '../util/strings.js';
import { isFatalBucket } from '../types.js';
import { differs, figuresOf } from './figures.js';
import type {
  AnswerIdentity,
  FlaggedAnswer,
  HeadlineDifference,
  LookalikeLink,
  MisattributedNumber,
  Problem,
  VendorComparison,
  VendorFigures,
  VendorRow,
  VerifierVerdict,
} from './types.js';

/** Rows in eval order (promptfoo writes them as they complete), then by name: a total order. */
export function sortRows(rows: readonly VendorRow[]): VendorRow[] {
  return [...rows].sort(
    (a, b) =>
      a.testIdx - b.testIdx ||
      a.promptIdx - b.promptIdx ||
      compareStrings(a.vendor, b.vendor) ||
      compareStrings(a.test, b.test),
  );
}

/** The vendor comparison over rows; a vendor's rows of several prompts add up. */
export function compareVendors(
  rows: readonly VendorRow[],
  meta: { source: string; mode: VendorComparison['mode'] },
): VendorComparison {
  const sorted = sortRows(rows);
  const vendors = vendorOrder(sorted).map((name) =>
    figuresOf(
      name,
      sorted.filter((row) => row.vendor === name),
    ),
  );
  const failed = failedAnswers(sorted);
  const verified = sorted.filter((row) => row.error === undefined && row.verifier !== undefined);
  return {
    verifierRan: verified.length,
    source: meta.source,
    mode: meta.mode,
    judged: sorted.some((row) => row.judge !== undefined),
    jurisdictionChecked: vendors.some((figures) => figures.wrongJurisdiction !== null),
    chunksChecked: sorted.some((row) => row.error === undefined && row.chunks !== undefined),
    vendors,
    convincingButWrong: failed.filter((entry) => entry.judgePassed === true),
    verifierFailed: failed,
    misattributedNumbers: verified.flatMap(misattributedIn),
    lookalikeLinks: verified.flatMap(lookalikesIn),
    headlineDifferences: headlineDifferences(vendors),
    errors: sorted.flatMap(({ vendor, test, testIdx, promptIdx, error }) =>
      error === undefined ? [] : [{ vendor, test, testIdx, promptIdx, error }],
    ),
  };
}

/** Vendors in the eval's provider order (their first prompt column), then by name. */
function vendorOrder(sorted: readonly VendorRow[]): string[] {
  const firstColumn = new Map<string, number>();
  for (const row of sorted)
    firstColumn.set(row.vendor, Math.min(firstColumn.get(row.vendor) ?? Infinity, row.promptIdx));
  return [...firstColumn.keys()].sort(
    (a, b) => firstColumn.get(a)! - firstColumn.get(b)! || compareStrings(a, b),
  );
}

function failedAnswers(sorted: readonly VendorRow[]): FlaggedAnswer[] {
  const failed: FlaggedAnswer[] = [];
  for (const row of sorted) {
    if (row.error !== undefined || !row.verifier || row.verifier.pass) continue;
    failed.push({
      vendor: row.vendor,
      test: row.test,
      question: row.question ?? null,
      testIdx: row.testIdx,
      promptIdx: row.promptIdx,
      verifierScore: row.verifier.score,
      judgePassed: row.judge ? row.judge.pass : null,
      judgeReasons: row.judge ? row.judge.reasons : [],
      problems: problemsOf(row.verifier),
      answer: row.answer,
    });
  }
  return failed;
}

function misattributedIn(row: VendorRow): MisattributedNumber[] {
  const verdict = row.verifier!;
  return verdict.phones.flatMap((phone) => {
    if (phone.status !== 'misattributed') return [];
    const { raw: text, normalized, organization, reason, start, end } = phone;
    return [{ ...identity(row, verdict.pass), text, normalized, organization, reason, start, end }];
  });
}

function lookalikesIn(row: VendorRow): LookalikeLink[] {
  const verdict = row.verifier!;
  return verdict.links.flatMap((link) => {
    if (link.lookalike_of === undefined) return [];
    const { url: text, bucket, lookalike_of: lookalikeOf, reason, start, end } = link;
    return [{ ...identity(row, verdict.pass), text, bucket, lookalikeOf, reason, start, end }];
  });
}

/** Each pair of vendors with a headline rate: is their difference beyond chance? */
function headlineDifferences(vendors: readonly VendorFigures[]): HeadlineDifference[] {
  const differences: HeadlineDifference[] = [];
  const rated = vendors.filter((figures) => figures.deadEnds.rate !== null);
  for (let i = 0; i < rated.length; i++) {
    for (let j = i + 1; j < rated.length; j++) {
      differences.push({
        a: rated[i]!.vendor,
        b: rated[j]!.vendor,
        ...differs(rated[i]!.deadEnds, rated[j]!.deadEnds),
      });
    }
  }
  return differences;
}
/** Why an answer failed, in text order: fatal links, wrong numbers, else links not listed. */
export function problemsOf(verdict: VerifierVerdict): Problem[] {
  const linkProblem = (link: VerifierVerdict['links'][number]): Problem => {
    const { bucket, url: text, normalized, reason, start, end } = link;
    return { kind: 'link', bucket, text, normalized, reason, start, end };
  };
  const fatal = verdict.links.filter((link) => isFatalBucket(link.bucket)).map(linkProblem);
  const phones = verdict.phones
    .filter((phone) => phone.status === 'misattributed' || phone.status === 'wrong_jurisdiction')
    .map((phone): Problem => {
      const { status, organization, raw: text, normalized, reason, start, end } = phone;
      return { kind: 'phone', status, organization, text, normalized, reason, start, end };
    });
  let problems = [...fatal, ...phones];
  if (problems.length === 0)
    problems = verdict.links.filter((link) => link.bucket !== 'directory').map(linkProblem);
  return problems.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Which answer a listed finding is in, and whether that answer still passed. */
function identity(
  { vendor, test, testIdx, promptIdx }: VendorRow,
  answerPassed: boolean,
): AnswerIdentity {
  return { vendor, test, testIdx, promptIdx, answerPassed };
}
