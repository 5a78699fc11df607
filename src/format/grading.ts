/** What promptfoo expects back from a `javascript` assertion; the library never imports it. */
export interface GradingResult {
  pass: boolean;
  score: number;
  reason: string;
  namedScores?: Record<string, number>;
  componentResults?: GradingResult[];
  assertion?: { type: string; value?: unknown; metric?: string } | null;
  metadata?: Record<string, unknown>;
  /** Tokens a model grader spent on this result (promptfoo adds them to its eval's totals). */
  tokensUsed?: {
    total: number;
    prompt: number;
    completion: number;
    cached: number;
    numRequests: number;
  };
}

/** The start of every reason the verifier writes; `report` finds it in older results files. */
export const REASON_PREFIX = 'citation-verifier';

/** A failing result when an assertion cannot grade: a throw would lose the row's judge. */
export function errorResult(prefix: string, message: string): GradingResult {
  return { pass: false, score: 0, reason: `${prefix}: ${message}`, namedScores: {} };
}

/** Where a verifier GradingResult carries its report (or error), for `report` to read back. */
export const VERIFIER_METADATA_KEY = 'citationVerifier';

/** The verifier's `errorResult`, marked so `report` counts the row an error, not a fail. */
export function verifierErrorResult(message: string): GradingResult {
  return {
    ...errorResult(REASON_PREFIX, message),
    metadata: { [VERIFIER_METADATA_KEY]: { error: message } },
  };
}
