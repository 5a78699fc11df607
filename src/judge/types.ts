/** A judge's answer for one claim (docs/JUDGE.md). */
export const JUDGE_LABELS = ['YES', 'NO', 'PARTIAL', 'CONTRADICTS'] as const;
export type JudgeLabel = (typeof JUDGE_LABELS)[number];

/** One request: the chunks a set of claims cites, and those claims; the user message is its JSON. */
export interface JudgeRequest {
  chunks: Array<{ id: string; text: string }>;
  claims: Array<{ id: string; text: string }>;
}

/** One verdict of a reply, as the judge wrote it; `evidenceQuote` empty when it gave none. */
export interface WireVerdict {
  id: string;
  label: JudgeLabel;
  evidenceQuote: string;
}

/** Why a request got no usable reply (its words: `FAULT_WORDS`, `src/chunks/judged.ts`). */
export type JudgeFaultKind =
  | 'timeout'
  | 'rate_limited'
  | 'server_error'
  | 'http_error'
  | 'unreachable'
  | 'bad_response'
  | 'provider_error'
  | 'not_recorded';

/** Tokens a reply says it cost; cached prompt tokens are part of `prompt`, as the protocol counts. */
export interface TokenUsage {
  prompt: number;
  completion: number;
  cached: number;
}

/** What one request came to: the reply's text, not yet parsed, or a fault with its detail. */
export type JudgeAnswer =
  | { kind: 'reply'; text: string; attempts: number; usage?: TokenUsage }
  | { kind: 'fault'; fault: JudgeFaultKind; detail: string; attempts: number };

/** Anything that answers one request (HTTP, grading provider, recorder, replay); never throws. */
export interface Judge {
  readonly model: string;
  ask(request: JudgeRequest, signal: AbortSignal): Promise<JudgeAnswer>;
}
