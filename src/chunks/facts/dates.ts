import type { NumberStyle } from '../number-style.js';
import { byValue, ORDINAL_SUFFIXES } from './number-words.js';
import { adjacent, isSym, isWord } from './tokens.js';
import type { Mention, Parsed, Token } from './tokens.js';

const MONTHS = byValue({
  1: 'january jan',
  2: 'february feb',
  3: 'march mar',
  4: 'april apr',
  5: 'may',
  6: 'june jun',
  7: 'july jul',
  8: 'august aug',
  9: 'september sep sept',
  10: 'october oct',
  11: 'november nov',
  12: 'december dec',
});

/** A month name as a name: capitalized (`May 2020`, never `may 5`). */
function monthAt(tokens: Token[], index: number): { month: number; next: number } | undefined {
  const token = tokens[index];
  if (!isWord(token, MONTHS) || !CAPITALIZED.test(token.text)) return undefined;
  let next = index + 1;
  if (
    token.lower.length <= 4 &&
    token.lower !== 'june' &&
    token.lower !== 'july' &&
    isSym(tokens[next], '.') &&
    adjacent(token, tokens[next])
  )
    next += 1;
  return { month: MONTHS.get(token.lower)!, next };
}
const CAPITALIZED = /^\p{Lu}/u;

function dayAt(tokens: Token[], index: number): { day: number; next: number } | undefined {
  const token = tokens[index];
  if (!token || token.type !== 'num' || !/^\d{1,2}$/.test(token.text)) return undefined;
  const day = Number(token.text);
  if (day < 1 || day > 31) return undefined;
  let next = index + 1;
  if (isWord(tokens[next], ORDINAL_SUFFIXES) && adjacent(token, tokens[next])) next += 1;
  return { day, next };
}

function yearAt(tokens: Token[], index: number): { year: number; next: number } | undefined {
  const token = tokens[index];
  if (!token || token.type !== 'num' || !/^\d{4}$/.test(token.text)) return undefined;
  const year = Number(token.text);
  return year >= 1000 && year <= 2100 ? { year, next: index + 1 } : undefined;
}

/** `2024年3月18日`, `2024年3月`, `3月18日`: the year may be left to the dateline. */
function cjkDateAt(tokens: Token[], index: number): DateParts | undefined {
  const glued = (at: number, char: string): boolean =>
    isSym(tokens[at], char) && adjacent(tokens[at - 1], tokens[at]);
  let cursor = index;
  let year: number | undefined;
  if (/^\d{4}$/.test(tokens[cursor]!.text) && glued(cursor + 1, '年')) {
    year = Number(tokens[cursor]!.text);
    cursor += 2;
  }
  const monthToken = tokens[cursor];
  if (monthToken?.type !== 'num' || !/^\d{1,2}$/.test(monthToken.text) || !glued(cursor + 1, '月'))
    return undefined;
  const month = Number(monthToken.text);
  if (month < 1 || month > 12) return undefined;
  cursor += 2;
  const dayToken = tokens[cursor];
  if (
    dayToken?.type === 'num' &&
    /^\d{1,2}$/.test(dayToken.text) &&
    (glued(cursor + 1, '日') || glued(cursor + 1, '号'))
  ) {
    const day = Number(dayToken.text);
    if (day >= 1 && day <= 31) return { year, month, day, next: cursor + 2, yearOptional: true };
  }
  return year === undefined ? undefined : { year, month, next: cursor, yearOptional: true };
}

const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

interface DateParts {
  year?: number | undefined;
  month?: number | undefined;
  day?: number | undefined;
  next: number;
  altDate?: Mention['altDate'];
  yearOptional?: boolean;
}

/** A date at `index`: `March 5, 2020`, `5 March 2020`, `2020-03-05`, `04.03.2024`, `3/5/2020`. */
export function parseDate(tokens: Token[], index: number, style: NumberStyle): Parsed | undefined {
  const parts =
    tokens[index]!.type === 'num'
      ? numberFirstAt(tokens, index, style)
      : monthFirstAt(tokens, index);
  return parts ? dateMention(tokens, index, parts) : undefined;
}

function dateMention(tokens: Token[], index: number, parts: DateParts): Parsed {
  const { year, month, day, next, altDate } = parts;
  const mention: Mention = {
    kind: 'date',
    start: tokens[index]!.start,
    end: tokens[next - 1]!.end,
    explicit: true,
    date: {
      ...(year === undefined ? {} : { year }),
      ...(month === undefined ? {} : { month }),
      ...(day === undefined ? {} : { day }),
    },
    ...(altDate ? { altDate } : {}),
  };
  if (parts.yearOptional) mention.yearOptional = true;
  return { mentions: [mention], next };
}

