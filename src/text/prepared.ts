import { segment, type Segments } from './structure.js';
import type { Span } from '../extract/types.js';
import { tokenize, type Token } from '../normalize/name.js';

/**
 * One answer read once, for every matcher: its word tokens (`tokenize`, whole text, text
 * offsets), and its structure (`Segments`: sentences, blocks, the heading or list item each block
 * sits under, the header row of each table row), built on first use: an answer without a phone
 * number never needs it. Organization names, unlisted names, the references to other bodies and
 * the owner's words all read these tokens instead of tokenizing the text, or a slice of it, again.
 */
export interface PreparedAnswer extends Segments {
  readonly tokens: readonly Token[];
}

class Prepared implements PreparedAnswer {
  readonly text: string;
  readonly tokens: readonly Token[];
  #segments: Segments | undefined;

  constructor(text: string, tokens: readonly Token[], segments?: Segments) {
    this.text = text;
    this.tokens = tokens;
    this.#segments = segments;
  }

  get #structure(): Segments {
    this.#segments ??= segment(this.text);
    return this.#segments;
  }
  get sentences(): Span[] {
    return this.#structure.sentences;
  }
  get blocks(): Span[] {
    return this.#structure.blocks;
  }
  get parents(): number[] {
    return this.#structure.parents;
  }
  get tableHeads(): number[] {
    return this.#structure.tableHeads;
  }
  sentenceAt(position: number): Span | undefined {
    return this.#structure.sentenceAt(position);
  }
}

/** The answer read once; one already prepared is itself, so every stage may take either form. */
export function prepareAnswer(text: string | PreparedAnswer): PreparedAnswer {
  return typeof text === 'string' ? new Prepared(text, tokenize(text)) : text;
}

/**
 * `text` prepared, where `text` is `before.text` edited (the repair's next pass): the same as
 * `prepareAnswer(text)`, with the tokens of the unchanged start and end taken from `before` and only
 * the stretch between tokenized. Why that is the same: a token is a run of letters and digits with
 * apostrophes inside it, or `&`, found left to right (`tokenize`); a space, tab or line break is in
 * no token and ends every one, so a text cut just after or at such a character has the tokens of
 * its two sides, the second side's shifted, and those of an unchanged side are `before`'s (shifted
 * by the change in length at the end). The cuts are the last of those characters at or before the
 * first changed one, and the first at or after the last changed one. The structure is built from
 * `text` on first use, as always.
 */
export function prepareEdited(before: PreparedAnswer, text: string): PreparedAnswer {
  const old = before.text;
  const shortest = Math.min(old.length, text.length);
  let same = 0;
  while (same < shortest && old.charCodeAt(same) === text.charCodeAt(same)) same++;
  let tail = 0;
  while (
    tail < shortest - same &&
    old.charCodeAt(old.length - 1 - tail) === text.charCodeAt(text.length - 1 - tail)
  )
    tail++;
  let left = same;
  while (left > 0 && !isBreak(text.charCodeAt(left - 1))) left--;
  let right = text.length - tail;
  while (right < text.length && !isBreak(text.charCodeAt(right))) right++;
  const by = text.length - old.length;
  const tokens: Token[] = [];
  for (const token of before.tokens) if (token.end <= left) tokens.push(token);
  for (const token of tokenize(text.slice(left, right))) tokens.push(shifted(token, left));
  for (const token of before.tokens) if (token.start > right - by) tokens.push(shifted(token, by));
  return new Prepared(text, tokens);
}

/** A space, tab or line break: in no token, and the end of every one. */
function isBreak(code: number): boolean {
  return code === 32 || code === 10 || code === 9 || code === 13;
}

/**
 * Whether a value is an answer `prepareAnswer` read: a front that runs the verifier and the chunk
 * check on one answer prepares it once and hands both the same one.
 */
export function isPreparedAnswer(value: unknown): value is PreparedAnswer {
  return value instanceof Prepared;
}

/** `segments` with the tokens of its text: itself when it already has them. */
export function prepared(segments: Segments): PreparedAnswer {
  if ('tokens' in segments) return segments as PreparedAnswer;
  return new Prepared(segments.text, tokenize(segments.text), segments);
}

/** The index of the first token ending after `position`, by binary search. */
export function firstTokenAfter(tokens: readonly Token[], position: number): number {
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (tokens[mid]!.end <= position) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The tokens `tokenize(text.slice(span.start, span.end))` gives, at text offsets: the answer's own
 * tokens inside the span, shared, and a word the span cuts tokenized as cut (rare: a span ends
 * inside a word only after a possessive stem or a number touching a letter).
 */
export function tokensIn(answer: PreparedAnswer, span: Span): Token[] {
  const { tokens, text } = answer;
  const out: Token[] = [];
  for (let k = firstTokenAfter(tokens, span.start); k < tokens.length; k++) {
    const token = tokens[k]!;
    if (token.start >= span.end) break;
    if (token.start >= span.start && token.end <= span.end) out.push(token);
    else {
      const from = Math.max(token.start, span.start);
      for (const piece of tokenize(text.slice(from, Math.min(token.end, span.end))))
        out.push(shifted(piece, from));
    }
  }
  return out;
}

function shifted(token: Token, by: number): Token {
  const moved: Token = { ...token, start: token.start + by, end: token.end + by };
  if (token.possessive) moved.possessive = { ...token.possessive, end: token.possessive.end + by };
  return moved;
}
