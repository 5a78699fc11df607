import type { ResultRow } from '../../src/promptfoo/results.js';

/**
 * A promptfoo results row whose only assertion returned `result`, as promptfoo records it in a
 * results file: read back through JSON, so only what a file can hold reaches the reader.
 * `output` is the provider's answer; `error` the row's own error text, when promptfoo set one.
 */
export function recordedRow(
  result: object,
  { output = 'See https://example.org/x', error }: { output?: string; error?: string } = {},
): Omit<ResultRow, 'success'> {
  return JSON.parse(
    JSON.stringify({
      provider: 'vendor-x',
      testIdx: 0,
      promptIdx: 0,
      output,
      vars: { id: 'q1' },
      ...(error === undefined ? {} : { error }),
      failureReason: 1,
      gradingResult: {
        pass: false,
        score: 0,
        reason: 'x',
        componentResults: [{ ...result, assertion: { type: 'javascript' } }],
      },
    }),
  );
}
