/**
 * What the fronts read and print: the environment variables behind config, how many findings an
 * output lists, the interval the vendor comparison shows.
 * Defaults of one topic, each defined only here; import them from `src/defaults.ts`.
 */

/** Environment variables read by the assertions and the CLI as fallbacks for config. */
export const ENV = {
  allowlist: 'CITATION_VERIFIER_ALLOWLIST',
  liveness: 'CITATION_VERIFIER_LIVENESS',
  threshold: 'CITATION_VERIFIER_THRESHOLD',
} as const;

/** Vendor comparison: the z of the 95% Wilson score interval shown with every rate. */
export const INTERVAL_Z = 1.96;

/**
 * How many findings of each kind an output lists; the rest are counted ("… and 12,345 more").
 * Bounds output and memory on hostile answers: a 50 MB answer holds millions of findings, whose
 * full listing overflowed the stack in text and exceeded the longest string V8 can build in JSON,
 * and made the assertion's result 27 times the size of the answer. Scores always count everything.
 */
export const LISTED_FINDINGS = { text: 500, json: 10_000, reason: 50 } as const;

/**
 * How deep `componentResults` may nest in a promptfoo results row. promptfoo writes one level (an
 * assertion's own results after it), an assert-set one more; a file nesting deeper was not written
 * by promptfoo, and reading it by the recursive row schema overflowed the stack near 1,000 levels.
 */
export const MAX_COMPONENT_DEPTH = 32;

/**
 * `check --jsonl`: the longest input line read, in bytes; a longer line is reported as bad input,
 * its bytes counted and dropped, so memory stays bounded whatever the file holds. The service's
 * request-body limit (`SERVICE_DEFAULTS.bodyLimitBytes`) is the same size: an answer one front
 * takes, the other takes too.
 */
export const CHECK_JSONL_MAX_LINE_BYTES = 1_000_000;
