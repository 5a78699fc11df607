import { InputError, type InputErrorCode } from '../errors.js';
import { editDistance } from '../util/strings.js';
import type { z } from 'zod';

/**
 * The one house style for "this input does not fit", from zod's issues and hand-made checks alike:
 * `PATH: what is wrong; what to do`. PATH is a root (`$` for a file, `config`, a variable's name)
 * then `.key`, `[index]` or `["odd key"]`, or the name a front's user wrote it by (`--timeout`).
 */

const DEFAULT_MAX = 5;

/** `what is wrong; what to do`: the one way a problem and its remedy are joined, for every input. */
export function houseMessage(what: string, todo?: string): string {
  return todo === undefined ? what : `${what}; ${todo}`;
}

/**
 * The house message for issues: one line for one problem, else a count, a line each (at most
 * `max`) and "and N more". Unknown keys first: the key a misspelling meant is not also reported missing.
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
      issue.input === undefined &&
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
 * A union the value fits none of: when one option took the value's type and failed inside it, its
 * own issues say what is wrong; otherwise one issue for the union.
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

export type PathPart = PropertyKey;

/** A problem found by hand, beside the schema: where, and "what is wrong; what to do". */
export interface HandIssue {
  path: readonly PathPart[];
  message: string;
}

export type AnyIssue = z.core.$ZodIssue | HandIssue;

export interface IssueFormat {
  /** How the value itself is named: `$` for a file (the default), `config`, `vars.context`. */
  root?: string;
  /** The schema the value was checked against: lists the allowed keys beside an unknown one. */
  schema?: z.ZodType;
  /** What the value at a key path (`pathKey`) must be, in a person's words. */
  expected?: Readonly<Record<string, string>>;
  /** The name the user wrote a value by (`pathKey` → `--timeout`), instead of its path. */
  labels?: Readonly<Record<string, string>>;
  /** What to do, said once at the end. */
  hint?: string;
  /** The line of a path in the text the value was read from (`lineOfPath`). */
  locate?: (path: readonly PathPart[]) => string | undefined;
  /** How many problems to spell out. Default 5. */
  max?: number;
}

/** `$.org_phones["Legal Aid of X"][2]`: the root, then each key or index. */
export function formatPath(root: string, path: readonly PathPart[]): string {
  let out = root;
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part))
      out += out === '' ? part : `.${part}`;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out;
}

/** Keys only, joined by `.`: names a value wherever it sits in a list. */
function pathKey(path: readonly PathPart[]): string {
  return path.filter((part) => typeof part === 'string').join('.');
}

/** The PATH of a message: the user's label for the value, else its path and line. */
function placeOf(path: readonly PathPart[], format: IssueFormat): string {
  const label = format.labels?.[pathKey(path)];
  if (label !== undefined) return label;
  const line = format.locate?.(path);
  return `${formatPath(format.root ?? '$', path)}${line === undefined ? '' : ` (${line})`}`;
}

/** What is wrong with one of zod's issues, in a person's words: what was expected, what was given. */
function describeIssue(issue: z.core.$ZodIssue, format: IssueFormat): string {
  const path = issue.path as readonly PathPart[];
  const expected = format.expected?.[pathKey(path)];
  if (issue.code === 'invalid_type' && issue.input === undefined)
    return `is missing; add ${expected ?? describeType(issue.expected, true)}`;
  if (expected !== undefined) return `must be ${expected}, got ${got(issue)}`;
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${describeType(issue.expected, false)}, got ${got(issue)}`;
    case 'invalid_value':
      return `expected ${issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`}, got ${got(issue)}`;
    case 'invalid_union': {
      const types = [
        ...new Set(
          issue.errors.flatMap((option) =>
            option.flatMap((inner) =>
              inner.code === 'invalid_type' ? [describeType(inner.expected, false)] : [],
            ),
          ),
        ),
      ];
      return `expected ${types.length > 0 ? types.join(' or ') : 'another value'}, got ${got(issue)}`;
    }
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      const word =
        issue.code === 'too_small'
          ? issue.inclusive
            ? 'at least'
            : 'above'
          : issue.inclusive
            ? 'at most'
            : 'below';
      const unit =
        issue.origin === 'string' ? ' characters long' : issue.origin === 'array' ? ' items' : '';
      return `must be ${word} ${String(bound)}${unit}, got ${got(issue)}`;
    }
    default:
      return `${lowerFirst(issue.message)}, got ${got(issue)}`;
  }
}

/** What the value was: every caller parses with `reportInput`, so issues carry it. */
function got(issue: z.core.$ZodIssue): string {
  return describeValue(issue.input);
}

