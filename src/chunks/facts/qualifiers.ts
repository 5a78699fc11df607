import { WORD_SCALES } from './number-words.js';
import type { NumberCore } from './numerals.js';
import {
  CURRENCY_SYMBOLS,
  CURRENCY_WORDS,
  HEDGES,
  PERCENT_WORDS,
  UNIT_MODIFIERS,
  UNITS,
} from './qualifier-words.js';
import { adjacent, isSym, isWord, type Token } from './tokens.js';

/** Facts: qualifiers after a number: scale, percent, currency, unit. See `index.ts` for how claims and chunks are read. */

export interface Qualifiers {
  kind: 'number' | 'percent' | 'money';
  unit?: string;
  currency?: string;
  scale?: number;
  next: number;
  end?: number;
}

export function qualifiersAt(tokens: Token[], core: NumberCore): Qualifiers {
  let next = core.next;
  let scale: number | undefined;
  let end: number | undefined;
  const first = tokens[next];
  if (isWord(first) && WORD_SCALES.has(first.lower) && !core.words) {
    scale = WORD_SCALES.get(first.lower)!;
    end = first.end;
    next += 1;
  }
  const token = tokens[next];
  if (isSym(token, '%'))
    return {
      kind: 'percent',
      ...(scale === undefined ? {} : { scale }),
      next: next + 1,
      end: token.end,
    };
  if (isWord(token, PERCENT_WORDS)) {
    const points = isWord(tokens[next + 1]) && tokens[next + 1]!.lower === 'points';
    return {
      kind: 'percent',
      ...(scale === undefined ? {} : { scale }),
      next: next + (points ? 2 : 1),
      end: tokens[next + (points ? 1 : 0)]!.end,
    };
  }
  if (
    isWord(token) &&
    token.lower === 'per' &&
    isWord(tokens[next + 1]) &&
    tokens[next + 1]!.lower === 'cent'
  ) {
    return {
      kind: 'percent',
      ...(scale === undefined ? {} : { scale }),
      next: next + 2,
      end: tokens[next + 1]!.end,
    };
  }
  if (isWord(token, CURRENCY_WORDS)) {
    return {
      kind: 'money',
      currency: CURRENCY_WORDS.get(token.lower)!,
      ...(scale === undefined ? {} : { scale }),
      next: next + 1,
      end: token.end,
    };
  }
  // `1.200 €`, `15€`: the sign written after the amount, as much of Europe writes it.
  if (
    token !== undefined &&
    token.type === 'sym' &&
    CURRENCY_SYMBOLS.has(token.text) &&
    token.start - (tokens[next - 1]?.end ?? token.start) <= 1
  ) {
    return {
      kind: 'money',
      currency: CURRENCY_SYMBOLS.get(token.text)!,
      ...(scale === undefined ? {} : { scale }),
      next: next + 1,
      end: token.end,
    };
  }
  // `14-day`, `14 days`, `14 calendar days`, and the echo in `fourteen (14) days`.
  let unitIndex = next;
  if (isSym(token, '-–') && adjacent(tokens[next - 1], token) && adjacent(token, tokens[next + 1]))
    unitIndex = next + 1;
  else if (isSym(token, ')') && adjacent(tokens[next - 1], token) && isSym(tokens[next - 2], '('))
    unitIndex = next + 1;
  if (isWord(tokens[unitIndex], UNIT_MODIFIERS) && isWord(tokens[unitIndex + 1], UNITS))
    unitIndex += 1;
  const unit = tokens[unitIndex];
  if (isWord(unit, UNITS) && !(unit.lower === 'h' && !adjacent(tokens[unitIndex - 1], unit))) {
    return {
      kind: 'number',
      unit: UNITS.get(unit.lower)!,
      ...(scale === undefined ? {} : { scale }),
      next: unitIndex + 1,
      end: unit.end,
    };
  }
  return {
    kind: 'number',
    ...(scale === undefined ? {} : { scale }),
    next,
    ...(end === undefined ? {} : { end }),
  };
}

export function isHedged(tokens: Token[], index: number): boolean {
  const before = tokens[index - 1];
  if (!before) return false;
  if (before.type === 'sym') return before.text === '~';
  if (HEDGES.has(before.lower)) return true;
  return before.lower === 'to' && isWord(tokens[index - 2]) && tokens[index - 2]!.lower === 'up';
}
