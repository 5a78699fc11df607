import type { RecordedVerdict } from '../format/verdict-schema.js';
import type { LinkBucket, PhoneStatus } from '../types.js';

/**
 * The plain data the vendor comparison works on. A row is one answer from one vendor to one test,
 * already reduced to what the comparison needs, whichever way it was obtained (a promptfoo results
 * file, or a JSONL of answers verified here). Aggregation and formatting are pure functions of it.
 */

/**
 * The verifier's verdict on one answer, with every finding (spans into `VendorRow.answer`): the
 * verdict JSON's own type, so a verdict read from a results file and one verified here
 * (`verdictOf`) are the same shape. When its lists were cut (a recorded verdict lists at most
 * `LISTED_FINDINGS.json` of each), `counts` counts the whole answer; else `tally` counts the lists.
 */
export type VerifierVerdict = RecordedVerdict;

/** What the model-graded assertions (the judge) said about one answer. */
export interface JudgeVerdict {
  /** Every model-graded assertion on the row passed. */
  pass: boolean;
  /** Their reasons, in assertion order. */
  reasons: string[];
  /** Their assertion types (`llm-rubric`, `g-eval`, …). */
  types: string[];
}

/** One answer from one vendor. */
export interface VendorRow {
  /** The provider's label, else its id. */
  vendor: string;
  /** The test's `id` variable, else its description, else `test N`. */
  test: string;
  /** The question or prompt, when known (for the convincing-but-wrong listing). */
  question?: string;
  /** Order in the eval: rows are compared and listed in test order, then prompt (column) order. */
  testIdx: number;
  promptIdx: number;
  /** The answer text the verifier read (the spans of the findings point into it). */
  answer: string;
  /** Set when the row errored (the provider failed, the grader crashed): neither a pass nor a fail. */
  error?: string;
  /** Absent when no verifier result exists for the row (an errored row, or a config without it). */
  verifier?: VerifierVerdict;
  /** Absent when no model-graded assertion ran on the row. */
  judge?: JudgeVerdict;
  /** The chunk check's verdict, when it ran on the row: its claims that fail the answer. */
  chunks?: { failures: number };
}

/**
 * The kinds of dead end, each a finding that would send a person somewhere wrong: a link that does
 * not exist or is not a real public resource, a number that reaches another organization, a
 * resource of another state (with a jurisdiction), a claim its cited source does not hold (when the
 * chunk check ran). Unproven lookalikes and unverified links are not dead ends: nothing proved them wrong.
 */
export const DEAD_END_KINDS = [
  'invented_or_broken_link',
  'misattributed_number',
  'wrong_state',
  'unsupported_claim',
] as const;
export type DeadEndKind = (typeof DEAD_END_KINDS)[number];

/** One kind of dead end in one vendor's answers: the answers with one (over answers checked) and how many were found. */
export interface DeadEndCount {
  answers: Ratio;
  findings: number;
}

/**
 * A count out of a total; `rate` is `null` when the total is 0 (shown as "—", never as 0%).
 * `low`–`high` is its 95% Wilson score interval (`null` with the rate): with 4 answers, 1/4 is
 * anywhere from 5% to 70%, and a report must say so.
 */
export interface Ratio {
  count: number;
  total: number;
  rate: number | null;
  low: number | null;
  high: number | null;
}

/** The answer a listed finding stands in, taken from its `VendorRow`, and whether it passed. */
export interface AnswerIdentity
  extends Pick<VendorRow, 'vendor' | 'test' | 'testIdx' | 'promptIdx'> {
  /** Whether the answer still passed the verifier (a pass hides it from the failed listing). */
  answerPassed: boolean;
}

/** A finding as the listings show it: as written in the answer, normalized, why, and its span there. */
interface ListedFinding {
  text: string;
  normalized: string;
  reason: string;
  start: number;
  end: number;
}

/** One link whose host resembles a directory domain (`lookalikeOf`), in any answer, passed or failed. */
export interface LookalikeLink extends AnswerIdentity, Omit<ListedFinding, 'normalized'> {
  bucket: LinkBucket;
  lookalikeOf: string;
}

/** One number given for the wrong organization, in any answer, passed or failed. */
export interface MisattributedNumber extends AnswerIdentity, ListedFinding {
  organization: string | null;
}

