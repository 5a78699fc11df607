import { extractLinks } from '../extract/links.js';
import { CHUNK_DEFAULTS } from '../defaults.js';
import { TERMINATORS } from '../text/sentences.js';
import type { QuoteFinding, Span } from './types.js';
import { countWords } from './unicode.js';

/** Bits of an opacity mask over the text: characters a later stage must not read as prose. */
export const MASK = { code: 1, quote: 2, marker: 4, link: 8 } as const;

/** Mark fenced blocks and inline `code` spans: `arr[3]` is an index, not a citation. */
export function markCode(text: string, mask: Uint8Array): void {
  let offset = 0;
  let fence: { char: string; length: number } | undefined;
  for (const line of text.split('\n')) {
    const end = offset + line.length;
    const opener = FENCE.exec(line);
    if (fence) {
      mask.fill(MASK.code, offset, Math.min(end + 1, text.length));
      if (
        opener &&
        opener[1]![0] === fence.char &&
        opener[1]!.length >= fence.length &&
        line.trim() === opener[1]
      )
        fence = undefined;
    } else if (opener) {
      fence = { char: opener[1]![0]!, length: opener[1]!.length };
      mask.fill(MASK.code, offset, Math.min(end + 1, text.length));
    }
    offset = end + 1;
  }
  // A run of N backticks closes at the next run of exactly N, found in one backward pass.
  const runs: Array<{ start: number; length: number }> = [];
  for (let index = 0; index < text.length; index += 1) {
    if (text.charCodeAt(index) !== BACKTICK || (mask[index]! & MASK.code) !== 0) continue;
    let end = index;
    while (end < text.length && text.charCodeAt(end) === BACKTICK) end += 1;
    runs.push({ start: index, length: end - index });
    index = end - 1;
  }
  const closers: Array<number | undefined> = [];
  const nextOfLength = new Map<number, number>();
  for (let position = runs.length - 1; position >= 0; position -= 1) {
    closers[position] = nextOfLength.get(runs[position]!.length);
    nextOfLength.set(runs[position]!.length, position);
  }
  let position = 0;
  while (position < runs.length) {
    const closer = closers[position];
    if (closer === undefined) {
      position += 1;
      continue;
    }
    const close = runs[closer]!;
    mask.fill(MASK.code, runs[position]!.start, close.start + close.length);
    position = closer + 1;
  }
}

/** Mark links as the verifier finds them: a link states no figure and no word of the claim. */
export function markLinks(text: string, mask: Uint8Array): void {
  for (const link of extractLinks(text))
    for (let index = link.start; index < link.end; index += 1)
      if ((mask[index]! & MASK.code) === 0) mask[index]! |= MASK.link;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const BACKTICK = 96;

const OPENERS: Record<string, string> = {
  '"': '"',
  '“': '”',
  '«': '»',
  '„': '“',
  '‘': '’',
  '「': '」',
  '『': '』',
};

/**
 * Quotations, not across a blank line nor past `CHUNK_DEFAULTS.maxQuoteChars`. Straight single
 * quotes never open one, `‘` only at a word's start: they are apostrophes far more often.
 */
export function findQuotes(text: string, mask: Uint8Array): QuoteFinding[] {
  const quotes: QuoteFinding[] = [];
  let open: { char: string; closer: string; at: number } | undefined;
  for (let index = 0; index < text.length; index += 1) {
    if ((mask[index]! & MASK.code) !== 0) {
      open = undefined;
      continue;
    }
    const char = text[index]!;
    if (open) {
      if (char === '\n' && BLANK_LINE_AFTER.test(text.slice(index + 1, index + 1 + 80))) {
        open = undefined;
        continue;
      }
      if (index - open.at <= CHUNK_DEFAULTS.maxQuoteChars) {
        if (char === open.closer && (open.char !== '‘' || !isLetter(text[index + 1]))) {
          const raw = text.slice(open.at + 1, index);
          const words = countWords(raw);
          if (words > 0) quotes.push({ kind: 'quote', raw, words, start: open.at + 1, end: index });
          open = undefined;
        }
        continue;
      }
      open = undefined;
    }
    const closer = OPENERS[char];
    if (closer === undefined) continue;
    if (char === '‘' && isLetter(text[index - 1])) continue;
    // A straight quote opens only before a word (not `5" screen`).
    if (char === '"' && !/\S/.test(text[index + 1] ?? '')) continue;
    open = { char, closer, at: index };
  }
  return quotes;
}

const BLANK_LINE_AFTER = /^[ \t]*(?:\n|$)/;

/** Mark each quotation but a final sentence mark, so no sentence ends inside it. */
export function markQuotes(quotes: readonly QuoteFinding[], text: string, mask: Uint8Array): void {
  for (const quote of quotes) {
    let end = quote.end;
    while (end > quote.start && TERMINATORS.has(text[end - 1]!)) end -= 1;
    for (let index = quote.start - 1; index < end; index += 1) mask[index]! |= MASK.quote;
  }
}

const LETTER = /\p{L}/u;
function isLetter(char: string | undefined): boolean {
  return char !== undefined && LETTER.test(char);
}

const BLANKED = MASK.marker | MASK.code | MASK.link;

/** A claim's prose: markers, code and links blanked (`arr[2]` states no figure), offsets kept. */
export function proseText(text: string, sentence: Span, mask: Uint8Array): string {
  let out = '';
  for (let index = sentence.start; index < sentence.end; index += 1)
    out += (mask[index]! & BLANKED) !== 0 ? ' ' : text[index]!;
  return out;
}
