import { cleanOrgName } from '../normalize/name.js';
import { normalizePhone, plainE164 } from '../normalize/phone.js';
import { normalizeUrl } from '../normalize/url.js';
import { type AllowlistFile, dataRecord, hostOfDomainEntry } from './schema.js';
import { addOwner, type PhoneOwners, phoneOwnersOf } from './tables.js';

/**
 * The allowlist's fields read one by one for `parseAllowlist` (`schema.ts`): each value normalized
 * with the shared normalizers, each bad entry handed to `fail` with its path and message, so a file
 * with several is reported whole.
 */
type Fail = (path: Array<string | number>, message: string) => void;

/** A relative address (`/path`, `./path`, `../path`): an allowlist URL is absolute. */
const RELATIVE = /^\s*(?:\/(?!\/)|\.\.?\/)/;

/** `urls`, each normalized, and the addresses as written where they differ (with `urls_as_written`). */
export function readUrls(
  file: AllowlistFile,
  fail: Fail,
): { urls: Set<string>; urlsAsWritten: Map<string, string> } {
  const urls = new Set<string>();
  // A Map, not a record: 50,000 of 65,000 generated addresses differ from their normal form (by
  // `www.`), and storing each as an object key (internalized, in a dictionary) cost four times
  // as much as the Map (measured cold: 72 against 19 ms).
  const urlsAsWritten = new Map<string, string>();
  const list = file.urls;
  for (let index = 0; index < list.length; index++) {
    const raw = list[index]!;
    // `/relative/path/` would otherwise read as the host `relative`. An address starting with
    // `h` cannot be relative, which spares the pattern for nearly every entry.
    if (raw.charCodeAt(0) !== 104 && RELATIVE.test(raw)) {
      fail(
        ['urls', index],
        `${JSON.stringify(raw)} is a relative path, not an absolute URL; write the full address like "https://www.mass.gov/courts", or remove it`,
      );
      continue;
    }
    const result = normalizeUrl(raw);
    if (!result.ok) {
      // Some normalizer reasons already say "not a web address (…)"; do not say it twice.
      const why = result.reason.startsWith('not a web address')
        ? result.reason
        : `not a web address (${result.reason})`;
      fail(
        ['urls', index],
        `${JSON.stringify(raw)} is ${why}; write a full address like "https://www.mass.gov/courts", or remove it`,
      );
      continue;
    }
    const url = result.url;
    urls.add(url);
    if (url !== raw) {
      const written = raw.trim();
      if (written !== url && !urlsAsWritten.has(url)) urlsAsWritten.set(url, written);
    }
  }
  for (const [key, written] of Object.entries(file.urls_as_written ?? {})) {
    const target = normalizeUrl(written);
    const named = normalizeUrl(key);
    if (!target.ok || !named.ok || named.url !== target.url || !urls.has(target.url)) {
      fail(
        ['urls_as_written', key],
        `${JSON.stringify(written)} is not a way of writing ${JSON.stringify(key)}, or that URL is not in "urls"; fix or remove the entry`,
      );
    } else urlsAsWritten.set(target.url, written.trim());
  }

  return { urls, urlsAsWritten };
}

/** `domains`, each a canonical host. */
export function readDomains(file: AllowlistFile, fail: Fail): Set<string> {
  const domains = new Set<string>();
  const list = file.domains;
  for (let index = 0; index < list.length; index++) {
    const raw = list[index]!;
    const host = hostOfDomainEntry(raw);
    if (host === null)
      fail(
        ['domains', index],
        `${JSON.stringify(raw)} is not a host name; write it like "mass.gov" (pages go in "urls")`,
      );
    else domains.add(host);
  }

  return domains;
}

/** `org_names`, cleaned, once each, and `addOrg` for the names the other fields bring. */
export function readOrgNames(
  file: AllowlistFile,
  fail: Fail,
): { orgNames: string[]; addOrg: (name: string) => void } {
  const orgNames: string[] = [];
  const seen = new Set<string>();
  // One hash lookup a name (the set grows only for a new one), where `has` then `add` made two.
  const addOrg = (name: string): void => {
    const before = seen.size;
    seen.add(name);
    if (seen.size !== before) orgNames.push(name);
  };
  const list = file.org_names;
  for (let index = 0; index < list.length; index++) {
    const name = cleanOrgName(list[index]!);
    if (name.length === 0) fail(['org_names', index], 'is empty; remove it');
    addOrg(name);
  }

  return { orgNames, addOrg };
}

