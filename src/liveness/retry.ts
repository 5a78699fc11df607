export interface RetrySettings {
  retries: number;
  retryAfterCapMs: number;
  baseDelayMs: number;
}

/** What one attempt produced, as far as retrying is concerned. */
export type AttemptResult =
  | { type: 'response'; status: number; retryAfter?: string | undefined }
  | { type: 'failure'; kind: string };

export type RetryDecision =
  | { retry: true; delayMs: number }
  /** `retryAfterMs`: the server asked for a longer wait than the cap allows, so the answer stands. */
  | { retry: false; retryAfterMs?: number };

/**
 * Whether to try again after attempt `attempt` (from 0), and after how long. Pure. Only 429, 503
 * and timeouts (`retries` times) and a refused connection (once) can succeed later.
 */
export function retryDecision(
  result: AttemptResult,
  attempt: number,
  settings: RetrySettings,
  nowMs: number,
): RetryDecision {
  const backoff = Math.min(settings.baseDelayMs * 2 ** attempt, settings.retryAfterCapMs);
  if (result.type === 'response') {
    if (result.status !== 429 && result.status !== 503) return { retry: false };
    const asked =
      result.retryAfter === undefined ? undefined : parseRetryAfter(result.retryAfter, nowMs);
    if (asked !== undefined && asked > settings.retryAfterCapMs)
      return { retry: false, retryAfterMs: asked };
    if (attempt >= settings.retries) return { retry: false };
    return { retry: true, delayMs: asked ?? backoff };
  }
  if (result.kind === 'timeout')
    return attempt >= settings.retries ? { retry: false } : { retry: true, delayMs: backoff };
  // A refused connection gets exactly one more chance (a server restarting), unless retries are off.
  if (result.kind === 'refused')
    return attempt >= Math.min(1, settings.retries)
      ? { retry: false }
      : { retry: true, delayMs: settings.baseDelayMs };
  return { retry: false };
}

/**
 * Retry-After as milliseconds from now: delta-seconds (`120`) or an HTTP date. Undefined when the
 * header is not one of those; a date in the past is 0.
 */
export function parseRetryAfter(value: string, nowMs: number): number | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}
