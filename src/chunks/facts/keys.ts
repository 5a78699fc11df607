import type { Fact } from '../types.js';
import { isSym, isWord } from './tokens.js';
import type { FactSide, Mention, Reading, Token } from './tokens.js';

const RANGE_WORDS = new Set(['to', 'and', 'or', 'through']);

/** Ranges lend their qualifier: `10-20 days`, `10 to 20%`, `$1-2 million`. */
export function shareRangeQualifiers(mentions: Mention[], tokens: Token[]): void {
  const tokenAt = new Map<number, number>();
  tokens.forEach((token, position) => tokenAt.set(token.start, position));
  for (let index = 0; index + 1 < mentions.length; index += 1) {
    const first = mentions[index]!;
    const second = mentions[index + 1]!;
    // The one token between the two (`-`, `to`, `(`), when there is exactly one.
    const secondToken = tokenAt.get(second.start);
    const joint =
      secondToken !== undefined && tokens[secondToken - 2]?.end === first.end
        ? tokens[secondToken - 1]
        : undefined;
    // `10-20`, `10 to 20`, `10 and 20`: the ends of one range.
    const range = isSym(joint, '-–—') || isWord(joint, RANGE_WORDS);
    // `$1-2 million`: the currency goes forward, the scale back.
    if (
      first.kind === 'money' &&
      first.scale === undefined &&
      second.kind === 'number' &&
      !second.qualified &&
      second.scale !== undefined &&
      range
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
    // `fourteen (14) days`: the same number again in parentheses, its unit after, reads as one.
    const echo = first.value === second.value && isSym(joint, '(');
    if (!echo && !range) continue;
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

/** A mention as a fact: a claim's keys are looked up, a chunk's indexed. */
export function toFact(mention: Mention, text: string, side: FactSide, offset: number): Fact {
  const raw = text.slice(mention.start, mention.end);
  const base = { raw, start: mention.start + offset, end: mention.end + offset };
  switch (mention.kind) {
    case 'section':
      return { kind: 'section', ...base, ...sectionKeys(mention, side) };
    case 'date':
      return { kind: 'date', ...base, ...dateKeys(mention, side) };
    case 'year':
      return { kind: 'year', ...base, ...yearKeys(mention, side) };
    case 'number':
    case 'percent':
    case 'money':
      return { kind: mention.kind, ...base, ...quantityKeys(mention, side) };
  }
}

type FactKeys = Pick<Fact, 'normalized' | 'keys' | 'family'>;

function sectionKeys(mention: Mention, side: FactSide): FactKeys {
  const { label, id } = mention.section!;
  const keys =
    side === 'claim'
      ? [`section|${label}|${id}`]
      : sectionPrefixes(id).map((prefix) => `section|${label}|${prefix}`);
  return { normalized: `${label} ${id}`, keys, family: `section:${label}` };
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** Every form a date is found by, most precise first. */
function dateCombos(date: NonNullable<Mention['date']>): string[] {
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
}

function dateKeys(mention: Mention, side: FactSide): FactKeys {
  const { year, month, day } = mention.date!;
  const combos = dateCombos(mention.date!);
  const altCombos = mention.altDate ? dateCombos(mention.altDate) : [];
  const normalized = `date ${year === undefined ? '-' : year}-${month === undefined ? '-' : pad(month)}${day === undefined ? '' : `-${pad(day)}`}`;
  // A claim's date is found as precisely as written; a chunk offers every coarser form.
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
  return { normalized, keys, family: 'date' };
}

function yearKeys(mention: Mention, side: FactSide): FactKeys {
  const year = mention.value!;
  if (mention.decade)
    return { normalized: `decade ${year}s`, keys: [`decade|${year}`], family: 'year' };
  const keys =
    side === 'claim'
      ? [`year|${year}`]
      : [
          `year|${year}`,
          `decade|${Math.floor(year / 10) * 10}`,
          ...EXPONENTS.map((exponent) => numericKey('any', exponent, year)),
        ];
  return { normalized: `year ${year}`, keys, family: 'year' };
}

/** A number, percentage or amount: keyed by its qualifier at its precision (a hedge's looser). */
function quantityKeys(mention: Mention, side: FactSide): FactKeys {
  const shown = Number(mention.value!.toPrecision(15));
  const currency = mention.currency ?? '?';
  const [qualifier, normalized] =
    mention.kind === 'percent'
      ? ['pct', `percent ${shown}`]
      : mention.kind === 'money'
        ? [`money:${currency}`, `money ${currency} ${shown}`]
        : mention.unit === undefined
          ? ['bare', `number ${shown}`]
          : [`n:${mention.unit}`, `number ${shown} ${mention.unit}`];
  const family = mention.kind === 'number' ? `number:${mention.unit ?? ''}` : mention.kind;
  const keys = side === 'claim' ? claimLookups(mention, qualifier) : chunkEmits(mention, qualifier);
  return { normalized, keys: [...new Set(keys)], family };
}

/** The value and its other reading (`1.200`), each at the precision its writing allows. */
function readingsOf(mention: Mention): Reading[] {
  const first = { value: mention.value!, exponent: mention.exponent ?? 0 };
  return [first, ...(mention.alt ? [mention.alt] : [])].map(({ value, exponent }) => ({
    value,
    exponent: mention.hedged ? hedgeExponent(value, exponent) : exponent,
  }));
}

/** A claim's quantity looks itself up at its own precision, under what it may match. */
function claimLookups(mention: Mention, qualifier: string): string[] {
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
  return readingsOf(mention).flatMap((reading) =>
    lookups.map((lookup) => numericKey(lookup, reading.exponent, reading.value)),
  );
}

/** A chunk's quantity is indexed at every precision, so a rounder claim finds it. */
function chunkEmits(mention: Mention, qualifier: string): string[] {
  const emits = [qualifier, 'any'];
  if (mention.kind === 'money') emits.push('money:*');
  return readingsOf(mention).flatMap((reading) =>
    emits.flatMap((emit) =>
      EXPONENTS.map((candidate) => numericKey(emit, candidate, reading.value)),
    ),
  );
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
