import type { NumberStyle } from '../number-style.js';
import { ORDINAL_SUFFIXES } from './number-words.js';
import { adjacent, isSym, isWord } from './tokens.js';
import type { Mention, Parsed, Token } from './tokens.js';

/** Facts: dates. See `index.ts` for how claims and chunks are read. */

const MONTHS = new Map<string, number>([
  ['january', 1],
  ['february', 2],
  ['march', 3],
  ['april', 4],
  ['may', 5],
  ['june', 6],
  ['july', 7],
  ['august', 8],
  ['september', 9],
  ['october', 10],
  ['november', 11],
  ['december', 12],
  ['jan', 1],
  ['feb', 2],
  ['mar', 3],
  ['apr', 4],
  ['jun', 6],
  ['jul', 7],
  ['aug', 8],
  ['sep', 9],
  ['sept', 9],
  ['oct', 10],
  ['nov', 11],
  ['dec', 12],
]);

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

/** A date written with 年, 月 and 日 after the numbers (Chinese and Japanese). */
function cjkDateAt(
  tokens: Token[],
  index: number,
): { year?: number; month?: number; day?: number; next: number } | undefined {
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
    if (day >= 1 && day <= 31)
      return { ...(year === undefined ? {} : { year }), month, day, next: cursor + 2 };
  }
  return year === undefined ? undefined : { year, month, next: cursor };
}

const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

export function parseDate(tokens: Token[], index: number, style: NumberStyle): Parsed | undefined {
  const token = tokens[index]!;
  const date = (
    year: number | undefined,
    month: number | undefined,
    day: number | undefined,
    next: number,
    altDate?: Mention['altDate'],
  ): Parsed => ({
    mentions: [
      {
        kind: 'date',
        start: token.start,
        end: tokens[next - 1]!.end,
        explicit: true,
        date: {
          ...(year === undefined ? {} : { year }),
          ...(month === undefined ? {} : { month }),
          ...(day === undefined ? {} : { day }),
        },
        ...(altDate ? { altDate } : {}),
      },
    ],
    next,
  });
  // `March 5, 2020`, `March 5`, `March 2020`.
  const month = monthAt(tokens, index);
  if (month) {
    const day = dayAt(tokens, month.next);
    if (day) {
      let cursor = day.next;
      if (isSym(tokens[cursor], ',')) cursor += 1;
      const year = yearAt(tokens, cursor);
      return year
        ? date(year.year, month.month, day.day, year.next)
        : date(undefined, month.month, day.day, day.next);
    }
    const year = yearAt(tokens, month.next);
    return year ? date(year.year, month.month, undefined, year.next) : undefined;
  }
  if (token.type !== 'num') return undefined;
  // `5 March 2020`, `5th of March`.
  const day = dayAt(tokens, index);
  if (day) {
    let cursor = day.next;
    if (isWord(tokens[cursor]) && tokens[cursor]!.lower === 'of') cursor += 1;
    const dayMonth = monthAt(tokens, cursor);
    if (dayMonth) {
      let after = dayMonth.next;
      if (isSym(tokens[after], ',')) after += 1;
      const year = yearAt(tokens, after);
      return year
        ? date(year.year, dayMonth.month, day.day, year.next)
        : date(undefined, dayMonth.month, day.day, dayMonth.next);
    }
  }
  // `2024年3月18日`, `2024年3月`, `3月18日`.
  const cjk = cjkDateAt(tokens, index);
  if (cjk) {
    const parsed = date(cjk.year, cjk.month, cjk.day, cjk.next);
    parsed.mentions[0]!.yearOptional = true;
    return parsed;
  }
  // `2020-03-05`.
  const dash1 = tokens[index + 1];
  const part2 = tokens[index + 2];
  const dash2 = tokens[index + 3];
  const part3 = tokens[index + 4];
  if (
    /^\d{4}$/.test(token.text) &&
    isSym(dash1, '-') &&
    isSym(dash2, '-') &&
    part2?.type === 'num' &&
    part3?.type === 'num' &&
    adjacent(token, dash1) &&
    adjacent(dash1, part2) &&
    adjacent(part2, dash2) &&
    adjacent(dash2, part3)
  ) {
    const year = Number(token.text);
    const monthNumber = Number(part2.text);
    const dayNumber = Number(part3.text);
    if (monthNumber >= 1 && monthNumber <= 12 && dayNumber >= 1 && dayNumber <= 31)
      return date(year, monthNumber, dayNumber, index + 5);
  }
  // `3/5/2020` and `3.5.2020`: month first or day first as the style says; while it is unknown,
  // month first with the day-first reading kept beside it when both are dates. A part over 12
  // settles it on its own.
  // `04.03.2024` is one numeral token; dots between day, month and year are written day first.
  const dotted = DOTTED_DATE.exec(token.text);
  if (dotted) {
    const day = Number(dotted[1]);
    const monthNumber = Number(dotted[2]);
    if (monthNumber >= 1 && monthNumber <= 12 && day >= 1 && day <= 31)
      return date(Number(dotted[3]), monthNumber, day, index + 1);
  }
  const slash = isSym(dash1, '/') && isSym(dash2, '/');
  if (
    /^\d{1,2}$/.test(token.text) &&
    slash &&
    part2?.type === 'num' &&
    /^\d{1,2}$/.test(part2.text) &&
    part3?.type === 'num' &&
    adjacent(token, dash1) &&
    adjacent(dash1, part2) &&
    adjacent(part2, dash2) &&
    adjacent(dash2, part3) &&
    /^(?:\d{2}|\d{4})$/.test(part3.text)
  ) {
    const first = Number(token.text);
    const second = Number(part2.text);
    let year = Number(part3.text);
    if (part3.text.length === 2) year += year < 50 ? 2000 : 1900;
    const valid = (month: number, day: number): boolean =>
      month >= 1 && month <= 12 && day >= 1 && day <= 31;
    const dayFirst = style.dayFirst === true;
    const monthFirstValid = valid(first, second);
    const dayFirstValid = valid(second, first);
    if (dayFirst && dayFirstValid) return date(year, second, first, index + 5);
    if (style.dayFirst === false && monthFirstValid) return date(year, first, second, index + 5);
    if (monthFirstValid && dayFirstValid && first !== second)
      return date(year, first, second, index + 5, { year, month: second, day: first });
    if (monthFirstValid) return date(year, first, second, index + 5);
    if (dayFirstValid) return date(year, second, first, index + 5);
  }
  return undefined;
}
