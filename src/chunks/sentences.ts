import { type SentenceContext, splitSentences, trimSpan } from '../text/sentences.js';
import type { Span } from './types.js';

/** The sentences of `[start, end)` of the text, trimmed (see `splitSentences`). */
export function trimmedSentences(
  text: string,
  start: number,
  end: number,
  context?: SentenceContext,
): Span[] {
  return splitSentences(text, start, end, context).map((span) => trimSpan(text, span));
}

/** Whitespace runs collapsed to one space, ends trimmed: how claims and passages are shown. */
export function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE_RUNS, ' ').trim();
}
const WHITESPACE_RUNS = /\s+/g;
