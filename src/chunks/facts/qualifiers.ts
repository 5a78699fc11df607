import type { NumberStyle } from '../number-style.js';
import type { FactSide } from './index.js';
import { WORD_SCALES, numberAt, parseNumeral, scaleReading } from './numbers.js';
import type { NumberCore } from './numbers.js';
import { adjacent, isSym, isWord } from './tokens.js';
import type { Mention, Parsed, Token } from './tokens.js';

/** Facts: qualifiers after a number: scale, percent, currency, unit. See `index.ts` for how claims and chunks are read. */

export const PERCENT_WORDS = new Set(['percent', 'pct', 'percentage']);
export const CURRENCY_WORDS = new Map<string, string>([
  ['dollar', 'usd'],
  ['dollars', 'usd'],
  ['usd', 'usd'],
  ['euro', 'eur'],
  ['euros', 'eur'],
  ['eur', 'eur'],
  ['gbp', 'gbp'],
  ['sterling', 'gbp'],
  ['yen', 'jpy'],
  ['jpy', 'jpy'],
  ['rupee', 'inr'],
  ['rupees', 'inr'],
  ['inr', 'inr'],
  ['rand', 'zar'],
  ['zar', 'zar'],
  ['yuan', 'cny'],
  ['renminbi', 'cny'],
  ['cny', 'cny'],
  ['francs', 'chf'],
  ['chf', 'chf'],
  ['cad', 'cad'],
  ['aud', 'aud'],
]);
export const CURRENCY_SYMBOLS = new Map<string, string>([
  ['$', 'usd'],
  ['€', 'eur'],
  ['£', 'gbp'],
  ['¥', 'jpy'],
  ['₹', 'inr'],
]);
export const CURRENCY_PREFIX_WORDS = new Map<string, string>([
  ['usd', 'usd'],
  ['eur', 'eur'],
  ['gbp', 'gbp'],
  ['inr', 'inr'],
  ['cad', 'cad'],
  ['aud', 'aud'],
]);
/** Unit words, each folded to one name (plural and abbreviation alike). */
export const UNITS = new Map<string, string>([
  ['second', 'second'],
  ['seconds', 'second'],
  ['sec', 'second'],
  ['secs', 'second'],
  ['minute', 'minute'],
  ['minutes', 'minute'],
  ['min', 'minute'],
  ['mins', 'minute'],
  ['hour', 'hour'],
  ['hours', 'hour'],
  ['hr', 'hour'],
  ['hrs', 'hour'],
  ['h', 'hour'],
  ['day', 'day'],
  ['days', 'day'],
  ['week', 'week'],
  ['weeks', 'week'],
  ['wk', 'week'],
  ['wks', 'week'],
  ['month', 'month'],
  ['months', 'month'],
  ['mo', 'month'],
  ['mos', 'month'],
  ['year', 'year'],
  ['years', 'year'],
  ['yr', 'year'],
  ['yrs', 'year'],
  ['decade', 'decade'],
  ['decades', 'decade'],
  ['century', 'century'],
  ['centuries', 'century'],
  ['time', 'times'],
  ['times', 'times'],
  ['mile', 'mile'],
  ['miles', 'mile'],
  ['mi', 'mile'],
  ['km', 'km'],
  ['kilometer', 'km'],
  ['kilometers', 'km'],
  ['kilometre', 'km'],
  ['kilometres', 'km'],
  ['meter', 'meter'],
  ['meters', 'meter'],
  ['metre', 'meter'],
  ['metres', 'meter'],
  ['cm', 'cm'],
  ['mm', 'mm'],
  ['foot', 'foot'],
  ['feet', 'foot'],
  ['ft', 'foot'],
  ['inch', 'inch'],
  ['inches', 'inch'],
  ['kg', 'kg'],
  ['kilogram', 'kg'],
  ['kilograms', 'kg'],
  ['gram', 'gram'],
  ['grams', 'gram'],
  ['mg', 'mg'],
  ['milligram', 'mg'],
  ['milligrams', 'mg'],
  ['lb', 'pound'],
  ['lbs', 'pound'],
  ['pound', 'pound'],
  ['pounds', 'pound'],
  ['ounce', 'ounce'],
  ['ounces', 'ounce'],
  ['oz', 'ounce'],
  ['liter', 'liter'],
  ['liters', 'liter'],
  ['litre', 'liter'],
  ['litres', 'liter'],
  ['ml', 'ml'],
  ['gallon', 'gallon'],
  ['gallons', 'gallon'],
  ['degree', 'degree'],
  ['degrees', 'degree'],
  ['calorie', 'calorie'],
  ['calories', 'calorie'],
  ['kcal', 'calorie'],
  ['mph', 'mph'],
  ['acre', 'acre'],
  ['acres', 'acre'],
  ['hectare', 'hectare'],
  ['hectares', 'hectare'],
  ['gb', 'gb'],
  ['mb', 'mb'],
  ['tb', 'tb'],
  ['kb', 'kb'],
  ['ghz', 'ghz'],
  ['mhz', 'mhz'],
  ['kw', 'kw'],
  ['kwh', 'kwh'],
  ['mw', 'mw'],
]);
/** Words that may stand between a number and its unit (`14 calendar days`). */
export const UNIT_MODIFIERS = new Set([
  'calendar',
  'business',
  'working',
  'full',
  'consecutive',
  'additional',
  'more',
  'straight',
  'school',
  'court',
  'whole',
  'extra',
  'clear',
]);
export const HEDGES = new Set([
  'about',
  'approximately',
  'approx',
  'around',
  'roughly',
  'nearly',
  'almost',
  'circa',
  'ca',
  'over',
  'under',
  'than',
  'least',
  'most',
  'estimated',
  'some',
  'upwards',
  '~',
]);

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

