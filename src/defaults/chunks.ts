/**
 * The chunk-citation check's limits and thresholds.
 * Defaults of one topic, each defined only here; import them from `src/defaults.ts`.
 */

/** Chunk-citation defaults. */
export const CHUNK_DEFAULTS = {
  contextVar: 'context',
  /** Quotes shorter than this many words are phrases, not quotations, and are not checked. */
  minQuoteWords: 3,
  /**
   * A range marker names at most this many chunks (`[1-20]`). A wider one (`[1-5000]`) is not a
   * citation anyone writes, and expanding it would make work grow with a number rather than with
   * the text.
   */
  maxRangeIds: 20,
  /** Longest chunk id accepted, in characters; ids are labels, not text. */
  maxIdLength: 64,
  /** `source_passage` is cut to about this many characters so reports stay readable. */
  passageMaxChars: 400,
  /**
   * A word that occurs in more sentences of one chunk than this does not help locate the passage
   * a claim draws on (it is a function word for that chunk); skipping it keeps the search for the
   * passage proportional to the claim, not to the chunk.
   */
  maxSentencesPerWord: 32,
  /** At most this many facts of a passage window are looked at for a correction to offer. */
  maxFactsScanned: 64,
  /** A quotation longer than this many characters is treated as unbalanced quote marks, not a quote. */
  maxQuoteChars: 2_000,
  /**
   * A claim passing every deterministic check is `weak_support` when fewer than this share of its
   * distinct content words appear in the cited chunk closest to it. 0.25 keeps the flag at 94%
   * precision against human "not attributable" labels on the HAGRID half it was set on (see
   * docs/CHUNKS.md); a warning unless `failOnWeakSupport`.
   */
  weakSupportThreshold: 0.25,
  /** Claims with fewer content words than this are never `weak_support`: too little to count. */
  weakSupportMinWords: 3,
} as const;
