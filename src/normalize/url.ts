import { TRACKING_PARAM_PREFIXES, TRACKING_PARAMS } from '../defaults.js';
import { compareStrings } from '../util/strings.js';

/**
 * The one URL normalizer, for loader, builder and matcher. Addresses that reach one page agree:
 * `https`, folded scheme and host (punycode), no `www.`, trailing dot, default port, fragment,
 * trailing slash or tracking parameter, the query sorted, escapes tidied; the path's case kept.
 */
export type UrlNormalization =
  | {
      ok: true;
      /** Canonical form, e.g. `https://mass.gov/orgs/housing-court?b=2&a=1` → `https://mass.gov/orgs/housing-court?a=1&b=2`. */
      url: string;
      host: string;
      port: string;
      /** What stood before `@` in the authority, when anything did. */
      userinfo?: string;
    }
  | { ok: false; reason: string };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

export function normalizeUrl(input: string): UrlNormalization {
  let text = input.trim();
  if (text.length === 0) return { ok: false, reason: 'empty' };
  const scheme = SCHEME.exec(text);
  if (scheme) {
    const name = scheme[1]!.toLowerCase();
    if (name !== 'http' && name !== 'https') {
      // `localhost:3000/x` parses as scheme "localhost"; a real scheme is followed by `//` or is a known non-web one.
      if (
        text.slice(scheme[0].length).startsWith('//') ||
        !/^\d/.test(text.slice(scheme[0].length))
      ) {
        return { ok: false, reason: `not a web address (scheme "${name}:")` };
      }
      text = `https://${text}`;
    }
  } else if (text.startsWith('//')) {
    text = `https:${text}`;
  } else {
    text = `https://${text}`;
  }
  const plain = PLAIN_URL.exec(text);
  if (plain !== null && !DOT_SEGMENT.test(plain[2]!)) {
    const host = canonicalHost(plain[1]!.toLowerCase());
    return { ok: true, url: `https://${host}${tidyPath(plain[2]!)}`, host, port: '' };
  }
  // `URL.parse`, not a throwing `new URL` (~20 µs a throw): broken addresses ran 5× slower than prose.
  const parsed = URL.parse(text);
  if (parsed === null) return { ok: false, reason: 'not a parseable address' };
  const host = canonicalHost(parsed.hostname);
  if (host.length === 0) return { ok: false, reason: 'no host' };
  const port = parsed.port === '80' || parsed.port === '443' ? '' : parsed.port;
  const path = tidyPath(parsed.pathname);
  const query = tidyQuery(parsed.search);
  const url = `https://${host}${port ? `:${port}` : ''}${path}${query ? `?${query}` : ''}`;
  const userinfo =
    parsed.username || parsed.password
      ? decodeSafe(parsed.username + (parsed.password ? `:${parsed.password}` : ''))
      : '';
  return userinfo ? { ok: true, url, host, port, userinfo } : { ok: true, url, host, port };
}

// Letters, digits and hyphens in dot-separated labels, none starting with `xn--`, the last starting
// with a letter: the URL parser returns such a host lower-cased and nothing else (no IPv4 number,
// no punycode to check). Parsing each `domains` entry was a tenth of loading a 100,000-organization
// directory.
const PLAIN_HOST = /^(?!xn--)(?:[a-z0-9-]+\.(?!xn--))*[a-z][a-z0-9-]*$/i;

// An http(s) address of a plain host and a path of letters, digits and `-._~!$&'()*+,;=:@/`, with
// no escape, query or fragment: the parser returns it with the host lower-cased and nothing else,
// unless a segment is `.` or `..`. Parsing each URL was a tenth of loading a 100,000-organization
// allowlist.
const PLAIN_URL = new RegExp(
  `^https?://(${PLAIN_HOST.source.slice(1, -1)})((?:/[\\w\\-.~!$&'()*+,;=:@]*)*)$`,
  'i',
);
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

/** Canonical host (lower case, punycode by UTS #46, no trailing dot or `www.`), or null. */
export function normalizeHost(input: string): string | null {
  const text = input.trim();
  if (text.length === 0 || /[\s/?#@]/.test(text)) return null;
  if (PLAIN_HOST.test(text)) return canonicalHost(text.toLowerCase());
  const parsed = URL.parse(`https://${text}`);
  if (parsed === null) return null;
  const host = canonicalHost(parsed.hostname);
  return host.length > 0 ? host : null;
}

function canonicalHost(hostname: string): string {
  let host = hostname.toLowerCase();
  if (host.endsWith('.')) {
    while (host.endsWith('.')) host = host.slice(0, -1);
    // Without its trailing dot a host can end in a number (`v1.2.` → `v1.2`), a malformed IPv4 to
    // the parser: keep it only if it parses as is, or normalizing again would fail.
    try {
      if (new URL(`https://${host}`).hostname !== host) return '';
    } catch {
      return '';
    }
  }
  // Every leading `www.` goes (for idempotence), never the last label before the suffix (`www.com`).
  while (host.startsWith('www.') && host.indexOf('.', 4) !== -1) host = host.slice(4);
  return host;
}

/** Escapes tidied (RFC 3986 §6.2.2), by hand: a callback per escape took seconds on 1 MB. */
function tidyEscapes(text: string): string {
  let at = text.indexOf('%');
  if (at === -1) return text;
  let out = '';
  let copied = 0;
  for (; at !== -1 && at + 2 < text.length; at = text.indexOf('%', at + 1)) {
    const high = hexValue(text.charCodeAt(at + 1));
    const low = hexValue(text.charCodeAt(at + 2));
    if (high < 0 || low < 0) continue;
    const char = String.fromCharCode(high * 16 + low);
    const lowerHex = text.charCodeAt(at + 1) >= 97 || text.charCodeAt(at + 2) >= 97;
    if (UNRESERVED.test(char)) out += text.slice(copied, at) + char;
    else if (lowerHex)
      out += `${text.slice(copied, at)}%${text.slice(at + 1, at + 3).toUpperCase()}`;
    else {
      at += 2;
      continue;
    }
    copied = at + 3;
    at += 2;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** The value of a hex digit's char code, or -1 for any other code. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 32;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

function tidyPath(pathname: string): string {
  // `//` inside a path reaches the same page on the servers directories link to; matching only.
  let path = tidyEscapes(pathname).replace(/\/{2,}/g, '/');
  while (path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

function tidyQuery(search: string): string {
  if (search.length <= 1) return '';
  const kept: Array<[string, string]> = [];
  for (const pair of search.slice(1).split('&')) {
    if (pair.length === 0) continue;
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    if (isTrackingParam(decodeSafe(rawKey).toLowerCase())) continue;
    // A form-encoded space (`+`) and `%20` are one character to the server that reads the query.
    kept.push([tidyEscapes(rawKey.replace(/\+/g, '%20')), tidyEscapes(pair.replace(/\+/g, '%20'))]);
  }
  kept.sort((a, b) => compareStrings(a[0], b[0]) || compareStrings(a[1], b[1]));
  return kept.map(([, pair]) => pair).join('&');
}

export function isTrackingParam(key: string): boolean {
  if (TRACKING_PARAMS.has(key)) return true;
  return TRACKING_PARAM_PREFIXES.some((prefix) => key.startsWith(prefix));
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
