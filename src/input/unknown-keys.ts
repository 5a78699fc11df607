import type { z } from 'zod';
import { editDistance } from '../util/strings.js';
import { pathKey, placeOf } from './issue-path.js';
import type { IssueFormat, PathPart } from './issue-types.js';
import { isOptional, objectShape } from './schema-shape.js';

/**
 * A key the schema does not know: the allowed keys, read from the schema, and the one it was
 * probably meant to be. Each guess is added to `suggested`, so that key is not also reported missing.
 */

export function unknownKeys(
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
  const guesses = issue.keys
    .map((key) =>
      closest(
        key,
        allowed.filter((name) => !given.includes(name)),
      ),
    )
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
