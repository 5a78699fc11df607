import { isCommonWord } from './common-words.js';

/** The one organization-name normalizer: folded word tokens, so `Aid` never matches `Aide`. */
export interface Token {
  /** Folded form the matcher compares. */
  norm: string;
  /** The token as written, for case-sensitive names. */
  raw: string;
  start: number;
  end: number;
  /** A word ending in `'s` without it: a name may end there ("the Housing Court's clerk"). */
  possessive?: { norm: string; raw: string; end: number };
}

const MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]/gu;
const ASCII_WORD = /^[A-Za-z0-9]+$/;
/** ASCII words and single spaces: the tokens are the words, their folded forms the lower case. */
export const SIMPLE_NAME = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;

export function foldToken(raw: string): string {
  if (raw === '&') return 'and';
  if (ASCII_WORD.test(raw)) return raw.toLowerCase();
  // Lower-cased before and after decomposing (`ℌ` decomposes to a capital), what is not a letter
  // or digit dropped (`⅐` → `1⁄7`): a folded token folds to itself, so `orgKey` is idempotent.
  const folded = raw
    .toLowerCase()
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(NOT_WORD, '')
    .toLowerCase();
  return folded.length > 0 ? folded : raw.toLowerCase();
}

/**
 * The tokens of `text`: the matches of `/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*|&/gu` (a property test
 * holds it to that), by a scan: this is the hottest loop, and the expression with `foldToken` per
 * word was a tenth of a verification. A lower-case ASCII word is its own folded form, not copied.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const length = text.length;
  for (let k = 0; k < length; ) {
    const code = text.charCodeAt(k);
    if (code < 128) {
      const kind = ASCII_KIND[code]!;
      if (kind === PLAIN || kind === CAPITAL) k = wordAt(text, k, tokens);
      else if (kind === AMPERSAND) {
        tokens.push({ norm: 'and', raw: '&', start: k, end: k + 1 });
        k++;
      } else k++;
    } else if (wordCharEnd(text, k) > k) k = wordAt(text, k, tokens);
    else k += code >= 0xd800 && code <= 0xdbff ? codePointWidth(text, k) : 1;
  }
  return tokens;
}

/** What an ASCII code is to the scan. */
const SEPARATOR = 0;
/** A lower-case letter or a digit: its own folded form. */
const PLAIN = 1;
const CAPITAL = 2;
/** `'`: inside a word when a letter or digit follows. */
const QUOTE = 3;
const AMPERSAND = 4;
const ASCII_KIND = ((): Uint8Array => {
  const kinds = new Uint8Array(128).fill(SEPARATOR);
  for (let code = 48; code <= 57; code++) kinds[code] = PLAIN;
  for (let code = 97; code <= 122; code++) kinds[code] = PLAIN;
  for (let code = 65; code <= 90; code++) kinds[code] = CAPITAL;
  kinds[39] = QUOTE;
  kinds[38] = AMPERSAND;
  return kinds;
})();

/** What a word holds beyond lower-case ASCII letters and digits (bits), so how it folds. */
const SEEN_CAPITAL = 1;
/** An apostrophe or a character beyond ASCII: only `foldToken` folds it. */
const SEEN_OTHER = 2;

/** The word starting at `start` added to `tokens`; where it ends. */
function wordAt(text: string, start: number, tokens: Token[]): number {
  // Never read past the end: after a NaN `charCodeAt`, V8 compares every code as a double.
  const length = text.length;
  let k = start;
  let seen = 0;
  while (k < length) {
    const code = text.charCodeAt(k);
    if (code < 128) {
      const kind = ASCII_KIND[code]!;
      if (kind === PLAIN) k++;
      else if (kind === CAPITAL) {
        seen |= SEEN_CAPITAL;
        k++;
      } else if (kind === QUOTE && wordCharEnd(text, k + 1) > k + 1) {
        seen |= SEEN_OTHER;
        k++;
      } else break;
    } else if (code === 0x2019) {
      if (wordCharEnd(text, k + 1) === k + 1) break;
      seen |= SEEN_OTHER;
      k++;
    } else {
      const end = wordCharEnd(text, k);
      if (end === k) break;
      seen |= SEEN_OTHER;
      k = end;
    }
  }
  const raw = text.slice(start, k);
  if (seen === 0) tokens.push({ norm: raw, raw, start, end: k });
  else if (seen === SEEN_CAPITAL) tokens.push({ norm: raw.toLowerCase(), raw, start, end: k });
  else tokens.push(foldedToken(raw, start, k));
  return k;
}