function describeType(expected: string, missing: boolean): string {
  if (expected === 'array') return missing ? 'a list ([] if you have none)' : 'a list';
  if (expected === 'object' || expected === 'record' || expected === 'map')
    return missing ? 'an object ({} if you have none)' : 'an object';
  if (expected === 'int') return 'a whole number';
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/** What a value is, short: `the string "…"` (cut at 40 characters), `a list`, `5`, `nothing`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}

function lowerFirst(text: string): string {
  return text.length > 1 && /^[A-Z][a-z]/.test(text)
    ? text[0]!.toLowerCase() + text.slice(1)
    : text;
}

/** A key the schema does not know: the allowed keys and the likely one, added to `suggested`. */
function unknownKeys(
  issue: z.core.$ZodIssueUnrecognizedKeys,
  format: IssueFormat,
  suggested: Set<string>,
): string {
  const path = issue.path as readonly PathPart[];
  const shape = objectShape(format.schema, path);
  const keys = issue.keys.map((key) => JSON.stringify(key)).join(', ');
  let text =
    issue.keys.length === 1
      ? `${placeOf([...path, issue.keys[0]!], format)}: unknown key`
      : `${placeOf(path, format)}: unknown keys ${keys}`;
  if (shape === undefined) return text;
  const allowed = Object.keys(shape);
  const given =
    issue.input !== null && typeof issue.input === 'object' ? Object.keys(issue.input) : [];
  const free = allowed.filter((name) => !given.includes(name));
  const guesses = issue.keys
    .map((key) => closest(key, free))
    .filter((guess) => guess !== undefined);
  for (const guess of guesses) suggested.add(pathKey([...path, guess]));
  const required = allowed.filter((key) => !isOptional(shape[key]!));
  const optional = allowed.filter((key) => isOptional(shape[key]!));
  const list = (names: string[]): string => names.map((name) => JSON.stringify(name)).join(', ');
  const keysHere =
    required.length === 0
      ? list(optional)
      : `${list(required)}${optional.length > 0 ? ` (optional: ${list(optional)})` : ''}`;
  if (guesses.length > 0)
    return `${text}; did you mean ${guesses.map((guess) => JSON.stringify(guess)).join(', ')}? allowed keys: ${keysHere}`;
  return `${text}; remove ${issue.keys.length === 1 ? 'it' : 'them'}, or use one of the allowed keys: ${keysHere}`;
}

/** The allowed name nearest to a misspelled one, when it is near enough to be a typo. */
function closest(key: string, names: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.min(2, Math.floor(key.length / 4)));
  for (const name of names) {
    // `timeout` for `timeoutMs`: a name cut short is as good a guess as one letter wrong.
    const lower = key.toLowerCase();
    const distance =
      name.toLowerCase() === lower
        ? 0
        : key.length >= 4 && name.toLowerCase().startsWith(lower)
          ? 1
          : editDistance(key, name, bestDistance + 1);
    if (distance <= bestDistance && (best === undefined || distance < bestDistance)) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

// The allowed keys come from the schema itself, so they cannot drift from it: this is the one
// place that reads zod's internal definition (`_zod.def`).

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS: ReadonlySet<string> = new Set([
  'optional',
  'nullable',
  'default',
  'readonly',
  'catch',
]);

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let node = schema;
  for (let depth = 0; node !== undefined && depth < 20; depth++) {
    const def = defOf(node);
    if (WRAPPERS.has(def.type)) node = def.innerType;
    else if (def.type === 'lazy') node = def.getter?.();
    else if (def.type === 'pipe') node = def.in;
    else return node;
  }
  return node;
}

function isOptional(schema: z.ZodType): boolean {
  const type = defOf(schema).type;
  return type === 'optional' || type === 'default';
}

/** The object shape at `path` in `schema` (through lists, records, optional values and unions). */
function objectShape(
  schema: z.ZodType | undefined,
  path: readonly PathPart[],
): Record<string, z.ZodType> | undefined {
  let node = unwrap(schema);
  for (const part of path) {
    if (node === undefined) return undefined;
    const def = defOf(node);
    if (def.type === 'object') node = unwrap(def.shape?.[String(part)]);
    else if (def.type === 'record') node = unwrap(def.valueType);
    else if (def.type === 'array') node = unwrap(def.element);
    else if (def.type === 'union')
      node = unwrap(
        def.options
          ?.map(unwrap)
          .find(
            (option) =>
              option !== undefined &&
              defOf(option).type === 'object' &&
              String(part) in (defOf(option).shape ?? {}),
          ),
      );
    else return undefined;
  }
  if (node === undefined) return undefined;
  const def = defOf(node);
  if (def.type === 'object') return def.shape;
  if (def.type === 'union') {
    const option = def.options
      ?.map(unwrap)
      .find((candidate) => candidate !== undefined && defOf(candidate).type === 'object');
    return option === undefined ? undefined : defOf(option).shape;
  }
  return undefined;
}
