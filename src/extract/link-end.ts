// Where a link found by `extractLinks` ends; each character read a bounded number of times.

/** `http://example.com_`: a host ending in `_` is no host name (linkify-it agrees). */
export function hostEndsInUnderscore(text: string, from: number, end: number): boolean {
  let k = from;
  while (k < end && !'/?#'.includes(text[k]!)) k++;
  return text.charCodeAt(k - 1) === 95;
}

/** A host-like run ends before trailing dots and hyphens (sentence punctuation). */
export function trimHostEnd(text: string, start: number, end: number): number {
  let e = end;
  while (e > start && (text.charCodeAt(e - 1) === 46 || text.charCodeAt(e - 1) === 45)) e--;
  return e;
}

/** Characters that end a URL wherever they appear. */
function isTerminator(code: number): boolean {
  if (code <= 32) return true;
  switch (code) {
    case 34: // "
    case 60: // <
    case 62: // >
    case 92: // \
    case 94: // ^
    case 96: // `
    case 123: // {
    case 124: // |
    case 125: // }
    case 91: // [
    case 93: // ]
    case 0x7f:
    case 0xa0: // no-break space
    case 0xab: // «
      return true;
  }
  if (code < 0x2000) return false;
  if (code >= 0x2000 && code <= 0x200b) return true; // typographic spaces
  if (code >= 0x2018 && code <= 0x201f) return true; // curly and low-9 quotes ‘ ’ ‚ ‛ “ ” „ ‟
  if (code === 0x2039 || code === 0x203a) return true; // ‹ ›
  if (code === 0x2028 || code === 0x2029 || code === 0x3000) return true;
  if (code >= 0x3001 && code <= 0x3011) return true; // CJK punctuation and brackets 、。〈〉《》「」『』【】
  if (code >= 0xff01 && code <= 0xff0f) return true; // full-width ！＂＃…／
  if (code >= 0xff1a && code <= 0xff20) return true; // full-width ：；＜＝＞？＠
  if (code === 0xff3b || code === 0xff3d || code === 0xff5b || code === 0xff5d || code === 0xff5c)
    return true;
  return false;
}

/** An address's body ends at `[`, `{` or `"` not closed before the next space (as linkify-it). */
export function scanBody(text: string, from: number): number {
  let j = from;
  while (j < text.length) {
    const code = text.charCodeAt(j);
    // Not after `)` or `]`: `[a](https://x.org)[b](…)` is two markdown links side by side.
    if (
      (code === 91 || code === 123 || code === 34) &&
      j > from &&
      text.charCodeAt(j - 1) !== 41 &&
      text.charCodeAt(j - 1) !== 93
    ) {
      const close = closingWithinWord(text, j, code === 91 ? 93 : code === 123 ? 125 : 34);
      if (close !== -1) {
        j = close + 1;
        continue;
      }
    }
    if (isTerminator(code)) break;
    j++;
  }
  return j;
}

/** Where `close` matches the opener at `open` before any space or other terminator; -1 if it does not. */
function closingWithinWord(text: string, open: number, close: number): number {
  for (let k = open + 1; k < text.length && k < open + 200; k++) {
    const code = text.charCodeAt(k);
    if (code === close) return k;
    if (code <= 32 || WORD_STOP.test(text[k]!)) return -1;
  }
  return -1;
}

const WORD_STOP = /[<>"[\]{}`]/;

const TRAILING = new Set([46, 44, 59, 58, 33, 63, 39, 42, 126, 0xbb /* » */]);

/** Trailing sentence punctuation, emphasis and unpartnered `)` dropped (`…/Foo_(law)` keeps its). */
export function trimEnd(text: string, start: number, bodyEnd: number): number {
  let open = 0;
  let close = 0;
  for (let k = start; k < bodyEnd; k++) {
    const c = text.charCodeAt(k);
    if (c === 40) open++;
    else if (c === 41) close++;
  }
  const underscoreWrapped = text.charCodeAt(start - 1) === 95;
  // A closing quote stays when the address opened it (`…/'singlequoted'`).
  let quotes = 0;
  for (let k = start; k < bodyEnd; k++) if (text.charCodeAt(k) === 39) quotes++;
  let end = bodyEnd;
  while (end > start) {
    const c = text.charCodeAt(end - 1);
    if (c === 39 && quotes % 2 === 0 && quotes > 0) break;
    if (TRAILING.has(c) || (c === 95 && underscoreWrapped)) {
      if (c === 39) quotes--;
      end--;
    } else if (c === 41 && close > open) {
      close--;
      end--;
    } else {
      break;
    }
  }
  return end;
}
