import { MASK } from './mask.js';
import type { Span } from './types.js';

// A claim's prose: its sentence without its own markers, code and links, which state nothing the
// chunks could support. What its figures and words are read from, and what is shown.

/**
 * Characters of the mask that a claim's prose does not hold: markers, code and links. Every
 * marker inside a sentence is its own: markers stay on one line, and no sentence ends inside one.
 */
const BLANKED = MASK.marker | MASK.code | MASK.link;

/**
 * The sentence's text with its markers, code and links replaced by spaces, so offsets stay those
 * of the answer: `arr[2]` and `…/2019-rules` state no figure.
 */
export function proseText(text: string, sentence: Span, mask: Uint8Array): string {
  let out = '';
  for (let index = sentence.start; index < sentence.end; index += 1)
    out += (mask[index]! & BLANKED) !== 0 ? ' ' : text[index]!;
  return out;
}
