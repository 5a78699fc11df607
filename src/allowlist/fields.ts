import { cleanOrgName } from '../normalize/name.js';
import { normalizePhone } from '../normalize/phone.js';
import { normalizeUrl } from '../normalize/url.js';
import { type AllowlistFile, dataRecord, hostOfDomainEntry } from './schema.js';

/**
 * The allowlist's fields read one by one for `parseAllowlist` (`schema.ts`): each value normalized
 * with the shared normalizers, each bad entry handed to `fail` with its path and message, so a file
 * with several is reported whole.
 */
type Fail = (path: Array<string | number>, message: string) => void;

/** `urls`, each normalized, and the addresses as written where they differ (with `urls_as_written`). */
export function readUrls(
  file: AllowlistFile,
  fail: Fail,
): { urls: Set<string>; urlsAsWritten: Record<string, string> } {
  const urls = new Set<string>();
  const urlsAsWritten: Record<string, string> = {};
  file.urls.forEach((raw, index) => {
    const result = normalizeUrl(raw);
    // `/relative/path/` would otherwise read as the host `relative`: an allowlist URL is absolute.
    if (/^\s*(?:\/(?!\/)|\.\.?\/)/.test(raw)) {
      fail(
        ['urls', index],
        `${JSON.stringify(raw)} is a relative path, not an absolute URL; write the full address like "https://www.mass.gov/courts", or remove it`,
      );
    } else if (!result.ok) {
      // Some normalizer reasons already say "not a web address (…)"; do not say it twice.
      const why = result.reason.startsWith('not a web address')
        ? result.reason
        : `not a web address (${result.reason})`;
      fail(
        ['urls', index],
        `${JSON.stringify(raw)} is ${why}; write a full address like "https://www.mass.gov/courts", or remove it`,
      );
    } else {
      urls.add(result.url);
      if (raw.trim() !== result.url && urlsAsWritten[result.url] === undefined)
        urlsAsWritten[result.url] = raw.trim();
    }
  });
  for (const [key, written] of Object.entries(file.urls_as_written ?? {})) {
    const target = normalizeUrl(written);
    const named = normalizeUrl(key);
    if (!target.ok || !named.ok || named.url !== target.url || !urls.has(target.url)) {
      fail(
        ['urls_as_written', key],
        `${JSON.stringify(written)} is not a way of writing ${JSON.stringify(key)}, or that URL is not in "urls"; fix or remove the entry`,
      );
    } else urlsAsWritten[target.url] = written.trim();
  }

  return { urls, urlsAsWritten };
}

/** `domains`, each a canonical host. */
export function readDomains(file: AllowlistFile, fail: Fail): Set<string> {
  const domains = new Set<string>();
  file.domains.forEach((raw, index) => {
    const host = hostOfDomainEntry(raw);
    if (host === null)
      fail(
        ['domains', index],
        `${JSON.stringify(raw)} is not a host name; write it like "mass.gov" (pages go in "urls")`,
      );
    else domains.add(host);
  });

  return domains;
}

/** `org_names`, cleaned, once each, and `addOrg` for the names the other fields bring. */
export function readOrgNames(
  file: AllowlistFile,
  fail: Fail,
): { orgNames: string[]; addOrg: (name: string) => void } {
  const orgNames: string[] = [];
  const seen = new Set<string>();
  const addOrg = (name: string): void => {
    if (!seen.has(name)) {
      seen.add(name);
      orgNames.push(name);
    }
  };
  file.org_names.forEach((raw, index) => {
    const name = cleanOrgName(raw);
    if (name.length === 0) fail(['org_names', index], 'is empty; remove it');
    addOrg(name);
  });

  return { orgNames, addOrg };
}

/** `org_phones`: each organization's numbers in E.164 (or a service line), once each, in order. */
export function readPhones(
  file: AllowlistFile,
  names: readonly string[] | undefined,
  addOrg: (name: string) => void,
  fail: Fail,
): Record<string, string[]> {
  // Plain loops, not forEach with closures and Object.entries: this runs 200,000 times for a
  // 100,000-organization directory and its allocations are most of the load time. `names` are
  // the record's keys when the shape check has them already.
  const orgPhones = dataRecord<string[]>();
  const rawNames = names ?? Object.keys(file.org_phones);
  for (let k = 0; k < rawNames.length; k++) {
    const rawName = rawNames[k]!;
    const numbers = file.org_phones[rawName]!;
    const name = cleanOrgName(rawName);
    if (name.length === 0) fail(['org_phones', rawName], 'the organization name is empty');
    addOrg(name);
    const list = (orgPhones[name] ??= []);
    for (let index = 0; index < numbers.length; index++) {
      const raw = numbers[index]!;
      const result = normalizePhone(raw);
      if (!result.ok)
        fail(
          ['org_phones', rawName, index],
          `${JSON.stringify(raw)} is not a phone number: ${result.reason}; write it like "(617) 555-0123", or remove it`,
        );
      else if (!list.includes(result.e164)) list.push(result.e164);
    }
  }

  return orgPhones;
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
