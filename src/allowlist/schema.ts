import { z } from 'zod';
import { compareStrings } from '../util/strings.js';
import { invalidInput, type IssueFormat } from '../input/issues.js';
import { normalizeHost, normalizeUrl, plainHost } from '../normalize/url.js';
import { type AllowlistAreas, parseAreaFields } from './areas.js';
import { readAliases, readDomains, readUrls } from './fields.js';
import { OrgNames } from './org-names.js';
import { readPhones } from './org-phones.js';
import { parseOrgUrls } from './org-urls.js';
import type { AllowlistTables } from './tables.js';

/**
 * The allowlist file as written: four fields, plus optional aliases. Unknown keys are rejected so
 * that a typo (`org_phone`) is an error rather than a silently empty field.
 */
export const AllowlistFileSchema = z.strictObject({
  urls: z.array(z.string()),
  domains: z.array(z.string()),
  org_names: z.array(z.string()),
  org_phones: z.record(z.string(), z.array(z.string())),
  org_aliases: z.record(z.string(), z.array(z.string())).optional(),
  /** URL (as in `urls`) → the address as the directory wrote it, where the two differ: what liveness fetches. */
  urls_as_written: z.record(z.string(), z.string()).optional(),
  /** Who serves where, and the default jurisdiction (see `src/allowlist/areas.ts`). */
  org_areas: z.record(z.string(), z.array(z.string())).optional(),
  link_areas: z.record(z.string(), z.array(z.string())).optional(),
  jurisdiction: z.string().optional(),
  /** The JSON Schema an editor validates the file with (`schema/allowlist.schema.json`); not read. */
  $schema: z.string().optional(),
  org_urls: z.record(z.string(), z.array(z.string())).optional(),
});
export type AllowlistFile = z.infer<typeof AllowlistFileSchema>;

/**
 * The allowlist after validation: every value normalized with the shared normalizers, organization
 * names trimmed, numbers in E.164. The builder writes this shape back to disk (see `toAllowlistFile`).
 */
export interface Allowlist extends AllowlistAreas {
  urls: string[];
  domains: string[];
  orgNames: string[];
  /** Organization → its numbers (E.164 or service line), in the order first listed. */
  orgPhones: Record<string, string[]>;
  /** Organization → other names it goes by. */
  orgAliases: Record<string, string[]>;
  /**
   * URL → the address as written (in the directory, or in `urls` itself), where the two differ.
   * Normalization is for matching; liveness fetches what was written.
   */
  urlsAsWritten?: ReadonlyMap<string, string>;
  /** Organization → its own pages (normalized, each in `urls`): what a correction offers. */
  orgUrls?: Record<string, string[]>;
}

/** Every name and alias of an allowlist, with the organization it names. */
export function namesOf(allowlist: Allowlist): Array<{ organization: string; name: string }> {
  // An array by a loop, not a generator spread: 100,000 organizations each resumed a generator.
  const names: Array<{ organization: string; name: string }> = [];
  const { orgNames } = allowlist;
  for (let k = 0; k < orgNames.length; k++) {
    const organization = orgNames[k]!;
    names.push({ organization, name: organization });
  }
  return names.concat(aliasNamesOf(allowlist));
}

/**
 * Every alias of an allowlist, with the organization it names: `namesOf` without the
 * organizations' own names, which the index hands on as they are (`buildOrgMatcher`'s `own`).
 */
export function aliasNamesOf(allowlist: Allowlist): Array<{ organization: string; name: string }> {
  const names: Array<{ organization: string; name: string }> = [];
  const { orgAliases } = allowlist;
  for (const organization of Object.keys(orgAliases)) {
    const aliases = orgAliases[organization]!;
    for (let k = 0; k < aliases.length; k++) names.push({ organization, name: aliases[k]! });
  }
  return names;
}

/**
 * Validate and normalize parsed JSON. Throws `InputError` naming the source (a file; none for an
 * inline allowlist), the path from `root` (`$` for a file, `config.allowlist` inline, as in
 * `$.org_phones["Legal Aid of X"][2]`) and its line when `locate` knows the text, what is wrong and
 * what to do. Pure: the caller reads the file.
 */
export function parseAllowlist(
  data: unknown,
  source: string | undefined,
  options: ParseOptions = {},
): Allowlist {
  return readAllowlist(data, source, options).allowlist;
}

type ParseOptions = Pick<IssueFormat, 'root' | 'locate'> & {
  /** `fileShape(data)`, when the caller has just taken it: a walk over 100,000 organizations is not made twice. */
  shape?: FileShape;
  /**
   * `data` was parsed for this call alone and nothing else holds it (the loader's own parse): its
   * records may become the allowlist's, normalized in place, instead of being copied. Never for
   * an object the caller keeps (see `readPhones`).
   */
  adopt?: boolean;
};

