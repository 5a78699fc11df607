import type { RecordedVerdict } from '../format/verdict-schema.js';
import type { LinkBucket, PhoneStatus } from '../types.js';

/** The verifier's verdict on one answer: the verdict JSON; `counts` whole when lists were cut. */
export type VerifierVerdict = RecordedVerdict;

/** What the model-graded assertions (the judge) said about one answer, in assertion order. */
export interface JudgeVerdict {
  /** Every model-graded assertion on the row passed. */
  pass: boolean;
  reasons: string[];
  /** `llm-rubric`, `g-eval`, … */
  types: string[];
}

/** One answer from one vendor to one test, from a promptfoo results file or verified here. */
export interface VendorRow {
  /** The provider's label, else its id. */
  vendor: string;
  /** The test's `id` variable, else its description, else `test N`. */
  test: string;
  question?: string;
  /** Rows are listed in test order, then prompt (column) order. */
  testIdx: number;
  promptIdx: number;
  answer: string;
  /** Set when the row errored: neither a pass nor a fail. */
  error?: string;
  verifier?: VerifierVerdict;
  judge?: JudgeVerdict;
  /** The chunk check's claims that fail the answer, when it ran. */
  chunks?: { failures: number };
}

/** The kinds of dead end: findings proved to send a person somewhere wrong. */
export const DEAD_END_KINDS = [
  'invented_or_broken_link',
  'misattributed_number',
  'wrong_state',
  'unsupported_claim',
] as const;
export type DeadEndKind = (typeof DEAD_END_KINDS)[number];

/** One kind of dead end in one vendor's answers: the answers with one, and how many were found. */
export interface DeadEndCount {
  answers: Ratio;
  findings: number;
}

/**
 * A count out of a total; `rate` is `null` when the total is 0 (shown as "—", never 0%).
 * `low`–`high` is its 95% Wilson interval: with 4 answers, 1/4 is anywhere from 5% to 70%.
 */
export interface Ratio {
  count: number;
  total: number;
  rate: number | null;
  low: number | null;
  high: number | null;
}

/** The answer a listed finding stands in, and whether it passed the verifier. */
export interface AnswerIdentity
  extends Pick<VendorRow, 'vendor' | 'test' | 'testIdx' | 'promptIdx'> {
  answerPassed: boolean;
}

/** A finding as the listings show it: as written, normalized, why, and its span. */
interface ListedFinding {
  text: string;
  normalized: string;
  reason: string;
  start: number;
  end: number;
}

/** One link whose host resembles a directory domain, in any answer. */
export interface LookalikeLink extends AnswerIdentity, Omit<ListedFinding, 'normalized'> {
  bucket: LinkBucket;
  lookalikeOf: string;
}

/** One number given for the wrong organization, in any answer. */
export interface MisattributedNumber extends AnswerIdentity, ListedFinding {
  organization: string | null;
}

/** Whether two vendors' headline rates differ beyond chance (`differs`), with Fisher's p-value. */
export interface HeadlineDifference {
  a: string;
  b: string;
  beyondNoise: boolean;
  pValue: number;
}

/** A link or number that made a convincing-but-wrong answer wrong. */
export type Problem = ListedFinding &
  (
    | { kind: 'link'; bucket: LinkBucket }
    | { kind: 'phone'; status: PhoneStatus; organization: string | null }
  );

/** An answer the verifier failed, with what made it fail and what the judge said of it. */
export interface FlaggedAnswer
  extends Pick<VendorRow, 'vendor' | 'test' | 'testIdx' | 'promptIdx' | 'answer'> {
  question: string | null;
  verifierScore: number;
  /** `null` when no model-graded assertion ran on the row. */
  judgePassed: boolean | null;
  judgeReasons: string[];
  /** In text order, as `problemsOf` gives them. */
  problems: Problem[];
}

/** The figures for one vendor; link and phone counts are summed over its graded answers. */
export interface VendorFigures {
  vendor: string;
  /** Every row of this vendor, errored or not. */
  rows: number;
  /** rows − errors. */
  answers: number;
  /** Rows that errored: never passes or fails. */
  errors: number;
  links: number;
  buckets: Record<LinkBucket, Ratio>;
  /** The headline: answers with a dead end out of answers checked (by the verifier or chunks). */
  deadEnds: Ratio;
  deadEndKinds: Record<DeadEndKind, DeadEndCount>;
  /** (invented + broken) / links. */
  inventedOrBroken: Ratio;
  answersWithInventedOrBroken: Ratio;
  /** Out of the links of answers checked against a jurisdiction; `null` when none was. */
  wrongJurisdiction: Ratio | null;
  phones: number;
  misattributedPhones: number;
  /** Invented or not. */
  lookalikeLinks: number;
  verifierPass: Ratio;
  /** `null` when no judge ran for this vendor, as `convincingButWrong` is. */
  judgePass: Ratio | null;
  /** Answers the judge passed and the verifier failed, out of answers both graded. */
  convincingButWrong: Ratio | null;
}

/**
 * The whole comparison. Its listings go to JSON as they are, in snake_case (`comparisonToJson`):
 * a field added to one is published. Listings are in test order, then vendor order.
 */
export interface VendorComparison {
  /** Where the rows came from (a path as given). */
  source: string;
  /** `answers` when the report verified a JSONL itself. */
  mode: 'promptfoo' | 'answers';
  /** Rows the verifier graded: 0 for an eval without the verifier's assertion. */
  verifierRan: number;
  /** Formats leave judge columns out when no row had a judge, and likewise below. */
  judged: boolean;
  jurisdictionChecked: boolean;
  chunksChecked: boolean;
  /** In the eval's provider order. */
  vendors: VendorFigures[];
  /** The answers the judge passed and the verifier failed. */
  convincingButWrong: FlaggedAnswer[];
  verifierFailed: FlaggedAnswer[];
  /** In passing and failing answers, as `lookalikeLinks` are. */
  misattributedNumbers: MisattributedNumber[];
  lookalikeLinks: LookalikeLink[];
  /** Each pair of vendors with a headline rate, in vendor order. */
  headlineDifferences: HeadlineDifference[];
  errors: Array<Pick<VendorRow, 'vendor' | 'test' | 'testIdx' | 'promptIdx'> & { error: string }>;
}