export const FRACTION_NUMERATORS = new Map<string, number>([
  ['a', 1],
  ['one', 1],
  ['two', 2],
  ['three', 3],
]);
export const FRACTION_DENOMINATORS = new Map<string, number>([
  ['third', 3],
  ['thirds', 3],
  ['quarter', 4],
  ['quarters', 4],
  ['fifth', 5],
  ['fifths', 5],
  ['half', 2],
]);

/**
 * `one third`, `two thirds`, `a quarter`, `three quarters`: a share, compared as the percentage it
 * is (`one third` = 33% = 33.3%; `two thirds` is also found as 66%, as writers cut it). `half`
 * counts in chunks only: in a claim "half of" is prose as often as it is a figure.
 */
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
  if (after !== undefined && !isWord(after, OF_WORDS) && after.type === 'word') return undefined;
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
export const OF_WORDS = new Set(['of']);

export const YEAR_BOUNDS = new Set(['before', 'after', 'until', 'till', 'by', 'since', 'prior']);

/** `年之前`, `年以前`, `年前`, `年后`, `年以后`, `年之后` after a year. */
export function isYearBoundAfter(tokens: Token[], next: number): boolean {
  if (!isSym(tokens[next], '年')) return false;
  const after = isSym(tokens[next + 1], '之以') ? tokens[next + 2] : tokens[next + 1];
  return isSym(after, '前后後');
}

