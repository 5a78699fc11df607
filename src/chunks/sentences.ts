import type { Span } from './types.js';

// Where sentences end, in answers and chunks alike, and the whitespace around them.

export const TERMINATORS = new Set(['.', '!', '?', '。', '！', '？']);
/** Full-width sentence marks: they end a sentence with no space after, as CJK text is written. */
const CJK_TERMINATORS = new Set(['。', '！', '？']);
const CLOSERS = new Set([')', ']', '}', '"', "'", '”', '’', '»', '*', '_', '」', '』', '）']);
/** Words that end with a period without ending the sentence (compared lower case, dots inside kept). */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'v',
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'no',
  'nos',
  'sec',
  'secs',
  'art',
  'u.s',
  'u.k',
  'inc',
  'ltd',
  'co',
  'corp',
  'jr',
  'sr',
  'fig',
  'al',
  'approx',
  'ch',
  'para',
  'pp',
  'p',
  'cf',
  'ca',
  'c',
  'ed',
  'eds',
  'vol',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'gen',
  'gov',
  'rev',
  'u.s.c',
  'c.f.r',
  'stat',
  'ann',
  'mass',
  'cal',
  'n.y',
  'a.m',
  'p.m',
  'ph.d',
  'm.d',
  'est',
  'dept',
  'univ',
  'op',
  'cit',
]);

const WHITESPACE = /\s/;
const LOWERCASE = /\p{Ll}/u;

/**
 * Split `[start, end)` of the text into sentences. A sentence ends at `.`, `!` or `?` (and CJK
 * ones), after closing quotes or brackets, before whitespace, unless the word before is an
 * abbreviation or an initial, or the next word starts in lower case. Citation markers written
 * after the end (`…days. [2]`, `…days.[2]`) belong to the sentence before them. Masked characters
 * (code, quotation interiors, markers) never end a sentence.
 *
 * `markerEnds` maps the start of each marker to its end.
 */
export function splitSentences(
  text: string,
  start: number,
  end: number,
  mask?: Uint8Array,
  markerEnds?: ReadonlyMap<number, number>,
): Span[] {
  const sentences: Span[] = [];
  let sentenceStart = start;
  for (let index = start; index < end; index += 1) {
    if (mask && mask[index] !== 0) continue;
    const char = text[index]!;
    if (!TERMINATORS.has(char)) continue;
    let after = index + 1;
    while (after < end && TERMINATORS.has(text[after]!)) after += 1;
    while (after < end && CLOSERS.has(text[after]!)) after += 1;
    let boundary = after;
    // `…days.[2] Next`: a marker glued to the period still closes this sentence.
    while (markerEnds?.has(boundary)) boundary = markerEnds.get(boundary)!;
    // `3.5`, `e.g.,`, `U.S.A`: a sentence mark is followed by whitespace or the end, except a
    // full-width one (`。`), which CJK text follows directly with the next sentence.
    const fullWidth = CJK_TERMINATORS.has(char);
    if (boundary < end && !fullWidth && !WHITESPACE.test(text[boundary]!)) continue;
    if (char === '.' && isAbbreviation(text, sentenceStart, index)) continue;
    let next = skipWhitespace(text, boundary, end);
    // `…days. [2] Next`: markers after the space still belong to this sentence.
    while (markerEnds?.has(next)) {
      boundary = markerEnds.get(next)!;
      while (boundary < end && TERMINATORS.has(text[boundary]!)) boundary += 1;
      next = skipWhitespace(text, boundary, end);
    }
    if (!fullWidth && next < end && LOWERCASE.test(text[next]!)) continue;
    sentences.push({ start: sentenceStart, end: boundary });
    sentenceStart = boundary;
    index = boundary - 1;
  }
  if (sentenceStart < end) sentences.push({ start: sentenceStart, end });
  return sentences.flatMap((span) => {
    const trimmed = trimSpan(text, span);
    return trimmed.end > trimmed.start ? [trimmed] : [];
  });
}

function skipWhitespace(text: string, from: number, end: number): number {
  let index = from;
  while (index < end && WHITESPACE.test(text[index]!)) index += 1;
  return index;
}

function isAbbreviation(text: string, floor: number, dot: number): boolean {
  let start = dot;
  // Bounded look-back: abbreviations are short.
  while (start > floor && dot - start < 12 && ABBREVIATION_CHAR.test(text[start - 1]!)) start -= 1;
  const word = text.slice(start, dot);
  if (word.length === 0) return false;
  if (word.length === 1 && UPPER_INITIAL.test(word)) return true;
  return ABBREVIATIONS.has(word.toLowerCase());
}
const ABBREVIATION_CHAR = /[\p{L}.]/u;
const UPPER_INITIAL = /^\p{Lu}$/u;

/** The span without the whitespace at its ends. */
export function trimSpan(text: string, span: Span): Span {
  let { start, end } = span;
  while (start < end && WHITESPACE.test(text[start]!)) start += 1;
  while (end > start && WHITESPACE.test(text[end - 1]!)) end -= 1;
  return { start, end };
}

/** Whitespace runs collapsed to one space, ends trimmed: how claims and passages are shown. */
export function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE_RUNS, ' ').trim();
}
const WHITESPACE_RUNS = /\s+/g;
