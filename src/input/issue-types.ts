import type { z } from 'zod';

/** What the house message is made from, for every step of it (`./issues.ts` says how it reads). */

export type PathPart = PropertyKey;

/** A problem found by hand, beside the schema: where, and the whole "what is wrong; what to do". */
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
  /** What the value at a key path (keys joined by `.`, indices left out) must be, in a person's words. */
  expected?: Readonly<Record<string, string>>;
  /** Names a value the way the user wrote it (key path as in `expected` → `--timeout`), instead of its path. */
  labels?: Readonly<Record<string, string>>;
  /** What to do, said once at the end. */
  hint?: string;
  /** The line of a path in the text the value was read from (`lineOfPath`), when there is one. */
  locate?: (path: readonly PathPart[]) => string | undefined;
  /** How many problems to spell out; the rest are counted. Default 5. */
  max?: number;
}
