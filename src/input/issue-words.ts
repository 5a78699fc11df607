import type { z } from 'zod';
import { pathKey } from './issue-path.js';
import type { IssueFormat, PathPart } from './issue-types.js';

/** What is wrong, in a person's words, for one of zod's issues: the expected thing, then what was given. */

export function describeIssue(issue: z.core.$ZodIssue, format: IssueFormat): string {
  const path = issue.path as readonly PathPart[];
  const expected = format.expected?.[pathKey(path)];
  if (issue.code === 'invalid_type' && isMissing(issue)) {
    return `is missing; add ${expected ?? describeType(issue.expected, true)}`;
  }
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

/**
 * What the value was. Issues carry it when parsed with `reportInput` (as `parseInput` does); from a
 * caller that did not ask, zod's own "received number" is all there is.
 */
function got(issue: z.core.$ZodIssue): string {
  if ('input' in issue) return describeValue(issue.input);
  const received = /received (\w+)$/.exec(issue.message)?.[1];
  return received === undefined
    ? 'something else'
    : received === 'undefined'
      ? 'nothing'
      : describeType(received, false);
}

export function isMissing(issue: z.core.$ZodIssueInvalidType): boolean {
  return 'input' in issue ? issue.input === undefined : / received undefined$/.test(issue.message);
}

export function describeType(expected: string, missing: boolean): string {
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
