import type { ActionCode, ClaimCode } from '../codes.js';
import type { Span } from '../extract/types.js';
import type { JudgeLabel, TokenUsage } from '../judge/types.js';

export type { Span, TokenUsage };

/** One retrieved passage: `id` as the input gave it, `key` as markers compare it (`chunkKey`). */
export interface Chunk {
  id: string;
  key: string;
  text: string;
}

/** How a marker was written: `[3]`, `[^3]`, `【3】`, `(Source 3)` (docs/CHUNKS.md "Citation forms"). */
export type CitationForm = 'bracket' | 'footnote' | 'lenticular' | 'parenthetical';

/** A citation marker of the answer; `ids` are chunk keys in the order written, a range expanded. */
export interface CitationMarker extends Span {
  kind: 'citation';
  raw: string;
  form: CitationForm;
  ids: string[];
}

/** Text between quotation marks, without the marks, and its number of words. */
export interface QuoteFinding extends Span {
  kind: 'quote';
  raw: string;
  words: number;
}

/** What the deterministic checks compare (docs/CHUNKS.md "Figures and how they compare"). */
export type FactKind = 'number' | 'percent' | 'money' | 'date' | 'year' | 'section';

/** A fact as written (`raw`), shown as `normalized` (`money usd 1200`), found by `keys`. */
export interface Fact extends Span {
  kind: FactKind;
  raw: string;
  normalized: string;
  keys: string[];
  /** The class a correction compares within: a 12% is offered for a 40%, never a year. */
  family: string;
}

/** A claim: the sentence or list item that carries citations (or states a fact without one). */
export interface Claim extends Span {
  /** The sentence as written, whitespace collapsed, markers kept. */
  text: string;
  /** The sentence without its markers, code and links (`proseText`): what is compared. */
  prose: string;
  markers: CitationMarker[];
  /** The markers' chunk keys, each once, in order of first appearance. */
  ids: string[];
  /** Where the ids come from when the sentence has no marker of its own. */
  citedBy?: 'paragraph' | 'sources_line';
  quotes: QuoteFinding[];
  facts: Fact[];
}

/** Which warnings the caller turned into failures (each default false). */
export interface FailurePolicy {
  /** Every statement of fact must cite a chunk; else only figures and quotations are read. */
  requireCitations: boolean;
  failOnWeakSupport: boolean;
  failOnPartialSupport?: boolean;
}

/** What a cited claim's classification says of its support, one meaning each (docs/JUDGE.md). */
export const SUPPORT_OUTCOMES = [
  'supported',
  'unsupported',
  'contradicted',
  'partial',
  'not_verified',
] as const;
export type SupportOutcome = (typeof SUPPORT_OUTCOMES)[number];

/**
 * What a claim turned out to be (docs/CHUNKS.md "Classification"), most severe first; whether it
 * fails (a suspicion only as the policy asks) and its support outcome.
 */
const RULES = {
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
} as const satisfies Record<
  string,
  { fails: boolean | keyof FailurePolicy; support: SupportOutcome | null }
>;
export type ClaimClassification = keyof typeof RULES;
export const CLAIM_CLASSIFICATIONS = Object.keys(RULES) as [
  ClaimClassification,
  ...ClaimClassification[],
];

/** Whether a classification fails the answer on its own. */
export function isFailingClassification(
  classification: ClaimClassification,
  policy: FailurePolicy,
): boolean {
  const { fails } = RULES[classification] as { fails: boolean | keyof FailurePolicy };
  return typeof fails === 'boolean' ? fails : (policy[fails] ?? false);
}

/** A claim the answer passes with but a reader should see: a suspicion the policy did not fail. */
export function isWarning(verdict: ClaimVerdict): boolean {
  return !verdict.failing && typeof RULES[verdict.classification].fails === 'string';
}

/** The support outcome of a cited claim's classification (`uncited_claim` has none: null). */
export function supportOutcome(classification: ClaimClassification): SupportOutcome | null {
  return RULES[classification].support;
}