/** `parseAllowlist`, with the tables it built on the way (for `buildIndex`). */
export function readAllowlist(
  data: unknown,
  source: string | undefined,
  options: ParseOptions = {},
): { allowlist: Allowlist; tables: AllowlistTables } {
  const { shape: given, adopt, ...where } = options;
  const format = { ...where, where: source };
  const shape = given ?? fileShape(data);
  // A well-formed file skips zod's parse, which copies every array and record (measured: about a
  // tenth of loading 100,000 organizations, plus the garbage); zod stays the one authority on what
  // is valid and on every message, since anything the quick check does not accept goes through it.
  const parsed =
    shape !== null
      ? { success: true as const, data: data as AllowlistFile }
      : AllowlistFileSchema.safeParse(data, { reportInput: true });
  if (!parsed.success)
    throw invalidInput('INVALID_ALLOWLIST', parsed.error.issues, {
      schema: AllowlistFileSchema,
      ...format,
    });
  const file = parsed.data;
  // Every bad entry is reported at once (the first few, then "and N more"), so a file with
  // several is fixed in one pass, not one error at a time.
  const problems: Array<{ path: Array<string | number>; message: string }> = [];
  const fail = (path: Array<string | number>, message: string): void => {
    problems.push({ path, message });
  };

  const { urls, urlsAsWritten } = readUrls(file, fail);
  const domains = readDomains(file, fail);
  const orgs = new OrgNames(file.org_names, fail);
  const addOrg = (name: string): void => orgs.add(name);
  // Adopted only when the quick check passed: `data` is then the file as parsed, not zod's copy.
  const { orgPhones, phoneOwners } = readPhones(file, orgs, fail, {
    names: shape?.phoneNames,
    adopt: adopt === true && shape !== null,
  });
  const orgAliases = readAliases(file, addOrg, fail);
  const areas = { ...parseAreaFields(file, fail), ...parseOrgUrls(file, urls, addOrg, fail) };
  if (problems.length > 0) throw invalidInput('INVALID_ALLOWLIST', problems, format);
  const allowlist: Allowlist = {
    urls: [...urls],
    domains: [...domains],
    orgNames: orgs.names(),
    orgPhones,
    orgAliases,
    ...(urlsAsWritten.size > 0 ? { urlsAsWritten } : {}),
    ...areas,
  };
  return { allowlist, tables: { urls, domains, phoneOwners } };
}

/**
 * An object keyed by names from data (organization names). It has no prototype, so a name such as
 * `constructor`, `toString` or `__proto__` is an ordinary key: with `{}` the first two read as
 * inherited functions and the last one sets the prototype instead of storing a list.
 */
export function dataRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

// The schema's own keys: one list, so the quick check and zod cannot disagree.
const FILE_KEYS: ReadonlySet<string> = new Set(Object.keys(AllowlistFileSchema.shape));

/** A file of exactly the schema's shape: its number of keys (top level and records'), and `org_phones`'s names in order. */
export interface FileShape {
  keys: number;
  phoneNames: readonly string[];
}

/**
 * Whether `data` is exactly the schema's shape (the fast path of `parseAllowlist`, no copies
 * made), or null. The loader takes it first to tell a repeated key (see `json-keys.ts`) and
 * passes it on; `org_phones`'s names are enumerated once for both (100,000 keys in a large
 * directory, each enumeration a twentieth of the parse).
 */
export function fileShape(data: unknown): FileShape | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  let keys = 0;
  for (const key in record) {
    if (!FILE_KEYS.has(key)) return null;
    keys++;
  }
  const optional = (value: unknown, test: (value: unknown) => boolean): boolean =>
    value === undefined || test(value);
  if (
    !optional(record.$schema, isString) ||
    !optional(record.jurisdiction, isString) ||
    !isStrings(record.urls) ||
    !isStrings(record.domains) ||
    !isStrings(record.org_names)
  )
    return null;
  const phoneNames = keysOf(record.org_phones, isStrings);
  if (phoneNames === null) return null;
  keys += phoneNames.length;
  for (const field of ['org_aliases', 'org_areas', 'link_areas', 'org_urls', 'urls_as_written']) {
    const value = record[field];
    if (value === undefined) continue;
    const names = keysOf(value, field === 'urls_as_written' ? isString : isStrings);
    if (names === null) return null;
    keys += names.length;
  }
  return { keys, phoneNames };
}

const isString = (value: unknown): boolean => typeof value === 'string';

function isStrings(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let k = 0; k < value.length; k++) if (typeof value[k] !== 'string') return false;
  return true;
}

/** The keys of a record whose every value passes `test`, or null when it is not such a record. */
function keysOf(value: unknown, test: (value: unknown) => boolean): string[] | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  for (let k = 0; k < keys.length; k++)
    if (!test((value as Record<string, unknown>)[keys[k]!])) return null;
  return keys;
}

/** A `domains` entry may be written as a host or as a bare origin (`https://www.mass.gov/`). */
export function hostOfDomainEntry(raw: string): string | null {
  // Most entries are plain hosts already (100,000 in a large directory): no trimming, no patterns.
  const plain = plainHost(raw);
  if (plain !== null) return plain;
  const trimmed = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    const result = normalizeUrl(trimmed);
    if (
      !result.ok ||
      result.url !== `https://${result.host}${result.port ? `:${result.port}` : ''}`
    )
      return null;
    return result.host;
  }
  return normalizeHost(trimmed.replace(/\/+$/, ''));
}

/**
 * The file form of an allowlist, deterministic so it diffs cleanly: keys in a fixed order, arrays
 * sorted and de-duplicated, organizations sorted.
 */
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
  return file;
}