export function parseNumber(
  tokens: Token[],
  index: number,
  side: FactSide,
  style: NumberStyle,
): Parsed | undefined {
  const core = numberAt(tokens, index, side, style);
  if (!core) return undefined;
  const qualifiers = qualifiersAt(tokens, core);
  const hedged = isHedged(tokens, index);
  const scale = qualifiers.scale ?? 1;
  const value = core.value * scale;
  const exponent = core.exponent + Math.round(Math.log10(scale));
  const end = qualifiers.end ?? core.end;
  const qualified = qualifiers.kind !== 'number' || qualifiers.unit !== undefined;
  // Words count as a stated fact only with a qualifier or a scale: `one` and `first` are prose.
  const explicit = !core.words || qualified || core.scaled || qualifiers.scale !== undefined;
  if (core.decade && !core.alt) {
    return {
      mentions: [
        {
          kind: 'year',
          start: core.start,
          end: core.end,
          explicit,
          value: core.value,
          exponent: 0,
          decade: true,
        },
      ],
      next: core.next,
    };
  }
  if (
    qualifiers.kind === 'number' &&
    qualifiers.unit === undefined &&
    qualifiers.scale === undefined &&
    core.plainInteger &&
    !core.ordinal &&
    value >= 1000 &&
    value <= 2100
  ) {
    // `before 2020`, `2020年之前`: a bound, not a year the text says something happened in.
    const bound = isWord(tokens[index - 1], YEAR_BOUNDS) || isYearBoundAfter(tokens, core.next);
    return {
      mentions: [
        {
          kind: 'year',
          start: core.start,
          end: core.end,
          explicit: explicit && !bound,
          value,
          exponent: 0,
        },
      ],
      next: core.next,
    };
  }
  const mention: Mention = {
    kind: qualifiers.kind,
    start: core.start,
    end,
    explicit,
    value,
    exponent,
    ...(core.alt ? { alt: scaleReading(core.alt, scale) } : {}),
    qualified,
    hedged,
    ...(qualifiers.scale !== undefined
      ? { scale: qualifiers.scale }
      : core.wordScale !== undefined
        ? { scale: core.wordScale }
        : {}),
    ...(qualifiers.unit === undefined ? {} : { unit: qualifiers.unit }),
    ...(qualifiers.kind === 'money' ? { currency: qualifiers.currency ?? '?' } : {}),
  };
  return { mentions: [mention], next: Math.max(qualifiers.next, core.next) };
}

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
    currency = CURRENCY_PREFIX_WORDS.get(token.lower)!;
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
  let value = core.value;
  let exponent = core.exponent;
  let end = core.end;
  let next = core.next;
  const scaleWord = tokens[next];
  let scaleFactor: number | undefined;
  if (isWord(scaleWord, WORD_SCALES)) {
    const scale = WORD_SCALES.get(scaleWord.lower)!;
    scaleFactor = scale;
    value *= scale;
    exponent += Math.round(Math.log10(scale));
    end = scaleWord.end;
    next += 1;
  }
  const alt =
    core.alt && (scaleFactor === undefined ? core.alt : scaleReading(core.alt, scaleFactor));
  const mention: Mention = {
    kind: 'money',
    start: token.start,
    end,
    explicit: true,
    value,
    exponent,
    ...(alt ? { alt } : {}),
    currency,
    qualified: true,
    hedged: isHedged(tokens, index),
    ...(scaleFactor === undefined ? {} : { scale: scaleFactor }),
  };
  return { mentions: [mention], next };
}

export const MONEY_SUFFIX_SCALES = new Map<string, number>([
  ['k', 1e3],
  ['m', 1e6],
  ['mn', 1e6],
  ['mm', 1e6],
  ['b', 1e9],
  ['bn', 1e9],
  ['t', 1e12],
  ['tn', 1e12],
]);

export function digitsAtMoney(
  tokens: Token[],
  index: number,
  style: NumberStyle,
): NumberCore | undefined {
  const token = tokens[index]!;
  const parsed = parseNumeral(token.text, style);
  if (!parsed) return undefined;
  let { value, exponent } = parsed;
  let next = index + 1;
  const after = tokens[next];
  let scaled = false;
  if (isWord(after) && adjacent(token, after)) {
    const scale = MONEY_SUFFIX_SCALES.get(after.lower);
    if (scale === undefined) return undefined;
    value *= scale;
    exponent += Math.round(Math.log10(scale));
    scaled = true;
    next += 1;
  }
  const alt =
    parsed.alt &&
    (scaled
      ? scaleReading(parsed.alt, MONEY_SUFFIX_SCALES.get(after!.text.toLowerCase())!)
      : parsed.alt);
  return {
    value,
    exponent,
    ...(alt ? { alt } : {}),
    start: token.start,
    end: tokens[next - 1]!.end,
    next,
    words: false,
    scaled,
    ordinal: false,
    plainInteger: false,
    decade: false,
  };
}
