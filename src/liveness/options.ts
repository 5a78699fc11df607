import { z } from 'zod';
import { MAX_TIMER_MS } from '../defaults.js';
import { parseInput } from '../input/issues.js';

const count = (min: 0 | 1) =>
  min === 1 ? z.number().int().positive() : z.number().int().nonnegative();
/** A wait that becomes a timer: bounded by what a timer can hold (`MAX_TIMER_MS`). */
const millis = (min: 0 | 1) => count(min).max(MAX_TIMER_MS);

/**
 * The one schema of the liveness options, read by every front (the assertion's config, the flags
 * of `check --live` and `stale`, `createLinkChecker`). Strict: a typo (`timeoutMS`) is reported.
 */
export const LivenessOptionsSchema = z.strictObject({
  concurrency: count(1).optional(),
  perHostConcurrency: count(1).optional(),
  timeoutMs: millis(1).optional(),
  /** Per answer: links unfinished this long after the answer asked are inconclusive. */
  deadlineMs: millis(1).optional(),
  /** Per host (`stale`): the same, from the host's first request. */
  hostDeadlineMs: millis(1).optional(),
  maxRedirects: count(0).optional(),
  retries: count(0).optional(),
  retryAfterCapMs: millis(0).optional(),
  /** Non-public addresses that may be fetched (intranets, tests): all, or a list of CIDR blocks. */
  allowPrivateNetworks: z.union([z.boolean(), z.array(z.string())]).optional(),
  /** A URL known to exist, fetched once when a verdict needs the network proven (`NetworkMonitor`). */
  networkProbe: z.union([z.string().regex(/^https?:\/\/[^/]/i), z.literal(false)]).optional(),
  userAgent: z.string().min(1).optional(),
  /** `host` → address, like curl's `--resolve` (exact host name, any port). */
  resolve: z.record(z.string(), z.string()).optional(),
  cacheDir: z.string().optional(),
  cacheTtlMs: count(0).optional(),
});

/** The options as data; `LivenessOptions` adds the code-only ones. */
export type LivenessSettingsInput = z.infer<typeof LivenessOptionsSchema>;
export type LivenessOptionName = keyof LivenessSettingsInput;

const TIMER_ABOVE_0 = `a whole number of milliseconds from 1 to ${MAX_TIMER_MS} (24.8 days)`;

/** What each option must be, said the way a person would write it. */
export const LIVENESS_EXPECTED: Readonly<Record<LivenessOptionName, string>> = {
  concurrency: 'a whole number above 0',
  perHostConcurrency: 'a whole number above 0',
  timeoutMs: TIMER_ABOVE_0,
  deadlineMs: TIMER_ABOVE_0,
  hostDeadlineMs: TIMER_ABOVE_0,
  maxRedirects: 'a whole number, 0 or more',
  retries: 'a whole number, 0 or more',
  retryAfterCapMs: `a whole number of milliseconds from 0 to ${MAX_TIMER_MS} (24.8 days)`,
  allowPrivateNetworks: 'true, false, or a list of addresses or CIDR blocks',
  networkProbe: 'the http(s) URL of a page known to exist, or false',
  userAgent: 'a non-empty string',
  resolve: 'an object of host name → address',
  cacheDir: 'a folder path',
  cacheTtlMs: 'a whole number of milliseconds, 0 or more',
};

/**
 * Validate liveness options. `labels` names an option as the user wrote it (`timeoutMs` →
 * `--timeout`; else `liveness.timeoutMs`). Throws `InputError('INVALID_CONFIG')`.
 */
export function parseLivenessOptions(
  input: unknown,
  labels?: Readonly<Record<string, string>>,
): LivenessSettingsInput {
  return parseInput(LivenessOptionsSchema, input ?? {}, 'INVALID_CONFIG', {
    root: 'liveness',
    expected: LIVENESS_EXPECTED,
    ...(labels ? { labels } : {}),
  });
}
