import { extractFacts } from './facts/index.js';
import { findCitations, type MarkerContext } from './markers.js';
import type { NumberStyle } from './number-style.js';
import { MASK, findQuotes, markCode, markQuotes } from './mask.js';
import { collapseWhitespace, splitSentences } from './sentences.js';
import { CJK_CLASS } from './unicode.js';
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
export function readAnswer(
  text: string,
  context: MarkerContext,
  minQuoteWords: number,
  style: NumberStyle = {},
): AnswerReading {
  const mask = new Uint8Array(text.length);
  markCode(text, mask);
  const quotes = findQuotes(text, mask);
  // Markers are read before quotation interiors are masked: `"…" [2]` and `"… [2]"` both cite.
  const markers = findCitations(text, mask, context);
  markQuotes(quotes, text, mask);
  const markerEnds = new Map(markers.map((marker) => [marker.start, marker.end] as const));

  const blocks = findBlocks(text, mask);
  const sentences: Array<Span & { block: number }> = blocks.flatMap((block, blockIndex) =>
    splitSentences(text, block.start, block.end, mask, markerEnds).map((span) => ({
      ...span,
      block: blockIndex,
    })),
  );
  const claims: Claim[] = [];
  const blockOf = new Map<Claim, number>();
  const sourceLines: Array<{ block: number; ids: string[]; markers: CitationMarker[] }> = [];
  let markerCursor = 0;
  let quoteCursor = 0;
  let previous: Claim | undefined;
  let previousIds = new Set<string>();
  const extended = new Set<Claim>();
  for (const sentence of sentences) {
    while (markerCursor < markers.length && markers[markerCursor]!.start < sentence.start)
      markerCursor += 1;
    const own: CitationMarker[] = [];
    while (markerCursor < markers.length && markers[markerCursor]!.end <= sentence.end) {
      own.push(markers[markerCursor]!);
      markerCursor += 1;
    }
    while (quoteCursor < quotes.length && quotes[quoteCursor]!.start < sentence.start)
      quoteCursor += 1;
    const ownQuotes: QuoteFinding[] = [];
    while (quoteCursor < quotes.length && quotes[quoteCursor]!.start < sentence.end) {
      ownQuotes.push(quotes[quoteCursor]!);
      quoteCursor += 1;
    }
    const prose = blankCode(blankMarkers(text, sentence, own), mask, sentence.start);
    // `Sources: [1], [2]` cites for the text above it; it states nothing itself.
    if (own.length > 0 && LETTER.test(prose) && SOURCES_LINE.test(prose)) {
      sourceLines.push({ block: sentence.block, ids: unionIds(own), markers: own });
      previous = undefined;
      continue;
    }
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
      facts: extractFacts(prose, 'claim', sentence.start, style),
    };
    claims.push(claim);
    blockOf.set(claim, sentence.block);
    previous = claim;
    previousIds = new Set(claim.ids);
  }
  for (const claim of extended) claim.text = collapseWhitespace(text.slice(claim.start, claim.end));
  extendScope(claims, blockOf, sourceLines, blocks.length);
  const kept = claims.filter(
    (claim) =>
      claim.ids.length > 0 ||
      claim.facts.length > 0 ||
      claim.quotes.some((quote) => quote.words >= minQuoteWords),
  );
  return { markers, quotes, claims: kept };
}

const LETTER = /\p{L}/u;
// What is left of a sources line once its markers are blanked: a label, punctuation, `and`.
const SOURCES_LINE =
  /^[\s*_>#-]*(?:sources?|references?|citations?|refs?|context|contexts|来源|参考(?:资料|文献)?|出典)?[\s*_:：,，;；.。、&-]*(?:(?:and|和)[\s,，.。:]*)*$/iu;

/**
 * Give unmarked sentences the citation that covers them by position:
 * - a paragraph whose last sentence carries markers: the unmarked sentences after the paragraph's
 *   previous marked sentence cite those markers too (a marker at the end of a paragraph is
 *   commonly written for the whole of it);
 * - a sources line (`Sources: [1], [2]`): in the answer's last block it covers every sentence
 *   still unmarked; elsewhere, the unmarked sentences of its own paragraph.
 * A sentence's own markers always win. `citedBy` records which rule gave the ids.
 */
function extendScope(
  claims: Claim[],
  blockOf: ReadonlyMap<Claim, number>,
  sourceLines: ReadonlyArray<{ block: number; ids: string[] }>,
  blockCount: number,
): void {
  const byBlock = new Map<number, Claim[]>();
  for (const claim of claims) {
    const block = blockOf.get(claim)!;
    const list = byBlock.get(block);
    if (list) list.push(claim);
    else byBlock.set(block, [claim]);
  }
  for (const list of byBlock.values()) {
    const last = list[list.length - 1]!;
    if (last.markers.length === 0) continue;
    for (let index = list.length - 2; index >= 0 && list[index]!.markers.length === 0; index -= 1) {
      list[index]!.ids = [...last.ids];
      list[index]!.citedBy = 'paragraph';
    }
  }
  for (const line of sourceLines) {
    const wholeAnswer = line.block === lastBlockWithText(byBlock, sourceLines, blockCount);
    for (const claim of claims) {
      if (claim.ids.length > 0) continue;
      if (!wholeAnswer && blockOf.get(claim) !== line.block) continue;
      claim.ids = [...line.ids];
      claim.citedBy = 'sources_line';
    }
  }
}

/** The last block holding a claim or a sources line. */
function lastBlockWithText(
  byBlock: ReadonlyMap<number, Claim[]>,
  sourceLines: ReadonlyArray<{ block: number }>,
  blockCount: number,
): number {
  let last = -1;
  for (const block of byBlock.keys()) last = Math.max(last, block);
  for (const line of sourceLines) last = Math.max(last, line.block);
  return Math.min(last, blockCount - 1);
}

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
// `1. Plan`, `- item`; CJK lists put no space after the number (`1.咨询师…`, `2、《海鸥食堂》`).
const LIST_ITEM = new RegExp(
  `^[ \\t]*(?:(?:[-*+•]|\\d{1,3}[.)])[ \\t]+|(?:[-•]|\\d{1,3}[.)、．])(?=[${CJK_CLASS}《“「（]))`,
  'u',
);
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
    const isCode =
      mask !== undefined && line.trim().length > 0 && isWholeLineCode(mask, offset, end);
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
  for (let index = start; index < end; index += 1)
    if ((mask[index]! & MASK.code) === 0) return false;
  return true;
}
