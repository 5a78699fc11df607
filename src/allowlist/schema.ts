import { z } from 'zod';
import { isRecord } from '../util/record.js';
import { compareStrings } from '../util/strings.js';
import { invalidInput, type IssueFormat, parseInput } from '../input/issues.js';
import { cleanOrgName } from '../normalize/name.js';
import { type AllowlistAreas, parseAreaFields } from './areas.js';
import {
  dataRecord,
  type Fail,
  readAlias,
  readDomains,
  readLists,
  readOrgUrl,
  readPhone,
  readUrls,
} from './fields.js';
import { type PhoneKind, parsePhoneKinds } from './phone-kinds.js';

/** The allowlist file as written; strict, so a typo (`org_phone`) is an error, not an empty field. */
export const AllowlistFileSchema = z.strictObject({
  urls: z.array(z.string()),
  domains: z.array(z.string()),
  org_names: z.array(z.string()),
  org_phones: z.record(z.string(), z.array(z.string())),
  org_aliases: z.record(z.string(), z.array(z.string())).optional(),
  /** URL → the address as the directory wrote it, where they differ: what liveness fetches. */
  urls_as_written: z.record(z.string(), z.string()).optional(),
  /** Who serves where, and the default jurisdiction (`areas.ts`). */
  org_areas: z.record(z.string(), z.array(z.string())).optional(),
  link_areas: z.record(z.string(), z.array(z.string())).optional(),
  jurisdiction: z.string().optional(),
  /** The JSON Schema an editor validates the file with (`schema/allowlist.schema.json`); not read. */
  $schema: z.string().optional(),
  org_urls: z.record(z.string(), z.array(z.string())).optional(),
  /** Organization → number → its kind of line (`PHONE_KINDS`). */
  phone_kinds: z.record(z.string(), z.record(z.string(), z.string())).optional(),
});
export type AllowlistFile = z.infer<typeof AllowlistFileSchema>;

/** The allowlist after validation: every value normalized, numbers in E.164. */
export interface Allowlist extends AllowlistAreas {
  urls: string[];
  domains: string[];
  orgNames: string[];
  /** Organization → its numbers, in the order first listed. */
  orgPhones: Record<string, string[]>;
  orgAliases: Record<string, string[]>;
  /** URL → the address as written, where they differ: matching normalizes, liveness fetches this. */
  urlsAsWritten?: ReadonlyMap<string, string>;
  /** Organization → its own pages (each in `urls`): what a correction offers. */
  orgUrls?: Record<string, string[]>;
  /** Organization → number → its kind (`phone_kinds`). */
  orgPhoneKinds?: Record<string, Record<string, PhoneKind>>;
}

/** Every name and alias of an allowlist, with the organization it names. */
export function namesOf(allowlist: Allowlist): Array<{ organization: string; name: string }> {
  const own = allowlist.orgNames.map((organization) => ({ organization, name: organization }));
  return own.concat(aliasNamesOf(allowlist));
}

/** Every alias of an allowlist, with the organization it names. */
export function aliasNamesOf(allowlist: Allowlist): Array<{ organization: string; name: string }> {
  return Object.entries(allowlist.orgAliases).flatMap(([organization, aliases]) =>
    aliases.map((name) => ({ organization, name })),
  );
}

/**
 * Validate and normalize parsed JSON. Throws `InputError` naming the source, the path from `root`
 * (`$.org_phones["Legal Aid of X"][2]`) with its line when `locate` knows it, and what to do.
 */
export function parseAllowlist(
  data: unknown,
  source: string | undefined,
  options: ParseOptions = {},
): Allowlist {
  return readAllowlist(data, source, options).allowlist;
}

type ParseOptions = Pick<IssueFormat, 'root' | 'locate'>;

/** What the index looks things up in besides the allowlist itself. */
export interface AllowlistTables {
  urls: ReadonlySet<string>;
  domains: ReadonlySet<string>;
  /** Number → the organizations that list it, in the order of `orgPhones`. */
  phoneOwners: ReadonlyMap<string, readonly string[]>;
}

/** `parseAllowlist`, with the tables it built on the way (for `buildIndex`). */
export function readAllowlist(
  data: unknown,
  source: string | undefined,
  options: ParseOptions = {},
): { allowlist: Allowlist; tables: AllowlistTables } {
  const format = { ...options, where: source };
  if (!wellFormed(data)) parseInput(AllowlistFileSchema, data, 'INVALID_ALLOWLIST', format);
  // The data itself, not zod's copy: the copy's records drop an own `__proto__` key, and an
  // organization may be named so. The schema transforms nothing, so the two agree otherwise.
  const file = data as AllowlistFile;
  const problems: Array<{ path: Array<string | number>; message: string }> = [];
  const fail: Fail = (path, message) => void problems.push({ path, message });

  const { urls, urlsAsWritten } = readUrls(file.urls, file.urls_as_written, fail);
  const domains = readDomains(file.domains, fail);
  // Each organization once, in the order first named: `org_names`, then the other fields' names.
  const orgs = new Set<string>();
  file.org_names.forEach((written, index) => {
    const name = cleanOrgName(written);
    if (name.length === 0) fail(['org_names', index], 'is empty; remove it');
    orgs.add(name);
  });
  const addOrg = (name: string): void => void orgs.add(name);
  const orgPhones = readLists('org_phones', file.org_phones, fail, readPhone, { addOrg });
  const orgAliases = readLists('org_aliases', file.org_aliases, fail, readAlias, { addOrg });
  const areas = {
    ...parseAreaFields(file, fail),
    ...(file.org_urls === undefined
      ? {}
      : { orgUrls: readLists('org_urls', file.org_urls, fail, readOrgUrl(urls), { addOrg }) }),
    ...parsePhoneKinds(file, addOrg, fail),
  };
  if (problems.length > 0) throw invalidInput('INVALID_ALLOWLIST', problems, format);
  const allowlist: Allowlist = {
    urls: [...urls],
    domains: [...domains],
    orgNames: [...orgs],
    orgPhones,
    orgAliases,
    ...(urlsAsWritten.size > 0 ? { urlsAsWritten } : {}),
    ...areas,
  };
  return { allowlist, tables: { urls, domains, phoneOwners: phoneOwnersOf(orgPhones) } };
}

