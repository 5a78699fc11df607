import { z } from 'zod';
import { compareStrings } from '../util/strings.js';
import { invalidInput, type IssueFormat } from '../input/issues.js';
import { normalizeHost, normalizeUrl } from '../normalize/url.js';
import { type AllowlistAreas, parseAreaFields } from './areas.js';
import { readAliases, readDomains, readOrgNames, readPhones, readUrls } from './fields.js';
import { parseOrgUrls } from './org-urls.js';

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
  urlsAsWritten?: Record<string, string>;
  /** Organization → its own pages (normalized, each in `urls`): what a correction offers. */
  orgUrls?: Record<string, string[]>;
}

/** Every name and alias of an allowlist, with the organization it names. */
export function* namesOf(allowlist: Allowlist): Generator<{ organization: string; name: string }> {
  for (const organization of allowlist.orgNames) yield { organization, name: organization };
  for (const [organization, aliases] of Object.entries(allowlist.orgAliases)) {
    for (const alias of aliases) yield { organization, name: alias };
  }
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
  options: Pick<IssueFormat, 'root' | 'locate'> = {},
): Allowlist {
  const format = { ...options, where: source };
  // A well-formed file skips zod's parse, which copies every array and record (measured: about a
  // tenth of loading 100,000 organizations, plus the garbage); zod stays the one authority on what
  // is valid and on every message, since anything the quick check does not accept goes through it.
  const parsed = isWellFormedFile(data)
    ? { success: true as const, data }
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
  const { orgNames, addOrg } = readOrgNames(file, fail);
  const orgPhones = readPhones(file, addOrg, fail);
  const orgAliases = readAliases(file, addOrg, fail);
  const areas = { ...parseAreaFields(file, fail), ...parseOrgUrls(file, urls, addOrg, fail) };
  if (problems.length > 0) throw invalidInput('INVALID_ALLOWLIST', problems, format);
  return {
    urls: [...urls],
    domains: [...domains],
    orgNames,
    orgPhones,
    orgAliases,
    ...(Object.keys(urlsAsWritten).length > 0 ? { urlsAsWritten } : {}),
    ...areas,
  };
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

/** Exactly the schema's shape, checked without allocating: the fast path of `parseAllowlist`. */
function isWellFormedFile(data: unknown): data is AllowlistFile {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const record = data as Record<string, unknown>;
  for (const key in record) if (!FILE_KEYS.has(key)) return false;
  const strings = (value: unknown): boolean =>
    Array.isArray(value) && value.every((item) => typeof item === 'string');
  const lists = (value: unknown): boolean => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    for (const key in value) if (!strings((value as Record<string, unknown>)[key])) return false;
    return true;
  };
  const texts = (value: unknown): boolean => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    for (const key in value)
      if (typeof (value as Record<string, unknown>)[key] !== 'string') return false;
    return true;
  };
  return (
    (record.$schema === undefined || typeof record.$schema === 'string') &&
    strings(record.urls) &&
    strings(record.domains) &&
    strings(record.org_names) &&
    lists(record.org_phones) &&
    (record.org_aliases === undefined || lists(record.org_aliases)) &&
    (record.urls_as_written === undefined || texts(record.urls_as_written)) &&
    (record.org_areas === undefined || lists(record.org_areas)) &&
    (record.link_areas === undefined || lists(record.link_areas)) &&
    (record.jurisdiction === undefined || typeof record.jurisdiction === 'string') &&
    (record.org_urls === undefined || lists(record.org_urls))
  );
}

/** A `domains` entry may be written as a host or as a bare origin (`https://www.mass.gov/`). */
export function hostOfDomainEntry(raw: string): string | null {
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
  const written = Object.entries(allowlist.urlsAsWritten ?? {}).filter(
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
