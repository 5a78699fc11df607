/**
 * The score: what a link in each bucket is worth, what a misattributed number costs, the pass
 * threshold and the rounding (`src/score/score.ts` combines them).
 * Defaults of one topic, each defined only here; import them from `src/defaults.ts`.
 */

/** Score of a link in each bucket (see `scoreReport` for how they combine). */
export const BUCKET_SCORES = {
  directory: 1,
  live: 0.7,
  unverified: 0.5,
  inconclusive: 0.5,
  broken: 0,
  invented: 0,
  wrong_jurisdiction: 0,
} as const;

/** Taken off the score once for each distinct phone number given for the wrong organization. */
export const MISATTRIBUTED_PHONE_PENALTY = 0.3;

/** An answer passes when its score is strictly above this (and no link is broken or invented). */
export const DEFAULT_THRESHOLD = 0.4;

/** Scores are rounded so that reports and snapshots do not show floating-point noise. */
export const SCORE_DECIMALS = 4;
