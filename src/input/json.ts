import { InputError, type InputErrorCode } from '../errors.js';
import { formatPath } from './issues.js';
import { firstDuplicateKey, jsonErrorOffset, offsetOfPath, mayRepeatKeys } from './json-walk.js';

export { jsonErrorOffset } from './json-walk.js';

/** How a JSON reader words its errors: where, what is wrong (with line and column), what to do. */
export interface JsonReadOptions {
  /** What to do about a syntax error. Default "fix the syntax". */
  hint?: string;
  /** Default `INVALID_JSON`. */
  code?: InputErrorCode;
  /** A repeated key is valid JSON, so a reader may name it as its content's. Default `code`. */
  duplicateCode?: InputErrorCode;
  /** The root of a repeated key's path (`formatPath`). Default `$`. */
  root?: string;
  /**
   * Report a key that appears twice in one object (default true). Off only for `JSON.stringify`'s
   * output, which cannot repeat one: promptfoo's results, often tens of megabytes.
   */
  duplicateKeys?: boolean;
}

/**
 * `JSON.parse` of text read from `where` (a byte-order mark allowed); a syntax error or a repeated
 * key is an `InputError` with line and column. Without `where` (JSON inside a value), the root names it.
 */
export function parseJsonText(
  text: string,
  where: string | undefined,
  options: JsonReadOptions = {},
): unknown {
  const json = text.replace(/^\uFEFF/, '');
  return readJson(json, where, options, (offset) => lineAndColumn(json, offset));
}

/** One parsed line of JSON Lines; `where` is `file:line`. */
export interface JsonLine {
  value: unknown;
  line: number;
  where: string;
}

/**
 * The values of a JSON Lines text, one per non-blank line, read lazily so a caller checking each
 * reports the first bad line. A line that is not JSON or repeats a key is an `InputError` naming
 * `file:line` and the column.
 */
export function* parseJsonLines(
  text: string,
  path: string,
  options: JsonReadOptions = {},
): Generator<JsonLine> {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  for (const [index, raw] of lines.entries()) {
    if (raw.trim() === '') continue;
    const where = `${path}:${index + 1}`;
    yield { value: readJson(raw, where, options, column), line: index + 1, where };
  }
}

const column = (offset: number): string => `column ${offset + 1}`;

/** `JSON.parse`; a syntax error or a repeated key an `InputError` placed by `locate`. */
function readJson(
  text: string,
  where: string | undefined,
  options: JsonReadOptions,
  locate: (offset: number) => string,
): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // V8 gives a position for some errors only; find it ourselves so every message has one.
    const offset = jsonErrorOffset(text);
    const at = offset === null ? '' : ` at ${locate(offset)}`;
    throw new InputError(
      options.code ?? 'INVALID_JSON',
      `is not valid JSON${at} (${message}); ${options.hint ?? 'fix the syntax'}`,
      { where: where ?? options.root ?? '$', cause: error },
    );
  }
  const duplicate =
    options.duplicateKeys === false || !mayRepeatKeys(text, value) ? null : firstDuplicateKey(text);
  if (duplicate !== null)
    throw new InputError(
      options.duplicateCode ?? options.code ?? 'INVALID_JSON',
      `${formatPath(options.root ?? '$', duplicate.path)}: appears twice (the second at ${locate(duplicate.offset)}); JSON keeps only the last, so merge the two into one entry`,
      where === undefined ? {} : { where },
    );
  return value;
}

/** `offset` → "line L, column C" (both 1-based), for messages. */
export function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

/**
 * The line of the value at a path (`line 14`), or of the nearest object on the way to a missing
 * key, for messages after parsing; nothing for text on one line. Walks only when a message asks.
 */
export function lineOfPath(text: string): (path: readonly PropertyKey[]) => string | undefined {
  const oneLine = !text.trimEnd().includes('\n');
  return (path) => {
    if (oneLine) return undefined;
    const offset = offsetOfPath(text, path);
    return offset === null ? undefined : `line ${text.slice(0, offset).split('\n').length}`;
  };
}
