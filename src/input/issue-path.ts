import type { IssueFormat, PathPart } from './issue-types.js';

/**
 * PATH, the place a message names: one style everywhere (a root, then `.key`, `[index]` or
 * `["odd key"]`), or the name the user wrote it by (a flag), with its line when there is one.
 */

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

/** Keys only, joined by `.`: how `expected` and `labels` name a value wherever it sits in a list. */
export function pathKey(path: readonly PathPart[]): string {
  return path.filter((part) => typeof part === 'string').join('.');
}

/** The PATH of a message: the user's label for the value, else its path and line. */
export function placeOf(path: readonly PathPart[], format: IssueFormat): string {
  const label = format.labels?.[pathKey(path)];
  if (label !== undefined) return label;
  const line = format.locate?.(path);
  return `${formatPath(format.root ?? '$', path)}${line === undefined ? '' : ` (${line})`}`;
}
