import type { NumberStyle } from './number-style.js';
import { CJK_CLASS, isCjk } from './text.js';
import type { Fact, FactKind } from './types.js';

/**
 * Checkable facts of a text: numbers (with their unit), percentages, money, dates, years and
 * statute-style sections, each with the keys it is compared by.
 *
 * Claims and chunks are read by the same code but not equally. A claim states a fact only when it
 * writes one unmistakably: digits, or number words that carry a unit, a percent, a currency or a
 * scale (`fourteen days`, `ten percent`, `two million`), never a bare `one` or `first`. A chunk is
 * read generously (every number word, ordinals included), because a missed fact in a chunk turns
 * into a false alarm on the claim.
 *
 * Comparison is by key, so one lookup answers "does the chunk state this?":
 * - numeric facts are keyed per precision: `12` matches a chunk's `12.3`, `1.2 million` matches
 *   `1,234,567`, `about 1,000` matches `1,024` (a hedge widens the precision to the number's
 *   trailing zeros); `14 days` matches `fourteen days`, `fourteen (14) calendar days` or a bare 14,
 *   but not `14 weeks`; `$1,200` matches `1200 dollars` and a bare 1200, but not `€1,200`;
 * - a date matches the same day, month or year however written (`March 5, 2020`, `5 March 2020`,
 *   `2020-03-05`); a year matches that year anywhere, a decade (`1990s`) any year in it;
 * - a section matches the same label and number (`§ 8` = `Section 8`; `Section 8` is found in
 *   `Section 8(a)(2)`).
 *
 * Linear: one tokenizing pass, then a left-to-right parse that looks ahead a bounded number of
 * tokens.
 */
export type FactSide = 'claim' | 'chunk';

/** Facts of `text`, offsets shifted by `offset`. URLs are skipped: their digits are not claims. */
export function extractFacts(text: string, side: FactSide, offset = 0, style: NumberStyle = {}): Fact[] {
  const tokens = tokenizeForFacts(text);
  const mentions: Mention[] = [];
  let index = 0;
  while (index < tokens.length) {
    const found = parseSection(tokens, index, text) ?? parseMoneyPrefix(tokens, index, style) ?? parseDate(tokens, index, style) ?? parseFraction(tokens, index, side) ?? parseNumber(tokens, index, side, style);
    if (found) {
      mentions.push(...found.mentions);
      index = found.next;
    } else {
      index += 1;
    }
  }
  shareRangeQualifiers(mentions, tokens);
  const facts: Fact[] = [];
  for (const mention of mentions) {
    if (side === 'claim' && !mention.explicit) continue;
    facts.push(toFact(mention, text, side, offset));
  }
  return facts;
}

// ---------------------------------------------------------------------------------------------
// Tokens

type TokenType = 'num' | 'word' | 'sym';
interface Token {
  type: TokenType;
  text: string;
  lower: string;
  start: number;
  end: number;
}

// Single-class runs only: a number run, a word run, or one other visible character. A CJK
// character is a token of its own and reads as a symbol, not a word: `200元` and `90%的` are
// figures (digits glued to letters are names, `H2O`; glued to CJK text they are not).
const FACT_TOKEN = new RegExp(`\\d[\\d.,]*|[${CJK_CLASS}]|(?:(?![${CJK_CLASS}])\\p{L})(?:(?![${CJK_CLASS}])[\\p{L}\\p{M}])*|\\S`, 'gu');
const URL = /\b(?:https?:\/\/|www\.)\S+/giu;

function tokenizeForFacts(text: string): Token[] {
  const urls: Array<[number, number]> = [];
  URL.lastIndex = 0;
  for (let match = URL.exec(text); match !== null; match = URL.exec(text)) urls.push([match.index, match.index + match[0].length]);
  const tokens: Token[] = [];
  let url = 0;
  FACT_TOKEN.lastIndex = 0;
  for (let match = FACT_TOKEN.exec(text); match !== null; match = FACT_TOKEN.exec(text)) {
    let raw = match[0];
    const start = match.index;
    while (url < urls.length && urls[url]![1] <= start) url += 1;
    if (url < urls.length && urls[url]![0] <= start) continue;
    const first = raw.charCodeAt(0);
    const type: TokenType = first >= 48 && first <= 57 ? 'num' : LETTER_START.test(raw) && !isCjk(raw) ? 'word' : 'sym';
    if (type === 'num') {
      // `2020.` and `1,200,` end a sentence or a list; the mark is not part of the number.
      let end = raw.length;
      while (end > 1 && (raw[end - 1] === '.' || raw[end - 1] === ',')) end -= 1;
      if (end < raw.length) {
        raw = raw.slice(0, end);
        FACT_TOKEN.lastIndex = start + end;
      }
    }
    tokens.push({ type, text: raw, lower: raw.toLowerCase(), start, end: start + raw.length });
  }
  return tokens;
}
const LETTER_START = /^\p{L}/u;

function adjacent(a: Token | undefined, b: Token | undefined): boolean {
  return a !== undefined && b !== undefined && a.end === b.start;
}
// Guards name a narrower type than Token, so that a false result leaves a Token a Token.
type WordToken = Token & { type: 'word' };
type SymToken = Token & { type: 'sym' };
function isWord(token: Token | undefined, words?: ReadonlySet<string> | ReadonlyMap<string, unknown>): token is WordToken {
  return token !== undefined && token.type === 'word' && (words === undefined || words.has(token.lower));
}
function isSym(token: Token | undefined, chars: string): token is SymToken {
  return token !== undefined && token.type === 'sym' && chars.includes(token.text);
}

// ---------------------------------------------------------------------------------------------
// Mentions: what the parse found, before keys are derived

