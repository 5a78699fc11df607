import type { UrlNormalization } from './url.js';
import { afterWww, hexValue, tidyPath, tidyQuery } from './url-tidy.js';

/**
 * `normalizeUrl`'s second fast path, for the addresses answers write that `plainUrl` refuses:
 * `http(s)://` in any case or no scheme, a plain host in any case, then a path, a query and a
 * fragment of the characters the URL parser hands back as written (`www.Mass.gov/x?b=2&a=1#top`).
 * For these the parser only folds the host's case, so the result is the general path's with the
 * same steps after the parse (`afterWww`, `tidyPath`, `tidyQuery`, the fragment dropped), without
 * the parse. Null for anything else: a port, a user, an IDN or `xn--` host, a host ending in a
 * number, a dot segment, any other character.
 *
 * A char-code loop, after `plainUrl`'s pattern: on plain addresses (most links, long ones in real
 * answers) the pattern measured faster than this loop, and on the rest this loop is faster than
 * the parser (normalizeUrl over the bench corpus's 2,526 links, 610 of them not plain, in one
 * process alternating: 1.33 and 1.19 times as fast; on ExpertQA's 1,350, 114 not plain: 1.07 and
 * 1.00). A test holds it to the parser on the fixtures' addresses, the links extracted from them
 * and random ones.
 */
export function writtenUrl(input: string): UrlNormalization | null {
  const hostStart = schemeLength(input);
  const hostEnd = plainHostEnd(input, hostStart);
  if (hostEnd < 0) return null;
  const end = input.length;
  let at = hostEnd;
  // The path: its segments, none a dot segment (`.`, `..`, `%2e` … which the parser resolves).
  let tidy = false;
  for (let code = input.charCodeAt(at); code === 47 /* / */; ) {
    const next = input.charCodeAt(at + 1);
    if (
      next === 46 ||
      (next === 37 && input.charCodeAt(at + 2) === 50 && (input.charCodeAt(at + 3) | 32) === 101)
    )
      return null;
    if (next === 47) tidy = true;
    for (at++; at < end; at++) {
      code = input.charCodeAt(at);
      if (code === 37 /* % */) {
        if (!escapeAt(input, at)) return null;
        tidy = true;
        at += 2;
      } else if (code >= 128 || (KINDS[code]! & IN_PATH) === 0) break;
    }
    if (at >= end) break;
  }
  const pathEnd = at;
  if (at < end && input.charCodeAt(at) === 63 /* ? */) {
    for (at++; at < end; at++) {
      const code = input.charCodeAt(at);
      if (code === 37) {
        if (!escapeAt(input, at)) return null;
        at += 2;
      } else if (code >= 128 || (KINDS[code]! & IN_QUERY) === 0) break;
    }
  }
  const queryEnd = at;
  // A fragment is dropped whatever it holds: any printable ASCII will do.
  if (at < end && input.charCodeAt(at) === 35 /* # */)
    for (at++; at < end; at++) if (input.charCodeAt(at) <= 32 || input.charCodeAt(at) >= 127) break;
  if (at < end) return null;
  return result(input, hostStart, hostEnd, pathEnd, queryEnd, tidy);
}

/** The normal form of an address `writtenUrl` has read, from the offsets of its parts. */
function result(
  input: string,
  hostStart: number,
  hostEnd: number,
  pathEnd: number,
  queryEnd: number,
  tidy: boolean,
): UrlNormalization {
  const written = input.slice(hostStart, hostEnd);
  const lower = written.toLowerCase();
  const host =
    lower.charCodeAt(0) === 119 /* w */ ? lower.slice(afterWww(lower, 0, lower.length)) : lower;
  // Without escapes or `//`, tidying a path only drops its one trailing slash.
  let path: string;
  if (tidy) path = tidyPath(input.slice(hostEnd, pathEnd));
  else path = input.slice(hostEnd, input.charCodeAt(pathEnd - 1) === 47 ? pathEnd - 1 : pathEnd);
  const query = pathEnd < queryEnd ? tidyQuery(input.slice(pathEnd, queryEnd)) : '';
  // Written in normal form already (no query, fragment, capital, `www.` or trailing slash): the
  // input itself, no copy.
  if (
    !tidy &&
    pathEnd === input.length &&
    path.length === pathEnd - hostEnd &&
    host === written &&
    input.startsWith('https://')
  )
    return { ok: true, url: input, host, port: '' };
  return { ok: true, url: `https://${host}${path}${query ? `?${query}` : ''}`, host, port: '' };
}