/** A token `foldToken` folds, built whole with its `'s` stem (no property added to a finished object). */
function foldedToken(raw: string, start: number, end: number): Token {
  const norm = foldToken(raw);
  if (end - start <= 2 || !isPossessive(raw)) return { norm, raw, start, end };
  const stem = raw.slice(0, -2);
  return { norm, raw, start, end, possessive: { norm: foldToken(stem), raw: stem, end: end - 2 } };
}

// One letter or digit of any script, matched at a position (`y`); `u` reads a whole code point.
const WORD_CHAR = /[\p{L}\p{N}]/uy;

/** The end of the letter or digit at `k`, or `k` when there is none. */
function wordCharEnd(text: string, k: number): number {
  if (k >= text.length) return k;
  const code = text.charCodeAt(k);
  if (code < 128) {
    const kind = ASCII_KIND[code]!;
    return kind === PLAIN || kind === CAPITAL ? k + 1 : k;
  }
  WORD_CHAR.lastIndex = k;
  return WORD_CHAR.test(text) ? WORD_CHAR.lastIndex : k;
}

function codePointWidth(text: string, k: number): number {
  if (k + 1 >= text.length) return 1;
  const low = text.charCodeAt(k + 1);
  return low >= 0xdc00 && low <= 0xdfff ? 2 : 1;
}

/** Ends in `'s`, `'S`, `’s` or `’S`. */
function isPossessive(raw: string): boolean {
  const last = raw.charCodeAt(raw.length - 1);
  const quote = raw.charCodeAt(raw.length - 2);
  return (last === 115 || last === 83) && (quote === 39 || quote === 0x2019);
}

/** The comparison key of a name: its folded tokens joined by one space. */
export function orgKey(name: string): string {
  // Most names are ASCII words and single spaces: their key is the name in lower case.
  if (SIMPLE_NAME.test(name)) return name.toLowerCase();
  return tokenize(name)
    .map((token) => token.norm)
    .join(' ');
}

/** A name as the allowlist stores it: trimmed, inner whitespace collapsed, case kept. */
export function cleanOrgName(name: string): string {
  // Most names are already clean; testing is cheaper than building a copy.
  if (!UNCLEAN.test(name)) return name;
  return name.trim().replace(/\s+/g, ' ');
}

/** Whitespace other than single inner spaces. */
const UNCLEAN = /^\s|\s$|\s\s|[^\S ]/;

/**
 * Whether a name is also ordinary language, so it must be written in its case to count: one word
 * of five letters or fewer (`Help`, `CLS`), all capitals (`GBLS`), or only common words (`Legal
 * Aid`, `Family Connections`). Others (`Boston Municipal Court`) match in any case.
 */
export function isAmbiguousName(
  name: string,
  norms: readonly string[] = tokenize(name).map((token) => token.norm),
): boolean {
  if (norms.length === 0) return true;
  if (norms.length === 1 && norms[0]!.length <= 5) return true;
  const letters = /^[\x20-\x7e]*$/.test(name)
    ? name.replace(/[^A-Za-z]/g, '')
    : name.replace(/[^\p{L}]/gu, '');
  if (
    letters.length > 0 &&
    letters.length <= 8 &&
    letters === letters.toUpperCase() &&
    letters !== letters.toLowerCase()
  )
    return true;
  return norms.every(isCommonWord);
}
