import type { NumberStyle } from '../number-style.js';
import { WORD_SCALES } from './number-words.js';
import { digitsCore, type NumberCore, parseNumeral, scaled, scaleReading } from './numerals.js';
import { numberAt } from './numbers.js';
import {
  CURRENCY_PREFIX_WORDS,
  CURRENCY_SYMBOLS,
  FRACTION_DENOMINATORS,
  FRACTION_NUMERATORS,
  MONEY_SUFFIX_SCALES,
  YEAR_BOUNDS,
} from './qualifier-words.js';
import { isHedged, qualifiersAt } from './qualifiers.js';
import {
  adjacent,
  type FactSide,
  isSym,
  isWord,
  type Mention,
  type Parsed,
  type Token,
} from './tokens.js';

/** `two thirds` as its percentage (also cut: 66%); `half` in chunks only, prose in a claim. */
export function parseFraction(tokens: Token[], index: number, side: FactSide): Parsed | undefined {
  const first = tokens[index];
  const second = tokens[index + 1];
  if (!isWord(first, FRACTION_NUMERATORS) || !isWord(second, FRACTION_DENOMINATORS))
    return undefined;
  const numerator = FRACTION_NUMERATORS.get(first.lower)!;
  const denominator = FRACTION_DENOMINATORS.get(second.lower)!;
  if (numerator >= denominator || (denominator === 2 && side === 'claim')) return undefined;
  // `a third party`, `one fifth grader`: a share names a part of something, so `of` or the end follows.
  const after = tokens[index + 2];
  if (after !== undefined && !isWord(after, 'of') && after.type === 'word') return undefined;
  const share = (numerator / denominator) * 100;
  const cut = Math.floor(share);
  return {
    mentions: [
      {
        kind: 'percent',
        start: first.start,
        end: second.end,
        explicit: true,
        value: share,
        exponent: 0,
        ...(cut !== Math.round(share) ? { alt: { value: cut, exponent: 0 } } : {}),
        qualified: true,
      },
    ],
    next: index + 2,
  };
}
/** A number and what follows it: a quantity, or a year or decade. */
export function parseNumber(
  tokens: Token[],
  index: number,
  side: FactSide,
  style: NumberStyle,
): Parsed | undefined {
  const core = numberAt(tokens, index, side, style);
  if (!core) return undefined;
  const qualifiers = qualifiersAt(tokens, core);
  const scale = qualifiers.scale ?? 1;
  const value = core.value * scale;
  const exponent = core.exponent + Math.round(Math.log10(scale));
  const qualified = qualifiers.kind !== 'number' || qualifiers.unit !== undefined;
  // Words count as a stated fact only with a qualifier or a scale: `one` and `first` are prose.
  const explicit = !core.words || qualified || core.scaled || qualifiers.scale !== undefined;
  const lendable = qualifiers.scale ?? core.wordScale;
  if (core.decade && !core.alt) return yearAt(core, explicit, core.value, true);
  if (
    qualifiers.kind === 'number' &&
    qualifiers.unit === undefined &&
    qualifiers.scale === undefined &&
    core.plainInteger &&
    !core.ordinal &&
    value >= 1000 &&
    value <= 2100
  ) {
    // `before 2020`, `2020年之前` (`年前`, `年以后`, …): a bound, not a year something happened in.
    const after = isSym(tokens[core.next + 1], '之以') ? core.next + 2 : core.next + 1;
    const bound =
      isWord(tokens[index - 1], YEAR_BOUNDS) ||
      (isSym(tokens[core.next], '年') && isSym(tokens[after], '前后後'));
    return yearAt(core, explicit && !bound, value);
  }
  const mention: Mention = {
    kind: qualifiers.kind,
    start: core.start,
    end: qualifiers.end ?? core.end,
    explicit,
    value,
    exponent,
    ...(core.alt ? { alt: scaleReading(core.alt, scale) } : {}),
    qualified,
    hedged: isHedged(tokens, index),
    ...(lendable === undefined ? {} : { scale: lendable }),
    ...(qualifiers.unit === undefined ? {} : { unit: qualifiers.unit }),
    ...(qualifiers.kind === 'money' ? { currency: qualifiers.currency ?? '?' } : {}),
  };
  return { mentions: [mention], next: Math.max(qualifiers.next, core.next) };
}

/** The number at `core` as a year (`2020`), or with `decade` as a decade (`the 1990s`). */
function yearAt(core: NumberCore, explicit: boolean, value: number, decade?: true): Parsed {
  const mention: Mention = {
    kind: 'year',
    start: core.start,
    end: core.end,
    explicit,
    value,
    exponent: 0,
  };
  if (decade) mention.decade = true;
  return { mentions: [mention], next: core.next };
}

/** An amount after its currency (`$1.2m`, `USD 5`, `US$3`). */
export function parseMoneyPrefix(
  tokens: Token[],
  index: number,
  style: NumberStyle,
): Parsed | undefined {
  const token = tokens[index]!;
  let currency: string | undefined;
  let cursor = index + 1;
  if (token.type === 'sym' && CURRENCY_SYMBOLS.has(token.text)) {
    currency = CURRENCY_SYMBOLS.get(token.text)!;
  } else if (isWord(token, CURRENCY_PREFIX_WORDS) && token.text === token.text.toUpperCase()) {
    currency = token.lower;
    // `US$` reads as `US` then `$`.
  } else if (
    token.text === 'US' &&
    isSym(tokens[index + 1], '$') &&
    adjacent(token, tokens[index + 1])
  ) {
    currency = 'usd';
    cursor = index + 2;
  } else {
    return undefined;
  }
  const numberToken = tokens[cursor];
  if (!numberToken || numberToken.type !== 'num') return undefined;
  // After a currency sign, `m` and `b` are scales (`$1.2m`), not metres.
  const core = digitsAtMoney(tokens, cursor, style);
  if (!core) return undefined;
  // `$1.2 million`: the scale word is part of the amount.
  const scaleWord = tokens[core.next];
  const scale = isWord(scaleWord, WORD_SCALES) ? WORD_SCALES.get(scaleWord.lower) : undefined;
  const read = scale === undefined ? core : { ...scaled(core, scale), end: scaleWord!.end };
  const mention: Mention = {
    kind: 'money',
    start: token.start,
    end: read.end,
    explicit: true,
    value: read.value,
    exponent: read.exponent,
    ...(read.alt ? { alt: read.alt } : {}),
    currency,
    qualified: true,
    hedged: isHedged(tokens, index),
    ...(scale === undefined ? {} : { scale }),
  };
  return { mentions: [mention], next: read.next };
}

function digitsAtMoney(tokens: Token[], index: number, style: NumberStyle): NumberCore | undefined {
  const token = tokens[index]!;
  const parsed = parseNumeral(token.text, style);
  if (!parsed) return undefined;
  const plain = { ...parsed, next: index + 1, scaled: false };
  let read = plain;
  const after = tokens[index + 1];
  if (isWord(after) && adjacent(token, after)) {
    const scale = MONEY_SUFFIX_SCALES.get(after.lower);
    if (scale === undefined) return undefined;
    read = scaled(plain, scale);
  }
  return digitsCore(tokens, index, read, { ordinal: false, plainInteger: false, decade: false });
}
