import type { ActionCode, ClaimCode } from '../codes.js';
import type { Span } from '../extract/types.js';
import type { JudgeLabel, TokenUsage } from '../judge/types.js';

export type { Span, TokenUsage };

/**
 * One retrieved passage. `id` is the label as the input gave it (`3`, `doc-7`); `key` is the form
 * markers are compared by (see `chunkKey`): lower case, leading zeros of a number dropped.
 */
export interface Chunk {
  id: string;
  key: string;
  text: string;
}

/**
 * How a citation marker was written. A closed union.
 * - `bracket`: `[3]`, `[3, 5]`, `[3-5]`, `[doc-7]`, `[Passage 2]`.
 * - `footnote`: `[^3]`.
 * - `lenticular`: `【3】`, `【3†source】`.
 * - `parenthetical`: `(Source 3)`, `(Sources 3, 5)`.
 */
export type CitationForm = 'bracket' | 'footnote' | 'lenticular' | 'parenthetical';

/** A citation marker found in the answer: the text as written, the chunk keys it names, and where. */
export interface CitationMarker extends Span {
  kind: 'citation';
  raw: string;
  form: CitationForm;
  /** Chunk keys (see `chunkKey`) in the order written; a range is expanded. */
  ids: string[];
}

/** Text between quotation marks, without the marks. */
export interface QuoteFinding extends Span {
  kind: 'quote';
  /** The quoted text as written, without the quotation marks. */
  raw: string;
  /** Number of words (letters/digits runs) in the quote. */
  words: number;
}

/**
 * A checkable fact: what the deterministic checks compare between a claim and its chunks.
 * - `number`: a figure, with a unit when one follows (`14 days`, `fourteen days`, `3.5 hours`).
 * - `percent`: `12%`, `12 percent`.
 * - `money`: `$1,200`, `1200 dollars`, `€5 million`.
 * - `date`: a calendar date or month (`March 5, 2020`, `5 March 2020`, `2020-03-05`, `March 2020`).
 * - `year`: a year on its own (`2019`, `the 1990s`).
 * - `section`: a statute-style reference (`§ 1983`, `Section 8(a)`, `Article III`, `Rule 56`).
 */
export type FactKind = 'number' | 'percent' | 'money' | 'date' | 'year' | 'section';

export interface Fact extends Span {
  kind: FactKind;
  /** The fact as written. */
  raw: string;
  /** One readable canonical form (`percent 12`, `money usd 1200`, `date 2020-03-05`, `section 8(a)`). */
  normalized: string;
  /** Keys the fact can be found by in a chunk (see `facts/`); shared by claims and chunks. */
  keys: string[];
  /** The class a correction compares within: a 12% is offered for a 40%, never a year. */
  family: string;
}

/** A claim: the sentence or list item that carries citations (or states a fact without one). */
export interface Claim extends Span {
  /** The sentence as written, whitespace collapsed, markers kept. */
  text: string;
  /**
   * The sentence without its markers, code and links, whitespace collapsed: what is compared with
   * the chunks (its words and figures are read from the answer's tokens: `src/chunks/prose.ts`).
   */
  prose: string;
  markers: CitationMarker[];
  /** Union of the markers' chunk keys, in order of first appearance. */
  ids: string[];
  /**
   * Where the ids come from when the sentence has no marker of its own: `paragraph` (the marker
   * ending its paragraph) or `sources_line` (a `Sources: [1], [2]` line). Absent: its own markers.
   */
  citedBy?: 'paragraph' | 'sources_line';
  quotes: QuoteFinding[];
  facts: Fact[];
}