/**
 * `org_phones`: each organization's numbers in E.164 (or a service line), once each, in order;
 * and who lists each number (`AllowlistTables`).
 */
export function readPhones(
  file: AllowlistFile,
  names: readonly string[] | undefined,
  orgs: { orgNames: readonly string[]; addOrg: (name: string) => void },
  fail: Fail,
): { orgPhones: Record<string, string[]>; phoneOwners: PhoneOwners } {
  // Plain loops, not forEach with closures and Object.entries: this runs 200,000 times for a
  // 100,000-organization directory and its allocations are most of the load time. `names` are
  // the record's keys when the shape check has them already.
  const orgPhones = dataRecord<string[]>();
  // The owners are gathered here, where each number is at hand, rather than by a second pass
  // over a record of 100,000 keys (measured: a tenth of load + index). That gives the record's
  // order only while every name is written clean: a name that cleaning changes may join another
  // (`A  B` and `A B`) or become an index-like key, which the record orders first; then the
  // owners are read from the record after all.
  const owners = new Map<string, string | string[]>();
  let inRecordOrder = true;
  const { orgNames, addOrg } = orgs;
  let next = 0;
  const rawNames = names ?? Object.keys(file.org_phones);
  for (let k = 0; k < rawNames.length; k++) {
    const rawName = rawNames[k]!;
    const numbers = file.org_phones[rawName]!;
    const name = cleanOrgName(rawName);
    if (name.length === 0) fail(['org_phones', rawName], 'the organization name is empty');
    if (name !== rawName) inRecordOrder = false;
    // A directory lists its numbers in the order of its names, most of them with numbers: a name
    // that is the next listed one (or the one after) is known, and needs no lookup in the set of
    // 100,000 names that `addOrg` keeps.
    if (orgNames[next] === name) next++;
    else if (orgNames[next + 1] === name) next += 2;
    else addOrg(name);
    // While every name so far was clean, this one is new to the record (the file's keys are
    // distinct): stored without looking it up first.
    const list = inRecordOrder ? (orgPhones[name] = []) : (orgPhones[name] ??= []);
    for (let index = 0; index < numbers.length; index++) {
      const raw = numbers[index]!;
      // The common written forms as a string alone (`plainE164`), without a result object each.
      let e164 = plainE164(raw);
      if (e164 === null) {
        const result = normalizePhone(raw);
        if (!result.ok) {
          fail(
            ['org_phones', rawName, index],
            `${JSON.stringify(raw)} is not a phone number: ${result.reason}; write it like "(617) 555-0123", or remove it`,
          );
          continue;
        }
        e164 = result.e164;
      }
      if (!list.includes(e164)) {
        list.push(e164);
        addOwner(owners, e164, name);
      }
    }
  }

  return { orgPhones, phoneOwners: inRecordOrder ? owners : phoneOwnersOf(orgPhones) };
}

/** `org_aliases`: each organization's other names, cleaned, once each. */
export function readAliases(
  file: AllowlistFile,
  addOrg: (name: string) => void,
  fail: Fail,
): Record<string, string[]> {
  const orgAliases = dataRecord<string[]>();
  for (const [rawName, aliases] of Object.entries(file.org_aliases ?? {})) {
    const name = cleanOrgName(rawName);
    if (name.length === 0) fail(['org_aliases', rawName], 'the organization name is empty');
    addOrg(name);
    const list = (orgAliases[name] ??= []);
    aliases.forEach((raw, index) => {
      const alias = cleanOrgName(raw);
      if (alias.length === 0) fail(['org_aliases', rawName, index], 'is empty; remove it');
      if (!list.includes(alias)) list.push(alias);
    });
  }

  return orgAliases;
}
