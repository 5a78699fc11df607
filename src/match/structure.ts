import type { Span } from '../extract/types.js';

/**
 * Sentences and blocks (paragraphs, list items, headings, table rows) of an answer, as spans, for
 * attributing a phone number to the organization named near it. A line break ends a sentence:
 * model answers put a name on one line and its number on the next, and those stay in one block.
 */
export interface Segments {
  sentences: Span[];
  blocks: Span[];
}

const ITEM_START = /^[ \t]{0,8}(?:[-*+•–]\s|\d{1,3}[.)]\s|#{1,6}\s|\|)/;
// Words after which a period does not end a sentence.
const ABBREVIATIONS = new Set(['st', 'mr', 'mrs', 'ms', 'dr', 'no', 'nos', 'inc', 'co', 'corp', 'jr', 'sr', 'ave', 'rd', 'blvd', 'ste', 'apt', 'vs', 'etc', 'e.g', 'i.e', 'u.s', 'dept', 'mass', 'gen', 'ch', 'sec', 'p', 'pp', 'ext', 'tel', 'ph', 'approx', 'hon', 'prof', 'ft', 'mt']);

export function segment(text: string): Segments {
  const blocks: Span[] = [];
  const sentences: Span[] = [];
  let blockStart = -1;
  let lineStart = 0;
  const closeBlock = (end: number): void => {
    if (blockStart !== -1 && end > blockStart) blocks.push({ start: blockStart, end });
    blockStart = -1;
  };
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    if (line.trim().length === 0) {
      closeBlock(lineStart);
    } else {
      if (ITEM_START.test(line)) closeBlock(lineStart);
      if (blockStart === -1) blockStart = lineStart;
      splitSentences(text, lineStart, lineEnd, sentences);
    }
    if (lineEnd >= text.length) {
      closeBlock(lineEnd);
      break;
    }
    lineStart = lineEnd + 1;
  }
  return { sentences, blocks };
}

function splitSentences(text: string, from: number, to: number, out: Span[]): void {
  let start = from;
  for (let i = from; i < to; i++) {
    const c = text[i];
    if (c !== '.' && c !== '!' && c !== '?') continue;
    const next = text[i + 1];
    if (i + 1 < to && next !== ' ' && next !== '\t' && next !== '*' && next !== ')' && next !== '"') continue;
    if (c === '.' && isAbbreviation(text, start, i)) continue;
    out.push({ start, end: i + 1 });
    start = i + 1;
  }
  if (to > start && text.slice(start, to).trim().length > 0) out.push({ start, end: to });
}

function isAbbreviation(text: string, from: number, dot: number): boolean {
  let k = dot;
  while (k > from && /[A-Za-z.]/.test(text[k - 1]!)) k--;
  const word = text.slice(k, dot).toLowerCase();
  if (word.length === 1) return true;
  return ABBREVIATIONS.has(word);
}

/** The span of `spans` (sorted, disjoint) that contains `position`, by binary search. */
export function spanAt(spans: readonly Span[], position: number): Span | undefined {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const span = spans[mid]!;
    if (position < span.start) high = mid - 1;
    else if (position >= span.end) low = mid + 1;
    else return span;
  }
  return undefined;
}
