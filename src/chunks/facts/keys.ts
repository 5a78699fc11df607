import type { Fact } from '../types.js';
import { isSym, isWord } from './tokens.js';
import type { FactSide, Mention, Reading, Token } from './tokens.js';

/** Facts: ranges lend their qualifier: `10-20 days`, `10 to 20%`, `$1-2 million`. See `index.ts` for how claims and chunks are read. */

const RANGE_WORDS = new Set(['to', 'and', 'or', 'through']);

export function shareRangeQualifiers(mentions: Mention[], tokens: Token[]): void {
  const tokenAt = new Map<number, number>();
  tokens.forEach((token, position) => tokenAt.set(token.start, position));
  for (let index = 0; index + 1 < mentions.length; index += 1) {
    const first = mentions[index]!;
    const second = mentions[index + 1]!;
    // `$1-2 million`: the currency goes forward, the scale back.
    if (
      first.kind === 'money' &&
      first.scale === undefined &&
      second.kind === 'number' &&
      !second.qualified &&
      second.scale !== undefined &&
      joinedRange(tokens, tokenAt, first, second)
    ) {
      first.value! *= second.scale;
      first.exponent = (first.exponent ?? 0) + Math.round(Math.log10(second.scale));
      first.scale = second.scale;
      second.kind = 'money';
      second.qualified = true;
      if (first.currency !== undefined) second.currency = first.currency;
      continue;
    }
    if (
      first.qualified ||
      first.value === undefined ||
      second.value === undefined ||
      !second.qualified
    )
      continue;
    if (
      first.kind !== 'number' ||
      (second.kind !== 'number' && second.kind !== 'percent' && second.kind !== 'money')
    )
      continue;
    const echo = isEcho(tokens, tokenAt, first, second);
    if (!echo && !joinedRange(tokens, tokenAt, first, second)) continue;
    // The echo reads as one figure: `fourteen (14) days`.
    if (echo) first.end = second.end;
    first.kind = second.kind;
    first.qualified = true;
    // `6-7 million years`: the first number is millions too.
    if (first.scale === undefined && second.scale !== undefined) {
      first.value *= second.scale;
      first.exponent = (first.exponent ?? 0) + Math.round(Math.log10(second.scale));
      first.scale = second.scale;
    }
    first.explicit = first.explicit || second.explicit;
    if (second.unit !== undefined) first.unit = second.unit;
    if (second.currency !== undefined) first.currency = second.currency;
  }
}

/** Whether two mentions are the ends of one range: `10-20`, `10 to 20`, `10 and 20`. */
function joinedRange(
  tokens: Token[],
  tokenAt: ReadonlyMap<number, number>,
  first: Mention,
  second: Mention,
): boolean {
  const secondToken = tokenAt.get(second.start);
  if (secondToken === undefined) return false;
  const between = tokens[secondToken - 1];
  return (
    (isSym(between, '-–—') || isWord(between, RANGE_WORDS)) &&
    tokens[secondToken - 2]?.end === first.end
  );
}

/** `fourteen (14) days`: the same number again in parentheses, its unit after. */
function isEcho(
  tokens: Token[],
  tokenAt: ReadonlyMap<number, number>,
  first: Mention,
  second: Mention,
): boolean {
  const secondToken = tokenAt.get(second.start);
  if (secondToken === undefined || first.value !== second.value) return false;
  return isSym(tokens[secondToken - 1], '(') && tokens[secondToken - 2]?.end === first.end;
}

// ---------------------------------------------------------------------------------------------
// Keys

/** Precisions a chunk's numbers are indexed at: 10^-3 … 10^12. */
const EXPONENTS = Array.from({ length: 16 }, (_, index) => index - 3);

function numericKey(qualifier: string, exponent: number, value: number): string {
  const clamped = Math.max(-3, Math.min(12, exponent));
  return `${qualifier}|e${clamped}|${Math.round(value / 10 ** clamped)}`;
}

/** Trailing zeros of a whole number: the precision a hedge (`about 1,000`) allows. */
function hedgeExponent(value: number, exponent: number): number {
  if (exponent < 0 || !Number.isInteger(value) || value === 0) return exponent;
  let zeros = 0;
  let rest = value;
  while (rest % 10 === 0 && zeros < 12) {
    rest /= 10;
    zeros += 1;
  }
  return Math.max(exponent, zeros);
}

