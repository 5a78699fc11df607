import { extractFacts } from './facts.js';
import { findCitations, type MarkerContext } from './markers.js';
import { MASK, collapseWhitespace, findQuotes, markCode, markQuotes, splitSentences } from './text.js';
import type { CitationMarker, Claim, QuoteFinding, Span } from './types.js';

/** What reading an answer yields: its markers, its quotations and its claims. */
export interface AnswerReading {
  markers: CitationMarker[];
  quotes: QuoteFinding[];
  /**
   * Sentences (or list items) that carry a citation marker, or state a fact (number, percentage,
   * money, date, year, section) or a quotation of `minQuoteWords` words or more. Others are prose
   * the checks have nothing to say about, and are left out.
   */
  claims: Claim[];
}

/**
 * Read an answer: mark code, find markers and quotations, split into blocks (paragraphs, list
 * items, headings, table rows) and each block into sentences, and keep the sentences that are
 * claims. A sentence holding only markers (`[2]` on its own) lends them to the sentence before it.
 */
export function readAnswer(text: string, context: MarkerContext, minQuoteWords: number): AnswerReading {
  const mask = new Uint8Array(text.length);
  markCode(text, mask);
  const quotes = findQuotes(text, mask);
  // Markers are read before quotation interiors are masked: `"…" [2]` and `"… [2]"` both cite.
  const markers = findCitations(text, mask, context);
  markQuotes(quotes, text, mask);
  const markerEnds = new Map(markers.map((marker) => [marker.start, marker.end] as const));

  const sentences: Span[] = findBlocks(text, mask).flatMap((block) => splitSentences(text, block.start, block.end, mask, markerEnds));
  const claims: Claim[] = [];
  let markerCursor = 0;
  let quoteCursor = 0;
  let previous: Claim | undefined;
  let previousIds = new Set<string>();
  const extended = new Set<Claim>();
  for (const sentence of sentences) {
    while (markerCursor < markers.length && markers[markerCursor]!.start < sentence.start) markerCursor += 1;
    const own: CitationMarker[] = [];
    while (markerCursor < markers.length && markers[markerCursor]!.end <= sentence.end) {
      own.push(markers[markerCursor]!);
      markerCursor += 1;
    }
    while (quoteCursor < quotes.length && quotes[quoteCursor]!.start < sentence.start) quoteCursor += 1;
    const ownQuotes: QuoteFinding[] = [];
    while (quoteCursor < quotes.length && quotes[quoteCursor]!.start < sentence.end) {
      ownQuotes.push(quotes[quoteCursor]!);
      quoteCursor += 1;
    }
    const prose = blankCode(blankMarkers(text, sentence, own), mask, sentence.start);
    // A sentence with no letters (`[2]`, or `1[2].` left by a cut list) says nothing by itself.
    if (!LETTER.test(prose)) {
      if (previous && own.length > 0) {
        // Incremental, so a run of marker-only lines costs time in its own length. The prose is
        // unchanged (these sentences have none); the text is redone once, after the loop.
        previous.markers.push(...own);
        for (const marker of own) {
          for (const id of marker.ids) {
            if (previousIds.has(id)) continue;
            previousIds.add(id);
            previous.ids.push(id);
          }
        }
        previous.end = sentence.end;
        extended.add(previous);
      }
      continue;
    }
    const claim: Claim = {
      start: sentence.start,
      end: sentence.end,
      text: collapseWhitespace(text.slice(sentence.start, sentence.end)),
      prose: collapseWhitespace(prose),
      markers: own,
      ids: unionIds(own),
      quotes: ownQuotes,
      facts: extractFacts(prose, 'claim', sentence.start),
    };
    claims.push(claim);
    previous = claim;
    previousIds = new Set(claim.ids);
  }
  for (const claim of extended) claim.text = collapseWhitespace(text.slice(claim.start, claim.end));
  const kept = claims.filter((claim) => claim.markers.length > 0 || claim.facts.length > 0 || claim.quotes.some((quote) => quote.words >= minQuoteWords));
  return { markers, quotes, claims: kept };
}

const LETTER = /\p{L}/u;

/** The text of a span with its markers replaced by spaces, so offsets stay those of the answer. */
export function blankMarkers(text: string, span: Span, markers: readonly CitationMarker[]): string {
  if (markers.length === 0) return text.slice(span.start, span.end);
  let out = '';
  let cursor = span.start;
  for (const marker of markers) {
    out += text.slice(cursor, marker.start) + ' '.repeat(marker.end - marker.start);
    cursor = marker.end;
  }
  return out + text.slice(cursor, span.end);
}

/** Code inside a sentence replaced by spaces: `arr[2]` states no figure. */
function blankCode(prose: string, mask: Uint8Array, offset: number): string {
  let out = '';
  let changed = false;
  for (let index = 0; index < prose.length; index += 1) {
    if ((mask[offset + index]! & MASK.code) !== 0) {
      out += ' ';
      changed = true;
    } else {
      out += prose[index]!;
    }
  }
  return changed ? out : prose;
}

function unionIds(markers: readonly CitationMarker[]): string[] {
  return [...new Set(markers.flatMap((marker) => marker.ids))];
}

const HEADING = /^[ \t]{0,3}#{1,6}[ \t]+/;
const TABLE_ROW = /^[ \t]*\|/;
const LIST_ITEM = /^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+/;
const BLANK = /^[ \t\r]*$/;
const INDENT = /^[ \t>]*/;

/**
 * Blocks of a text: paragraphs (lines joined until a blank line), list items (a bullet or `1.`
 * opens one; the bullet is not part of it), headings and table rows (one line each). Code lines
 * (marked in `mask`) separate blocks and belong to none.
 */
export function findBlocks(text: string, mask?: Uint8Array): Span[] {
  const blocks: Span[] = [];
  let open: Span | undefined;
  const close = (): void => {
    if (open && open.end > open.start) blocks.push(open);
    open = undefined;
  };
  let offset = 0;
  while (offset <= text.length) {
    const newline = text.indexOf('\n', offset);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(offset, end);
    const isCode = mask !== undefined && line.trim().length > 0 && isWholeLineCode(mask, offset, end);
    if (isCode || BLANK.test(line)) {
      close();
    } else if (HEADING.test(line) || TABLE_ROW.test(line)) {
      close();
      const prefix = HEADING.exec(line)?.[0].length ?? 0;
      blocks.push({ start: offset + prefix, end });
    } else {
      const item = LIST_ITEM.exec(line);
      if (item) {
        close();
        open = { start: offset + item[0].length, end };
      } else if (open) {
        open.end = end;
      } else {
        open = { start: offset + (INDENT.exec(line)?.[0].length ?? 0), end };
      }
    }
    if (newline === -1) break;
    offset = newline + 1;
  }
  close();
  return blocks;
}

function isWholeLineCode(mask: Uint8Array, start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) if ((mask[index]! & MASK.code) === 0) return false;
  return true;
}
