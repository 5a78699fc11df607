import { setTimeout as delay } from 'node:timers/promises';
import { request as undiciRequest } from 'undici';
import { JUDGE_DEFAULTS } from '../defaults.js';
import { parseRetryAfter } from '../liveness/retry.js';
import { chatCompletionBody } from './prompt.js';
import type { Judge, JudgeAnswer, JudgeFaultKind, JudgeRequest, TokenUsage } from './types.js';

/** `url` is the API base; without `key` no `Authorization` is sent (a local server). */
export interface HttpJudgeOptions {
  url: string;
  model: string;
  key?: string;
  requestTimeoutMs?: number;
  retryBaseMs?: number;
}

type Attempt =
  | { kind: 'reply'; text: string; usage?: TokenUsage }
  | { kind: 'status'; status: number; retryAfter?: string }
  | { kind: 'fault'; fault: JudgeFaultKind; detail: string };

/**
 * A judge over the OpenAI-compatible chat-completions protocol: 429 and 5xx tried again after
 * Retry-After (at most `JUDGE_DEFAULTS.maxRetryAfterMs`) or a doubling backoff. Never throws.
 */
export function createHttpJudge(options: HttpJudgeOptions): Judge {
  const endpoint = `${options.url.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = options.requestTimeoutMs ?? JUDGE_DEFAULTS.requestTimeoutMs;
  const baseMs = options.retryBaseMs ?? JUDGE_DEFAULTS.retryBaseMs;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  return {
    model: options.model,
    async ask(request: JudgeRequest, signal: AbortSignal): Promise<JudgeAnswer> {
      const body = chatCompletionBody(options.model, request);
      for (let attempt = 0; ; attempt += 1) {
        const result = await attemptOnce(endpoint, headers, body, signal, timeoutMs);
        const attempts = attempt + 1;
        if (result.kind !== 'status') return { ...result, attempts };
        const wait = retryWait(result, attempt, baseMs);
        if (typeof wait === 'string')
          return { kind: 'fault', ...statusFault(result.status, wait), attempts };
        if (!(await delay(wait, true, { signal }).catch(() => false)))
          return {
            ...fault('timeout', "the answer's deadline passed while waiting to retry"),
            attempts,
          };
      }
    },
  };
}

/** How long to wait before trying again, or why not to. */
function retryWait(
  result: { status: number; retryAfter?: string },
  attempt: number,
  baseMs: number,
): number | string {
  const { retries, maxRetryAfterMs: capMs } = JUDGE_DEFAULTS;
  const retryable = result.status === 429 || (result.status >= 500 && result.status <= 599);
  if (!retryable) return 'not retried';
  const asked =
    result.retryAfter === undefined ? undefined : parseRetryAfter(result.retryAfter, Date.now());
  if (asked !== undefined && asked > capMs)
    return `Retry-After ${Math.round(asked / 1000)} s is longer than the ${Math.round(capMs / 1000)} s we wait`;
  if (attempt >= retries) return `after ${attempt + 1} attempts`;
  return Math.min(asked ?? baseMs * 2 ** attempt, capMs);
}

function statusFault(status: number, why: string): { fault: JudgeFaultKind; detail: string } {
  const fault: JudgeFaultKind =
    status === 429 ? 'rate_limited' : status >= 500 ? 'server_error' : 'http_error';
  return { fault, detail: `HTTP ${status} ${why}` };
}

async function attemptOnce(
  endpoint: string,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Attempt> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const both = AbortSignal.any([signal, timeout]);
  try {
    const response = await undiciRequest(endpoint, {
      method: 'POST',
      headers,
      body,
      signal: both,
    });
    const text = await readCapped(response.body, JUDGE_DEFAULTS.maxReplyBytes);
    if (response.statusCode !== 200) {
      const retryAfter = response.headers['retry-after'];
      return {
        kind: 'status',
        status: response.statusCode,
        ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
      };
    }
    if (text === undefined)
      return fault('bad_response', `reply over ${JUDGE_DEFAULTS.maxReplyBytes} bytes`);
    return completionContent(text);
  } catch (error) {
    if (signal.aborted) return fault('timeout', "the answer's deadline passed");
    if (timeout.aborted) return fault('timeout', `no reply within ${timeoutMs} ms`);
    return fault('unreachable', errorDetail(error));
  }
}

/** The body as text, or undefined past `limit` bytes (the rest is not read). */
async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(): unknown },
  limit: number,
): Promise<string | undefined> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of body) {
    size += part.length;
    if (size > limit) {
      body.destroy();
      return undefined;
    }
    parts.push(part);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** `choices[0].message.content` of a chat completion, or a `bad_response` fault. */
function completionContent(text: string): Attempt {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return fault('bad_response', 'the response is not JSON');
  }
  const completion = data as {
    choices?: Array<{ message?: { content?: unknown } }>;
    usage?: unknown;
  } | null;
  const content = completion?.choices?.[0]?.message?.content;
  if (typeof content !== 'string')
    return fault('bad_response', 'the response has no choices[0].message.content');
  const usage = usageOf(completion?.usage);
  return { kind: 'reply', text: content, ...(usage ? { usage } : {}) };
}

/** A chat completion's `usage`, each count 0 when absent; undefined when it gives none. */
function usageOf(usage: unknown): TokenUsage | undefined {
  if (usage === null || typeof usage !== 'object') return undefined;
  const record = usage as {
    prompt_tokens?: unknown;
    completion_tokens?: unknown;
    prompt_tokens_details?: { cached_tokens?: unknown } | null;
  };
  const count = (value: unknown): number =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  return {
    prompt: count(record.prompt_tokens),
    completion: count(record.completion_tokens),
    cached: count(record.prompt_tokens_details?.cached_tokens),
  };
}

function fault(kind: JudgeFaultKind, detail: string): Extract<Attempt, { kind: 'fault' }> {
  return { kind: 'fault', fault: kind, detail };
}

function errorDetail(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  const code = (error as { code?: string } | null)?.code ?? cause?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code ? `${code}: ${cause?.message ?? message}` : message;
}
