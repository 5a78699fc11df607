import { halfWidth, WIDTH_FORMS } from '../../normalize/width.js';
import type { NumberStyle } from '../number-style.js';
import type { Fact } from '../types.js';
import { parseDate } from './dates.js';
import { shareRangeQualifiers, toFact } from './keys.js';
import { parseFraction, parseMoneyPrefix, parseNumber } from './mentions.js';
import { parseSection } from './sections.js';
import { tokenizeForFacts } from './tokens.js';
import type { FactSide, Mention } from './tokens.js';

export type { FactSide } from './tokens.js';

/**
 * Checkable facts of a text: numbers (with their unit), percentages, money, dates, years and
 * statute-style sections, each with the keys it is compared by.
 *
 * Claims and chunks are read by the same code but not equally. A claim states a fact only when it
 * writes one unmistakably: digits, or number words that carry a unit, a percent, a currency or a
 * scale (`fourteen days`, `ten percent`, `two million`), never a bare `one` or `first`. A chunk is
 * read generously (every number word, ordinals included), because a missed fact in a chunk turns
 * into a false alarm on the claim.
 *
 * Comparison is by key, so one lookup answers "does the chunk state this?":
 * - numeric facts are keyed per precision: `12` matches a chunk's `12.3`, `1.2 million` matches
 *   `1,234,567`, `about 1,000` matches `1,024` (a hedge widens the precision to the number's
 *   trailing zeros); `14 days` matches `fourteen days`, `fourteen (14) calendar days` or a bare 14,
 *   but not `14 weeks`; `$1,200` matches `1200 dollars` and a bare 1200, but not `€1,200`;
 * - a date matches the same day, month or year however written (`March 5, 2020`, `5 March 2020`,
 *   `2020-03-05`); a year matches that year anywhere, a decade (`1990s`) any year in it;
 * - a section matches the same label and number (`§ 8` = `Section 8`; `Section 8` is found in
 *   `Section 8(a)(2)`).
 *
 * Linear: one tokenizing pass, then a left-to-right parse that looks ahead a bounded number of
 * tokens.
 */

/** Facts of `text`, offsets shifted by `offset`. URLs are skipped: their digits are not claims. */
export function extractFacts(
  original: string,
  side: FactSide,
  offset = 0,
  style: NumberStyle = {},
): Fact[] {
  // Full-width digits and number marks (`１２．５％`, as CJK text may set them) read as ASCII. One
  // code unit each way, so every offset stays that of the original text. The chunk check's own
  // tokens, not the prepared answer's: they keep digits with their marks and every symbol (`$`,
  // `%`, `§`), which the verifier's word tokens drop.
  const text = halfWidth(original, WIDTH_FORMS.figure);
  const tokens = tokenizeForFacts(text);
  const mentions: Mention[] = [];
  let index = 0;
  while (index < tokens.length) {
    const found =
      parseSection(tokens, index, text) ??
      parseMoneyPrefix(tokens, index, style) ??
      parseDate(tokens, index, style) ??
      parseFraction(tokens, index, side) ??
      parseNumber(tokens, index, side, style);
    if (found) {
      mentions.push(...found.mentions);
      index = found.next;
    } else {
      index += 1;
    }
  }
  shareRangeQualifiers(mentions, tokens);
  const facts: Fact[] = [];
  for (const mention of mentions) {
    if (side === 'claim' && !mention.explicit) continue;
    facts.push(toFact(mention, original, side, offset));
  }
  return facts;
}
