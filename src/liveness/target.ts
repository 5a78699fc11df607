import { normalizeUrl } from '../normalize/url.js';

/**
 * What the checker fetches for a link: the link as written — its scheme, host (with or without
 * `www.`), port, path and query — never its normalized form. Normalization decides what counts as
 * the same page for matching; fetching `https://x.org` for a written `http://www.x.org` asks a
 * different server, and one that may refuse or not exist.
 *
 * - A written `http://` or `https://` is followed exactly (`schemeWritten`): upgrading to https, or
 *   falling back to http, is not ours to do.
 * - A link written without a scheme (`www.x.org/help`, `x.org`) names no scheme to follow, so it is
 *   tried over https first and over http when https is refused or the port speaks plain HTTP, as a
 *   browser does with a typed address.
 * - Text a URL parser cannot read as written (full-width letters, stray spaces) falls back to the
 *   normalizer's reading, also without a scheme to follow.
 * The fragment is never sent, and neither are credentials written before `@`.
 */
export type FetchTarget =
  | { ok: true; url: URL; schemeWritten: boolean }
  | { ok: false; error: 'bad-url'; reason: string };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

export function fetchTarget(written: string): FetchTarget {
  const text = written.trim();
  const scheme = SCHEME.exec(text);
  const rest = scheme ? text.slice(scheme[0].length) : text;
  // `localhost:3000/x` and `x.org:8080` read as a scheme followed by digits: they have none.
  const hasScheme = scheme !== null && !/^\d/.test(rest);
  if (hasScheme && !/^https?$/i.test(scheme[1]!))
    return {
      ok: false,
      error: 'bad-url',
      reason: `${scheme[1]!.toLowerCase()}: addresses are not checked`,
    };
  const asWritten = parse(hasScheme ? text : `https://${text.replace(/^\/\//, '')}`);
  const normalized = asWritten === null ? normalizeUrl(text) : undefined;
  const url = normalized?.ok ? parse(normalized.url) : asWritten;
  if (url === null)
    return { ok: false, error: 'bad-url', reason: `${JSON.stringify(written)} is not an address` };
  const schemeWritten = hasScheme && asWritten !== null;
  url.hash = '';
  url.username = '';
  url.password = '';
  return { ok: true, url, schemeWritten };
}

/**
 * A normalized URL whose written form is unknown (an allowlist from before the allowlist kept it):
 * its `https://` is the normalizer's, not the writer's, so it is checked as a link written
 * without a scheme.
 */
export function withoutScheme(normalizedUrl: string): string {
  return normalizedUrl.replace(/^https?:\/\//i, '');
}

function parse(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
