import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { CHECK_JSONL_MAX_LINE_BYTES, FILE_LIMITS, JUDGE_DEFAULTS } from '../defaults.js';
import { jsonLine } from '../format/escape.js';
import { InputError, isInputError } from '../errors.js';
import type { CheckLine } from '../format/check-schema.js';
import { parseInput } from '../input/issues.js';
import { jsonErrorOffset } from '../input/json.js';
import { firstDuplicateKey } from '../input/json-walk.js';
import { readLines, type TextLine } from '../input/lines.js';
import { checkAnswer, checksJson, type CheckPlan } from './check-answer.js';
import { openInputStream } from '../util/safe-file.js';
import { EXIT, type CliIo } from './io.js';
import type { LineOutput } from './output.js';

/**
 * `check --jsonl FILE|-`: one answer a line, each answered in order as it goes; a bad line gets
 * an `error` line. Exit 3 when any line was bad, else 2 when any failed (docs/DECISIONS.md).
 */
export async function runJsonl(
  source: string,
  plan: CheckPlan,
  io: CliIo,
  output: LineOutput,
): Promise<number> {
  const name = source === '-' ? 'stdin' : source;
  const chunks =
    source === '-'
      ? (io.stdinChunks?.() ?? Readable.from([await io.readStdin()]))
      : await openInputStream(resolve(io.cwd, source), {
          what: 'answers file',
          maxBytes: FILE_LIMITS.jsonl,
        });
  const tally: Tally = { answers: 0, passed: 0, failed: 0, bad: [] };
  // With a model judge, answers wait on the network: up to `concurrency` are checked at once.
  const judge = plan.chunks?.settings.judge;
  const window = judge ? (judge.concurrency ?? JUDGE_DEFAULTS.concurrency) : 1;
  const pending: Array<{ line: number; verdict: Promise<CheckLine> }> = [];
  const writeFirst = async (): Promise<void> => {
    const first = pending.shift()!;
    const verdict = await first.verdict;
    if ('error' in verdict) tally.bad.push(first.line);
    else if (verdict.pass) tally.passed += 1;
    else tally.failed += 1;
    await output.write(jsonLine(verdict));
  };
  for await (const line of readLines(chunks, CHECK_JSONL_MAX_LINE_BYTES)) {
    if (line.tooLong === undefined && line.text.trim() === '') continue;
    tally.answers += 1;
    const verdict = checkLine(line, name, plan, io);
    // Awaited in order below; this keeps a later line's error from going unhandled meanwhile.
    verdict.catch(() => undefined);
    pending.push({ line: line.line, verdict });
    if (pending.length >= window) await writeFirst();
  }
  while (pending.length > 0) await writeFirst();
  if (tally.answers === 0)
    throw new InputError(
      'USAGE',
      'holds no answers; give one {"id", "answer"} object a line (an empty input would pass unchecked)',
      { where: name },
    );
  await output.close();
  io.stderr(summary(tally));
  if (tally.bad.length > 0) return EXIT.badInput;
  return tally.failed > 0 ? EXIT.failed : EXIT.pass;
}

/** One input line; its other fields are read as a promptfoo row's vars (`jurisdiction`). */
const AnswerLineSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).optional(),
  answer: z.string(),
});
const LINE_HINT = 'each line must be one {"id", "answer", …} object';

async function checkLine(
  line: TextLine,
  name: string,
  plan: CheckPlan,
  io: CliIo,
): Promise<CheckLine> {
  const where = `${name}:${line.line}`;
  let id: string | number | null = null;
  try {
    const value = parseLine(line, where);
    // The row's id when usable, even if the rest of the row is wrong.
    const given = (value as { id?: unknown } | null)?.id;
    if (typeof given === 'string' || typeof given === 'number') id = given;
    const row = parseInput(AnswerLineSchema, value, 'INVALID_JSON', { where, hint: LINE_HINT });
    if (row.answer.trim() === '')
      throw new InputError(
        'USAGE',
        'answer is empty; an empty answer cites nothing and would pass, so there is nothing to check',
        { where },
      );
    const checks = await checkAnswer(plan, row.answer, io, { vars: row, where });
    return { id, line: line.line, ...checksJson(checks) };
  } catch (error) {
    if (!isInputError(error)) throw error;
    return { id, line: line.line, error: { code: error.code, message: error.message } };
  }
}

/** The line as JSON: a syntax error or a repeated key says its column. */
function parseLine(line: TextLine, where: string): unknown {
  if (line.tooLong !== undefined)
    throw new InputError(
      'USAGE',
      `is ${line.tooLong} bytes, over the ${CHECK_JSONL_MAX_LINE_BYTES}-byte limit of one line; split the answer or check it alone (check FILE)`,
      { where },
    );
  let value: unknown;
  try {
    value = JSON.parse(line.text);
  } catch (error) {
    const offset = jsonErrorOffset(line.text);
    throw new InputError(
      'INVALID_JSON',
      `is not valid JSON${offset === null ? '' : ` at column ${offset + 1}`} (${error instanceof Error ? error.message : String(error)}); ${LINE_HINT}`,
      { where, cause: error },
    );
  }
  const duplicate = firstDuplicateKey(line.text);
  if (duplicate !== null)
    throw new InputError(
      'INVALID_JSON',
      `${duplicate.path.join('.')} appears twice (the second at column ${duplicate.offset + 1}); keep one`,
      { where },
    );
  return value;
}

interface Tally {
  answers: number;
  passed: number;
  failed: number;
  bad: number[];
}

function summary(tally: Tally): string {
  const bad = tally.bad;
  const lines =
    bad.length === 0
      ? ''
      : `, ${bad.length} bad line${bad.length === 1 ? '' : 's'} (line ${bad.slice(0, 10).join(', ')}${bad.length > 10 ? ', …' : ''})`;
  return `check --jsonl: ${tally.answers} answer${tally.answers === 1 ? '' : 's'}, ${tally.passed} passed, ${tally.failed} failed${lines}\n`;
}