export function toFact(mention: Mention, text: string, side: FactSide, offset: number): Fact {
  const raw = text.slice(mention.start, mention.end);
  const base = { raw, start: mention.start + offset, end: mention.end + offset };
  switch (mention.kind) {
    case 'section': {
      const { label, id } = mention.section!;
      const keys =
        side === 'claim'
          ? [`section|${label}|${id}`]
          : sectionPrefixes(id).map((prefix) => `section|${label}|${prefix}`);
      return {
        kind: 'section',
        ...base,
        normalized: `${label} ${id}`,
        keys,
        family: `section:${label}`,
      };
    }
    case 'date': {
      const { year, month, day } = mention.date!;
      const pad = (value: number): string => String(value).padStart(2, '0');
      const combosOf = (date: NonNullable<Mention['date']>): string[] => {
        const combos: string[] = [];
        if (date.year !== undefined && date.month !== undefined && date.day !== undefined)
          combos.push(`date|${date.year}-${pad(date.month)}-${pad(date.day)}`);
        if (date.year !== undefined && date.month !== undefined)
          combos.push(`date|${date.year}-${pad(date.month)}`);
        if (date.month !== undefined && date.day !== undefined)
          combos.push(`date|--${pad(date.month)}-${pad(date.day)}`);
        if (date.year !== undefined)
          combos.push(`year|${date.year}`, `decade|${Math.floor(date.year / 10) * 10}`);
        return combos;
      };
      const combos = combosOf(mention.date!);
      const altCombos = mention.altDate ? combosOf(mention.altDate) : [];
      const normalized = `date ${year === undefined ? '-' : year}-${month === undefined ? '-' : pad(month)}${day === undefined ? '' : `-${pad(day)}`}`;
      // A claim's date must be found as precisely as it is written (either reading of an
      // ambiguous one); a chunk offers every coarser form of both.
      const fallback =
        mention.yearOptional && year !== undefined
          ? [
              day !== undefined && month !== undefined
                ? `date|--${pad(month)}-${pad(day)}`
                : `year|${year}`,
            ]
          : [];
      const keys =
        side === 'claim'
          ? [...combos.slice(0, 1), ...altCombos.slice(0, 1), ...fallback]
          : [...new Set([...combos, ...altCombos])];
      return { kind: 'date', ...base, normalized, keys, family: 'date' };
    }
    case 'year': {
      const year = mention.value!;
      if (mention.decade) {
        return {
          kind: 'year',
          ...base,
          normalized: `decade ${year}s`,
          keys: [`decade|${year}`],
          family: 'year',
        };
      }
      const keys =
        side === 'claim'
          ? [`year|${year}`]
          : [
              `year|${year}`,
              `decade|${Math.floor(year / 10) * 10}`,
              ...EXPONENTS.map((exponent) => numericKey('any', exponent, year)),
            ];
      return { kind: 'year', ...base, normalized: `year ${year}`, keys, family: 'year' };
    }
    case 'number':
    case 'percent':
    case 'money': {
      const value = mention.value!;
      const exponent = mention.hedged
        ? hedgeExponent(value, mention.exponent ?? 0)
        : (mention.exponent ?? 0);
      const qualifier =
        mention.kind === 'percent'
          ? 'pct'
          : mention.kind === 'money'
            ? `money:${mention.currency ?? '?'}`
            : mention.unit === undefined
              ? 'bare'
              : `n:${mention.unit}`;
      const shown = Number(value.toPrecision(15));
      const normalized =
        mention.kind === 'percent'
          ? `percent ${shown}`
          : mention.kind === 'money'
            ? `money ${mention.currency ?? '?'} ${shown}`
            : mention.unit === undefined
              ? `number ${shown}`
              : `number ${shown} ${mention.unit}`;
      const family = mention.kind === 'number' ? `number:${mention.unit ?? ''}` : mention.kind;
      const readings: Reading[] = [{ value, exponent }];
      if (mention.alt)
        readings.push({
          value: mention.alt.value,
          exponent: mention.hedged
            ? hedgeExponent(mention.alt.value, mention.alt.exponent)
            : mention.alt.exponent,
        });
      let keys: string[];
      if (side === 'claim') {
        const lookups =
          mention.kind === 'percent'
            ? ['pct', 'bare']
            : mention.kind === 'money'
              ? mention.currency === '?'
                ? ['money:*', 'bare']
                : [qualifier, 'money:?', 'bare']
              : mention.unit === undefined
                ? ['any']
                : [qualifier, 'bare'];
        keys = readings.flatMap((reading) =>
          lookups.map((lookup) => numericKey(lookup, reading.exponent, reading.value)),
        );
      } else {
        const emits = [qualifier, 'any'];
        if (mention.kind === 'money') emits.push('money:*');
        keys = readings.flatMap((reading) =>
          emits.flatMap((emit) =>
            EXPONENTS.map((candidate) => numericKey(emit, candidate, reading.value)),
          ),
        );
      }
      return { kind: mention.kind, ...base, normalized, keys: [...new Set(keys)], family };
    }
  }
}

/** `8(a)(2)` → `8`, `8(a)`, `8(a)(2)`: a claim citing a section is found in its sub-parts. */
function sectionPrefixes(id: string): string[] {
  const prefixes = [id];
  let cut = id.lastIndexOf('(');
  let rest = id;
  while (cut > 0) {
    rest = rest.slice(0, cut);
    prefixes.push(rest);
    cut = rest.lastIndexOf('(');
  }
  return prefixes;
}
