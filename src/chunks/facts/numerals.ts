import type { NumberStyle } from '../number-style.js';
import type { Reading, Token } from './tokens.js';

export interface NumberCore {
  value: number;
  exponent: number;
  /** The other reading of an ambiguous numeral (`1.200`: 1.2 or 1200), scaled as the first. */
  alt?: Reading;
  start: number;
  end: number;
  next: number;
  words: boolean;
  scaled: boolean;
  /** The largest scale word of a number in words, which a range partner may borrow. */
  wordScale?: number;
  ordinal: boolean;
  /** Four digits without separators: a year candidate. */
  plainInteger: boolean;
  decade: boolean;
}

const THOUSANDS = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const DECIMAL = /^\d+(?:\.\d+)?$/;

/** A numeral's reading (and its other one), the token after it, and whether a scale made it. */
export interface ScaledReading extends Reading {
  alt?: Reading;
  next: number;
  scaled: boolean;
}

/** The reading multiplied by a scale glued after it (`1.2bn`, `17.13万`, `$3m`), which it takes in. */
export function scaled<T extends ScaledReading>(read: T, scale: number): T {
  const { alt, ...rest } = read;
  return {
    ...rest,
    ...scaleReading(read, scale),
    ...(alt ? { alt: scaleReading(alt, scale) } : {}),
    next: read.next + 1,
    scaled: true,
  } as T;
}

/** The number a numeral at `index` makes, read as `read` says. */
export function digitsCore(
  tokens: readonly Token[],
  index: number,
  read: ScaledReading,
  flags: { ordinal: boolean; plainInteger: boolean; decade: boolean },
): NumberCore {
  return {
    value: read.value,
    exponent: read.exponent,
    ...(read.alt ? { alt: read.alt } : {}),
    start: tokens[index]!.start,
    end: tokens[read.next - 1]!.end,
    next: read.next,
    words: false,
    scaled: read.scaled,
    ...flags,
  };
}

export function scaleReading(reading: Reading, scale: number): Reading {
  return {
    value: reading.value * scale,
    exponent: reading.exponent + Math.round(Math.log10(scale)),
  };
}

/** Value and precision of a numeral; `1.200` in an unknown style carries both readings (`alt`). */
export function parseNumeral(
  raw: string,
  style: NumberStyle,
): (Reading & { alt?: Reading }) | undefined {
  const point =
    THOUSANDS.test(raw) || DECIMAL.test(raw) ? decimalReading(raw.replace(/,/g, '')) : undefined;
  const comma =
    EURO_THOUSANDS.test(raw) || EURO_DECIMAL.test(raw)
      ? decimalReading(raw.replace(/\./g, '').replace(',', '.'))
      : undefined;
  if (style.decimalComma === true) return comma ?? point;
  if (style.decimalComma === false) return point ?? comma;
  if (point && comma && (point.value !== comma.value || point.exponent !== comma.exponent))
    return { ...point, alt: comma };
  return point ?? comma;
}

function decimalReading(digits: string): Reading {
  const dot = digits.indexOf('.');
  return { value: Number(digits), exponent: dot === -1 ? 0 : -(digits.length - dot - 1) };
}
const EURO_THOUSANDS = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
const EURO_DECIMAL = /^\d+(?:,\d+)?$/;
