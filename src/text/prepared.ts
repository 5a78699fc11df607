import { type Segments, Structure } from './structure.js';
import type { Span } from '../extract/types.js';
import { tokenize, type Token } from '../normalize/name.js';

/** One answer read once for every matcher: its tokens, and its structure built on first use. */
export interface PreparedAnswer extends Segments {
  readonly tokens: readonly Token[];
}

class Prepared extends Structure implements PreparedAnswer {
  constructor(
    text: string,
    readonly tokens: readonly Token[],
  ) {
    super(text);
  }
}

/** The answer read once; one already prepared is itself, so every stage may take either form. */
export function prepareAnswer(text: string | PreparedAnswer): PreparedAnswer {
  return typeof text === 'string' ? new Prepared(text, tokenize(text)) : text;
}

/** Whether a value is a prepared answer (a front hands the verifier and the chunk check one). */
export function isPreparedAnswer(value: unknown): value is PreparedAnswer {
  return value instanceof Prepared;
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

/** What tokenizing `span`'s slice gives, at text offsets (a word the span cuts, cut). */
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
