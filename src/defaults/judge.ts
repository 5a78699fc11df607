/**
 * The chunk check's model judge.
 * Defaults of one topic, each defined only here; import them from `src/defaults.ts`.
 */

/**
 * The model judge of the chunk check (`src/judge/`, docs/JUDGE.md). Off unless a judge is
 * configured. Every number bounds cost or time: a judge is a paid, slow, fallible call.
 */
export const JUDGE_DEFAULTS = {
  /** Sampling temperature sent with every request: the same request should get the same reply. */
  temperature: 0,
  /** One request (one attempt) may take this long before it counts as a timeout. */
  requestTimeoutMs: 30_000,
  /** Every request of one answer together may take this long; later claims stay uncertain. */
  answerDeadlineMs: 120_000,
  /** At most this many requests (distinct cited chunk sets) per answer; the rest stay uncertain. */
  maxCallsPerAnswer: 20,
  /** Attempts after the first, only on 429 and 5xx. */
  retries: 2,
  /** Backoff before the first retry when the server gives no Retry-After; doubled each time. */
  retryBaseMs: 1_000,
  /** A Retry-After longer than this is not waited for: the claim stays uncertain instead. */
  maxRetryAfterMs: 20_000,
  /** A reply body larger than this is not read (a judge reply is a few kilobytes). */
  maxReplyBytes: 1_000_000,
  /** A YES counts only when its evidence quote has at least this many words, found verbatim. */
  minEvidenceWords: 3,
  /** The environment variable holding the key sent as `Authorization: Bearer`. */
  keyVariable: 'CITATION_VERIFIER_JUDGE_KEY',
} as const;
