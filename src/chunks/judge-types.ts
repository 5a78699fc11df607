/** What the model judge added to a chunk report (see `judgeChunkReport`, docs/JUDGE.md). */

/**
 * A judge's word on one claim. `counted` is false when the word changed nothing: a YES whose
 * quote is not verbatim in a cited chunk, or no verdict at all (`label` null: a fault, an
 * unparsable reply, an id left out); `reason` says which.
 */
export interface ClaimJudgement {
  label: 'YES' | 'NO' | 'PARTIAL' | 'CONTRADICTS' | null;
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
  /** Claims left without a verdict (a fault, an unparsable reply, a missing id, a quote not found). */
  uncounted: number;
}
