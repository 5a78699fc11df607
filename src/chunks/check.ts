import { readAnswer } from './claims.js';
import { CHUNK_LIMITS } from './defaults.js';
import { judgeClaim } from './judge.js';
import { ChunkLibrary } from './library.js';
import { CLAIM_CLASSIFICATIONS, isAccurateClassification, type Chunk, type ChunkCheckOptions, type ChunkReport, type ClaimClassification, type ClaimVerdict } from './types.js';

/**
 * Check an answer's chunk citations: read its claims, judge each against the chunks it cites, and
 * gate the answer on the worst claim. Pure and deterministic; time linear in the answer and the
 * chunks (each chunk is indexed once, on first use; each claim costs time in its own length).
 */
export function checkChunkCitations(answer: string, chunks: readonly Chunk[], options: ChunkCheckOptions = {}): ChunkReport {
  const requireCitations = options.requireCitations ?? false;
  const minQuoteWords = options.minQuoteWords ?? CHUNK_LIMITS.minQuoteWords;
  const library = new ChunkLibrary(chunks);
  const reading = readAnswer(answer, library.context, minQuoteWords);
  const claims = reading.claims.map((claim) => judgeClaim(claim, library, { requireCitations, minQuoteWords }));
  return summarize(claims, chunks, requireCitations);
}

/** Counts, score and pass over judged claims (see `scoreChunkReport`). */
export function summarize(claims: ClaimVerdict[], chunks: readonly Chunk[], requireCitations: boolean): ChunkReport {
  const counts = Object.fromEntries(CLAIM_CLASSIFICATIONS.map((classification) => [classification, 0])) as Record<ClaimClassification, number>;
  for (const verdict of claims) counts[verdict.classification] += 1;
  const cited = claims.filter((verdict) => verdict.claim.ids.length > 0);
  const accurateClaims = cited.filter((verdict) => isAccurateClassification(verdict.classification)).length;
  const failures = claims.filter((verdict) => verdict.failing).length;
  const warnings = claims.filter((verdict) => !verdict.failing && verdict.classification === 'uncited_claim').length;
  const keys = new Set(chunks.map((chunk) => chunk.key));
  const citedIds = new Set(cited.flatMap((verdict) => verdict.claim.ids));
  const foundIds = [...citedIds].filter((id) => keys.has(id)).length;
  const uncitedFailing = requireCitations ? counts.uncited_claim : 0;
  return {
    pass: failures === 0,
    score: scoreChunkReport(accurateClaims, cited.length, uncitedFailing),
    requireCitations,
    chunkCount: chunks.length,
    claims,
    counts,
    citedClaims: cited.length,
    accurateClaims,
    citedIds: citedIds.size,
    foundIds,
    failures,
    warnings,
  };
}

/**
 * The score: accurate cited claims over cited claims plus, when citations are required, uncited
 * claims stating a fact. 1 when there is nothing to score. The score grades; it does not decide:
 * `pass` is false as soon as one claim fails, whatever the score.
 */
export function scoreChunkReport(accurateClaims: number, citedClaims: number, uncitedFailing: number): number {
  const denominator = citedClaims + uncitedFailing;
  return denominator === 0 ? 1 : accurateClaims / denominator;
}