/**
 * What one claim turned out to be. A closed union, most severe first: a claim with several
 * problems is classified by the first that applies.
 * - `citation_not_found`: it cites an id that is not among the chunks.
 * - `wrong_citation`: a quotation is not in the cited chunks but is verbatim in another chunk: a
 *   citation error, not a fabrication.
 * - `fabricated_quote`: a quotation of `minQuoteWords` words or more is not verbatim in any cited
 *   chunk (case, whitespace, curly quotes and dashes folded).
 * - `unsupported_claim`: a number, percentage, money amount, date, year or section in it appears in
 *   none of the cited chunks (compared normalized: `14 days` = `fourteen days`, `$1,200` = `1200 dollars`).
 * - `weak_support`: passes the deterministic checks, but few of its content words (under
 *   `weakSupportThreshold`) appear in the cited chunk closest to it. A warning unless the caller
 *   asks for it to fail (`failOnWeakSupport`).
 * - `exact_match`: its words are verbatim in a cited chunk.
 * - `verification_uncertain`: passes the deterministic checks; only a judge can say more.
 * - `uncited_claim`: states a number or a quotation and cites nothing; with `requireCitations`,
 *   any statement of fact that cites nothing (see `isStatement` in `check.ts`).
 *
 * Only with a model judge configured (docs/JUDGE.md), for claims the checks left open:
 * - `faithful_paraphrase`: the judge said YES and its evidence quote is verbatim in a cited chunk.
 * - `context_contradiction`: the judge said the cited chunks state otherwise (CONTRADICTS).
 * - `partially_supported`: the judge said the chunks state only part of it (PARTIAL). A warning
 *   unless the caller asks for it to fail (`failOnPartialSupport`).
 * - `unsupported_claim` also comes from a judge's NO, and from a YES whose evidence quote is not
 *   verbatim in a cited chunk (the verdict's `judge` says so).
 * - `not_verified`: the judge was asked about it and gave no verdict that counts (a fault, a reply
 *   that does not parse or leaves it out, a YES without a checkable quote or quoting words that
 *   share nothing with the claim, the call cap). It fails the answer: a gate that passed what it
 *   could not check would turn itself off whenever the judge is down. With `judge.advisory` the
 *   claim keeps its deterministic classification instead.
 */
export const CLAIM_CLASSIFICATIONS = [
  'citation_not_found',
  'fabricated_quote',
  'unsupported_claim',
  'context_contradiction',
  'wrong_citation',
  'not_verified',
  'uncited_claim',
  'partially_supported',
  'weak_support',
  'verification_uncertain',
  'faithful_paraphrase',
  'exact_match',
] as const;
export type ClaimClassification = (typeof CLAIM_CLASSIFICATIONS)[number];

/** Which warnings the caller turned into failures. */
export interface FailurePolicy {
  /**
   * Every statement of fact must cite a chunk: an uncited one (a figure, a quotation, or any
   * sentence stating something) fails the answer. Default false: an uncited figure or quotation
   * is a warning and other uncited sentences are not read.
   */
  requireCitations: boolean;
  /** `weak_support` fails the answer instead of warning. Default false. */
  failOnWeakSupport: boolean;
  /** `partially_supported` (a judge's PARTIAL) fails the answer instead of warning. Default false. */
  failOnPartialSupport?: boolean;
}

/**
 * What a cited claim's classification says of its support, one meaning each (the rates of the
 * audit): `supported` proven verbatim or confirmed by the judge with a checked quote;
 * `unsupported` proven wrong (a missing chunk, a quotation or figure not there, a wrong citation,
 * the judge's NO or its YES on words the chunks do not hold); `contradicted` the judge's
 * CONTRADICTS; `partial` its PARTIAL; `not_verified` nothing wrong was proven and nobody confirmed
 * it (no judge, an advisory judge, or a judge that gave no counted verdict).
 */
export const SUPPORT_OUTCOMES = [
  'supported',
  'unsupported',
  'contradicted',
  'partial',
  'not_verified',
] as const;
export type SupportOutcome = (typeof SUPPORT_OUTCOMES)[number];

/**
 * Each classification's rule: whether it fails the answer on its own (`true`, `false`, or as the
 * policy key named says), and its support outcome (`uncited_claim` has none: null).
 * `uncited_claim`, `weak_support` and `partially_supported` are warnings unless the caller asks
 * for them to fail: they are suspicions, not proof.
 */
const RULES: Record<
  ClaimClassification,
  { fails: boolean | keyof FailurePolicy; support: SupportOutcome | null }
> = {
  citation_not_found: { fails: true, support: 'unsupported' },
  fabricated_quote: { fails: true, support: 'unsupported' },
  unsupported_claim: { fails: true, support: 'unsupported' },
  context_contradiction: { fails: true, support: 'contradicted' },
  wrong_citation: { fails: true, support: 'unsupported' },
  not_verified: { fails: true, support: 'not_verified' },
  uncited_claim: { fails: 'requireCitations', support: null },
  partially_supported: { fails: 'failOnPartialSupport', support: 'partial' },
  weak_support: { fails: 'failOnWeakSupport', support: 'not_verified' },
  verification_uncertain: { fails: false, support: 'not_verified' },
  faithful_paraphrase: { fails: false, support: 'supported' },
  exact_match: { fails: false, support: 'supported' },
};

