import type { z } from 'zod';
import { InputError, type InputErrorCode } from '../errors.js';
import { placeOf, pathKey } from './issue-path.js';
import type { AnyIssue, IssueFormat, PathPart } from './issue-types.js';
import { describeIssue, isMissing } from './issue-words.js';
import { unknownKeys } from './unknown-keys.js';

/**
 * The one house style for "this input does not fit": every schema failure (zod's issues) and every
 * hand-made check of the same input reads `PATH: what is wrong; what to do`, under the file (and
 * line) the `InputError` names. PATH is one style everywhere: a root (`$` for a file, `config` for
 * an assertion's config, the variable a value came from) then `.key`, `[index]`, or `["odd key"]`
 * for a key that is not a plain word, so `$.org_phones["Legal Aid of X"][2]` and
 * `config.liveness.timeoutMs`. A front can name a value the way its user wrote it instead
 * (`--timeout`), so the same bad value gets the same words from every front.
 *
 * This file puts the message together; each step has its own file: PATH (`issue-path.ts`), what is
 * wrong (`issue-words.ts`), an unknown key and what it was likely meant to be (`unknown-keys.ts`,
 * which reads the allowed keys from the schema through `schema-shape.ts`).
 */

export { formatPath, pathKey } from './issue-path.js';
export type { AnyIssue, HandIssue, IssueFormat } from './issue-types.js';
export { describeValue } from './issue-words.js';

const DEFAULT_MAX = 5;

/**
 * `what is wrong; what to do`: the one way a problem and its remedy are joined, for every input
 * (a schema's issues below, a CSV's rows in `table.ts`).
 */
export function houseMessage(what: string, todo?: string): string {
  return todo === undefined ? what : `${what}; ${todo}`;
}

/**
 * The house message for a list of issues: one line for one problem, else a count, one problem a
 * line (at most `max`) and "and N more". Unknown keys come first: a misspelled key is what the user
 * wrote, and the key it was meant to be is then not reported missing as well.
 */
export function describeIssues(issues: readonly AnyIssue[], format: IssueFormat = {}): string {
  const lines = issueLines(issues, format);
  if (lines.length === 1) return houseMessage(lines[0]!, format.hint);
  const max = format.max ?? DEFAULT_MAX;
  const shown = lines.slice(0, max).map((line) => `\n  ${line}`);
  const more = lines.length > max ? `\n  and ${lines.length - max} more` : '';
  return `${lines.length} problems:${shown.join('')}${more}${format.hint === undefined ? '' : `\n${format.hint}`}`;
}

/** An `InputError` with the house message; `where` is the file (and line) the value came from. */
export function invalidInput(
  code: InputErrorCode,
  issues: readonly AnyIssue[],
  format: IssueFormat & { where?: string | undefined } = {},
): InputError {
  return new InputError(
    code,
    describeIssues(issues, format),
    format.where === undefined ? {} : { where: format.where },
  );
}

/** `schema.safeParse`, throwing the house `InputError` when the value does not fit. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  code: InputErrorCode,
  format: IssueFormat & { where?: string | undefined } = {},
): z.output<S> {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return parsed.data;
  throw invalidInput(code, parsed.error.issues, { schema, ...format });
}

function issueLines(issues: readonly AnyIssue[], format: IssueFormat): string[] {
  const flat = issues.flatMap((issue) => flatten(issue, []));
  const unknown = flat.filter(
    (issue): issue is z.core.$ZodIssueUnrecognizedKeys =>
      'code' in issue && issue.code === 'unrecognized_keys',
  );
  const rest = flat.filter((issue) => !('code' in issue && issue.code === 'unrecognized_keys'));
  const lines: string[] = [];
  const suggested = new Set<string>();
  for (const issue of unknown) lines.push(unknownKeys(issue, format, suggested));
  for (const issue of rest) {
    const path = issue.path as readonly PathPart[];
    // `org_phone` given and `org_phones` missing: the first line already says it.
    if (
      'code' in issue &&
      issue.code === 'invalid_type' &&
      isMissing(issue) &&
      suggested.has(pathKey(path))
    )
      continue;
    lines.push(
      `${placeOf(path, format)}: ${'code' in issue ? describeIssue(issue, format) : issue.message}`,
    );
  }
  return lines;
}

/**
 * A union the value fits none of: when one option took the value's type and failed inside it (a
 * liveness object with a bad timeout), its own issues say what is wrong; otherwise the value has
 * none of the types, one issue for the union.
 */
function flatten(issue: AnyIssue, prefix: readonly PathPart[]): AnyIssue[] {
  const path = [...prefix, ...(issue.path as readonly PathPart[])];
  if (!('code' in issue) || issue.code !== 'invalid_union' || issue.errors.length === 0)
    return [{ ...issue, path } as AnyIssue];
  const inside = issue.errors.find(
    (option) =>
      option.length > 0 &&
      !option.every(
        (inner) =>
          inner.path.length === 0 &&
          (inner.code === 'invalid_type' || inner.code === 'invalid_value'),
      ),
  );
  if (inside) return inside.flatMap((inner) => flatten(inner, path));
  return [{ ...issue, path } as AnyIssue];
}
