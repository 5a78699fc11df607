import { parseDomain } from '../util/domains.js';
import { FILE_EXTENSIONS_NOT_HOSTS } from '../defaults.js';

// Whether a run of text can be a host, for `extractLinks`.

export function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

export function prevCode(text: string, i: number): number {
  return i > 0 ? text.charCodeAt(i - 1) : 32;
}

const NON_ASCII_WORD = /[\p{L}\p{N}\p{M}]/u;

/** Characters of a host-like run: ASCII letters, digits, `-`, `.`, and non-ASCII letters (IDN hosts). */
export function isRunChar(code: number, text: string, index: number): boolean {
  if (isAsciiAlnum(code) || code === 45 || code === 46) return true; // a-z A-Z 0-9 - .
  if (code < 0x80 || Number.isNaN(code)) return false;
  if (code === 0x3002 || code === 0xff0e || code === 0xff61) return false; // ideographic / full-width full stops
  return NON_ASCII_WORD.test(text[index] ?? '');
}

/** Where the host-like run from `from` ends, also where CJK meets Latin (`访问mass.gov`). */
export function runEnd(text: string, from: number): number {
  let j = from;
  let left = 0;
  for (; j < text.length; j++) {
    const code = text.charCodeAt(j);
    if (code < 0x80) {
      const alnum = isAsciiAlnum(code);
      if (!alnum && code !== 45 && code !== 46) break;
      if (alnum && left >= 0x2e80 && isCjk(left)) break;
    } else {
      if (!isRunChar(code, text, j)) break;
      if (j > from && isAsciiAlnum(left) && isCjk(code)) break;
    }
    left = code;
  }
  return j;
}

/** Whether `text` holds a `.` between `from` and `to`: a run without one is a word, never a host. */
export function hasDot(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (text.charCodeAt(k) === 46) return true;
  return false;
}

export function isPathContextAt(text: string, i: number): boolean {
  const prev = prevCode(text, i);
  // `_` inside a word is a path or identifier; at a word's start emphasis only when closed by `_`.
  if (prev === 95 /* _ */) return isAsciiAlnum(prevCode(text, i - 1)) || !closesUnderscore(text, i);
  // `path:to:file.pm`: a colon-separated path, not a host after a label.
  if (prev === 58 /* : */)
    return /:\S*$/.test(
      text
        .slice(Math.max(0, i - 200), i - 1)
        .split(/\s/)
        .pop() ?? '',
    );
  return PATH_BEFORE.test(String.fromCharCode(prev));
}

// After one of these a run is a path, anchor or value, not a host.
const PATH_BEFORE = /[/\\@#$%~]/;

function closesUnderscore(text: string, i: number): boolean {
  let j = i;
  while (j < text.length && isRunChar(text.charCodeAt(j), text, j)) j++;
  return text.charCodeAt(j) === 95;
}

export function isDottedQuad(run: string): boolean {
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
export function isCjk(code: number): boolean {
  return (
    (code >= 0x2e80 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff00 && code <= 0xffef)
  );
}

const ASCII_LETTERS = /^[a-z]+$/i;

/** Whether a scheme-less run is a host one would type: good labels, a real suffix; not `form.pdf`. */
export function isLinkHost(run: string): boolean {
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
