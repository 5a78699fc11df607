import { afterWww, decodeSafe, tidyPath, tidyQuery } from './url-tidy.js';
import { writtenUrl } from './url-written.js';

export { isTrackingParam } from './url-tidy.js';

/**
 * The one URL normalizer. The allowlist loader, the builder and the link matcher all call it, so a
 * URL can never be normalized one way when building and another way when matching.
 *
 * Two addresses that a person would reach the same page with normalize to the same string:
 * `http` and `https` alike (the result always says `https`), scheme and host case folded, `www.`,
 * a host's trailing dot, default ports, the fragment (including `#:~:text=`), a trailing slash and
 * tracking parameters (`utm_*`, `gclid`, `fbclid`, …) dropped, the query sorted, percent-escapes
 * tidied (unreserved characters decoded, hex upper-cased). The path's case is kept: servers differ.
 * Hosts come out in punycode, so a Unicode and a punycode spelling agree while lookalike hosts stay
 * distinct.
 */
export type UrlNormalization =
  | {
      ok: true;
      /** Canonical form, e.g. `https://mass.gov/orgs/housing-court?b=2&a=1` → `https://mass.gov/orgs/housing-court?a=1&b=2`. */
      url: string;
      /** Canonical host (see `normalizeHost`). */
      host: string;
      port: string;
      /** What stood before `@` in the authority, when anything did. */
      userinfo?: string;
    }
  | { ok: false; reason: string };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Plain addresses by pattern, the rest that answers write by a loop (`writtenUrl`), else the parser. */
export function normalizeUrl(input: string): UrlNormalization {
  return plainUrl(input) ?? writtenUrl(input) ?? normalizeUrlByParser(input);
}

/**
 * A plain host (see `plainHost`): labels of lower-case letters, digits and inner hyphens, at most
 * 63 characters each, a letters-only last label, no `xn--` anywhere. The URL parser leaves such a
 * host as it is (no IDNA mapping, no IPv4 reading). Matched by regular expression rather than a
 * char-code loop: the expression runs as native code from its second call, where a loop in a
 * fresh process runs interpreted for its first thousands of addresses, and an allowlist of
 * 100,000 organizations is read exactly once, cold (measured on its 65,000 addresses: 34 ms
 * against 56 for the loop). The 253-character bound on the whole host is checked by length. The
 * `xn--` look-ahead is lazy: a greedy one runs to the end of the host and backs off one
 * character at a time, a step of the backtrack stack each (measured cold, 10 alternating runs:
 * domains 52 -> 45 ms, addresses 84 -> 73).
 */
const PLAIN_HOST_BODY = '(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}';
const PLAIN_HOST = new RegExp(`^(?![^]*?xn--)${PLAIN_HOST_BODY}$`);
/** `http(s)://`, a plain host, then nothing or a path of unreserved characters and single slashes, no segment starting with a dot. */
const PLAIN_URL = new RegExp(
  `^https?://(?![^/]*?xn--)${PLAIN_HOST_BODY}(?:/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*/?$`,
);

/**
 * An address already in normal form but for `http`, `www.` and one trailing slash (a plain host,
 * a plain path, nothing else), normalized without the URL parser: the parser returns such an
 * address as written, so the result is the general path's, without its parse and copies. Null
 * for anything else. An allowlist of 100,000 organizations lists 65,000 such addresses; a test
 * holds the two paths to the same output on every address of the fixtures and on generated ones.
 */
function plainUrl(input: string): UrlNormalization | null {
  const url = plainUrlText(input);
  if (url === null) return null;
  const slash = url.indexOf('/', 8);
  return { ok: true, url, host: slash === -1 ? url.slice(8) : url.slice(8, slash), port: '' };
}

/**
 * `plainUrl`'s normal form alone, or null: the allowlist loader needs only the string, and it
 * reads 65,000 addresses, each of which made a result object and a host copy it never read
 * (measured with the old char-code loop, fresh process: 56 ms for the strings against 70 with
 * the objects).
 */
export function plainUrlText(input: string): string | null {
  if (!PLAIN_URL.test(input)) return null;
  const hostStart = input.charCodeAt(4) === 115 ? 8 : 7;
  let hostEnd = input.indexOf('/', hostStart);
  if (hostEnd === -1) hostEnd = input.length;
  if (hostEnd - hostStart > 253) return null;
  // The pattern refused `//`, so at most one slash trails.
  const end =
    input.length > hostEnd && input.charCodeAt(input.length - 1) === 47
      ? input.length - 1
      : input.length;
  const from = afterWww(input, hostStart, hostEnd);
  return hostStart === 8 && from === 8 && end === input.length
    ? input
    : `https://${input.slice(from, end)}`;
}

/**
 * The general path of `normalizeUrl`, for every input: exported so that a test can hold the fast
 * path (`plainUrl`) to it.
 */
export function normalizeUrlByParser(input: string): UrlNormalization {
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
  // `URL.parse` (Node 22.1) answers null instead of throwing: a thrown URL error costs ~20 µs, and
  // text full of broken addresses (`http://a:b http://a:b …`) ran five times slower than prose
  // when each one threw. One parse per address, where asking `URL.canParse` first made two.
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

/**
 * Canonical host: lower case, punycode (via WHATWG URL, which applies UTS #46), no trailing dot,
 * no leading `www.`. Returns null when the text is not a host.
 */
export function normalizeHost(input: string): string | null {
  const text = input.trim();
  // Lower-case ASCII labels ending in a letter-only suffix come out of the URL parser unchanged
  // (no IDNA mapping, no IPv4 reading), so they skip it: an allowlist lists 100,000s of hosts.
  return plainHost(text) ?? normalizeHostByParser(text);
}

/** The canonical host of `text` when it is a plain host as it stands (see `PLAIN_HOST`), else null. */
export function plainHost(text: string): string | null {
  if (text.length > 253 || !PLAIN_HOST.test(text)) return null;
  // Most hosts do not start with `w`: no search for `www.` then.
  const from = text.charCodeAt(0) === 119 ? afterWww(text, 0, text.length) : 0;
  return from === 0 ? text : text.slice(from);
}

/** The general path of `normalizeHost` (see `normalizeUrlByParser`); `text` is trimmed. */
export function normalizeHostByParser(text: string): string | null {
  if (text.length === 0 || /[\s/?#@]/.test(text)) return null;
  let parsed: URL;
  try {
    parsed = new URL(`https://${text}`);
  } catch {
    return null;
  }
  const host = canonicalHost(parsed.hostname);
  return host.length > 0 ? host : null;
}

function canonicalHost(hostname: string): string {
  let host = hostname.toLowerCase();
  if (host.endsWith('.')) {
    while (host.endsWith('.')) host = host.slice(0, -1);
    // Without its trailing dot a host can end in a number (`v1.2.` → `v1.2`), which the URL
    // parser reads as a malformed IPv4 address: not a host, and normalizing again would fail.
    // Re-parse (rare: only hosts written with a trailing dot) and keep it only if it stands as is.
    try {
      if (new URL(`https://${host}`).hostname !== host) return '';
    } catch {
      return '';
    }
  }
  // Every leading `www.` goes (one at a time would not be idempotent: `www.www.a.org` → `www.a.org`
  // → `a.org`), but never the last label before the suffix: `www.com` is a site, not `com`.
  while (host.startsWith('www.') && host.indexOf('.', 4) !== -1) host = host.slice(4);
  return host;
}