/** Whether a classification fails the answer on its own (see `RULES`). */
export function isFailingClassification(
  classification: ClaimClassification,
  policy: FailurePolicy,
): boolean {
  const { fails } = RULES[classification];
  return typeof fails === 'boolean' ? fails : (policy[fails] ?? false);
}

/** The support outcome of a cited claim's classification (`uncited_claim` has none: null). */
export function supportOutcome(classification: ClaimClassification): SupportOutcome | null {
  return RULES[classification].support;
}

/** A quotation of the claim, checked against the cited chunks. */
export interface QuoteCheck {
  quote: QuoteFinding;
  /** The chunk it is verbatim in, when it is. */
  foundIn?: string;
  /** When it is in no cited chunk: the first other chunk holding it verbatim. */
  foundElsewhere?: string;
  /** Longest run of the quote's tokens found verbatim in one cited chunk, and where. */
  longestRun: { tokens: number; of: number; chunkId?: string; excerpt?: string };
}

/** A fact of the claim, checked against the cited chunks. */
export interface FactCheck {
  fact: Fact;
  /** The chunk it was found in, when it was. */
  foundIn?: string;
  /**
   * When the claim has several marker groups: the chunks of the group written right after the
   * fact, which lack it although another cited chunk (`foundIn`) has it.
   */
  notAfter?: string[];
  /** For a fact not found: a fact of the same family in the cited chunk nearest the claim. */
  nearest?: { chunkId: string; fact: Fact };
}

/** The part of a cited chunk closest to the claim (a sentence window, not the whole chunk). */
export interface SourcePassage extends Span {
  chunkId: string;
  text: string;
}

/** The verdict on one claim; every front formats this and nothing else. */
export interface ClaimVerdict {
  claim: Claim;
  classification: ClaimClassification;
  /** The rule that decided the classification (`src/codes.ts`): stable, where `explanation` is words. */
  code: ClaimCode;
  /** Ids the claim cites, in order: a chunk's id as the input gave it, else the marker's key. */
  citedIds: string[];
  /** Ids the claim cites that no chunk has (marker keys, see `chunkKey`). */
  missingIds: string[];
  quotes: QuoteCheck[];
  facts: FactCheck[];
  /**
   * Distinct content words of the claim found in the cited chunk closest to it, out of all of
   * them; `ratio` is found / of (null when the claim has no content word).
   */
  wordOverlap: { found: number; of: number; ratio: number | null; chunkId?: string };
  source?: SourcePassage;
  /** Why, in one sentence that names the values. */
  explanation: string;
  /** What to change in the answer ("the cited passage gives 12%, not 40%"). */
  correction: string;
  /** Whether this claim fails the answer (depends on `requireCitations` for `uncited_claim`). */
  failing: boolean;
  /** What the model judge said of it, when one was configured and the claim was sent. */
  judge?: ClaimJudgement;
}

export interface ChunkCheckOptions extends Partial<FailurePolicy> {
  /** Quotations shorter than this many words are not checked. Default `CHUNK_DEFAULTS.minQuoteWords`. */
  minQuoteWords?: number;
  /** Word-overlap share under which a claim is `weak_support`. Default `CHUNK_DEFAULTS.weakSupportThreshold`. */
  weakSupportThreshold?: number;
  /**
   * BCP 47 locale the answer and chunks write numbers and dates in (`de-DE`: `1.200` is 1200,
   * `04/03/2024` the 4th of March). Default: what the chunks show, and both readings when they
   * show nothing.
   */
  locale?: string;
}

/** How failing claims are repaired: `ChunkSettings`' `hedge` and `maxFailingClaims`. */
export interface ClaimRepairOptions {
  /** What replaces a failing claim; null drops its sentence or list item. */
  hedge: string | null;
  /** More failing claims than this and the action is `refuse`, with nothing repaired. */
  maxFailingClaims: number;
}

/**
 * The result of checking one answer against its chunks. `pass` is gated on the worst claim: any
 * failing claim fails the answer, whatever the rate.
 */
