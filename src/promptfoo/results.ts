import { z } from 'zod';
import { FILE_LIMITS } from '../defaults.js';
import { readInputFile } from '../util/safe-file.js';
import { compareStrings } from '../util/strings.js';
import { lineOfPath, parseJsonLines, parseJsonText } from '../input/json.js';
import { invalidInput, parseInput } from '../input/issues.js';

/** promptfoo's eval output (version 3), only the fields used checked: it adds fields. */

const GradingResultSchema = z.looseObject({
  pass: z.boolean(),
  score: z.number(),
  reason: z.string().optional(),
  componentResults: z
    .array(
      z.looseObject({
        pass: z.boolean().optional(),
        score: z.number().optional(),
        reason: z.string().optional(),
      }),
    )
    .nullish(),
});

export const PromptfooResultSchema = z.looseObject({
  provider: z.looseObject({ id: z.string(), label: z.string().nullish() }),
  prompt: z.looseObject({ raw: z.string().optional(), label: z.string().optional() }).nullish(),
  vars: z.record(z.string(), z.unknown()).nullish(),
  // The test's `description`, which promptfoo's own viewer names the row by.
  testCase: z.looseObject({ description: z.string().nullish() }).nullish(),
  testIdx: z.number().int().nonnegative(),
  promptIdx: z.number().int().nonnegative(),
  // Absent when the provider call failed; `output` is whatever the provider returned.
  response: z.looseObject({ output: z.unknown().optional() }).nullish(),
  success: z.boolean(),
  score: z.number().nullish(),
  error: z.string().nullish(),
  // promptfoo's ResultFailureReason: 0 none, 1 an assertion failed, 2 an error.
  failureReason: z.number().nullish(),
  // `null` when promptfoo was told to strip grading results.
  gradingResult: GradingResultSchema.nullish(),
});

export const PromptfooOutputSchema = z.looseObject({
  evalId: z.string().nullish(),
  results: z.looseObject({
    version: z.literal(3),
    timestamp: z.string().optional(),
    prompts: z.array(z.unknown()).optional(),
    results: z.array(PromptfooResultSchema),
  }),
});

export type PromptfooResult = z.infer<typeof PromptfooResultSchema>;

/** A promptfoo results file's rows, sorted; throws `InputError`. */
export async function readPromptfooResults(path: string): Promise<ResultRow[]> {
  const bytes = await readInputFile(path, {
    what: 'promptfoo results file',
    maxBytes: FILE_LIMITS.text,
    ifMissing: 'write one with `promptfoo eval -o results.json`',
  });
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  return path.toLowerCase().endsWith('.jsonl')
    ? parseJsonlResults(text, path)
    : parsePromptfooResults(
        parseJsonText(text, path, WRITTEN_BY_PROMPTFOO),
        path,
        lineOfPath(text),
      );
}

/** `JSON.stringify` cannot repeat a key: no second walk of a large file. */
const WRITTEN_BY_PROMPTFOO = { duplicateKeys: false } as const;

/** Parsed promptfoo JSON output's rows; `locate` gives each problem's line. */
export function parsePromptfooResults(
  data: unknown,
  source: string,
  locate?: (path: readonly PropertyKey[]) => string | undefined,
): ResultRow[] {
  const format = { where: source, hint: RESULTS_HINT, ...(locate ? { locate } : {}) };
  const version = (data as { results?: { version?: unknown } } | null)?.results?.version;
  if (version !== undefined && version !== 3) {
    throw invalidInput(
      'INVALID_RESULTS',
      [
        {
          path: ['results', 'version'],
          message: `is ${JSON.stringify(version)}; only version 3, written by current promptfoo releases, is read; re-run or re-export the eval with a current promptfoo`,
        },
      ],
      { where: source, ...(locate ? { locate } : {}) },
    );
  }
  const parsed = parseInput(PromptfooOutputSchema, data, 'INVALID_RESULTS', format);
  return sortRows(parsed.results.results.map(toRow));
}

function parseJsonlResults(text: string, source: string): ResultRow[] {
  const rows: ResultRow[] = [];
  for (const { value, where } of parseJsonLines(text, source, WRITTEN_BY_PROMPTFOO)) {
    rows.push(
      toRow(
        parseInput(PromptfooResultSchema, value, 'INVALID_RESULTS', { where, hint: RESULTS_HINT }),
      ),
    );
  }
  return sortRows(rows);
}

/** A result row reduced to what the reports use; `provider` its label, else its id. */
function toRow(result: PromptfooResult) {
  return {
    provider: result.provider.label || result.provider.id,
    testIdx: result.testIdx,
    promptIdx: result.promptIdx,
    output: result.response?.output,
    vars: result.vars ?? {},
    success: result.success,
    ...(result.testCase?.description ? { description: result.testCase.description } : {}),
    ...(result.error ? { error: result.error } : {}),
    ...(typeof result.failureReason === 'number' ? { failureReason: result.failureReason } : {}),
    ...(result.gradingResult ? { gradingResult: result.gradingResult } : {}),
  };
}

export type ResultRow = ReturnType<typeof toRow>;

function sortRows(rows: ResultRow[]): ResultRow[] {
  return rows.sort(
    (a, b) =>
      a.testIdx - b.testIdx || a.promptIdx - b.promptIdx || compareStrings(a.provider, b.provider),
  );
}

/** What to do about a results file that does not fit, for this file's messages and the rows'. */
export const RESULTS_HINT = 'expected promptfoo eval output (promptfoo eval -o results.json)';