interface Mention {
  kind: FactKind;
  start: number;
  end: number;
  /** Written unmistakably (digits, or number words with a qualifier); claims keep only these. */
  explicit: boolean;
  value?: number;
  /** Precision as a power of ten: `1.2 million` → 5, `12` → 0, `12.5` → -1. */
  exponent?: number;
  /** The other reading of an ambiguous figure (`1.200`, `04/03/2024`); keys are made for both. */
  alt?: Reading;
  altDate?: { year?: number; month?: number; day?: number };
  /**
   * A date written with 年/月/日: CJK news text states the day and leaves the year to the
   * dateline (`3月1日`), so a claim's `2023年3月1日` is also found as that day, and `2023年8月` as
   * that year.
   */
  yearOptional?: boolean;
  unit?: string;
  currency?: string;
  /** Percent, money or unit came from this mention itself (a range partner may lend it one). */
  qualified?: boolean;
  /** The scale word that multiplied it (`million`), which a range partner may lend too. */
  scale?: number;
  hedged?: boolean;
  date?: { year?: number; month?: number; day?: number };
  decade?: boolean;
  section?: { label: string; id: string };
}

interface Parsed {
  mentions: Mention[];
  next: number;
}

// ---------------------------------------------------------------------------------------------
// Sections: `§ 1983`, `§§ 12-34`, `Section 8(a)(2)`, `Sec. 5`, `Article III`, `Rule 56`, `Title VII`

const SECTION_LABELS = new Map<string, string>([
  ['section', 'section'], ['sections', 'section'], ['sec', 'section'], ['secs', 'section'], ['subsection', 'section'],
  ['article', 'article'], ['articles', 'article'], ['art', 'article'],
  ['chapter', 'chapter'], ['chapters', 'chapter'], ['ch', 'chapter'],
  ['rule', 'rule'], ['rules', 'rule'], ['title', 'title'], ['clause', 'clause'],
  ['paragraph', 'paragraph'], ['para', 'paragraph'], ['amendment', 'amendment'],
]);
const ROMAN = /^[IVXLCDM]{1,8}$/;
// After the number: a letter suffix, dotted or dashed sub-numbers, parenthesized sub-parts. Each
// repeated group has a bounded body that starts with a fixed character, so matching is linear.
const SECTION_TAIL = /[A-Za-z]{0,2}(?:[-–.:]\d{1,6}[A-Za-z]{0,2})*(?:\([0-9A-Za-z]{1,4}\))*/y;

function parseSection(tokens: Token[], index: number, text: string): Parsed | undefined {
  const token = tokens[index]!;
  let label: string | undefined;
  let cursor = index;
  if (isSym(token, '§')) {
    label = 'section';
    while (isSym(tokens[cursor + 1], '§')) cursor += 1;
  } else if (isWord(token, SECTION_LABELS)) {
    label = SECTION_LABELS.get(token.lower)!;
    if (isSym(tokens[cursor + 1], '.') && adjacent(token, tokens[cursor + 1])) cursor += 1;
  } else {
    return undefined;
  }
  const number = tokens[cursor + 1];
  if (!number) return undefined;
  let id: string;
  let end: number;
  if (number.type === 'num') {
    SECTION_TAIL.lastIndex = number.end;
    const tail = SECTION_TAIL.exec(text)?.[0] ?? '';
    id = (number.text + tail).toLowerCase();
    end = number.end + tail.length;
  } else if (number.type === 'word' && ROMAN.test(number.text) && label !== 'section') {
    id = number.lower;
    end = number.end;
  } else {
    return undefined;
  }
  let next = cursor + 2;
  while (next < tokens.length && tokens[next]!.start < end) next += 1;
  return { mentions: [{ kind: 'section', start: token.start, end, explicit: true, section: { label, id } }], next };
}

// ---------------------------------------------------------------------------------------------
// Numbers, in digits or words

interface NumberCore {
  value: number;
  exponent: number;
  /** The other reading of an ambiguous numeral (`1.200`: 1.2 or 1200), scaled as the first. */
  alt?: Reading;
  start: number;
  end: number;
  /** Index of the first token after the number. */
  next: number;
  words: boolean;
  /** Whether a scale word was part of it (`two million`, `1.2bn`). */
  scaled: boolean;
  /** The largest scale word in a number written in words (`seven million` → 1e6), which a range partner may borrow. */
  wordScale?: number;
  /** An ordinal (`19th`, `nineteenth`). */
  ordinal: boolean;
  /** A four-digit whole number written without separators (a year candidate). */
  plainInteger: boolean;
  decade: boolean;
}

/** Chinese and Japanese scale characters written right after digits (`3万`, `2.5億`). */
const CJK_SCALES = new Map<string, number>([['万', 1e4], ['萬', 1e4], ['亿', 1e8], ['億', 1e8]]);
const SCALES = new Map<string, number>([
  ['thousand', 1e3], ['million', 1e6], ['billion', 1e9], ['trillion', 1e12],
  ['mn', 1e6], ['mln', 1e6], ['bn', 1e9], ['tn', 1e12],
]);
/** Words whose following number is a label (`Passage 3`, `Step 2`), never a stated quantity. */
const LABEL_WORDS = new Set([
  'passage', 'passages', 'source', 'sources', 'chunk', 'chunks', 'document', 'doc', 'id', 'reference', 'ref', 'footnote',
  'note', 'step', 'steps', 'item', 'option', 'figure', 'fig', 'table', 'appendix', 'page', 'pages', 'p', 'pp', 'line',
  'question', 'part', 'version', 'no', 'number', 'citation',
]);
const ORDINAL_SUFFIXES = new Set(['st', 'nd', 'rd', 'th']);
const SMALL_NUMBERS = new Map<string, number>([
  ['zero', 0], ['one', 1], ['two', 2], ['three', 3], ['four', 4], ['five', 5], ['six', 6], ['seven', 7], ['eight', 8],
  ['nine', 9], ['ten', 10], ['eleven', 11], ['twelve', 12], ['thirteen', 13], ['fourteen', 14], ['fifteen', 15],
  ['sixteen', 16], ['seventeen', 17], ['eighteen', 18], ['nineteen', 19], ['twenty', 20], ['thirty', 30], ['forty', 40],
  ['fifty', 50], ['sixty', 60], ['seventy', 70], ['eighty', 80], ['ninety', 90],
]);
const ORDINAL_WORDS = new Map<string, number>([
  ['first', 1], ['second', 2], ['third', 3], ['fourth', 4], ['fifth', 5], ['sixth', 6], ['seventh', 7], ['eighth', 8],
  ['ninth', 9], ['tenth', 10], ['eleventh', 11], ['twelfth', 12], ['thirteenth', 13], ['fourteenth', 14],
  ['fifteenth', 15], ['sixteenth', 16], ['seventeenth', 17], ['eighteenth', 18], ['nineteenth', 19], ['twentieth', 20],
  ['thirtieth', 30], ['fortieth', 40], ['fiftieth', 50], ['sixtieth', 60], ['seventieth', 70], ['eightieth', 80],
  ['ninetieth', 90], ['hundredth', 100],
]);
const WORD_SCALES = new Map<string, number>([['thousand', 1e3], ['million', 1e6], ['billion', 1e9], ['trillion', 1e12]]);
const THOUSANDS = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const DECIMAL = /^\d+(?:\.\d+)?$/;

