/** What the model judge added to a chunk report (see `judgeChunkReport`, docs/JUDGE.md). */
import type { JudgeLabel, TokenUsage } from '../judge/types.js';

export type { TokenUsage };

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
