import type { PreparedAnswer } from '../text/prepared.js';
import { readAnswer } from './claims.js';
import { CHUNK_DEFAULTS } from '../defaults.js';
import { classifyClaim, isContentWord } from './classify.js';
import { ChunkLibrary } from './chunk-index.js';
import { styleFromEvidence, styleFromLocale } from './number-style.js';
import { collapseWhitespace } from './sentences.js';
import { nfcWithOffsets } from './unicode.js';
import {
  CLAIM_CLASSIFICATIONS,
  isWarning,
  type Chunk,
  type FailurePolicy,
  type ChunkCheckOptions,
  type ChunkReport,
  type Claim,
  type ClaimClassification,
  type ClaimVerdict,
  type Span,
} from './types.js';

/** Each claim classified against the chunks it cites, the answer gated on the worst. Linear. */
export function checkChunkCitations(
  input: string | PreparedAnswer,
  chunks: readonly Chunk[],
  options: ChunkCheckOptions = {},
): ChunkReport {
  const policy: FailurePolicy = {
    requireCitations: options.requireCitations ?? false,
    failOnWeakSupport: options.failOnWeakSupport ?? false,
    ...(options.failOnPartialSupport ? { failOnPartialSupport: true } : {}),
  };
  const minQuoteWords = options.minQuoteWords ?? CHUNK_DEFAULTS.minQuoteWords;
  const weakSupportThreshold = options.weakSupportThreshold ?? CHUNK_DEFAULTS.weakSupportThreshold;
  // Compared in NFC; every span reported is mapped back into the text as given.
  const answer = typeof input === 'string' ? input : input.text;
  const normalized = nfcWithOffsets(answer);
  const texts = chunks.map((chunk) => ({ ...chunk, text: chunk.text.normalize('NFC') }));
  const style =
    options.locale !== undefined
      ? styleFromLocale(options.locale)
      : styleFromEvidence(texts.map((chunk) => chunk.text));
  const library = new ChunkLibrary(texts, style);
  // With citations required every statement of fact is read, not only those with a figure.
  const reading = readAnswer(
    normalized.text,
    library.context,
    minQuoteWords,
    style,
    policy.requireCitations ? isStatement : undefined,
  );
  const classified = reading.claims.map((claim) =>
    classifyClaim(claim, reading.words.get(claim)!, library, {
      ...policy,
      minQuoteWords,
      weakSupportThreshold,
    }),
  );
  const { toOriginal } = normalized;
  const move = <T extends Span>(span: T): T => ({
    ...span,
    start: toOriginal(span.start),
    end: toOriginal(span.end),
  });
  // Spans move back only where normalizing changed the text (it seldom does).
  const claims =
    normalized.text === answer
      ? classified
      : classified.map((verdict) => {
          const claim = move(verdict.claim);
          claim.text = collapseWhitespace(answer.slice(claim.start, claim.end));
          claim.markers = claim.markers.map(move);
          claim.quotes = claim.quotes.map(move);
          claim.facts = claim.facts.map(move);
          return { ...verdict, claim };
        });
  return summarize(claims, chunks, policy);
}

/** Enough content words, and not a question or a lead-in ("Here is what I found:"). */
function isStatement(claim: Claim, words: readonly string[]): boolean {
  if (/[?:？：]\s*$/u.test(claim.prose)) return false;
  return words.filter(isContentWord).length >= CHUNK_DEFAULTS.statementMinWords;
}

/** Counts, score and pass over classified claims (see `scoreChunkReport`). */
export function summarize(
  claims: ClaimVerdict[],
  chunks: readonly Chunk[],
  policy: FailurePolicy,
): ChunkReport {
  const { requireCitations } = policy;
  const counts = Object.fromEntries(
    CLAIM_CLASSIFICATIONS.map((classification) => [classification, 0]),
  ) as Record<ClaimClassification, number>;
  for (const verdict of claims) counts[verdict.classification] += 1;
  const cited = claims.filter((verdict) => verdict.claim.ids.length > 0);
  const passedClaims = cited.filter((verdict) => !verdict.failing).length;
  const failures = claims.filter((verdict) => verdict.failing).length;
  const warnings = claims.filter(isWarning).length;
  const keys = new Set(chunks.map((chunk) => chunk.key));
  const citedIds = new Set(cited.flatMap((verdict) => verdict.claim.ids));
  const foundIds = [...citedIds].filter((id) => keys.has(id)).length;
  const uncitedFailing = requireCitations ? counts.uncited_claim : 0;
  return {
    pass: failures === 0,
    score:
      counts.not_verified > 0 ? 0 : scoreChunkReport(passedClaims, cited.length, uncitedFailing),
    requireCitations,
    failOnWeakSupport: policy.failOnWeakSupport,
    ...(policy.failOnPartialSupport ? { failOnPartialSupport: true } : {}),
    chunkCount: chunks.length,
    claims,
    counts,
    citedClaims: cited.length,
    passedClaims,
    verbatimClaims: counts.exact_match,
    citedIds: citedIds.size,
    foundIds,
    failures,
    warnings,
  };
}

/**
 * Passing cited claims over cited (and, when required, uncited) claims; 1 with none. It grades,
 * never decides; a `not_verified` claim makes it 0, as promptfoo's graders give when theirs fails.
 */
export function scoreChunkReport(
  passedClaims: number,
  citedClaims: number,
  uncitedFailing: number,
): number {
  const denominator = citedClaims + uncitedFailing;
  return denominator === 0 ? 1 : passedClaims / denominator;
}