/** A number at `index`, in digits (`1,200.5`, `19th`, `1990s`, `1.2bn`) or words (`twenty-one`). */
function numberAt(tokens: Token[], index: number, side: FactSide, style: NumberStyle): NumberCore | undefined {
  const token = tokens[index]!;
  if (token.type === 'num') return digitsAt(tokens, index, style);
  if (token.type === 'word') return wordsAt(tokens, index, side);
  return undefined;
}

function digitsAt(tokens: Token[], index: number, style: NumberStyle): NumberCore | undefined {
  const token = tokens[index]!;
  const previous = tokens[index - 1];
  // Digits glued to letters are names, not quantities: `H2O`, `COVID-19`, `GPT-4`, `doc-7`.
  if (isWord(previous) && adjacent(previous, token)) return undefined;
  if (isSym(previous, '-') && adjacent(previous, token) && isWord(tokens[index - 2]) && adjacent(tokens[index - 2], previous)) return undefined;
  // A label's number names something, it does not state a quantity: `Passage 3`, `Step 2`, `p. 14`.
  const labelWord = isSym(previous, '.') ? tokens[index - 2] : previous;
  if (isWord(labelWord, LABEL_WORDS)) return undefined;
  // Notation, not quantities: `S^2`, `x_1`.
  if (isSym(previous, '^_') && adjacent(previous, token)) return undefined;
  // A list enumerator run into the text (`follow these steps: 1. Plan…`) counts items, it states
  // nothing: one or two digits right before `.` or `)`, opening the text or following a colon.
  if (/^\d{1,2}$/.test(token.text) && isSym(tokens[index + 1], '.)') && adjacent(token, tokens[index + 1]) && (previous === undefined || isSym(previous, ':;：；'))) return undefined;
  // `[1]` that is not a citation (a link label, a reference) is a label, not a quantity.
  if (isSym(previous, '[') && adjacent(previous, token) && isSym(tokens[index + 1], ']') && adjacent(token, tokens[index + 1])) return undefined;
  const parsed = parseNumeral(token.text, style);
  if (!parsed) return undefined;
  let { value, exponent } = parsed;
  let alt = parsed.alt;
  let next = index + 1;
  let ordinal = false;
  let decade = false;
  let scaled = false;
  const after = tokens[next];
  const cjkScale = after !== undefined && after.type === 'sym' && adjacent(token, after) ? CJK_SCALES.get(after.text) : undefined;
  if (cjkScale !== undefined) {
    // `17.13万` is 171,300: the scale character multiplies as `million` does.
    value *= cjkScale;
    exponent += Math.round(Math.log10(cjkScale));
    alt = alt && scaleReading(alt, cjkScale);
    scaled = true;
    next += 1;
  } else if (isWord(after) && adjacent(token, after)) {
    if (ORDINAL_SUFFIXES.has(after.lower) && exponent === 0) {
      ordinal = true;
      next += 1;
    } else if (after.lower === 's' && token.text.length === 4 && value % 10 === 0) {
      decade = true;
      next += 1;
    } else if (SCALES.has(after.lower)) {
      const scale = SCALES.get(after.lower)!;
      value *= scale;
      exponent += Math.round(Math.log10(scale));
      alt = alt && scaleReading(alt, scale);
      scaled = true;
      next += 1;
    } else if (!UNITS.has(after.lower)) {
      return undefined;
    }
  }
  const plainInteger = /^\d{4}$/.test(token.text);
  return { value, exponent, ...(alt ? { alt } : {}), start: token.start, end: tokens[next - 1]!.end, next, words: false, scaled, ordinal, plainInteger, decade };
}

interface Reading {
  value: number;
  exponent: number;
}

function scaleReading(reading: Reading, scale: number): Reading {
  return { value: reading.value * scale, exponent: reading.exponent + Math.round(Math.log10(scale)) };
}

/**
 * Value and precision of a numeral, in the style of the texts (see `NumberStyle`): `1,200.5` and
 * `1.200,5` are one thousand two hundred and a half; `1.200` and `1,200` alone are ambiguous and,
 * while the style is unknown, carry both readings (`alt`). `1.2.3` is no number.
 */
function parseNumeral(raw: string, style: NumberStyle): (Reading & { alt?: Reading }) | undefined {
  const point = pointReading(raw);
  const comma = commaReading(raw);
  if (style.decimalComma === true) return comma ?? point;
  if (style.decimalComma === false) return point ?? comma;
  if (point && comma && (point.value !== comma.value || point.exponent !== comma.exponent)) return { ...point, alt: comma };
  return point ?? comma;
}

