import { tokenize, type Token } from '../normalize/name.js';
import { halfWidth } from '../normalize/width.js';
import { byMeaning } from './facts/number-words.js';

/** Scripts written without spaces between words (Chinese, Japanese kana): a character is a word. */
export const CJK_CLASS = '\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}';
const CJK_CHAR = new RegExp(`[${CJK_CLASS}]`, 'u');
const CJK_SPLIT = new RegExp(`([${CJK_CLASS}])`, 'u');

/** Whether the text (a character, or more) holds a character of those scripts. */
export function isCjk(text: string | undefined): boolean {
  return text !== undefined && CJK_CHAR.test(text);
}

/** Words as the overlap and exact-match checks compare them: `tokenize`'s, a CJK character each. */
export function chunkWords(text: string): Token[] {
  const tokens = tokenize(text);
  return CJK_CHAR.test(text) ? splitCjk(tokens) : tokens;
}

/** The chunk check's alone: the verifier matches names, which CJK answers write as one run. */
function splitCjk(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (const token of tokens) {
    if (!CJK_CHAR.test(token.raw)) {
      out.push(token);
      continue;
    }
    let start = token.start;
    for (const raw of token.raw.split(CJK_SPLIT)) {
      if (raw !== '') out.push({ norm: raw.toLowerCase(), raw, start, end: start + raw.length });
      start += raw.length;
    }
  }
  return out;
}

/** Text in NFC, and each offset back in the text as given; linear, one cluster at a time. */
export function nfcWithOffsets(text: string): {
  text: string;
  toOriginal: (offset: number) => number;
} {
  if (text.normalize('NFC') === text) return { text, toOriginal: (offset) => offset };
  const origins: number[] = [];
  let out = '';
  CLUSTER.lastIndex = 0;
  for (let match = CLUSTER.exec(text); match !== null; match = CLUSTER.exec(text)) {
    const normalized = match[0].normalize('NFC');
    for (let unit = 0; unit < normalized.length; unit += 1)
      origins.push(match.index + Math.min(unit, match[0].length - 1));
    out += normalized;
  }
  origins.push(text.length);
  return {
    text: out,
    toOriginal: (offset) => origins[Math.min(Math.max(offset, 0), origins.length - 1)]!,
  };
}
// A character and the combining marks after it (a lone mark is its own cluster).
const CLUSTER = /[\s\S]\p{M}*/gu;

/** A token as a quotation is compared, in answers and chunks alike: folded, with where it stands. */
export interface VerbatimToken {
  norm: string;
  start: number;
  end: number;
}

// One run of letters/digits, or one other visible character; whitespace separates and is dropped.
const VERBATIM_TOKEN = new RegExp(
  `[${CJK_CLASS}]|(?:(?![${CJK_CLASS}])[\\p{L}\\p{N}])+|[^\\s\\p{L}\\p{N}]`,
  'gu',
);
// Curly quotes, primes and dashes, straightened.
const FOLDS = byMeaning({ '"': '“ ” „ ‟ ″ « »', "'": '‘ ’ ‚ ‛ ′ `', '-': '– — ‒ ― −' });

export function isWordToken(token: string): boolean {
  return WORD_START.test(token);
}
const WORD_START = /^[\p{L}\p{N}]/u;

/** Number of words (runs of letters or digits; each CJK character counts as one). */
export function countWords(text: string): number {
  return verbatimTokens(text).filter((token) => isWordToken(token.norm)).length;
}

/**
 * Tokens for the verbatim check: case, curly quotes, dashes and full-width forms folded,
 * whitespace dropped, punctuation kept (`14 days` is not `14, days`), `…` read as `...`.
 */
export function verbatimTokens(text: string): VerbatimToken[] {
  const tokens: VerbatimToken[] = [];
  VERBATIM_TOKEN.lastIndex = 0;
  for (let match = VERBATIM_TOKEN.exec(text); match !== null; match = VERBATIM_TOKEN.exec(text)) {
    const raw = match[0];
    const start = match.index;
    const end = start + raw.length;
    if (raw === '…') {
      for (let dot = 0; dot < 3; dot += 1) tokens.push({ norm: '.', start, end });
      continue;
    }
    tokens.push({ norm: FOLDS.get(raw) ?? halfWidth(raw).toLowerCase(), start, end });
  }
  return tokens;
}
