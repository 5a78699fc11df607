import type { Span } from '../extract/types.js';

// Where sentences end: the one splitter of the verifier and of the chunk check.

export const TERMINATORS = new Set(['.', '!', '?', '。', '！', '？']);
/** Full-width sentence marks: they end a sentence with no space after, as CJK text is written. */
const CJK_TERMINATORS = new Set(['。', '！', '？']);
const CLOSERS = new Set([')', ']', '}', '"', "'", '”', '’', '»', '*', '_', '」', '』', '）']);
/** Words whose period ends no sentence (not `p.m.`: `5 p.m. Call us` ends one). */
const ABBREVIATIONS = new Set(
  (
    'e.g i.e etc vs v mr mrs ms dr prof hon st no nos sec secs art u.s u.k inc ltd co corp jr sr ' +
    'fig al approx ch para pp p cf ca c ed eds vol jan feb mar apr jun jul aug sep sept oct nov ' +
    'dec gen gov rev u.s.c c.f.r stat ann mass cal n.y ph.d m.d est dept univ op cit ' +
    'ave rd blvd ste apt ft mt ext tel ph'
  ).split(' '),
);

const WHITESPACE = /\s/;
const LOWERCASE = /\p{Ll}/u;

/** What a caller knows about the text that the splitter must respect. */
export interface SentenceContext {
  /** Non-zero where a character must never end a sentence (code, quotation interiors). */
  mask?: Uint8Array;
  /** The start of each citation marker mapped to its end: a marker after a period stays with it. */
  markerEnds?: ReadonlyMap<number, number>;
}

/**
 * `[start, end)` as sentences, ending at `.`, `!`, `?` or a CJK mark before whitespace unless after
 * an abbreviation or before a lower-case word; markers after it stay with it; blank pieces dropped.
 */
export function splitSentences(
  text: string,
  start: number,
  end: number,
  context: SentenceContext = {},
): Span[] {
  const sentences: Span[] = [];
  for (let sentenceStart = start; sentenceStart < end; ) {
    const boundary = sentenceBoundary(text, sentenceStart, end, context);
    if (skipWhitespace(text, sentenceStart, boundary) < boundary)
      sentences.push({ start: sentenceStart, end: boundary });
    sentenceStart = boundary;
  }
  return sentences;
}

/** Where the sentence that starts at `sentenceStart` ends: at the first mark that ends one, else at `end`. */
function sentenceBoundary(
  text: string,
  sentenceStart: number,
  end: number,
  context: SentenceContext = {},
): number {
  const { mask, markerEnds } = context;
  for (let index = sentenceStart; index < end; index += 1) {
    if (mask && mask[index] !== 0) continue;
    if (!TERMINATORS.has(text[index]!)) continue;
    const boundary = sentenceEnd(text, index, end, sentenceStart, markerEnds);
    if (boundary !== undefined) return boundary;
  }
  return end;
}

/** Where the sentence whose mark is at `index` ends, or undefined when the mark ends none. */
function sentenceEnd(
  text: string,
  index: number,
  end: number,
  sentenceStart: number,
  markerEnds: ReadonlyMap<number, number> | undefined,
): number | undefined {
  const char = text[index]!;
  let after = index + 1;
  while (after < end && TERMINATORS.has(text[after]!)) after += 1;
  while (after < end && CLOSERS.has(text[after]!)) after += 1;
  let boundary = after;
  // `…days.[2] Next`: a marker glued to the period still closes this sentence.
  while (markerEnds?.has(boundary)) boundary = markerEnds.get(boundary)!;
  // `3.5`, `e.g.,`: a mark ends a sentence before whitespace or the end; a full-width one (`。`) anywhere.
  const fullWidth = CJK_TERMINATORS.has(char);
  if (boundary < end && !fullWidth && !WHITESPACE.test(text[boundary]!)) return undefined;
  if (char === '.' && isAbbreviation(text, sentenceStart, index)) return undefined;
  let next = skipWhitespace(text, boundary, end);
  // `…days. [2] Next`: markers after the space still belong to this sentence.
  while (markerEnds?.has(next)) {
    boundary = markerEnds.get(next)!;
    while (boundary < end && TERMINATORS.has(text[boundary]!)) boundary += 1;
    next = skipWhitespace(text, boundary, end);
  }
  if (!fullWidth && next < end && LOWERCASE.test(text[next]!)) return undefined;
  return boundary;
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