function pointReading(raw: string): Reading | undefined {
  let digits: string;
  if (THOUSANDS.test(raw)) digits = raw.replace(/,/g, '');
  else if (DECIMAL.test(raw)) digits = raw;
  else return undefined;
  return decimalReading(digits);
}

function commaReading(raw: string): Reading | undefined {
  let digits: string;
  if (EURO_THOUSANDS.test(raw)) digits = raw.replace(/\./g, '').replace(',', '.');
  else if (EURO_DECIMAL.test(raw)) digits = raw.replace(',', '.');
  else return undefined;
  return decimalReading(digits);
}

function decimalReading(digits: string): Reading {
  const dot = digits.indexOf('.');
  return { value: Number(digits), exponent: dot === -1 ? 0 : -(digits.length - dot - 1) };
}
const EURO_THOUSANDS = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
const EURO_DECIMAL = /^\d+(?:,\d+)?$/;

function wordsAt(tokens: Token[], index: number, side: FactSide): NumberCore | undefined {
  let total = 0;
  let current = 0;
  let consumed = 0;
  let cursor = index;
  let scaled = false;
  let ordinal = false;
  let last = index;
  let afterScale = false;
  let wordScale: number | undefined;
  // Bounded look-ahead: a number in words is a handful of tokens.
  while (cursor < tokens.length && cursor - index < 12) {
    const token = tokens[cursor]!;
    if (token.type === 'sym' && token.text === '-' && consumed > 0 && adjacent(tokens[cursor - 1], token) && adjacent(token, tokens[cursor + 1])) {
      cursor += 1;
      continue;
    }
    if (!isWord(token)) break;
    const word = token.lower;
    if (SMALL_NUMBERS.has(word)) {
      // `twenty five` continues a ten; `five six` is two numbers.
      if (consumed > 0 && !afterScale && !(current % 100 >= 20 && current % 10 === 0 && SMALL_NUMBERS.get(word)! < 10)) break;
      current += SMALL_NUMBERS.get(word)!;
      afterScale = false;
    } else if (word === 'hundred' && consumed > 0) {
      current = (current || 1) * 100;
      scaled = true;
      afterScale = true;
    } else if (WORD_SCALES.has(word) && consumed > 0) {
      total += (current || 1) * WORD_SCALES.get(word)!;
      current = 0;
      scaled = true;
      afterScale = true;
      wordScale = Math.max(wordScale ?? 0, WORD_SCALES.get(word)!);
    } else if (word === 'and' && afterScale && isWord(tokens[cursor + 1]) && SMALL_NUMBERS.has(tokens[cursor + 1]!.lower)) {
      // `one hundred and five`, but `ten and twenty` is two numbers.
      cursor += 1;
      continue;
    } else if (ORDINAL_WORDS.has(word) && side === 'chunk') {
      current += ORDINAL_WORDS.get(word)!;
      ordinal = true;
      consumed += 1;
      last = cursor;
      cursor += 1;
      break;
    } else {
      break;
    }
    consumed += 1;
    last = cursor;
    cursor += 1;
  }
  if (consumed === 0) return undefined;
  // `six and a half` is 6.5.
  let half = 0;
  if (isWord(tokens[last + 1]) && tokens[last + 1]!.lower === 'and' && isWord(tokens[last + 2]) && tokens[last + 2]!.lower === 'a' && isWord(tokens[last + 3]) && tokens[last + 3]!.lower === 'half') {
    half = 0.5;
    last += 3;
  }
  const value = total + current + half;
  return {
    value,
    exponent: half === 0 ? 0 : -1,
    start: tokens[index]!.start,
    end: tokens[last]!.end,
    next: last + 1,
    words: true,
    scaled,
    ...(wordScale === undefined ? {} : { wordScale }),
    ordinal,
    plainInteger: false,
    decade: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Qualifiers after a number: scale, percent, currency, unit

const PERCENT_WORDS = new Set(['percent', 'pct', 'percentage']);
const CURRENCY_WORDS = new Map<string, string>([
  ['dollar', 'usd'], ['dollars', 'usd'], ['usd', 'usd'], ['euro', 'eur'], ['euros', 'eur'], ['eur', 'eur'],
  ['gbp', 'gbp'], ['sterling', 'gbp'], ['yen', 'jpy'], ['jpy', 'jpy'], ['rupee', 'inr'], ['rupees', 'inr'], ['inr', 'inr'],
  ['rand', 'zar'], ['zar', 'zar'], ['yuan', 'cny'], ['renminbi', 'cny'], ['cny', 'cny'], ['francs', 'chf'], ['chf', 'chf'],
  ['cad', 'cad'], ['aud', 'aud'],
]);
const CURRENCY_SYMBOLS = new Map<string, string>([['$', 'usd'], ['€', 'eur'], ['£', 'gbp'], ['¥', 'jpy'], ['₹', 'inr']]);
const CURRENCY_PREFIX_WORDS = new Map<string, string>([['usd', 'usd'], ['eur', 'eur'], ['gbp', 'gbp'], ['inr', 'inr'], ['cad', 'cad'], ['aud', 'aud']]);
/** Unit words, each folded to one name (plural and abbreviation alike). */
const UNITS = new Map<string, string>([
  ['second', 'second'], ['seconds', 'second'], ['sec', 'second'], ['secs', 'second'],
  ['minute', 'minute'], ['minutes', 'minute'], ['min', 'minute'], ['mins', 'minute'],
  ['hour', 'hour'], ['hours', 'hour'], ['hr', 'hour'], ['hrs', 'hour'], ['h', 'hour'],
  ['day', 'day'], ['days', 'day'], ['week', 'week'], ['weeks', 'week'], ['wk', 'week'], ['wks', 'week'],
  ['month', 'month'], ['months', 'month'], ['mo', 'month'], ['mos', 'month'],
  ['year', 'year'], ['years', 'year'], ['yr', 'year'], ['yrs', 'year'], ['decade', 'decade'], ['decades', 'decade'],
  ['century', 'century'], ['centuries', 'century'], ['time', 'times'], ['times', 'times'],
  ['mile', 'mile'], ['miles', 'mile'], ['mi', 'mile'], ['km', 'km'], ['kilometer', 'km'], ['kilometers', 'km'],
  ['kilometre', 'km'], ['kilometres', 'km'], ['meter', 'meter'], ['meters', 'meter'], ['metre', 'meter'], ['metres', 'meter'],
  ['cm', 'cm'], ['mm', 'mm'], ['foot', 'foot'], ['feet', 'foot'], ['ft', 'foot'], ['inch', 'inch'], ['inches', 'inch'],
  ['kg', 'kg'], ['kilogram', 'kg'], ['kilograms', 'kg'], ['gram', 'gram'], ['grams', 'gram'], ['mg', 'mg'],
  ['milligram', 'mg'], ['milligrams', 'mg'], ['lb', 'pound'], ['lbs', 'pound'], ['pound', 'pound'], ['pounds', 'pound'],
  ['ounce', 'ounce'], ['ounces', 'ounce'], ['oz', 'ounce'], ['liter', 'liter'], ['liters', 'liter'], ['litre', 'liter'],
  ['litres', 'liter'], ['ml', 'ml'], ['gallon', 'gallon'], ['gallons', 'gallon'], ['degree', 'degree'], ['degrees', 'degree'],
  ['calorie', 'calorie'], ['calories', 'calorie'], ['kcal', 'calorie'], ['mph', 'mph'], ['acre', 'acre'], ['acres', 'acre'],
  ['hectare', 'hectare'], ['hectares', 'hectare'], ['gb', 'gb'], ['mb', 'mb'], ['tb', 'tb'], ['kb', 'kb'], ['ghz', 'ghz'],
  ['mhz', 'mhz'], ['kw', 'kw'], ['kwh', 'kwh'], ['mw', 'mw'],
]);
/** Words that may stand between a number and its unit (`14 calendar days`). */
const UNIT_MODIFIERS = new Set(['calendar', 'business', 'working', 'full', 'consecutive', 'additional', 'more', 'straight', 'school', 'court', 'whole', 'extra', 'clear']);
const HEDGES = new Set(['about', 'approximately', 'approx', 'around', 'roughly', 'nearly', 'almost', 'circa', 'ca', 'over', 'under', 'than', 'least', 'most', 'estimated', 'some', 'upwards', '~']);

interface Qualifiers {
  kind: 'number' | 'percent' | 'money';
  unit?: string;
  currency?: string;
  scale?: number;
  next: number;
  end?: number;
}

function qualifiersAt(tokens: Token[], core: NumberCore): Qualifiers {
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
  if (isSym(token, '%')) return { kind: 'percent', ...(scale === undefined ? {} : { scale }), next: next + 1, end: token.end };
  if (isWord(token, PERCENT_WORDS)) {
    const points = isWord(tokens[next + 1]) && tokens[next + 1]!.lower === 'points';
    return { kind: 'percent', ...(scale === undefined ? {} : { scale }), next: next + (points ? 2 : 1), end: tokens[next + (points ? 1 : 0)]!.end };
  }
  if (isWord(token) && token.lower === 'per' && isWord(tokens[next + 1]) && tokens[next + 1]!.lower === 'cent') {
    return { kind: 'percent', ...(scale === undefined ? {} : { scale }), next: next + 2, end: tokens[next + 1]!.end };
  }
  if (isWord(token, CURRENCY_WORDS)) {
    return { kind: 'money', currency: CURRENCY_WORDS.get(token.lower)!, ...(scale === undefined ? {} : { scale }), next: next + 1, end: token.end };
  }
  // `1.200 €`, `15€`: the sign written after the amount, as much of Europe writes it.
  if (token !== undefined && token.type === 'sym' && CURRENCY_SYMBOLS.has(token.text) && token.start - (tokens[next - 1]?.end ?? token.start) <= 1) {
    return { kind: 'money', currency: CURRENCY_SYMBOLS.get(token.text)!, ...(scale === undefined ? {} : { scale }), next: next + 1, end: token.end };
  }
  // `14-day`, `14 days`, `14 calendar days`, and the echo in `fourteen (14) days`.
  let unitIndex = next;
  if (isSym(token, '-–') && adjacent(tokens[next - 1], token) && adjacent(token, tokens[next + 1])) unitIndex = next + 1;
  else if (isSym(token, ')') && adjacent(tokens[next - 1], token) && isSym(tokens[next - 2], '(')) unitIndex = next + 1;
  if (isWord(tokens[unitIndex], UNIT_MODIFIERS) && isWord(tokens[unitIndex + 1], UNITS)) unitIndex += 1;
  const unit = tokens[unitIndex];
  if (isWord(unit, UNITS) && !(unit.lower === 'h' && !adjacent(tokens[unitIndex - 1], unit))) {
    return { kind: 'number', unit: UNITS.get(unit.lower)!, ...(scale === undefined ? {} : { scale }), next: unitIndex + 1, end: unit.end };
  }
  return { kind: 'number', ...(scale === undefined ? {} : { scale }), next, ...(end === undefined ? {} : { end }) };
}

function isHedged(tokens: Token[], index: number): boolean {
  const before = tokens[index - 1];
  if (!before) return false;
  if (before.type === 'sym') return before.text === '~';
  if (HEDGES.has(before.lower)) return true;
  return before.lower === 'to' && isWord(tokens[index - 2]) && tokens[index - 2]!.lower === 'up';
}

const FRACTION_NUMERATORS = new Map<string, number>([['a', 1], ['one', 1], ['two', 2], ['three', 3]]);
const FRACTION_DENOMINATORS = new Map<string, number>([
  ['third', 3], ['thirds', 3], ['quarter', 4], ['quarters', 4], ['fifth', 5], ['fifths', 5], ['half', 2],
]);

/**
 * `one third`, `two thirds`, `a quarter`, `three quarters`: a share, compared as the percentage it
 * is (`one third` = 33% = 33.3%; `two thirds` is also found as 66%, as writers cut it). `half`
 * counts in chunks only: in a claim "half of" is prose as often as it is a figure.
 */
function parseFraction(tokens: Token[], index: number, side: FactSide): Parsed | undefined {
  const first = tokens[index];
  const second = tokens[index + 1];
  if (!isWord(first, FRACTION_NUMERATORS) || !isWord(second, FRACTION_DENOMINATORS)) return undefined;
  const numerator = FRACTION_NUMERATORS.get(first.lower)!;
  const denominator = FRACTION_DENOMINATORS.get(second.lower)!;
  if (numerator >= denominator || (denominator === 2 && side === 'claim')) return undefined;
  // `a third party`, `one fifth grader`: a share names a part of something, so `of` or the end follows.
  const after = tokens[index + 2];
  if (after !== undefined && !isWord(after, OF_WORDS) && after.type === 'word') return undefined;
  const share = (numerator / denominator) * 100;
  const cut = Math.floor(share);
  return {
    mentions: [{ kind: 'percent', start: first.start, end: second.end, explicit: true, value: share, exponent: 0, ...(cut !== Math.round(share) ? { alt: { value: cut, exponent: 0 } } : {}), qualified: true }],
    next: index + 2,
  };
}
const OF_WORDS = new Set(['of']);

const YEAR_BOUNDS = new Set(['before', 'after', 'until', 'till', 'by', 'since', 'prior']);

/** `年之前`, `年以前`, `年前`, `年后`, `年以后`, `年之后` after a year. */
function isYearBoundAfter(tokens: Token[], next: number): boolean {
  if (!isSym(tokens[next], '年')) return false;
  const after = isSym(tokens[next + 1], '之以') ? tokens[next + 2] : tokens[next + 1];
  return isSym(after, '前后後');
}

function parseNumber(tokens: Token[], index: number, side: FactSide, style: NumberStyle): Parsed | undefined {
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
    return { mentions: [{ kind: 'year', start: core.start, end: core.end, explicit, value: core.value, exponent: 0, decade: true }], next: core.next };
  }
  if (qualifiers.kind === 'number' && qualifiers.unit === undefined && qualifiers.scale === undefined && core.plainInteger && !core.ordinal && value >= 1000 && value <= 2100) {
    // `before 2020`, `2020年之前`: a bound, not a year the text says something happened in.
    const bound = isWord(tokens[index - 1], YEAR_BOUNDS) || isYearBoundAfter(tokens, core.next);
    return { mentions: [{ kind: 'year', start: core.start, end: core.end, explicit: explicit && !bound, value, exponent: 0 }], next: core.next };
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
    ...(qualifiers.scale !== undefined ? { scale: qualifiers.scale } : core.wordScale !== undefined ? { scale: core.wordScale } : {}),
    ...(qualifiers.unit === undefined ? {} : { unit: qualifiers.unit }),
    ...(qualifiers.kind === 'money' ? { currency: qualifiers.currency ?? '?' } : {}),
  };
  return { mentions: [mention], next: Math.max(qualifiers.next, core.next) };
}

function parseMoneyPrefix(tokens: Token[], index: number, style: NumberStyle): Parsed | undefined {
  const token = tokens[index]!;
  let currency: string | undefined;
  let cursor = index + 1;
  if (token.type === 'sym' && CURRENCY_SYMBOLS.has(token.text)) {
    currency = CURRENCY_SYMBOLS.get(token.text)!;
  } else if (isWord(token, CURRENCY_PREFIX_WORDS) && token.text === token.text.toUpperCase()) {
    currency = CURRENCY_PREFIX_WORDS.get(token.lower)!;
    // `US$` reads as `US` then `$`.
  } else if (token.text === 'US' && isSym(tokens[index + 1], '$') && adjacent(token, tokens[index + 1])) {
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
  const alt = core.alt && (scaleFactor === undefined ? core.alt : scaleReading(core.alt, scaleFactor));
  const mention: Mention = { kind: 'money', start: token.start, end, explicit: true, value, exponent, ...(alt ? { alt } : {}), currency, qualified: true, hedged: isHedged(tokens, index), ...(scaleFactor === undefined ? {} : { scale: scaleFactor }) };
  return { mentions: [mention], next };
}

const MONEY_SUFFIX_SCALES = new Map<string, number>([['k', 1e3], ['m', 1e6], ['mn', 1e6], ['mm', 1e6], ['b', 1e9], ['bn', 1e9], ['t', 1e12], ['tn', 1e12]]);

function digitsAtMoney(tokens: Token[], index: number, style: NumberStyle): NumberCore | undefined {
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
  const alt = parsed.alt && (scaled ? scaleReading(parsed.alt, MONEY_SUFFIX_SCALES.get(after!.text.toLowerCase())!) : parsed.alt);
  return { value, exponent, ...(alt ? { alt } : {}), start: token.start, end: tokens[next - 1]!.end, next, words: false, scaled, ordinal: false, plainInteger: false, decade: false };
}

// ---------------------------------------------------------------------------------------------
// Dates

const MONTHS = new Map<string, number>([
  ['january', 1], ['february', 2], ['march', 3], ['april', 4], ['may', 5], ['june', 6], ['july', 7], ['august', 8],
  ['september', 9], ['october', 10], ['november', 11], ['december', 12],
  ['jan', 1], ['feb', 2], ['mar', 3], ['apr', 4], ['jun', 6], ['jul', 7], ['aug', 8], ['sep', 9], ['sept', 9], ['oct', 10],
  ['nov', 11], ['dec', 12],
]);

/** A month name as a name: capitalized (`May 2020`, never `may 5`). */
function monthAt(tokens: Token[], index: number): { month: number; next: number } | undefined {
  const token = tokens[index];
  if (!isWord(token, MONTHS) || !CAPITALIZED.test(token.text)) return undefined;
  let next = index + 1;
  if (token.lower.length <= 4 && token.lower !== 'june' && token.lower !== 'july' && isSym(tokens[next], '.') && adjacent(token, tokens[next])) next += 1;
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
function cjkDateAt(tokens: Token[], index: number): { year?: number; month?: number; day?: number; next: number } | undefined {
  const glued = (at: number, char: string): boolean => isSym(tokens[at], char) && adjacent(tokens[at - 1], tokens[at]);
  let cursor = index;
  let year: number | undefined;
  if (/^\d{4}$/.test(tokens[cursor]!.text) && glued(cursor + 1, '年')) {
    year = Number(tokens[cursor]!.text);
    cursor += 2;
  }
  const monthToken = tokens[cursor];
  if (monthToken?.type !== 'num' || !/^\d{1,2}$/.test(monthToken.text) || !glued(cursor + 1, '月')) return undefined;
  const month = Number(monthToken.text);
  if (month < 1 || month > 12) return undefined;
  cursor += 2;
  const dayToken = tokens[cursor];
  if (dayToken?.type === 'num' && /^\d{1,2}$/.test(dayToken.text) && (glued(cursor + 1, '日') || glued(cursor + 1, '号'))) {
    const day = Number(dayToken.text);
    if (day >= 1 && day <= 31) return { ...(year === undefined ? {} : { year }), month, day, next: cursor + 2 };
  }
  return year === undefined ? undefined : { year, month, next: cursor };
}

const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

function parseDate(tokens: Token[], index: number, style: NumberStyle): Parsed | undefined {
  const token = tokens[index]!;
  const date = (year: number | undefined, month: number | undefined, day: number | undefined, next: number, altDate?: Mention['altDate']): Parsed => ({
    mentions: [
      {
        kind: 'date',
        start: token.start,
        end: tokens[next - 1]!.end,
        explicit: true,
        date: { ...(year === undefined ? {} : { year }), ...(month === undefined ? {} : { month }), ...(day === undefined ? {} : { day }) },
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
      return year ? date(year.year, month.month, day.day, year.next) : date(undefined, month.month, day.day, day.next);
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
      return year ? date(year.year, dayMonth.month, day.day, year.next) : date(undefined, dayMonth.month, day.day, dayMonth.next);
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
  if (/^\d{4}$/.test(token.text) && isSym(dash1, '-') && isSym(dash2, '-') && part2?.type === 'num' && part3?.type === 'num' && adjacent(token, dash1) && adjacent(dash1, part2) && adjacent(part2, dash2) && adjacent(dash2, part3)) {
    const year = Number(token.text);
    const monthNumber = Number(part2.text);
    const dayNumber = Number(part3.text);
    if (monthNumber >= 1 && monthNumber <= 12 && dayNumber >= 1 && dayNumber <= 31) return date(year, monthNumber, dayNumber, index + 5);
  }
  // `3/5/2020` and `3.5.2020`: month first or day first as the style says; while it is unknown,
  // month first with the day-first reading kept beside it when both are dates. A part over 12
  // settles it on its own.
  // `04.03.2024` is one numeral token; dots between day, month and year are written day first.
  const dotted = DOTTED_DATE.exec(token.text);
  if (dotted) {
    const day = Number(dotted[1]);
    const monthNumber = Number(dotted[2]);
    if (monthNumber >= 1 && monthNumber <= 12 && day >= 1 && day <= 31) return date(Number(dotted[3]), monthNumber, day, index + 1);
  }
  const slash = isSym(dash1, '/') && isSym(dash2, '/');
  if (/^\d{1,2}$/.test(token.text) && slash && part2?.type === 'num' && /^\d{1,2}$/.test(part2.text) && part3?.type === 'num' && adjacent(token, dash1) && adjacent(dash1, part2) && adjacent(part2, dash2) && adjacent(dash2, part3) && /^(?:\d{2}|\d{4})$/.test(part3.text)) {
    const first = Number(token.text);
    const second = Number(part2.text);
    let year = Number(part3.text);
    if (part3.text.length === 2) year += year < 50 ? 2000 : 1900;
    const valid = (month: number, day: number): boolean => month >= 1 && month <= 12 && day >= 1 && day <= 31;
    const dayFirst = style.dayFirst === true;
    const monthFirstValid = valid(first, second);
    const dayFirstValid = valid(second, first);
    if (dayFirst && dayFirstValid) return date(year, second, first, index + 5);
    if (style.dayFirst === false && monthFirstValid) return date(year, first, second, index + 5);
    if (monthFirstValid && dayFirstValid && first !== second) return date(year, first, second, index + 5, { year, month: second, day: first });
    if (monthFirstValid) return date(year, first, second, index + 5);
    if (dayFirstValid) return date(year, second, first, index + 5);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Ranges lend their qualifier: `10-20 days`, `10 to 20%`, `$1-2 million`

const RANGE_WORDS = new Set(['to', 'and', 'or', 'through']);

function shareRangeQualifiers(mentions: Mention[], tokens: Token[]): void {
  const tokenAt = new Map<number, number>();
  tokens.forEach((token, position) => tokenAt.set(token.start, position));
  for (let index = 0; index + 1 < mentions.length; index += 1) {
    const first = mentions[index]!;
    const second = mentions[index + 1]!;
    // `$1-2 million`: the currency goes forward, the scale back.
    if (first.kind === 'money' && first.scale === undefined && second.kind === 'number' && !second.qualified && second.scale !== undefined && joinedRange(tokens, tokenAt, first, second)) {
      first.value! *= second.scale;
      first.exponent = (first.exponent ?? 0) + Math.round(Math.log10(second.scale));
      first.scale = second.scale;
      second.kind = 'money';
      second.qualified = true;
      if (first.currency !== undefined) second.currency = first.currency;
      continue;
    }
    if (first.qualified || first.value === undefined || second.value === undefined || !second.qualified) continue;
    if (first.kind !== 'number' || (second.kind !== 'number' && second.kind !== 'percent' && second.kind !== 'money')) continue;
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
function joinedRange(tokens: Token[], tokenAt: ReadonlyMap<number, number>, first: Mention, second: Mention): boolean {
  const secondToken = tokenAt.get(second.start);
  if (secondToken === undefined) return false;
  const between = tokens[secondToken - 1];
  return (isSym(between, '-–—') || isWord(between, RANGE_WORDS)) && tokens[secondToken - 2]?.end === first.end;
}

/** `fourteen (14) days`: the same number again in parentheses, its unit after. */
function isEcho(tokens: Token[], tokenAt: ReadonlyMap<number, number>, first: Mention, second: Mention): boolean {
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

function toFact(mention: Mention, text: string, side: FactSide, offset: number): Fact {
  const raw = text.slice(mention.start, mention.end);
  const base = { raw, start: mention.start + offset, end: mention.end + offset };
  switch (mention.kind) {
    case 'section': {
      const { label, id } = mention.section!;
      const keys = side === 'claim' ? [`section|${label}|${id}`] : sectionPrefixes(id).map((prefix) => `section|${label}|${prefix}`);
      return { kind: 'section', ...base, normalized: `${label} ${id}`, keys, family: `section:${label}` };
    }
    case 'date': {
      const { year, month, day } = mention.date!;
      const pad = (value: number): string => String(value).padStart(2, '0');
      const combosOf = (date: NonNullable<Mention['date']>): string[] => {
        const combos: string[] = [];
        if (date.year !== undefined && date.month !== undefined && date.day !== undefined) combos.push(`date|${date.year}-${pad(date.month)}-${pad(date.day)}`);
        if (date.year !== undefined && date.month !== undefined) combos.push(`date|${date.year}-${pad(date.month)}`);
        if (date.month !== undefined && date.day !== undefined) combos.push(`date|--${pad(date.month)}-${pad(date.day)}`);
        if (date.year !== undefined) combos.push(`year|${date.year}`, `decade|${Math.floor(date.year / 10) * 10}`);
        return combos;
      };
      const combos = combosOf(mention.date!);
      const altCombos = mention.altDate ? combosOf(mention.altDate) : [];
      const normalized = `date ${year === undefined ? '-' : year}-${month === undefined ? '-' : pad(month)}${day === undefined ? '' : `-${pad(day)}`}`;
      // A claim's date must be found as precisely as it is written (either reading of an
      // ambiguous one); a chunk offers every coarser form of both.
      const fallback = mention.yearOptional && year !== undefined ? [day !== undefined && month !== undefined ? `date|--${pad(month)}-${pad(day)}` : `year|${year}`] : [];
      const keys = side === 'claim' ? [...combos.slice(0, 1), ...altCombos.slice(0, 1), ...fallback] : [...new Set([...combos, ...altCombos])];
      return { kind: 'date', ...base, normalized, keys, family: 'date' };
    }
    case 'year': {
      const year = mention.value!;
      if (mention.decade) {
        return { kind: 'year', ...base, normalized: `decade ${year}s`, keys: [`decade|${year}`], family: 'year' };
      }
      const keys = side === 'claim' ? [`year|${year}`] : [`year|${year}`, `decade|${Math.floor(year / 10) * 10}`, ...EXPONENTS.map((exponent) => numericKey('any', exponent, year))];
      return { kind: 'year', ...base, normalized: `year ${year}`, keys, family: 'year' };
    }
    case 'number':
    case 'percent':
    case 'money': {
      const value = mention.value!;
      const exponent = mention.hedged ? hedgeExponent(value, mention.exponent ?? 0) : (mention.exponent ?? 0);
      const qualifier = mention.kind === 'percent' ? 'pct' : mention.kind === 'money' ? `money:${mention.currency ?? '?'}` : mention.unit === undefined ? 'bare' : `n:${mention.unit}`;
      const shown = Number(value.toPrecision(15));
      const normalized = mention.kind === 'percent' ? `percent ${shown}` : mention.kind === 'money' ? `money ${mention.currency ?? '?'} ${shown}` : mention.unit === undefined ? `number ${shown}` : `number ${shown} ${mention.unit}`;
      const family = mention.kind === 'number' ? `number:${mention.unit ?? ''}` : mention.kind;
      const readings: Reading[] = [{ value, exponent }];
      if (mention.alt) readings.push({ value: mention.alt.value, exponent: mention.hedged ? hedgeExponent(mention.alt.value, mention.alt.exponent) : mention.alt.exponent });
      let keys: string[];
      if (side === 'claim') {
        const lookups = mention.kind === 'percent' ? ['pct', 'bare'] : mention.kind === 'money' ? (mention.currency === '?' ? ['money:*', 'bare'] : [qualifier, 'money:?', 'bare']) : mention.unit === undefined ? ['any'] : [qualifier, 'bare'];
        keys = readings.flatMap((reading) => lookups.map((lookup) => numericKey(lookup, reading.exponent, reading.value)));
      } else {
        const emits = [qualifier, 'any'];
        if (mention.kind === 'money') emits.push('money:*');
        keys = readings.flatMap((reading) => emits.flatMap((emit) => EXPONENTS.map((candidate) => numericKey(emit, candidate, reading.value))));
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