/** A quotation checked: the cited chunk it is verbatim in, else another chunk that has it. */
export interface QuoteCheck {
  quote: QuoteFinding;
  foundIn?: string;
  foundElsewhere?: string;
  /** Longest run of the quote's tokens found verbatim in one cited chunk, and where. */
  longestRun: { tokens: number; of: number; chunkId?: string; excerpt?: string };
}

/** A fact checked: the cited chunk it is in. */
export interface FactCheck {
  fact: Fact;
  foundIn?: string;
  /** The chunks of the marker group right after the fact, which lack it (`placeFact`). */
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
  /** The rule that decided it (`src/codes.ts`): stable, where `explanation` is words. */
  code: ClaimCode;
  /** Ids cited, in order: a chunk's id as the input gave it, else the marker's key. */
  citedIds: string[];
  missingIds: string[];
  quotes: QuoteCheck[];
  facts: FactCheck[];
  /** Distinct content words found in the cited chunk closest to the claim, of all of them. */
  wordOverlap: { found: number; of: number; ratio: number | null; chunkId?: string };
  source?: SourcePassage;
  explanation: string;
  /** What to change in the answer ("the cited passage gives 12%, not 40%"). */
  correction: string;
  failing: boolean;
  /** Present when the claim was sent to a judge. */
  judge?: ClaimJudgement;
}

/** Defaults in `CHUNK_DEFAULTS`; without `locale`, numbers are read as the chunks write them. */
export interface ChunkCheckOptions extends Partial<FailurePolicy> {
  minQuoteWords?: number;
  weakSupportThreshold?: number;
  locale?: string;
}

/** `hedge` replaces a failing claim (null drops it); past `maxFailingClaims` the action is refuse. */
export interface ClaimRepairOptions {
  hedge: string | null;
  maxFailingClaims: number;
}

/** One answer checked against its chunks; any failing claim fails it, whatever the score. */
export interface ChunkReport extends FailurePolicy {
  pass: boolean;
  score: number;
  chunkCount: number;
  claims: ClaimVerdict[];
  counts: Record<ClaimClassification, number>;
  citedClaims: number;
  /** Cited claims that do not fail the answer. */
  passedClaims: number;
  verbatimClaims: number;
  /** Distinct cited chunk keys, and how many of them exist. */
  citedIds: number;
  foundIds: number;
  failures: number;
  warnings: number;
  judge?: JudgeSummary;
  /** When the front asked (`guardClaims`). */
  action?: ClaimRecommendation;
}

/** What a caller should do with the answer (`recommendClaims`, docs/JUDGE.md "Repair"). */
export const CLAIM_ACTIONS = ['pass', 'repair', 'retry', 'refuse'] as const;
export type ClaimAction = (typeof CLAIM_ACTIONS)[number];

export interface ClaimRecommendation {
  action: ClaimAction;
  code: ActionCode;
  reason: string;
  /** With `repair` and `retry`. */
  retry?: RetryInstruction;
}

/** A regeneration instruction for the caller's generator (we never call it): each failing claim and its fix. */
export interface RetryInstruction {
  instruction: string;
  claims: ClaimVerdict[];
}

/** One change the claim repair made (span in the answer): adjacent failing claims go in one. */
export interface ClaimChange extends Span {
  action: 'remove' | 'hedge';
  original: string;
  text: string;
  claims: string[];
}

/** The repaired answer, its changes, and the chunk check run on it again. */
export interface ClaimRepair {
  text: string;
  changes: ClaimChange[];
  report: ChunkReport;
}

/** A judge's word on one claim; not `counted` when it proved nothing, `reason` says why. */
export interface ClaimJudgement {
  label: JudgeLabel | null;
  evidenceQuote: string | null;
  counted: boolean;
  reason: string;
  cached: boolean;
}

/** What the judge pass of one answer cost (the audit's `judge`, docs/CHUNKS.md). */
export interface JudgeSummary {
  model: string;
  promptVersion: string;
  claimsSent: number;
  /** Requests sent, one per distinct cited chunk set not answered from the cache. */
  callsMade: number;
  attempts: number;
  callsFromCache: number;
  claimsFromCache: number;
  uncounted: number;
  advisory: boolean;
  /** Of `claimsSent`, uncited statements (`judge.uncited`). */
  uncitedSent: number;
  tokens: TokenUsage;
}
