import { normalizeUrl } from '../normalize/url.js';
import { hostEndsInUnderscore, scanBody, trimEnd, trimHostEnd } from './link-end.js';
import {
  hasDot,
  isCjk,
  isDigit,
  isDottedQuad,
  isLinkHost,
  isPathContextAt,
  isRunChar,
  prevCode,
  runEnd,
} from './link-host.js';
import type { LinkFinding, LinkForm } from './types.js';

/**
 * Every web link in a text: markdown, `<url>`, `http(s)://`, `www.` and bare domains. By hand, in
 * one pass reading each character a bounded number of times: the libraries measured got emphasis
 * wrong, matched `john.do` of an e-mail or went super-linear. Without a scheme a real public suffix
 * is needed (`e.g.`, `v1.2`, `Node.js` are none); e-mail addresses are skipped whole.
 */
export function extractLinks(text: string): LinkFinding[] {
  const findings: LinkFinding[] = [];
  // Where the next `.`, `/` and `@` are (each searched again only once passed).
  let dot = -1;
  let slash = -1;
  let at = -1;
  for (let i = 0; i < text.length; ) {
    if (dot < i) dot = nextOf(text, '.', i);
    if (slash < i) slash = nextOf(text, '/', i);
    if (at < i) at = nextOf(text, '@', i);
    i = linkAt(text, quietUntil(text, i, Math.min(dot, slash, at)), findings);
  }
  return findings;
}

function nextOf(text: string, char: string, from: number): number {
  const found = text.indexOf(char, from);
  return found === -1 ? text.length : found;
}

/** How far the scan may skip toward the next `.`, `/` or `@` at `mark`: no link fits before. */
function quietUntil(text: string, i: number, mark: number): number {
  for (let k = mark - 8; k > i; k--) if (!isRunChar(text.charCodeAt(k), text, k)) return k;
  return i;
}

/** The link that starts at `i`, if any, added to `findings`; where to look next (past `i`). */
function linkAt(text: string, i: number, findings: LinkFinding[]): number {
  const code = text.charCodeAt(i);
  if (code === 47 && startsProtocolRelative(text, i)) return protocolRelative(text, i, findings);
  // A host never starts with `.` or `-`; stepping over them keeps `…mass.gov` a link.
  if (code === 46 || code === 45 || !isRunChar(code, text, i)) return i + 1;
  const prev = prevCode(text, i);
  // A scheme glued to CJK (`请访问https://…`) starts a link, glued to a Latin word it does not;
  // after `_` only as emphasis closed by `_` (`__https://…__`).
  if (
    startsWithScheme(text, i) &&
    (prev !== 95 /* _ */ || /_[.,;:!?*)]*$/.test(text.slice(i, scanBody(text, i)))) &&
    (!isRunChar(prev, text, i - 1) || isCjk(prev))
  )
    return schemeLink(text, i, findings);
  const j = runEnd(text, i);
  if (text.charCodeAt(j) === 64 /* @ */) return beforeAt(text, i, j, findings);
  // No dot: a word, neither a host nor an address (most runs of prose end here).
  if (!hasDot(text, i, j)) return j;
  return bareLink(text, i, j, findings);
}

/** A protocol-relative `//host` not after a scheme, word or slash: a host as sure as `https://`. */
function startsProtocolRelative(text: string, i: number): boolean {
  return (
    text.charCodeAt(i + 1) === 47 &&
    isRunChar(text.charCodeAt(i + 2), text, i + 2) &&
    !isRunChar(prevCode(text, i), text, i - 1) &&
    !'/:_\\'.includes(text[i - 1] ?? ' ')
  );
}

