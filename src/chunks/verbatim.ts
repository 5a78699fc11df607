import { halfWidth } from '../normalize/width.js';
import { byMeaning } from './facts/number-words.js';
import { CJK_CLASS } from './unicode.js';

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
