/**
 * Liveness: the checker's politeness, timeouts, retries and cache, and the longest timer Node holds.
 * Defaults of one topic, each defined only here; import them from `src/defaults.ts`.
 */

/**
 * The longest wait a timer can hold: Node keeps a timer's delay in a signed 32-bit count of
 * milliseconds and fires a longer one after 1 ms, which made every link `inconclusive` at once
 * (a 404 passed). Every option that becomes a timer is validated against it (about 24.8 days).
 */
export const MAX_TIMER_MS = 2_147_483_647;

/** Liveness defaults (issue: liveness). One place, imported by the checker, the CLI and the assertion. */
export const LIVENESS_DEFAULTS = {
  concurrency: 64,
  perHostConcurrency: 4,
  timeoutMs: 10_000,
  /**
   * An answer is graded this long after its links were asked for, whatever is still unfinished
   * (`inconclusive`, "deadline reached"): a few silent servers must not hold a grade for minutes.
   */
  deadlineMs: 30_000,
  /**
   * `stale`: the links of one host still unfinished this long after its first link started are
   * inconclusive ("deadline reached"). Five minutes is 1,000 pages at 4 in flight and 1.2 s each.
   */
  hostDeadlineMs: 300_000,
  maxRedirects: 5,
  retries: 2,
  retryAfterCapMs: 30_000,
  /**
   * System DNS lookups at once. Each holds one of libuv's 4 threads until the system resolver
   * answers or gives up (seconds when DNS is silent); 3 leaves one for file IO (the cache, `-o`).
   * Shared between answers as request slots are (fewest running first, `resolve.ts`).
   */
  dnsConcurrency: 3,
  maxBodyBytes: 16 * 1024,
  /**
   * The longest response head read (status line, headers, interim 1xx blocks). Node's 16 KB made a
   * 404 with a 60 KB header block inconclusive; past this limit the status line still stands
   * (`status-line.ts`), with the headers read so far.
   */
  maxHeaderBytes: 256 * 1024,
  cacheTtlMs: 24 * 60 * 60 * 1000,
  userAgent: 'citation-verifier/0.1 (link liveness check)',
  /**
   * A page that has existed for decades and is meant to be relied on: fetched at most once per
   * checker, only when a verdict needs proof that the network works and no link gave it.
   */
  networkProbeUrl: 'https://example.com/',
  /** First wait before a retry when the server gives no Retry-After; doubles on each retry. */
  retryBaseDelayMs: 1000,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
} as const;
