import { type PreparedAnswer, tokensIn } from '../text/prepared.js';
import type { Token } from '../normalize/name.js';
import { MASK } from './mask.js';
import type { CitationMarker, Span } from './types.js';
import { splitCjk } from './unicode.js';

// A claim's prose: its sentence without its own markers, code and links, which state nothing the
// chunks could support. As text (what the figures are read from and what is shown) and as words,
// the prepared answer's tokens read by offset: the answer is tokenized once, for the verifier's
// matchers and the chunk check alike.

/** Characters of the mask that a claim's prose does not hold: code and links. */
const BLANKED = MASK.code | MASK.link;

/**
 * The sentence's text with its markers, code and links replaced by spaces, so offsets stay those
 * of the answer: `arr[2]` and `…/2019-rules` state no figure.
 */
export function proseText(
  text: string,
  sentence: Span,
  markers: readonly CitationMarker[],
  mask: Uint8Array,
): string {
  return blankMasked(blankMarkers(text, sentence, markers), mask, sentence.start);
}

/** The whole answer's prose: every marker, code and link replaced by spaces (see `proseText`). */
export function answerProse(
  text: string,
  markers: readonly CitationMarker[],
  mask: Uint8Array,
): string {
  return proseText(text, { start: 0, end: text.length }, markers, mask);
}

/**
 * The words of the sentence's prose (`proseText`), as `chunkWords` would give them: the prepared
 * answer's tokens inside each unblanked stretch (`tokensIn`: a token a stretch cuts is tokenized as
 * cut, just as a blanked character cuts it in the text), each CJK character a word. The same words
 * as tokenizing the prose, because a token never spans a space and a blanked character is one.
 */
export function proseWords(
  answer: PreparedAnswer,
  sentence: Span,
  markers: readonly CitationMarker[],
  mask: Uint8Array,
): Token[] {
  const words: Token[] = [];
  let from = sentence.start;
  const stretchTo = (to: number): void => {
    if (to > from)
      for (const token of tokensIn(answer, { start: from, end: to })) words.push(token);
  };
  let marker = 0;
  for (let index = sentence.start; index < sentence.end; ) {
    const next = markers[marker];
    if (next !== undefined && next.start <= index) {
      stretchTo(index);
      index = Math.max(index, next.end);
      from = index;
      marker += 1;
    } else if ((mask[index]! & BLANKED) !== 0) {
      stretchTo(index);
      index += 1;
      from = index;
    } else {
      index += 1;
    }
  }
  stretchTo(sentence.end);
  return splitCjk(words);
}

/** The text of a span with its markers replaced by spaces, so offsets stay those of the answer. */
function blankMarkers(text: string, span: Span, markers: readonly CitationMarker[]): string {
  if (markers.length === 0) return text.slice(span.start, span.end);
  let out = '';
  let cursor = span.start;
  for (const marker of markers) {
    out += text.slice(cursor, marker.start) + ' '.repeat(marker.end - marker.start);
    cursor = marker.end;
  }
  return out + text.slice(cursor, span.end);
}

/** Code and links inside a sentence replaced by spaces. */
function blankMasked(prose: string, mask: Uint8Array, offset: number): string {
  let out = '';
  let changed = false;
  for (let index = 0; index < prose.length; index += 1) {
    if ((mask[offset + index]! & BLANKED) !== 0) {
      out += ' ';
      changed = true;
    } else {
      out += prose[index]!;
    }
  }
  return changed ? out : prose;
}