/** 7 or 8 after `http://` or `https://` in any case, else 0 (no scheme: the parser adds `https://`). */
function schemeLength(input: string): number {
  if (
    (input.charCodeAt(0) | 32) !== 104 /* h */ ||
    (input.charCodeAt(1) | 32) !== 116 /* t */ ||
    (input.charCodeAt(2) | 32) !== 116 ||
    (input.charCodeAt(3) | 32) !== 112 /* p */
  )
    return 0;
  const colon = (input.charCodeAt(4) | 32) === 115 /* s */ ? 5 : 4;
  return input.charCodeAt(colon) === 58 &&
    input.charCodeAt(colon + 1) === 47 &&
    input.charCodeAt(colon + 2) === 47
    ? colon + 3
    : 0;
}

/**
 * Where the plain host from `start` ends (at `/`, `?`, `#` or the end), or -1 when there is no
 * plain host there: labels of ASCII letters, digits and inner hyphens, 1 to 63 long, at least
 * two, the last of letters only (no IPv4 reading), no `xn--` anywhere (no IDNA decoding), at most
 * 253 characters. The parser only folds such a host's case.
 */
function plainHostEnd(input: string, start: number): number {
  let at = start;
  let labelStart = start;
  let dots = 0;
  let lettersOnly = true;
  for (; at < input.length; at++) {
    const code = input.charCodeAt(at);
    const lower = code | 32;
    if (lower >= 97 && lower <= 122) continue;
    if (code >= 48 && code <= 57) lettersOnly = false;
    else if (code === 45 /* - */) {
      lettersOnly = false;
      if (at === labelStart) return -1;
    } else if (code === 46 /* . */) {
      if (!labelEnds(input, labelStart, at)) return -1;
      dots++;
      labelStart = at + 1;
      lettersOnly = true;
    } else if (code === 47 || code === 63 || code === 35) break;
    else return -1;
  }
  if (dots === 0 || at - start > 253 || !lettersOnly || at - labelStart < 2) return -1;
  if (!labelEnds(input, labelStart, at)) return -1;
  // `xn--` in any case: a punycode label, which the parser decodes and checks.
  for (let k = input.indexOf('-', start); k !== -1 && k < at; k = input.indexOf('-', k + 1))
    if (
      input.charCodeAt(k + 1) === 45 &&
      k - 2 >= start &&
      (input.charCodeAt(k - 2) | 32) === 120 /* x */ &&
      (input.charCodeAt(k - 1) | 32) === 110 /* n */
    )
      return -1;
  return at;
}

/** A label `start…end` is 1 to 63 long and does not end in `-`. */
function labelEnds(input: string, start: number, end: number): boolean {
  return end > start && end - start <= 63 && input.charCodeAt(end - 1) !== 45;
}

/** A well-formed escape at `at` (`%` and two hex digits), as the path and the query both need. */
function escapeAt(input: string, at: number): boolean {
  return hexValue(input.charCodeAt(at + 1)) >= 0 && hexValue(input.charCodeAt(at + 2)) >= 0;
}

const IN_PATH = 1;
const IN_QUERY = 2;

/**
 * Which ASCII characters the parser leaves as written: in a path (after its first `/`) unreserved
 * ones, the sub-delimiters, `:`, `@`, `[`, `]`, `|` (a citation mark glued to a link:
 * `…/Gondola[3]`); in a query the same and `/` and `?`, but not `'`, which the parser escapes
 * there. `%` is read apart: only a well-formed escape.
 */
const KINDS = (() => {
  const kinds = new Uint8Array(128);
  const common =
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&()*+,;=:@|[]';
  for (const char of common) kinds[char.charCodeAt(0)] = IN_PATH | IN_QUERY;
  kinds["'".charCodeAt(0)] = IN_PATH;
  kinds['/'.charCodeAt(0)] = IN_QUERY;
  kinds['?'.charCodeAt(0)] = IN_QUERY;
  return kinds;
})();