/**
 * Two vendors' headline rates side by side: whether the difference is beyond chance (Fisher's
 * exact test below `DIFFERENCE_ALPHA`, or 95% intervals apart), with the test's p-value.
 */
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
  /** The question asked; `null` when the row gave none. */
  question: string | null;
  verifierScore: number;
  /** The judge's verdict; `null` when no model-graded assertion ran on the row. */
  judgePassed: boolean | null;
  /** The judge's reasons (empty when no judge ran). */
  judgeReasons: string[];
  /**
   * The offending findings, in text order: invented or broken links and misattributed numbers; when
   * the answer failed on score alone, the links that pulled the score down (not in the directory).
   */
  problems: Problem[];
}

/** The figures for one vendor. */
export interface VendorFigures {
  vendor: string;
  /** Every row of this vendor, errored or not. */
  rows: number;
  /** Rows that produced an answer that was graded (rows − errors). */
  answers: number;
  /** Rows that errored in promptfoo: counted here, never as passes or fails. */
  errors: number;
  /** Distinct links cited, summed over answers the verifier graded. */
  links: number;
  /** Links in each bucket, as a share of `links`. */
  buckets: Record<LinkBucket, Ratio>;
  /**
   * The headline: answers with at least one dead end (`DEAD_END_KINDS`) out of answers checked
   * (graded by the verifier or the chunk check).
   */
  deadEnds: Ratio;
  /** Each kind of dead end (`wrong_state` counts only with a jurisdiction, `unsupported_claim` only with the chunk check). */
  deadEndKinds: Record<DeadEndKind, DeadEndCount>;
  /** (invented + broken) / links: how often a link this vendor cites does not exist. */
  inventedOrBroken: Ratio;
  /** Answers with at least one invented or broken link, out of answers the verifier graded. */
  answersWithInventedOrBroken: Ratio;
  /**
   * Wrong-jurisdiction links out of the links of answers checked against a jurisdiction; `null`
   * when none of this vendor's answers was.
   */
  wrongJurisdiction: Ratio | null;
  /** Distinct phone numbers cited, summed over answers. */
  phones: number;
  /** Distinct numbers given for the wrong organization, summed over answers. */
  misattributedPhones: number;
  /** Links whose host resembles a directory domain (invented or not), summed over answers. */
  lookalikeLinks: number;
  /** Verifier passes out of answers the verifier graded. */
  verifierPass: Ratio;
  /** Judge passes out of answers a judge graded; `null` when no judge ran for this vendor. */
  judgePass: Ratio | null;
  /** Answers the judge passed and the verifier failed, out of answers both graded; `null` without a judge. */
  convincingButWrong: Ratio | null;
}

/**
 * The whole comparison: every vendor's figures and the answers a director should read. Its
 * listings (answers, findings, differences, errors) are written to JSON as they are, keys in
 * snake_case in the order they are built (`comparisonToJson`): a field added to one is published.
 */
export interface VendorComparison {
  /** Where the rows came from (a path as given), shown in headers. */
  source: string;
  /** `promptfoo` when read from a results file, `answers` when the report verified a JSONL itself. */
  mode: 'promptfoo' | 'answers';
  /** Rows the verifier graded: 0 for a results file of an eval without the verifier's assertion. */
  verifierRan: number;
  /** Whether any row had a judge; formats leave judge columns out when none did. */
  judged: boolean;
  /** Whether any answer was checked against a jurisdiction; formats leave its figures out when none was. */
  jurisdictionChecked: boolean;
  /** Whether the chunk check ran on any answer; formats leave unsupported claims out when it did not. */
  chunksChecked: boolean;
  /** Vendors in order of first appearance (the eval's provider order). */
  vendors: VendorFigures[];
  /** Convincing but wrong: the answers the judge passed and the verifier failed, in test order, then vendor order. */
  convincingButWrong: FlaggedAnswer[];
  /** Every answer the verifier failed (a superset of `convincingButWrong`), in the same order. */
  verifierFailed: FlaggedAnswer[];
  /** Every misattributed number, in passing and failing answers, in test order, then vendor order. */
  misattributedNumbers: MisattributedNumber[];
  /** Every link that resembles a directory domain, in passing and failing answers, in the same order. */
  lookalikeLinks: LookalikeLink[];
  /** Each pair of vendors with a headline rate: is their difference beyond chance? In vendor order. */
  headlineDifferences: HeadlineDifference[];
  /** Rows that errored, in test order, then vendor order. */
  errors: Array<Pick<VendorRow, 'vendor' | 'test' | 'testIdx' | 'promptIdx'> & { error: string }>;
}