export interface ChunkReport extends FailurePolicy {
  pass: boolean;
  /** See `scoreChunkReport` for the formula. */
  score: number;
  chunkCount: number;
  /** Cited claims, then uncited ones stating a fact, in order of appearance. */
  claims: ClaimVerdict[];
  counts: Record<ClaimClassification, number>;
  /** Claims that carry at least one citation marker. */
  citedClaims: number;
  /** Cited claims that do not fail the answer: nothing proven wrong (and, with `failOnWeakSupport`, not weakly supported). */
  passedClaims: number;
  /** Cited claims classified `exact_match`: their words are verbatim in a cited chunk. */
  verbatimClaims: number;
  /** Distinct cited chunk keys, and how many of them exist. */
  citedIds: number;
  foundIds: number;
  failures: number;
  warnings: number;
  /** Present when a model judge was configured (see `judgeChunkReport`). */
  judge?: JudgeSummary;
  /** What to do with the answer, when the front asked (`guardClaims`, `src/chunks/repair.ts`). */
  action?: ClaimRecommendation;
}

/**
 * What a runtime caller should do with an answer by its chunk check (`recommendClaims` decides it,
 * docs/JUDGE.md "Repair"); one pass, never a loop. A closed union:
 * - `pass`: no claim fails the answer;
 * - `repair`: each failing claim dropped (or hedged), and the repaired answer passes the check again;
 * - `retry`: the repaired answer still fails, or nothing is left: regenerate once with `retry`;
 * - `refuse`: more failing claims than `maxFailingClaims`.
 */
export const CLAIM_ACTIONS = ['pass', 'repair', 'retry', 'refuse'] as const;
export type ClaimAction = (typeof CLAIM_ACTIONS)[number];

export interface ClaimRecommendation {
  action: ClaimAction;
  /** The rule that decided it (`ACTION_CODES`, `src/codes.ts`): stable, where `reason` is words. */
  code: ActionCode;
  reason: string;
  /** With `repair` and `retry`: what a generator needs to write the answer again. */
  retry?: RetryInstruction;
}

/** A regeneration instruction for the caller's generator (we never call it): each failing claim and its fix. */
export interface RetryInstruction {
  instruction: string;
  claims: ClaimVerdict[];
}

/** One change the claim repair made; its span indexes the answer. */
export interface ClaimChange extends Span {
  action: 'remove' | 'hedge';
  /** The text removed or replaced, and what went in its place. */
  original: string;
  text: string;
  /** The failing claims it carries out, as written (adjacent ones go in one change). */
  claims: string[];
}

export interface ClaimRepair {
  /** The repaired answer. */
  text: string;
  changes: ClaimChange[];
  /** The repaired answer's own report: the chunk check run on it again. */
  report: ChunkReport;
}

// What the model judge added to a chunk report (see `judgeChunkReport`, docs/JUDGE.md).

/**
 * A judge's word on one claim. `counted` is false when the word proved nothing: a YES without a
 * checkable quote or with a quote sharing nothing with the claim, or no verdict at all (`label`
 * null: a fault, an unparsable reply, an id left out); `reason` says which, in words that follow
 * "not verified: " ("the judge timed out …").
 */
export interface ClaimJudgement {
  label: JudgeLabel | null;
  evidenceQuote: string | null;
  counted: boolean;
  reason: string;
  /** Served from the judge cache, not asked. */
  cached: boolean;
}

/** What the judge pass of one answer cost. */
export interface JudgeSummary {
  model: string;
  promptVersion: string;
  /** Claims the triage left to the judge (the others were decided without a call). */
  claimsSent: number;
  /** Requests sent (one per distinct cited chunk set not answered from the cache). */
  callsMade: number;
  /** Attempts, retries included. */
  attempts: number;
  /** Chunk sets whose every claim was answered from the cache: calls not made. */
  callsFromCache: number;
  claimsFromCache: number;
  /** Claims left without a counted verdict (a fault, an unparsable reply, a missing id, a quote that proves nothing). */
  uncounted: number;
  /** The judge is advice only: a claim without a counted verdict does not fail the answer. */
  advisory: boolean;
  /** Of `claimsSent`, uncited statements judged against every retrieved chunk (`judge.uncited`). */
  uncitedSent: number;
  /** Tokens the replies say they cost, summed over the calls made (a cached verdict costs none). */
  tokens: TokenUsage;
}