function monthFirstAt(tokens: Token[], index: number): DateParts | undefined {
  const month = monthAt(tokens, index);
  if (!month) return undefined;
  const day = dayAt(tokens, month.next);
  if (day) return withYear(tokens, day.next, month.month, day.day);
  const year = yearAt(tokens, month.next);
  return year ? { year: year.year, month: month.month, next: year.next } : undefined;
}

function withYear(tokens: Token[], after: number, month: number, day: number): DateParts {
  const year = yearAt(tokens, isSym(tokens[after], ',') ? after + 1 : after);
  return year ? { year: year.year, month, day, next: year.next } : { month, day, next: after };
}

function numberFirstAt(tokens: Token[], index: number, style: NumberStyle): DateParts | undefined {
  return (
    dayFirstAt(tokens, index) ??
    cjkDateAt(tokens, index) ??
    isoDateAt(tokens, index) ??
    dottedDateAt(tokens[index]!, index) ??
    slashDateAt(tokens, index, style)
  );
}

function dayFirstAt(tokens: Token[], index: number): DateParts | undefined {
  const day = dayAt(tokens, index);
  if (!day) return undefined;
  const cursor = isWord(tokens[day.next], 'of') ? day.next + 1 : day.next;
  const month = monthAt(tokens, cursor);
  return month ? withYear(tokens, month.next, month.month, day.day) : undefined;
}

/** The parts after a first numeral, `-` or `/` between them, each glued to the next. */
function separatedParts(
  tokens: Token[],
  index: number,
  separator: string,
): { part2: Token; part3: Token } | undefined {
  const [first, sep1, part2, sep2, part3] = tokens.slice(index, index + 5);
  if (!isSym(sep1, separator) || !isSym(sep2, separator)) return undefined;
  if (part2?.type !== 'num' || part3?.type !== 'num') return undefined;
  const glued =
    adjacent(first, sep1) &&
    adjacent(sep1, part2) &&
    adjacent(part2, sep2) &&
    adjacent(sep2, part3);
  return glued ? { part2, part3 } : undefined;
}

function isMonthDay(month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

function isoDateAt(tokens: Token[], index: number): DateParts | undefined {
  const token = tokens[index]!;
  if (!/^\d{4}$/.test(token.text)) return undefined;
  const parts = separatedParts(tokens, index, '-');
  if (!parts) return undefined;
  const month = Number(parts.part2.text);
  const day = Number(parts.part3.text);
  return isMonthDay(month, day)
    ? { year: Number(token.text), month, day, next: index + 5 }
    : undefined;
}

/** `04.03.2024` is one numeral token; dots between day, month and year are written day first. */
function dottedDateAt(token: Token, index: number): DateParts | undefined {
  const dotted = DOTTED_DATE.exec(token.text);
  if (!dotted) return undefined;
  const day = Number(dotted[1]);
  const month = Number(dotted[2]);
  return isMonthDay(month, day)
    ? { year: Number(dotted[3]), month, day, next: index + 1 }
    : undefined;
}

/** `3/5/2020` as the style says; unknown, month first with the day-first reading beside it. */
function slashDateAt(tokens: Token[], index: number, style: NumberStyle): DateParts | undefined {
  const token = tokens[index]!;
  if (!/^\d{1,2}$/.test(token.text)) return undefined;
  const parts = separatedParts(tokens, index, '/');
  if (!parts || !/^\d{1,2}$/.test(parts.part2.text) || !/^(?:\d{2}|\d{4})$/.test(parts.part3.text))
    return undefined;
  const first = Number(token.text);
  const second = Number(parts.part2.text);
  let year = Number(parts.part3.text);
  if (parts.part3.text.length === 2) year += year < 50 ? 2000 : 1900;
  const next = index + 5;
  const monthFirstValid = isMonthDay(first, second);
  const dayFirstValid = isMonthDay(second, first);
  if (style.dayFirst === true && dayFirstValid) return { year, month: second, day: first, next };
  if (style.dayFirst === false && monthFirstValid) return { year, month: first, day: second, next };
  if (monthFirstValid && dayFirstValid && first !== second)
    return { year, month: first, day: second, next, altDate: { year, month: second, day: first } };
  if (monthFirstValid) return { year, month: first, day: second, next };
  if (dayFirstValid) return { year, month: second, day: first, next };
  return undefined;
}
