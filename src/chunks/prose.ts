import { MASK } from './mask.js';
import type { CitationMarker, Span } from './types.js';

// A claim's prose: its sentence without its own markers, code and links, which state nothing the
// chunks could support. What its figures and words are read from, and what is shown.

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
