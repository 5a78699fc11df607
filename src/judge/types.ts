/**
 * The model judge's plain data: what is asked (one request per distinct cited chunk set), what
 * came back, and every way it can fail. Knows nothing of the chunk check or of promptfoo.
 */

/** A judge's answer for one claim. A closed union (docs/JUDGE.md). */
export const JUDGE_LABELS = ['YES', 'NO', 'PARTIAL', 'CONTRADICTS'] as const;
export type JudgeLabel = (typeof JUDGE_LABELS)[number];

export interface JudgeText {
  id: string;
  text: string;
}

/** One request: the chunks a set of claims cites, and those claims. The user message is this JSON. */
export interface JudgeRequest {
  chunks: JudgeText[];
  claims: JudgeText[];
}

/** One verdict of a reply, as the judge wrote it. */
export interface WireVerdict {
  id: string;
  label: JudgeLabel;
  /** Words the judge says it read in a chunk; empty when it gave none. */
  evidenceQuote: string;
}

/**
 * Why a request got no usable reply. A closed union; every kind leaves the claims it carried
 * uncertain, never supported.
 * - `timeout`: an attempt outlived `requestTimeoutMs`, or the answer's deadline passed.
 * - `rate_limited`: 429 after every retry, or a Retry-After longer than we wait.
 * - `server_error`: 5xx after every retry.
 * - `http_error`: another status (401 bad key, 404 wrong URL, …): retrying cannot help.
 * - `unreachable`: no connection (refused, reset, DNS).
 * - `bad_response`: the body is not a chat completion (no `choices[0].message.content`).
 * - `provider_error`: the promptfoo grading provider returned an error.
 * - `not_recorded`: the replay judge holds no recording of this request.
 */
export type JudgeFaultKind =
  | 'timeout'
  | 'rate_limited'
  | 'server_error'
  | 'http_error'
  | 'unreachable'
  | 'bad_response'
  | 'provider_error'
  | 'not_recorded';

/**
 * Tokens a reply says it cost (the chat completion's `usage`: `prompt_tokens`,
 * `completion_tokens`, `prompt_tokens_details.cached_tokens`; promptfoo's `tokenUsage`). Cached
 * prompt tokens are part of `prompt`, as the protocol counts them.
 */
export interface TokenUsage {
  prompt: number;
  completion: number;
  cached: number;
}

/**
 * What one request came to: the reply's text (not yet parsed), or a fault with its detail. `usage`
 * when the reply gave it: a fault after a reply (a 5xx body, say) has none.
 */
export type JudgeAnswer =
  | { kind: 'reply'; text: string; attempts: number; usage?: TokenUsage }
  | { kind: 'fault'; fault: JudgeFaultKind; detail: string; attempts: number };

/**
 * A judge: something that answers one request. The HTTP client, the promptfoo grading provider,
 * the recorder and the replay judge all have this shape, so the chunk check cannot tell them apart.
 * `ask` never throws; every failure is a `fault`.
 */
export interface Judge {
  /** The model's name, part of every cache key. */
  readonly model: string;
  ask(request: JudgeRequest, signal: AbortSignal): Promise<JudgeAnswer>;
}
