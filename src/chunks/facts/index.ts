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
 * Facts of `text` with the keys they compare by (docs/CHUNKS.md). A claim states what it writes
 * unmistakably; a chunk is read generously, since a missed fact is a false alarm on the claim.
 */
export function extractFacts(
  original: string,
  side: FactSide,
  offset = 0,
  style: NumberStyle = {},
): Fact[] {
  // One code unit each way, so offsets stay the original's. Our own tokens, not the prepared
  // answer's: they keep digits with their marks and the symbols (`$`, `%`, `§`) it drops.
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
