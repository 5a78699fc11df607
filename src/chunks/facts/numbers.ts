import type { NumberStyle } from '../number-style.js';
import {
  CJK_SCALES,
  LABEL_WORDS,
  ORDINAL_SUFFIXES,
  ORDINAL_WORDS,
  SCALES,
  SMALL_NUMBERS,
  WORD_SCALES,
} from './number-words.js';
import { type NumberCore, parseNumeral, scaleReading } from './numerals.js';
import { UNITS } from './qualifier-words.js';
import { adjacent, type FactSide, isSym, isWord, type Token } from './tokens.js';

/** Facts: numbers, in digits or words. See `index.ts` for how claims and chunks are read. */

/** A number at `index`, in digits (`1,200.5`, `19th`, `1990s`, `1.2bn`) or words (`twenty-one`). */
export function numberAt(
  tokens: Token[],
  index: number,
  side: FactSide,
  style: NumberStyle,
): NumberCore | undefined {
  const token = tokens[index]!;
  if (token.type === 'num') return digitsAt(tokens, index, style);
  if (token.type === 'word') return wordsAt(tokens, index, side);
  return undefined;
}

function digitsAt(tokens: Token[], index: number, style: NumberStyle): NumberCore | undefined {
  const token = tokens[index]!;
  const previous = tokens[index - 1];
  // Digits glued to letters are names, not quantities: `H2O`, `COVID-19`, `GPT-4`, `doc-7`.
  if (isWord(previous) && adjacent(previous, token)) return undefined;
  if (
    isSym(previous, '-') &&
    adjacent(previous, token) &&
    isWord(tokens[index - 2]) &&
    adjacent(tokens[index - 2], previous)
  )
    return undefined;
  // A label's number names something, it does not state a quantity: `Passage 3`, `Step 2`, `p. 14`.
  const labelWord = isSym(previous, '.') ? tokens[index - 2] : previous;
  if (isWord(labelWord, LABEL_WORDS)) return undefined;
  // Notation, not quantities: `S^2`, `x_1`.
  if (isSym(previous, '^_') && adjacent(previous, token)) return undefined;
  // A list enumerator run into the text (`follow these steps: 1. Plan…`) counts items, it states
  // nothing: one or two digits right before `.` or `)`, opening the text or following a colon.
  if (
    /^\d{1,2}$/.test(token.text) &&
    isSym(tokens[index + 1], '.)') &&
    adjacent(token, tokens[index + 1]) &&
    (previous === undefined || isSym(previous, ':;：；'))
  )
    return undefined;
  // `[1]` that is not a citation (a link label, a reference) is a label, not a quantity.
  if (
    isSym(previous, '[') &&
    adjacent(previous, token) &&
    isSym(tokens[index + 1], ']') &&
    adjacent(token, tokens[index + 1])
  )
    return undefined;
  const parsed = parseNumeral(token.text, style);
  if (!parsed) return undefined;
  let { value, exponent } = parsed;
  let alt = parsed.alt;
  let next = index + 1;
  let ordinal = false;
  let decade = false;
  let scaled = false;
  const after = tokens[next];
  const cjkScale =
    after !== undefined && after.type === 'sym' && adjacent(token, after)
      ? CJK_SCALES.get(after.text)
      : undefined;
  if (cjkScale !== undefined) {
    // `17.13万` is 171,300: the scale character multiplies as `million` does.
    value *= cjkScale;
    exponent += Math.round(Math.log10(cjkScale));
    alt = alt && scaleReading(alt, cjkScale);
    scaled = true;
    next += 1;
  } else if (isWord(after) && adjacent(token, after)) {
    if (ORDINAL_SUFFIXES.has(after.lower) && exponent === 0) {
      ordinal = true;
      next += 1;
    } else if (after.lower === 's' && token.text.length === 4 && value % 10 === 0) {
      decade = true;
      next += 1;
    } else if (SCALES.has(after.lower)) {
      const scale = SCALES.get(after.lower)!;
      value *= scale;
      exponent += Math.round(Math.log10(scale));
      alt = alt && scaleReading(alt, scale);
      scaled = true;
      next += 1;
    } else if (!UNITS.has(after.lower)) {
      return undefined;
    }
  }
  const plainInteger = /^\d{4}$/.test(token.text);
  return {
    value,
    exponent,
    ...(alt ? { alt } : {}),
    start: token.start,
    end: tokens[next - 1]!.end,
    next,
    words: false,
    scaled,
    ordinal,
    plainInteger,
    decade,
  };
}

function wordsAt(tokens: Token[], index: number, side: FactSide): NumberCore | undefined {
  let total = 0;
  let current = 0;
  let consumed = 0;
  let cursor = index;
  let scaled = false;
  let ordinal = false;
  let last = index;
  let afterScale = false;
  let wordScale: number | undefined;
  // Bounded look-ahead: a number in words is a handful of tokens.
  while (cursor < tokens.length && cursor - index < 12) {
    const token = tokens[cursor]!;
    if (
      token.type === 'sym' &&
      token.text === '-' &&
      consumed > 0 &&
      adjacent(tokens[cursor - 1], token) &&
      adjacent(token, tokens[cursor + 1])
    ) {
      cursor += 1;
      continue;
    }
    if (!isWord(token)) break;
    const word = token.lower;
    if (SMALL_NUMBERS.has(word)) {
      // `twenty five` continues a ten; `five six` is two numbers.
      if (
        consumed > 0 &&
        !afterScale &&
        !(current % 100 >= 20 && current % 10 === 0 && SMALL_NUMBERS.get(word)! < 10)
      )
        break;
      current += SMALL_NUMBERS.get(word)!;
      afterScale = false;
    } else if (word === 'hundred' && consumed > 0) {
      current = (current || 1) * 100;
      scaled = true;
      afterScale = true;
    } else if (WORD_SCALES.has(word) && consumed > 0) {
      total += (current || 1) * WORD_SCALES.get(word)!;
      current = 0;
      scaled = true;
      afterScale = true;
      wordScale = Math.max(wordScale ?? 0, WORD_SCALES.get(word)!);
    } else if (
      word === 'and' &&
      afterScale &&
      isWord(tokens[cursor + 1]) &&
      SMALL_NUMBERS.has(tokens[cursor + 1]!.lower)
    ) {
      // `one hundred and five`, but `ten and twenty` is two numbers.
      cursor += 1;
      continue;
    } else if (ORDINAL_WORDS.has(word) && side === 'chunk') {
      current += ORDINAL_WORDS.get(word)!;
      ordinal = true;
      consumed += 1;
      last = cursor;
      cursor += 1;
      break;
    } else {
      break;
    }
    consumed += 1;
    last = cursor;
    cursor += 1;
  }
  if (consumed === 0) return undefined;
  // `six and a half` is 6.5.
  let half = 0;
  if (
    isWord(tokens[last + 1]) &&
    tokens[last + 1]!.lower === 'and' &&
    isWord(tokens[last + 2]) &&
    tokens[last + 2]!.lower === 'a' &&
    isWord(tokens[last + 3]) &&
    tokens[last + 3]!.lower === 'half'
  ) {
    half = 0.5;
    last += 3;
  }
  const value = total + current + half;
  return {
    value,
    exponent: half === 0 ? 0 : -1,
    start: tokens[index]!.start,
    end: tokens[last]!.end,
    next: last + 1,
    words: true,
    scaled,
    ...(wordScale === undefined ? {} : { wordScale }),
    ordinal,
    plainInteger: false,
    decade: false,
  };
}
