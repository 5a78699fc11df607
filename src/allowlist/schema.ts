import { z } from 'zod';
import { parseInput } from '../input/issues.js';
import {
  type Allowlist,
  type AllowlistFile,
  type AllowlistTables,
  isAllowlistShape,
  type ReadOptions,
  readAllowlistFields,
} from './read.js';

/** The allowlist file as written; strict, so a typo (`org_phone`) is an error, not an empty field. */
export const AllowlistFileSchema = z.strictObject({
  urls: z.array(z.string()),
  domains: z.array(z.string()),
  org_names: z.array(z.string()),
  org_phones: z.record(z.string(), z.array(z.string())),
  org_aliases: z.record(z.string(), z.array(z.string())).optional(),
  urls_as_written: z.record(z.string(), z.string()).optional(),
  org_areas: z.record(z.string(), z.array(z.string())).optional(),
  link_areas: z.record(z.string(), z.array(z.string())).optional(),
  jurisdiction: z.string().optional(),
  $schema: z.string().optional(),
  org_urls: z.record(z.string(), z.array(z.string())).optional(),
  phone_kinds: z.record(z.string(), z.record(z.string(), z.string())).optional(),
}) satisfies z.ZodType<AllowlistFile>;

/**
 * Validate and normalize parsed JSON. Throws `InputError` naming the source, the path from `root`
 * (`$.org_phones["Legal Aid of X"][2]`) with its line when `locate` knows it, and what to do.
 */
export function parseAllowlist(
  data: unknown,
  source: string | undefined,
  options: ReadOptions = {},
): Allowlist {
  return readAllowlist(data, source, options).allowlist;
}

/** `parseAllowlist`, with the tables it built on the way (for `buildIndex`). */
export function readAllowlist(
  data: unknown,
  source: string | undefined,
  options: ReadOptions = {},
): { allowlist: Allowlist; tables: AllowlistTables } {
  if (!isAllowlistShape(data))
    parseInput(AllowlistFileSchema, data, 'INVALID_ALLOWLIST', { ...options, where: source });
  // The data itself, not zod's copy: the copy's records drop an own `__proto__` key, and an
  // organization may be named so. The schema transforms nothing, so the two agree otherwise.
  return readAllowlistFields(data as AllowlistFile, source, options);
}
