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

export interface Qualifiers {
  kind: 'number' | 'percent' | 'money';
  unit?: string;
  currency?: string;
  scale?: number;
  next: number;
  end?: number;
}

/** What follows a number: a scale word, then a percent, a currency or a unit (`14-day`). */
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
  const found = percentAt(tokens, next) ?? moneyAt(tokens, next) ?? unitAt(tokens, next);
  const scaled = scale === undefined ? {} : { scale };
  if (found)
    return { kind: found.kind, ...found.with, ...scaled, next: found.next, end: found.end };
  return { kind: 'number', ...scaled, next, ...(end === undefined ? {} : { end }) };
}

interface Found {
  kind: Qualifiers['kind'];
  with: { unit?: string; currency?: string };
  next: number;
  end: number;
}

function percentAt(tokens: Token[], next: number): Found | undefined {
  const token = tokens[next];
  if (isSym(token, '%')) return { kind: 'percent', with: {}, next: next + 1, end: token.end };
  let last: number | undefined;
  if (isWord(token, PERCENT_WORDS)) last = isWord(tokens[next + 1], 'points') ? next + 1 : next;
  else if (isWord(token, 'per') && isWord(tokens[next + 1], 'cent')) last = next + 1;
  return last === undefined
    ? undefined
    : { kind: 'percent', with: {}, next: last + 1, end: tokens[last]!.end };
}

/** `12 dollars`, and `1.200 €`, `15€`: the sign written after the amount, as much of Europe writes it. */
function moneyAt(tokens: Token[], next: number): Found | undefined {
  const token = tokens[next];
  let currency: string | undefined;
  if (isWord(token, CURRENCY_WORDS)) currency = CURRENCY_WORDS.get(token.lower)!;
  else if (
    token !== undefined &&
    token.type === 'sym' &&
    CURRENCY_SYMBOLS.has(token.text) &&
    token.start - (tokens[next - 1]?.end ?? token.start) <= 1
  )
    currency = CURRENCY_SYMBOLS.get(token.text)!;
  return currency === undefined || token === undefined
    ? undefined
    : { kind: 'money', with: { currency }, next: next + 1, end: token.end };
}

function unitAt(tokens: Token[], next: number): Found | undefined {
  const token = tokens[next];
  let unitIndex = next;
  if (isSym(token, '-–') && adjacent(tokens[next - 1], token) && adjacent(token, tokens[next + 1]))
    unitIndex = next + 1;
  else if (isSym(token, ')') && adjacent(tokens[next - 1], token) && isSym(tokens[next - 2], '('))
    unitIndex = next + 1;
  if (isWord(tokens[unitIndex], UNIT_MODIFIERS) && isWord(tokens[unitIndex + 1], UNITS))
    unitIndex += 1;
  const unit = tokens[unitIndex];
  if (!isWord(unit, UNITS) || (unit.lower === 'h' && !adjacent(tokens[unitIndex - 1], unit)))
    return undefined;
  return {
    kind: 'number',
    with: { unit: UNITS.get(unit.lower)! },
    next: unitIndex + 1,
    end: unit.end,
  };
}

export function isHedged(tokens: Token[], index: number): boolean {
  const before = tokens[index - 1];
  if (!before) return false;
  if (before.type === 'sym') return before.text === '~';
  if (HEDGES.has(before.lower)) return true;
  return before.lower === 'to' && isWord(tokens[index - 2], 'up');
}
