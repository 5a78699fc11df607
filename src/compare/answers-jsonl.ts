import { z } from 'zod';
import { InputError } from '../errors.js';
import { parseInput } from '../input/issues.js';
import { parseJsonLines } from '../input/json.js';
import type { VendorRow, VerifierVerdict } from './types.js';

/** One line of an answers file: which vendor answered which test, and what it said. */
const LineSchema = z.strictObject({
  provider: z.string().min(1),
  id: z.string().min(1),
  answer: z.string(),
  question: z.string().optional(),
  jurisdiction: z.string().optional(),
});

/** A line as read, with its 1-based line number. */
export type AnswerLine = z.infer<typeof LineSchema> & { line: number };

/** Parse a JSONL of `{provider, id, answer}` lines, each pair once; throws `InputError`. */
export function parseAnswersJsonl(text: string, path: string): AnswerLine[] {
  const lines: AnswerLine[] = [];
  const seen = new Map<string, number>();
  for (const { value, line, where } of parseJsonLines(text, path, {
    code: 'INVALID_RESULTS',
    hint: 'each line must be one {"provider", "id", "answer"} object',
  })) {
    const data = parseInput(LineSchema, value, 'INVALID_RESULTS', {
      where,
      hint: 'each line must be {"provider": string, "id": string, "answer": string} (optionally "question" and "jurisdiction")',
    });
    const key = JSON.stringify([data.provider, data.id]);
    const before = seen.get(key);
    if (before !== undefined) {
      throw new InputError(
        'INVALID_RESULTS',
        `${data.provider} answers "${data.id}" again (first on line ${before}); keep one answer per provider and id`,
        { where },
      );
    }
    seen.set(key, line);
    lines.push({ ...data, line });
  }
  if (lines.length === 0)
    throw new InputError(
      'INVALID_RESULTS',
      'holds no answers; expected one {"provider", "id", "answer"} object a line',
      { where: path },
    );
  return lines;
}

/** Rows of answers, numbered by first appearance to sort as a promptfoo eval's would. */
export function rowsFromAnswers(
  lines: readonly AnswerLine[],
  verify: (line: AnswerLine) => VerifierVerdict,
): VendorRow[] {
  const tests = new Map<string, number>();
  const vendors = new Map<string, number>();
  return lines.map((line) => {
    if (!tests.has(line.id)) tests.set(line.id, tests.size);
    if (!vendors.has(line.provider)) vendors.set(line.provider, vendors.size);
    const row: VendorRow = {
      vendor: line.provider,
      test: line.id,
      testIdx: tests.get(line.id)!,
      promptIdx: vendors.get(line.provider)!,
      answer: line.answer,
      verifier: verify(line),
    };
    if (line.question !== undefined) row.question = line.question;
    return row;
  });
}
