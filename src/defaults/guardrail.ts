/**
 * The guardrail's numbers: how many rounds of repair, and the limits of the HTTP service
 * (`citation-verifier serve`, docs/SERVICE.md), each tested.
 * Defaults of one topic, each defined only here; import them from `src/defaults.ts`.
 */

/** At most this many rounds of apply-and-verify-again, as a linter's fixer bounds its passes. */
export const REPAIR_MAX_PASSES = 3;

/** The service's limits; `--body-limit` and `--deadline` override two of them. */
export const SERVICE_DEFAULTS = {
  /** Listen on loopback only unless told otherwise: the service has no authentication. */
  host: '127.0.0.1',
  port: 8787,
  /** A request body larger than this is refused with 413 before it is read whole. */
  bodyLimitBytes: 1_000_000,
  /** A request still unanswered after this (body read and verification) gets 503. */
  requestDeadlineMs: 10_000,
  /** Node's `server.requestTimeout`: the whole request must arrive within this. */
  requestTimeoutMs: 15_000,
  /** Node's `server.headersTimeout`: the headers must arrive within this. */
  headersTimeoutMs: 10_000,
  /** Node's `maxHeaderSize`, in bytes (431 past it). */
  maxHeaderBytes: 16_384,
  /** Node's `server.keepAliveTimeout`: an idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** How often the allowlist file is polled for a change (`fs.watchFile`: safe with atomic renames). */
  watchIntervalMs: 1_000,
  /** On SIGTERM, requests in flight get this long to finish before the process exits anyway. */
  drainTimeoutMs: 10_000,
} as const;
