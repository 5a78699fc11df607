/**
 * How one check's numbers and dates are written (`1.200,5`; `04/03/2024` the 4th of March).
 * Unknown: both readings are kept, so a figure is never unsupported while one is in the chunk.
 */
export interface NumberStyle {
  decimalComma?: boolean;
  dayFirst?: boolean;
}

/** Whether Intl accepts the tag as one BCP 47 locale. */
export function isLocaleTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** The style of a BCP 47 locale, from Intl's data; a RangeError for a tag Intl rejects. */
export function styleFromLocale(locale: string): NumberStyle {
  const decimal = new Intl.NumberFormat(locale)
    .formatToParts(1.5)
    .find((part) => part.type === 'decimal')?.value;
  const order = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  })
    .formatToParts(new Date(Date.UTC(2024, 2, 4)))
    .filter((part) => part.type === 'day' || part.type === 'month')
    .map((part) => part.type);
  return { decimalComma: decimal === ',', dayFirst: order[0] === 'day' };
}

// Unambiguous evidence only: `1.234,5`/`1.234.567`/`12,5` are written with a decimal comma;
// `1,234.5`/`1,234,567` with a decimal point. `1.200` or `1,200` alone say nothing.
const COMMA_DECIMAL =
  /(?<![\d.,])(?:\d{1,3}(?:\.\d{3})+,\d+|\d{1,3}(?:\.\d{3}){2,}|\d+,\d{1,2})(?![\d.,]*\d)/;
const POINT_DECIMAL = /(?<![\d.,])(?:\d{1,3}(?:,\d{3})+\.\d+|\d{1,3}(?:,\d{3}){2,})(?![\d.,]*\d)/;
// `25/12/2020` is day first; `12/25/2020` month first.
const SLASH_DATE = /(?<!\d)(\d{1,2})\/(\d{1,2})\/(?:\d{4}|\d{2})(?!\d)/g;

/** The style the chunks show; a question they answer both ways, or not at all, stays open. */
export function styleFromEvidence(texts: readonly string[]): NumberStyle {
  let comma = false;
  let point = false;
  let dayFirst = false;
  let monthFirst = false;
  for (const text of texts) {
    if (!comma && COMMA_DECIMAL.test(text)) comma = true;
    if (!point && POINT_DECIMAL.test(text)) point = true;
    SLASH_DATE.lastIndex = 0;
    for (let match = SLASH_DATE.exec(text); match !== null; match = SLASH_DATE.exec(text)) {
      const first = Number(match[1]);
      const second = Number(match[2]);
      if (first > 12 && second <= 12) dayFirst = true;
      if (second > 12 && first <= 12) monthFirst = true;
    }
  }
  const style: NumberStyle = {};
  if (comma !== point) style.decimalComma = comma;
  if (dayFirst !== monthFirst) style.dayFirst = dayFirst;
  return style;
}
