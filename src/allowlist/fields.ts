import { cleanOrgName } from '../normalize/name.js';
import { normalizePhone } from '../normalize/phone.js';
import { normalizeHost, normalizeUrl } from '../normalize/url.js';

// The allowlist's fields read one by one for `parseAllowlist`: each value normalized, each bad
// entry handed to `fail`, so a file with several is reported whole.

/** Records a problem at a path of the file. */
export type Fail = (path: Array<string | number>, message: string) => void;

/** A relative address (`/path`, `./path`, `../path`): an allowlist URL is absolute. */
const RELATIVE = /^\s*(?:\/(?!\/)|\.\.?\/)/;

/** `urls` normalized, and the addresses as written where they differ (`urls_as_written` too). */
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
    const origin = result.ok && `https://${result.host}${result.port ? `:${result.port}` : ''}`;
    return result.ok && result.url === origin ? result.host : null;
  }
  return normalizeHost(trimmed.replace(/\/+$/, ''));
}

/** A value read, or what is wrong with it (the message at its path). */
export type Read = string | { problem: string };

/**
 * A record of lists: each key read by `keys.of` (default a cleaned name; empty is a problem, null a
 * problem whose values are skipped), each value by `valueOf`, each kept once, in order. `addOrg`
 * hears each key, so organizations keep the order first named in; `each` each value kept.
 */
export function readLists(
  field: string,
  given: Readonly<Record<string, readonly string[]>> | undefined,
  fail: Fail,
  valueOf: (raw: string) => Read,
  keys: {
    of?: (raw: string) => string | null;
    problem?: (raw: string) => string;
    addOrg?: (name: string) => void;
    each?: (key: string, value: string) => void;
  } = {},
): Record<string, string[]> {
  const { of = cleanOrgName, problem = () => 'the organization name is empty' } = keys;
  const out = dataRecord<string[]>();
  // `for…in`, not `Object.entries`: a pair per key of a 100,000-key record costs more than the work.
  for (const rawKey in given) {
    const key = of(rawKey);
    if (key === null || key.length === 0) {
      fail([field, rawKey], problem(rawKey));
      if (key === null) continue;
    }
    keys.addOrg?.(key);
    const list = out[key] ?? [];
    const values = given[rawKey]!;
    for (let index = 0; index < values.length; index++) {
      const value = valueOf(values[index]!);
      if (typeof value !== 'string') fail([field, rawKey, index], value.problem);
      else if (!list.includes(value)) {
        list.push(value);
        keys.each?.(key, value);
      }
    }
    // Copied to its length: a list grown by `push` keeps 17 slots, megabytes at 100,000 organizations.
    out[key] = list.slice();
  }
  return out;
}

export function readAlias(raw: string): Read {
  const alias = cleanOrgName(raw);
  return alias.length > 0 ? alias : { problem: 'is empty; remove it' };
}

/** A number of `org_phones`, in E.164 (or a service line). */
export function readPhone(raw: string): Read {
  const result = normalizePhone(raw);
  return result.ok
    ? result.e164
    : {
        problem: `${JSON.stringify(raw)} is not a phone number: ${result.reason}; write it like "(617) 555-0123", or remove it`,
      };
}

/** A page of `org_urls`: a listed URL, so a correction never offers a page the directory did not. */
export function readOrgUrl(urls: ReadonlySet<string>): (raw: string) => Read {
  return (raw) => {
    const result = normalizeUrl(raw);
    return result.ok && urls.has(result.url)
      ? result.url
      : {
          problem: `${JSON.stringify(raw)} is not one of the "urls"; add it to "urls" or remove it here`,
        };
  };
}

/**
 * An object keyed by names from data: no prototype, so `constructor` or `__proto__` is an ordinary
 * key (with `{}` one reads as inherited, the other sets the prototype).
 */
export function dataRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
