import { cleanOrgName } from '../normalize/name.js';
import { normalizeUrl, plainUrlText } from '../normalize/url.js';
import { type AllowlistFile, dataRecord, hostOfDomainEntry } from './schema.js';

/**
 * The allowlist's fields read one by one for `parseAllowlist` (`schema.ts`): each value normalized
 * with the shared normalizers, each bad entry handed to `fail` with its path and message, so a file
 * with several is reported whole.
 */

/** Records a problem at a path of the file; `readAllowlist` throws once with every problem. */
export type Fail = (path: Array<string | number>, message: string) => void;

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
    // The common written forms as a string alone (`plainUrlText`), without a result object each.
    const url = plainUrlText(raw) ?? generalUrl(raw, index, fail);
    if (url === null) continue;
    const before = urls.size;
    urls.add(url);
    if (url === raw) continue;
    const written = raw.trim();
    // A URL new to `urls` cannot be in `urlsAsWritten` yet: one hash lookup where `has` made two.
    if (written !== url && (urls.size !== before || !urlsAsWritten.has(url)))
      urlsAsWritten.set(url, written);
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

/** The normal form of an address that is not plain, or null when it is not one (handed to `fail`). */
function generalUrl(raw: string, index: number, fail: Fail): string | null {
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
export function readDomains(file: AllowlistFile, fail: Fail): Set<string> {
  const list = file.domains;
  // A built directory writes every domain as its canonical host already (100,000 in a large
  // one): up to the first that is not, the set is made from the list at once, which sizes its
  // table for all of them, where adding one at a time grew it step by step (measured on 100,000
  // hosts in a fresh process: 27 against 50 ms).
  let canonical = 0;
  while (canonical < list.length && hostOfDomainEntry(list[canonical]!) === list[canonical])
    canonical++;
  const domains = new Set(canonical === list.length ? list : list.slice(0, canonical));
  for (let index = canonical; index < list.length; index++) {
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
