import { nextSentence, splitSentences } from './sentences.js';
import type { Span } from '../extract/types.js';

// An answer's sentences line by line, for `segment` (`structure.ts`): a line break ends a
// sentence, so the sentence at a position is found in the line that holds it, and only there.

/** Every sentence of `text`, line by line. */
export function allLineSentences(text: string): Span[] {
  const sentences: Span[] = [];
  for (let lineStart = 0; lineStart <= text.length; ) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    for (const sentence of splitSentences(text, lineStart, lineEnd)) sentences.push(sentence);
    lineStart = lineEnd + 1;
  }
  return sentences;
}

/**
 * The sentences of `text`'s lines, each line split only when a position in it is asked for and
 * only up to the sentence that holds it, resumed there when a later position is asked: the words
 * after the last number or name of a line, often most of a paragraph, are never split.
 */
export class LineSentences {
  readonly #text: string;
  /** Where each line starts. */
  readonly #starts: number[];
  /** How far each line has been split, by line. */
  readonly #read: Array<LineRead | undefined> = [];

  constructor(text: string) {
    this.#text = text;
    this.#starts = lineStarts(text);
  }

  /**
   * The sentences of the line that holds `position` (those of `splitSentences` over the line, in
   * order), split at least past `position`; undefined outside the text or on a line break, which
   * no sentence holds. The same objects each time.
   */
  through(position: number): Span[] | undefined {
    const text = this.#text;
    if (!(position >= 0 && position < text.length)) return undefined;
    // By binary search over the line starts, not by a scan back from `position`: an answer of
    // thousands of numbers on one line would make that quadratic.
    const starts = this.#starts;
    let line = 0;
    for (let high = starts.length - 1; line < high; ) {
      const mid = (line + high + 1) >> 1;
      if (starts[mid]! <= position) line = mid;
      else high = mid - 1;
    }
    const end = line + 1 < starts.length ? starts[line + 1]! - 1 : text.length;
    if (position >= end) return undefined;
    const read = (this.#read[line] ??= { sentences: [], next: starts[line]!, end });
    while (read.next <= position) read.next = nextSentence(text, read.next, end, read.sentences);
    return read.sentences;
  }
}

/** A line's sentences split so far (`splitSentences` of the line, up to `next`). */
interface LineRead {
  readonly sentences: Span[];
  /** Where the next sentence starts: the line is split up to here. */
  next: number;
  readonly end: number;
}

/** The start of each line of `text`. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', newline + 1))
    starts.push(newline + 1);
  return starts;
}
