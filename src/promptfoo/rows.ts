import { z } from 'zod';
import { answerText } from '../util/answer-text.js';
import { InputError } from '../errors.js';
import { invalidInput, parseInput } from '../input/issues.js';
import { MAX_COMPONENT_DEPTH } from '../defaults.js';
import { REASON_PREFIX, VERIFIER_METADATA_KEY } from '../format/grading.js';
import { RecordedVerdictSchema } from '../format/verdict-schema.js';
import { CHUNK_METADATA_KEY } from '../chunks/grading.js';
import { isModelGradedType } from '../compare/model-graded.js';
import { RESULTS_HINT, type ResultRow } from './results.js';
import type { JudgeVerdict, VendorRow, VerifierVerdict } from '../compare/types.js';

/** promptfoo's `ResultFailureReason` of a row that errored (1 is a failed assertion). */
const FAILURE_REASON_ERROR = 2;

const ComponentSchema = z.looseObject({
  pass: z.boolean(),
  score: z.number().optional(),
  reason: z.string().optional(),
  assertion: z
    .looseObject({ type: z.string().optional(), value: z.unknown().optional() })
    .nullish(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  get componentResults() {
    return z.array(ComponentSchema).optional();
  },
});
type Component = z.infer<typeof ComponentSchema>;

export interface RowOptions {
  /** Verify every answer again instead of reading the recorded verdict (`--allowlist`). */
  reverify?: (answer: string) => VerifierVerdict;
}

/**
 * One promptfoo result row → a `VendorRow`, read from the metadata `toGradingResult` recorded;
 * errored by `failureReason` 2 (older files: an error, no grading). Throws `InputError`.
 */
export function fromPromptfooRow(
  row: Omit<ResultRow, 'success'>,
  where: string,
  options: RowOptions = {},
): VendorRow {
  const vars = row.vars;
  const base: VendorRow = {
    vendor: row.provider,
    // As promptfoo's viewer names the row: the `id` var, else the test's description.
    test: stringOf(vars.id) ?? row.description ?? `test ${row.testIdx + 1}`,
    testIdx: row.testIdx,
    promptIdx: row.promptIdx,
    answer: answerText(row.output),
  };
  const question = stringOf(vars.question);
  if (question !== undefined) base.question = question;

  const errored =
    row.failureReason !== undefined
      ? row.failureReason === FAILURE_REASON_ERROR
      : row.gradingResult === undefined && Boolean(row.error);
  if (errored)
    return { ...base, error: row.error || 'the row errored (promptfoo gave no message)' };

  const components = componentsOf(row.gradingResult, where);
  const judge = judgeOf(components);
  const verifier = options.reverify
    ? options.reverify(base.answer)
    : recordedVerifier(components, where);
  // A verifier that could not grade the row (no allowlist) makes it an error, not a fail.
  if (verifier !== undefined && 'error' in verifier) return { ...base, error: verifier.error };
  const chunks = chunksOf(components);
  return {
    ...base,
    ...(verifier ? { verifier } : {}),
    ...(judge ? { judge } : {}),
    ...(chunks ? { chunks } : {}),
  };
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The row's assertion results; with none listed, the grading result is the one assertion's. */
function componentsOf(grading: unknown, where: string): Component[] {
  if (grading === undefined || grading === null) return [];
  const deep = tooDeep(grading);
  if (deep !== null)
    throw invalidInput(
      'INVALID_RESULTS',
      [
        {
          path: deep,
          message: `nests componentResults more than ${MAX_COMPONENT_DEPTH} deep; promptfoo writes one or two levels, so this is not its output: write the results again with promptfoo eval -o`,
        },
      ],
      { root: 'gradingResult', where },
    );
  const result = parseInput(ComponentSchema, grading, 'INVALID_RESULTS', {
    root: 'gradingResult',
    where,
    hint: RESULTS_HINT,
  });
  if (result.componentResults && result.componentResults.length > 0) return result.componentResults;
  return [result];
}

/** The path to the first component too deep, walked with a list: recursion overflowed. */
function tooDeep(grading: unknown): PropertyKey[] | null {
  type Entry = { node: unknown; depth: number; parent: Entry | null; index: number };
  const pending: Entry[] = [{ node: grading, depth: 0, parent: null, index: 0 }];
  while (pending.length > 0) {
    const entry = pending.pop()!;
    if (entry.depth > MAX_COMPONENT_DEPTH) {
      const path: PropertyKey[] = [];
      for (let at: Entry | null = entry; at?.parent; at = at.parent)
        path.unshift('componentResults', at.index);
      return path;
    }
    const children = (entry.node as { componentResults?: unknown } | null)?.componentResults;
    if (!Array.isArray(children)) continue;
    for (let index = children.length - 1; index >= 0; index -= 1)
      pending.push({ node: children[index], depth: entry.depth + 1, parent: entry, index });
  }
  return null;
}

function judgeOf(components: readonly Component[]): JudgeVerdict | undefined {
  const judged = components.filter((component) => isModelGradedType(component.assertion?.type));
  if (judged.length === 0) return undefined;
  return {
    pass: judged.every((component) => component.pass),
    reasons: judged.map((component) => component.reason ?? ''),
    types: judged.map((component) => component.assertion?.type ?? ''),
  };
}

/** The claims that fail the answer, from the chunk check's recorded audit when it ran. */
function chunksOf(components: readonly Component[]): VendorRow['chunks'] {
  for (const component of components) {
    const audit = RecordedChunksSchema.safeParse(component.metadata?.[CHUNK_METADATA_KEY]);
    if (audit.success) return { failures: audit.data.overall_assessment.critical_failures };
  }
  return undefined;
}

/** The part of the chunk check's audit the comparison reads. */
const RecordedChunksSchema = z.object({
  overall_assessment: z.object({ critical_failures: z.number().int().nonnegative() }),
});

/** The recorded verdict, or the error of a verifier result that carries one instead. */
function recordedVerifier(
  components: readonly Component[],
  where: string,
): VerifierVerdict | { error: string } | undefined {
  // The verifier's result: the one with our metadata, else (older files) our reason prefix.
  const component = components.find(
    (entry) =>
      (entry.metadata !== undefined && VERIFIER_METADATA_KEY in entry.metadata) ||
      (entry.reason ?? '').startsWith(`${REASON_PREFIX}:`),
  );
  if (!component) return undefined;
  const data = component.metadata?.[VERIFIER_METADATA_KEY];
  const failed = z.object({ error: z.string() }).safeParse(data);
  if (failed.success) return { error: component.reason ?? failed.data.error };
  if (data === undefined) {
    throw new InputError(
      'INVALID_RESULTS',
      `the citation-verifier result has no per-link data (written by an older citation-verifier, or the assertion could not grade: ${JSON.stringify(component.reason ?? '')}); pass --allowlist FILE to verify the answers again`,
      { where },
    );
  }
  const json = parseInput(RecordedVerdictSchema, data, 'INVALID_RESULTS', {
    root: `metadata.${VERIFIER_METADATA_KEY}`,
    where,
    hint: 'pass --allowlist FILE to verify the answers again',
  });
  // pass and score as promptfoo recorded them: its threshold on the assertion may override ours.
  return { ...json, pass: component.pass, score: component.score ?? json.score };
}
