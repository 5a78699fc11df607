/**
 * The shape promptfoo expects back from a `javascript` assertion, declared here so the library does
 * not import promptfoo (it is only a peer dependency of the assertions).
 */
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

/** The start of every reason the verifier writes, so a promptfoo row shows which assertion spoke; `report` also finds the verifier's result by it in results files older than its metadata. */
export const REASON_PREFIX = 'citation-verifier';

/**
 * The result an assertion returns when something went wrong before it could grade (bad config,
 * unreadable allowlist). A thrown error would turn the whole promptfoo row into an ERROR and lose
 * the judge's result beside it; a failing result keeps the row.
 */
export function errorResult(prefix: string, message: string): GradingResult {
  return { pass: false, score: 0, reason: `${prefix}: ${message}`, namedScores: {} };
}

/** Where a verifier GradingResult carries its whole report (or its error), for `report` to read back. */
export const VERIFIER_METADATA_KEY = 'citationVerifier';

/**
 * The verifier assertion's result when it could not grade: failing, and marked in metadata so that
 * `report` counts the row as an error rather than as a failed answer.
 */
export function verifierErrorResult(message: string): GradingResult {
  return {
    ...errorResult(REASON_PREFIX, message),
    metadata: { [VERIFIER_METADATA_KEY]: { error: message } },
  };
}