// The schema's own keys: one list, so the quick check and zod cannot disagree.
const FILE_KEYS: ReadonlySet<string> = new Set(Object.keys(AllowlistFileSchema.shape));

/**
 * Whether `data` is exactly the file's shape, so zod's parse, which copies every record (a second
 * `JSON.parse` in cost at 100,000 organizations), is skipped. Zod judges anything else.
 */
function wellFormed(data: unknown): boolean {
  if (!isRecordOf(data, () => true)) return false;
  const file = data as Record<string, unknown>;
  for (const key in file) if (!FILE_KEYS.has(key)) return false;
  const optional = (value: unknown, test: (value: unknown) => boolean): boolean =>
    value === undefined || test(value);
  const isStringRecord = (value: unknown): boolean => isRecordOf(value, isString);
  const isListRecord = (value: unknown): boolean => isRecordOf(value, isStrings);
  return (
    optional(file.$schema, isString) &&
    optional(file.jurisdiction, isString) &&
    [file.urls, file.domains, file.org_names].every(isStrings) &&
    isListRecord(file.org_phones) &&
    [file.org_aliases, file.org_areas, file.link_areas, file.org_urls].every((value) =>
      optional(value, isListRecord),
    ) &&
    optional(file.urls_as_written, isStringRecord) &&
    optional(file.phone_kinds, (value) => isRecordOf(value, isStringRecord))
  );
}

const isString = (value: unknown): boolean => typeof value === 'string';
const isStrings = (value: unknown): boolean => Array.isArray(value) && value.every(isString);

function isRecordOf(value: unknown, test: (value: unknown) => boolean): boolean {
  if (!isRecord(value)) return false;
  for (const key in value) if (!test(value[key])) return false;
  return true;
}

export function tablesOf(allowlist: Allowlist): AllowlistTables {
  return {
    urls: new Set(allowlist.urls),
    domains: new Set(allowlist.domains),
    phoneOwners: phoneOwnersOf(allowlist.orgPhones),
  };
}

/** Number → the organizations that list it, in the record's order, each once. */
function phoneOwnersOf(
  orgPhones: Record<string, readonly string[]>,
): Map<string, readonly string[]> {
  const owners = new Map<string, string[]>();
  // `for…in`, not `Object.entries`: a pair per key of a 100,000-key record costs more than the
  // map. The record has no prototype, so only its own keys come.
  for (const organization in orgPhones)
    for (const number of orgPhones[organization]!) {
      const list = owners.get(number);
      if (list === undefined) owners.set(number, [organization]);
      else if (!list.includes(organization)) list.push(organization);
    }
  return owners;
}

/** The file form of an allowlist, deterministic so it diffs cleanly: keys ordered, arrays sorted. */
export function toAllowlistFile(allowlist: Allowlist): AllowlistFile {
  const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort(compareStrings);
  const record = (source: Record<string, string[]>): Record<string, string[]> => {
    const out = dataRecord<string[]>();
    for (const key of Object.keys(source).sort(compareStrings)) {
      const values = sorted(source[key] ?? []);
      if (values.length > 0) out[key] = values;
    }
    return out;
  };
  const file: AllowlistFile = {
    urls: sorted(allowlist.urls),
    domains: sorted(allowlist.domains),
    org_names: sorted(allowlist.orgNames),
    org_phones: record(allowlist.orgPhones),
  };
  const aliases = record(allowlist.orgAliases);
  if (Object.keys(aliases).length > 0) file.org_aliases = aliases;
  const listed = new Set(allowlist.urls);
  const written = [...(allowlist.urlsAsWritten ?? [])].filter(
    ([url, raw]) => raw !== url && listed.has(url),
  );
  if (written.length > 0)
    file.urls_as_written = Object.fromEntries(written.sort(([a], [b]) => compareStrings(a, b)));
  if (allowlist.orgAreas) file.org_areas = record(allowlist.orgAreas);
  if (allowlist.linkAreas) file.link_areas = record(allowlist.linkAreas);
  if (allowlist.jurisdiction !== undefined) file.jurisdiction = allowlist.jurisdiction;
  if (allowlist.orgUrls) file.org_urls = record(allowlist.orgUrls);
  if (allowlist.orgPhoneKinds) {
    const kinds = dataRecord<Record<string, string>>();
    for (const name of Object.keys(allowlist.orgPhoneKinds).sort(compareStrings)) {
      const own = allowlist.orgPhoneKinds[name]!;
      const numbers = Object.keys(own).sort(compareStrings);
      if (numbers.length > 0) kinds[name] = Object.fromEntries(numbers.map((n) => [n, own[n]!]));
    }
    if (Object.keys(kinds).length > 0) file.phone_kinds = kinds;
  }
  return file;
}
