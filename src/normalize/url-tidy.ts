import { TRACKING_PARAM_PREFIXES, TRACKING_PARAMS } from '../defaults.js';

/**
 * How `normalizeUrl` tidies a host's `www.`, a path and a query once it knows them, the same for
 * the URL parser's path and the fast paths that read them as written (see `url.ts`).
 */

/** Past every leading `www.` of the host `text.slice(start, end)` that `canonicalHost` drops. */
export function afterWww(text: string, start: number, end: number): number {
  let from = start;
  while (text.startsWith('www.', from)) {
    const dot = text.indexOf('.', from + 4);
    if (dot === -1 || dot >= end) break;
    from += 4;
  }
  return from;
}

/**
 * Decode escapes of unreserved characters and upper-case the hex of the rest (RFC 3986 §6.2.2).
 * A hand loop rather than `replace` with a callback: a 1 MB non-ASCII path becomes 3 million
 * escapes, and a callback per escape took seconds; escapes already canonical are skipped.
 */
function tidyEscapes(text: string): string {
  let at = text.indexOf('%');
  if (at === -1) return text;
  let out = '';
  let copied = 0;
  for (; at !== -1 && at + 2 < text.length; at = text.indexOf('%', at + 1)) {
    const high = hexValue(text.charCodeAt(at + 1));
    const low = hexValue(text.charCodeAt(at + 2));
    if (high < 0 || low < 0) continue;
    const code = high * 16 + low;
    const lowerHex = text.charCodeAt(at + 1) >= 97 || text.charCodeAt(at + 2) >= 97;
    if (isUnreserved(code)) out += text.slice(copied, at) + String.fromCharCode(code);
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
export function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 32;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** A-Z a-z 0-9 - . _ ~ */
function isUnreserved(code: number): boolean {
  return (
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) ||
    code === 45 ||
    code === 46 ||
    code === 95 ||
    code === 126
  );
}

export function tidyPath(pathname: string): string {
  // `//` inside a path reaches the same page on the servers directories link to; matching only.
  let path = tidyEscapes(pathname).replace(/\/{2,}/g, '/');
  while (path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

export function tidyQuery(search: string): string {
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
  kept.sort((a, b) =>
    a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0,
  );
  return kept.map(([, pair]) => pair).join('&');
}

export function isTrackingParam(key: string): boolean {
  if (TRACKING_PARAMS.has(key)) return true;
  return TRACKING_PARAM_PREFIXES.some((prefix) => key.startsWith(prefix));
}

export function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
