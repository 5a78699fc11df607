import { parse as parseDomain } from 'tldts';
import { FILE_EXTENSIONS_NOT_HOSTS } from '../defaults.js';
import { normalizeUrl } from '../normalize/url.js';
import { hostEndsInUnderscore, scanBody, trimEnd, trimHostEnd } from './link-end.js';
import type { LinkFinding, LinkForm } from './types.js';

/**
 * Every web link in a text: `[text](url)`, `<url>`, bare `http(s)://…`, `www.` hosts, and bare
 * domains written in prose (`TexasLawHelp.org/eviction`). A hand-written single-pass scanner rather
 * than a library: the libraries measured got markdown emphasis (`**https://…**`) wrong, matched TLD
 * prefixes (`john.do` from an e-mail), or went super-linear on hostile input; this one visits each
 * character a bounded number of times.
 *
 * Scheme-less candidates must end in a real public suffix (tldts), so `e.g.`, `form.pdf`, `v1.2`,
 * `Node.js` and `app.Now` are not links; e-mail addresses are skipped whole. Trailing sentence
 * punctuation and markdown emphasis are stripped, balanced parentheses kept (`…/Foo_(law)`), and
 * the scan stops at closing brackets, quotes, pipes and full-width punctuation.
 */
export function extractLinks(text: string): LinkFinding[] {
  const findings: LinkFinding[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    // A protocol-relative address (`//example.com/path`), where `//` does not follow a scheme, a
    // word or another slash: it names a host as surely as `https://` does.
    if (
      code === 47 &&
      text.charCodeAt(i + 1) === 47 &&
      isRunChar(text.charCodeAt(i + 2), text, i + 2) &&
      !isRunChar(prevCode(text, i), text, i - 1) &&
      !'/:_\\'.includes(text[i - 1] ?? ' ')
    ) {
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
      i = Math.max(bodyEnd, i + 1);
      continue;
    }
    // A host never starts with `.` or `-`; stepping over them keeps `…mass.gov` a link.
    if (code === 46 || code === 45 || !isRunChar(code, text, i)) {
      i++;
      continue;
    }
    const prev = prevCode(text, i);
    // A scheme glued to CJK text (`请访问https://…`) still starts a link; glued to a Latin word it does not.
    // After `_` only as emphasis closed by `_` (`__https://…__`); `_http://example.com` is not a link.
    if (
      startsWithScheme(text, i) &&
      (prev !== 95 /* _ */ || /_[.,;:!?*)]*$/.test(text.slice(i, scanBody(text, i)))) &&
      (!isRunChar(prev, text, i - 1) || isCjk(prev))
    ) {
      const schemeEnd = text.charCodeAt(i + 4) === 58 ? i + 7 : i + 8;
      let bodyFrom = schemeEnd;
      // An IPv6 literal host (`http://[::1]/`): its brackets belong to the address.
      if (text.charCodeAt(bodyFrom) === 91 /* [ */) {
        // Look no further than the longest literal (48): searching the whole rest of the text made
        // `http://[` repeated quadratic (1 MB of it took seconds).
        const close = text.slice(bodyFrom, bodyFrom + 49).indexOf(']');
        if (close !== -1 && /^\[[0-9A-Fa-f:.]+$/.test(text.slice(bodyFrom, bodyFrom + close)))
          bodyFrom += close + 1;
      }
      const bodyEnd = scanBody(text, bodyFrom);
      const end = trimEnd(text, i, bodyEnd);
      // A bare `http://` is never an address; skipping it spares a thrown URL error per
      // occurrence, which made 1 MB of `http:// ` five times slower than prose.
      if (end > schemeEnd && !hostEndsInUnderscore(text, schemeEnd, end))
        pushFinding(findings, text, i, end, 'scheme');
      i = Math.max(bodyEnd, i + 1);
      continue;
    }
    let j = i;
    // A run also ends where CJK text meets Latin letters or digits (`访问mass.gov`, `mass.gov访问`):
    // such text is two words written without a space, never one host label.
    while (
      j < n &&
      isRunChar(text.charCodeAt(j), text, j) &&
      !(j > i && crossesCjk(text.charCodeAt(j - 1), text.charCodeAt(j)))
    )
      j++;
    if (text.charCodeAt(j) === 64 /* @ */) {
      // An e-mail address: skip its domain too, so `help@lawhelp.org` is not a link. But a host
      // before `@` and a path after the domain is an address with a user part, written to look
      // like the first host (`lawhelpca.org@evil.com/x` goes to evil.com): that is a link.
      const local = text.slice(i, trimHostEnd(text, i, j));
      j++;
      // `name@http://vk.com`: what follows `@` is an address of its own, not an e-mail domain.
      if (startsWithScheme(text, j)) {
        i = j;
        continue;
      }
      const domainStart = j;
      while (j < n && isRunChar(text.charCodeAt(j), text, j)) j++;
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
      i = j;
      continue;
    }
    const hostEnd = trimHostEnd(text, i, j);
    // A bare IPv4 address counts only with a path or a port after it (`192.168.1.1/abc`): alone,
    // four dotted numbers are as likely a section or version number.
    // The cheap tests first: most runs are words, and splitting each to test for four numbers was
    // a tenth of the link stage on prose.
    if (
      hostEnd === j &&
      (text.charCodeAt(j) === 47 ||
        (text.charCodeAt(j) === 58 && isDigit(text.charCodeAt(j + 1)))) &&
      isDigit(code) &&
      isDottedQuad(text.slice(i, j)) &&
      !isPathContextAt(text, i)
    ) {
      const bodyEnd = scanBody(text, j);
      pushFinding(findings, text, i, trimEnd(text, i, bodyEnd), 'bare');
      i = Math.max(bodyEnd, i + 1);
      continue;
    }
    // After `/`, `\`, `@`, `#`, `$`, `%`, `~` or a `_` inside a word, the run is a path, anchor or
    // value, not a host. A `_` opening emphasis (`_lawhelp.org_`) is not.
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
    i = Math.max(j, i + 1);
  }
  return findings;
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

function startsWithScheme(text: string, i: number): boolean {
  const c0 = text.charCodeAt(i) | 32;
  if (c0 !== 104 /* h */) return false;
  const head = text.slice(i, i + 8).toLowerCase();
  return head.startsWith('http://') || head.startsWith('https://');
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function prevCode(text: string, i: number): number {
  return i > 0 ? text.charCodeAt(i - 1) : 32;
}

const NON_ASCII_WORD = /[\p{L}\p{N}\p{M}]/u;

/** Characters of a host-like run: ASCII letters, digits, `-`, `.`, and non-ASCII letters (IDN hosts). */
function isRunChar(code: number, text: string, index: number): boolean {
  if (code >= 97 && code <= 122) return true; // a-z
  if (code >= 65 && code <= 90) return true; // A-Z
  if (code >= 48 && code <= 57) return true; // 0-9
  if (code === 45 || code === 46) return true; // - .
  if (code < 0x80 || Number.isNaN(code)) return false;
  if (code === 0x3002 || code === 0xff0e || code === 0xff61) return false; // ideographic / full-width full stops
  return NON_ASCII_WORD.test(text[index] ?? '');
}

function isPathContextAt(text: string, i: number): boolean {
  const prev = prevCode(text, i);
  // `_` inside a word is a path or identifier; at a word's start it opens emphasis only when the
  // run is closed by `_` too (`_lawhelp.org_`): `_example.com` alone is a name, not a link.
  if (prev === 95 /* _ */) return isAsciiAlnum(prevCode(text, i - 1)) || !closesUnderscore(text, i);
  // `path:to:file.pm`: a colon-separated path, not a host after a label.
  if (prev === 58 /* : */)
    return /:\S*$/.test(
      text
        .slice(Math.max(0, i - 200), i - 1)
        .split(/\s/)
        .pop() ?? '',
    );
  return (
    prev === 47 ||
    prev === 92 ||
    prev === 64 ||
    prev === 35 ||
    prev === 36 ||
    prev === 37 ||
    prev === 126
  );
}

function closesUnderscore(text: string, i: number): boolean {
  let j = i;
  while (j < text.length && isRunChar(text.charCodeAt(j), text, j)) j++;
  return text.charCodeAt(j) === 95;
}

function isDottedQuad(run: string): boolean {
  const parts = run.split('.');
  return (
    parts.length === 4 &&
    parts.every((part) => /^(?:0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255)
  );
}

function isAsciiAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
}

/** Han, kana, Hangul and their punctuation blocks: scripts written without spaces between words. */
function isCjk(code: number): boolean {
  return (
    (code >= 0x2e80 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff00 && code <= 0xffef)
  );
}

function crossesCjk(left: number, right: number): boolean {
  return (isCjk(left) && isAsciiAlnum(right)) || (isAsciiAlnum(left) && isCjk(right));
}

const ASCII_LETTERS = /^[a-z]+$/i;

/**
 * Whether a scheme-less run is a host a person would type: labels well formed, and a real public
 * suffix at the end (checked with tldts). File names (`form.pdf`, `README.md`) and words glued by a
 * period with odd case (`app.Now`) are not hosts.
 */
function isLinkHost(run: string): boolean {
  if (!run.includes('.')) return false;
  const labels = run.split('.');
  for (const label of labels) {
    if (label.length === 0 || label.length > 63) return false;
    if (label.startsWith('-') || label.endsWith('-')) return false;
  }
  const tld = labels[labels.length - 1]!;
  const www = labels[0]!.toLowerCase() === 'www';
  if (www && labels.length >= 3) return /\p{L}/u.test(tld);
  if (!/\p{L}/u.test(tld)) return false;
  if (ASCII_LETTERS.test(tld)) {
    const lower = tld.toLowerCase();
    if (FILE_EXTENSIONS_NOT_HOSTS.has(lower)) return false;
    const capitalized =
      tld[0] === tld[0]!.toUpperCase() && tld.slice(1) === tld.slice(1).toLowerCase();
    // `Mass.Gov` and `5.Org` are title-cased hosts; `app.Now` is two words missing a space.
    const previousCapitalized = !/^\p{Ll}/u.test(labels[labels.length - 2] ?? '');
    if (tld !== lower && tld !== tld.toUpperCase() && !(capitalized && previousCapitalized))
      return false;
  }
  const parsed = parseDomain(run.toLowerCase());
  return (
    parsed.domain !== null &&
    (parsed.isIcann === true || parsed.isPrivate === true) &&
    parsed.isIp !== true
  );
}
