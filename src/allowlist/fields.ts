import { cleanOrgName } from '../normalize/name.js';
import { normalizePhone } from '../normalize/phone.js';
import { normalizeHost, normalizeUrl } from '../normalize/url.js';

/**
 * The allowlist's fields read one by one for `parseAllowlist` (`schema.ts`): each value normalized
 * with the shared normalizers, each bad entry handed to `fail` with its path and message, so a file
 * with several is reported whole. Each reader takes its field, not the file, so this file needs
 * nothing of the schema's.
 */

/** Records a problem at a path of the file; `readAllowlist` throws once with every problem. */
export type Fail = (path: Array<string | number>, message: string) => void;

/** A relative address (`/path`, `./path`, `../path`): an allowlist URL is absolute. */
const RELATIVE = /^\s*(?:\/(?!\/)|\.\.?\/)/;

/** `urls`, each normalized, and the addresses as written where they differ (with `urls_as_written`). */
export function readUrls(
  list: readonly string[],
  asWritten: Record<string, string> | undefined,
  fail: Fail,
): { urls: Set<string>; urlsAsWritten: Map<string, string> } {
  const urls = new Set<string>();
  const urlsAsWritten = new Map<string, string>();
  list.forEach((raw, index) => {
    const url = normalizedUrl(raw, index, fail);
    if (url === null) return;
    const written = raw.trim();
    // The first way of writing a URL other than its normal form is the one kept.
    if (written !== url && !urlsAsWritten.has(url)) urlsAsWritten.set(url, written);
    urls.add(url);
  });
  for (const [key, written] of Object.entries(asWritten ?? {})) {
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

/** The normal form of an address, or null when it is not one (handed to `fail`). */
function normalizedUrl(raw: string, index: number, fail: Fail): string | null {
  // `/relative/path/` would otherwise read as the host `relative`.
  if (RELATIVE.test(raw)) {
    fail(
      ['urls', index],
      `${JSON.stringify(raw)} is a relative path, not an absolute URL; write the full address like "https://www.mass.gov/courts", or remove it`,
    );
    return null;
  }
  const result = normalizeUrl(raw);
  if (result.ok) return result.url;
  // Some normalizer reasons already say "not a web address (…)"; do not say it twice.
  const why = result.reason.startsWith('not a web address')
    ? result.reason
    : `not a web address (${result.reason})`;
  fail(
    ['urls', index],
    `${JSON.stringify(raw)} is ${why}; write a full address like "https://www.mass.gov/courts", or remove it`,
  );
  return null;
}

/** `domains`, each a canonical host. */
export function readDomains(list: readonly string[], fail: Fail): Set<string> {
  const domains = new Set<string>();
  list.forEach((raw, index) => {
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

/** `org_aliases`: each organization's other names, cleaned, once each. */
export function readAliases(
  given: Record<string, string[]> | undefined,
  addOrg: (name: string) => void,
  fail: Fail,
): Record<string, string[]> {
  const orgAliases = dataRecord<string[]>();
  for (const [rawName, aliases] of Object.entries(given ?? {})) {
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

/** `org_phones`: each organization's numbers in E.164 (or a service line), once each, in order. */
export function readPhones(
  given: Record<string, string[]>,
  addOrg: (name: string) => void,
  fail: Fail,
): Record<string, string[]> {
  const orgPhones = dataRecord<string[]>();
  // `for…in`, as in `phoneOwnersOf`: no pair made per organization.
  for (const rawName in given) {
    const numbers = given[rawName]!;
    const name = cleanOrgName(rawName);
    if (name.length === 0) fail(['org_phones', rawName], 'the organization name is empty');
    addOrg(name);
    const list = (orgPhones[name] ??= []);
    numbers.forEach((raw, index) => {
      const result = normalizePhone(raw);
      if (!result.ok)
        fail(
          ['org_phones', rawName, index],
          `${JSON.stringify(raw)} is not a phone number: ${result.reason}; write it like "(617) 555-0123", or remove it`,
        );
      else if (!list.includes(result.e164)) list.push(result.e164);
    });
  }
  return orgPhones;
}

/**
 * `org_urls`: each organization's pages, normalized, each one a listed URL, so a correction never
 * offers a page the directory does not vouch for.
 */
export function readOrgUrls(
  given: Record<string, string[]> | undefined,
  urls: ReadonlySet<string>,
  addOrg: (name: string) => void,
  fail: Fail,
): { orgUrls?: Record<string, string[]> } {
  if (given === undefined) return {};
  const orgUrls = dataRecord<string[]>();
  for (const [rawName, pages] of Object.entries(given)) {
    const name = cleanOrgName(rawName);
    if (name.length === 0) fail(['org_urls', rawName], 'the organization name is empty');
    addOrg(name);
    const list = (orgUrls[name] ??= []);
    pages.forEach((raw, index) => {
      const result = normalizeUrl(raw);
      if (!result.ok || !urls.has(result.url))
        fail(
          ['org_urls', rawName, index],
          `${JSON.stringify(raw)} is not one of the "urls"; add it to "urls" or remove it here`,
        );
      else if (!list.includes(result.url)) list.push(result.url);
    });
  }
  return { orgUrls };
}

/**
 * An object keyed by names from data (organization names). It has no prototype, so a name such as
 * `constructor`, `toString` or `__proto__` is an ordinary key: with `{}` the first two read as
 * inherited functions and the last one sets the prototype instead of storing a list.
 */
export function dataRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
