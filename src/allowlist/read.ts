import { compareStrings } from '../util/strings.js';
import { invalidInput, type IssueFormat } from '../input/issues.js';
import { isRecord } from '../util/record.js';
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

/** The allowlist file as written (`AllowlistFileSchema` judges any other shape). */
export interface AllowlistFile {
  urls: string[];
  domains: string[];
  org_names: string[];
  org_phones: Record<string, string[]>;
  org_aliases?: Record<string, string[]> | undefined;
  /** URL → the address as the directory wrote it, where they differ: what liveness fetches. */
  urls_as_written?: Record<string, string> | undefined;
  /** Who serves where, and the default jurisdiction (`areas.ts`). */
  org_areas?: Record<string, string[]> | undefined;
  link_areas?: Record<string, string[]> | undefined;
  jurisdiction?: string | undefined;
  /** The JSON Schema an editor validates the file with (`schema/allowlist.schema.json`); not read. */
  $schema?: string | undefined;
  org_urls?: Record<string, string[]> | undefined;
  /** Organization → number → its kind of line (`PHONE_KINDS`). */
  phone_kinds?: Record<string, Record<string, string>> | undefined;
}

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

export type ReadOptions = Pick<IssueFormat, 'root' | 'locate'>;

/** What the index looks things up in besides the allowlist itself. */
export interface AllowlistTables {
  urls: ReadonlySet<string>;
  domains: ReadonlySet<string>;
  /** Number → the organization that lists it, or the organizations when several do. */
  phoneOwners: ReadonlyMap<string, string | readonly string[]>;
}

/**
 * The fields of a file of the allowlist's shape (`isAllowlistShape`), each value normalized, and
 * the tables built on the way (for `buildIndex`). Throws `InputError` naming the source, the path
 * from `root` (`$.org_phones["Legal Aid of X"][2]`) with its line when `locate` knows it, and what
 * to do, for every bad value at once.
 */
export function readAllowlistFields(
  file: AllowlistFile,
  source: string | undefined,
  options: ReadOptions = {},
): { allowlist: Allowlist; tables: AllowlistTables } {
  const format = { ...options, where: source };
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
  const phoneOwners: PhoneOwners = new Map();
  const orgPhones = readLists('org_phones', file.org_phones, fail, readPhone, {
    addOrg,
    each: (organization, number) => addOwner(phoneOwners, number, organization),
  });
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
  return { allowlist, tables: { urls, domains, phoneOwners } };
}

/** The keys of `AllowlistFile` (a test holds them to `AllowlistFileSchema`'s). */
export const FILE_KEYS: ReadonlySet<string> = new Set([
  'urls',
  'domains',
  'org_names',
  'org_phones',
  'org_aliases',
  'urls_as_written',
  'org_areas',
  'link_areas',
  'jurisdiction',
  '$schema',
  'org_urls',
  'phone_kinds',
]);

/**
 * Whether `data` is exactly the file's shape, told without zod: its parse copies every record (a
 * second `JSON.parse` in cost at 100,000 organizations), and loading it is a fifth of a check's
 * start-up. Zod judges anything else (`schema.ts`), to say what is wrong.
 */
export function isAllowlistShape(data: unknown): data is AllowlistFile {
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
  const phoneOwners: PhoneOwners = new Map();
  // `for…in`, as in `readLists`; the record has no prototype, so only its own keys come.
  for (const organization in allowlist.orgPhones)
    for (const number of allowlist.orgPhones[organization]!)
      addOwner(phoneOwners, number, organization);
  return { urls: new Set(allowlist.urls), domains: new Set(allowlist.domains), phoneOwners };
}

type PhoneOwners = Map<string, string | string[]>;

/** `organization` added to the owners of `number`, once; one owner is kept as the name itself. */
function addOwner(owners: PhoneOwners, number: string, organization: string): void {
  const known = owners.get(number);
  if (known === undefined) owners.set(number, organization);
  else if (typeof known !== 'string') {
    if (!known.includes(organization)) known.push(organization);
  } else if (known !== organization) owners.set(number, [known, organization]);
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