function protocolRelative(text: string, i: number, findings: LinkFinding[]): number {
  const bodyEnd = scanBody(text, i + 2);
  const end = trimEnd(text, i, bodyEnd);
  // A single label (`//test`) is a path more often than a host; `//localhost` is the exception.
  const host = /^[^/?#:]*/.exec(text.slice(i + 2, end))![0];
  if (
    end > i + 2 &&
    (host.includes('.') || host.toLowerCase() === 'localhost') &&
    !hostEndsInUnderscore(text, i + 2, end)
  )
    pushFinding(findings, text, i, end, 'scheme');
  return Math.max(bodyEnd, i + 1);
}

function schemeLink(text: string, i: number, findings: LinkFinding[]): number {
  const schemeEnd = text.charCodeAt(i + 4) === 58 ? i + 7 : i + 8;
  let bodyFrom = schemeEnd;
  // An IPv6 literal host (`http://[::1]/`): its brackets belong to the address.
  if (text.charCodeAt(bodyFrom) === 91 /* [ */) {
    // At most the longest literal (48): searching the rest made `http://[` repeated quadratic.
    const close = text.slice(bodyFrom, bodyFrom + 49).indexOf(']');
    if (close !== -1 && /^\[[0-9A-Fa-f:.]+$/.test(text.slice(bodyFrom, bodyFrom + close)))
      bodyFrom += close + 1;
  }
  const bodyEnd = scanBody(text, bodyFrom);
  const end = trimEnd(text, i, bodyEnd);
  // A bare `http://` is no address: its thrown URL error made `http:// ` repeated 5× slower.
  if (end > schemeEnd && !hostEndsInUnderscore(text, schemeEnd, end))
    pushFinding(findings, text, i, end, 'scheme');
  return Math.max(bodyEnd, i + 1);
}

/** A run before `@`: an e-mail, skipped, unless a path makes it a user part (`a.org@b.com/x`). */
function beforeAt(text: string, i: number, at: number, findings: LinkFinding[]): number {
  const local = text.slice(i, trimHostEnd(text, i, at));
  let j = at + 1;
  // `name@http://vk.com`: what follows `@` is an address of its own, not an e-mail domain.
  if (startsWithScheme(text, j)) return j;
  const domainStart = j;
  while (j < text.length && isRunChar(text.charCodeAt(j), text, j)) j++;
  if (
    text.charCodeAt(j) === 47 /* / */ &&
    j > domainStart &&
    !isPathContextAt(text, i) &&
    isLinkHost(local)
  ) {
    const bodyEnd = scanBody(text, j);
    pushFinding(findings, text, i, trimEnd(text, i, bodyEnd), 'bare');
    j = Math.max(j, bodyEnd);
  }
  return j;
}

/** A dotted run `i…j` without a scheme: a bare IPv4 address with a path, or a host (`www.` or bare). */
function bareLink(text: string, i: number, runEnd: number, findings: LinkFinding[]): number {
  let j = runEnd;
  const hostEnd = trimHostEnd(text, i, j);
  // A bare IPv4 address only with a path or port (`192.168.1.1/abc`): alone, as likely a section.
  if (
    hostEnd === j &&
    (text.charCodeAt(j) === 47 || (text.charCodeAt(j) === 58 && isDigit(text.charCodeAt(j + 1)))) &&
    isDigit(text.charCodeAt(i)) &&
    isDottedQuad(text.slice(i, j)) &&
    !isPathContextAt(text, i)
  ) {
    const bodyEnd = scanBody(text, j);
    pushFinding(findings, text, i, trimEnd(text, i, bodyEnd), 'bare');
    return Math.max(bodyEnd, i + 1);
  }
  // After `/`, `\`, `@`, `#`, `$`, `%`, `~` or a `_` inside a word the run is a path or value.
  if (hostEnd > i && !isPathContextAt(text, i) && isLinkHost(text.slice(i, hostEnd))) {
    let end = hostEnd;
    const next = text.charCodeAt(hostEnd);
    if (
      hostEnd === j &&
      (next === 47 /* / */ ||
        next === 63 /* ? */ ||
        next === 35 /* # */ ||
        (next === 58 /* : */ && isDigit(text.charCodeAt(hostEnd + 1))))
    ) {
      const bodyEnd = scanBody(text, hostEnd);
      end = trimEnd(text, i, bodyEnd);
      j = Math.max(j, bodyEnd);
    }
    const www = text.slice(i, i + 4).toLowerCase() === 'www.';
    pushFinding(findings, text, i, end, www ? 'www' : 'bare');
  }
  return Math.max(j, i + 1);
}

function pushFinding(
  findings: LinkFinding[],
  text: string,
  start: number,
  end: number,
  written: LinkForm,
): void {
  if (end <= start) return;
  const raw = text.slice(start, end);
  const result = normalizeUrl(raw);
  if (!result.ok) return;
  const before = text.slice(Math.max(0, start - 2), start);
  const form: LinkForm = before === '](' ? 'markdown' : before.endsWith('<') ? 'angle' : written;
  const finding: LinkFinding = {
    kind: 'link',
    raw,
    normalized: result.url,
    host: result.host,
    form,
    start,
    end,
  };
  if (result.userinfo !== undefined) finding.userinfo = result.userinfo;
  if (form === 'markdown') {
    const label = markdownLabel(text, start - 2);
    if (label !== null) finding.label = label;
  }
  findings.push(finding);
}

/** The text of `[text](` whose `]` is at `close`; null when no `[` opens it on the same line nearby. */
function markdownLabel(text: string, close: number): string | null {
  for (let k = close - 1; k >= Math.max(0, close - MAX_LABEL); k--) {
    const c = text.charCodeAt(k);
    if (c === 91 /* [ */) return text.slice(k + 1, close);
    if (c === 93 /* ] */ || c === 10 /* \n */) return null;
  }
  return null;
}

/** Longer link texts are sentences, not addresses; bounding the walk keeps the scan linear. */
const MAX_LABEL = 300;

/** `http://` or `https://` at `i`, in any case: compared by code, without a lower-cased copy per word. */
function startsWithScheme(text: string, i: number): boolean {
  if (
    (text.charCodeAt(i) | 32) !== 104 /* h */ ||
    (text.charCodeAt(i + 1) | 32) !== 116 /* t */ ||
    (text.charCodeAt(i + 2) | 32) !== 116 ||
    (text.charCodeAt(i + 3) | 32) !== 112 /* p */
  )
    return false;
  const colon = (text.charCodeAt(i + 4) | 32) === 115 /* s */ ? i + 5 : i + 4;
  return (
    text.charCodeAt(colon) === 58 &&
    text.charCodeAt(colon + 1) === 47 &&
    text.charCodeAt(colon + 2) === 47
  );
}
