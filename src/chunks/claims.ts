import { extractFacts } from './facts/index.js';
import { findCitations, type MarkerContext } from './markers.js';
import type { NumberStyle } from './number-style.js';
import { findQuotes, markCode, markLinks, markQuotes, proseText } from './mask.js';
import type { PreparedAnswer } from '../text/prepared.js';
import { collapseWhitespace, trimmedSentences } from './sentences.js';
import { findBlocks } from './blocks.js';
import { chunkWords } from './unicode.js';
import type { CitationMarker, Claim, QuoteFinding, Span } from './types.js';

/** An answer's markers, quotations and claims, with each claim's words as overlap compares them. */
export interface AnswerReading {
  words: ReadonlyMap<Claim, readonly string[]>;
  markers: CitationMarker[];
  quotes: QuoteFinding[];
  claims: Claim[];
}

/** An answer's claims: sentences that cite, or state a fact or a long enough quotation. */
export function readAnswer(
  answer: string | PreparedAnswer,
  context: MarkerContext,
  minQuoteWords: number,
  style: NumberStyle = {},
  /** Keeps an uncited sentence that states neither figure nor quotation (`requireCitations`). */
  statement?: (claim: Claim, words: readonly string[]) => boolean,
): AnswerReading {
  const text = typeof answer === 'string' ? answer : answer.text;
  const masked = maskAnswer(text, context);
  const blocks = findBlocks(text, masked.mask);
  const markerEnds = new Map(masked.markers.map((marker) => [marker.start, marker.end] as const));
  const sentences: BlockSentence[] = blocks.flatMap((block, blockIndex) =>
    trimmedSentences(text, block.start, block.end, { mask: masked.mask, markerEnds }).map(
      (span) => ({ ...span, block: blockIndex }),
    ),
  );
  const { claims, blockOf, sourceLines, words } = gatherClaims(text, sentences, masked, style);
  extendScope(claims, blockOf, sourceLines);
  const kept = claims.filter(
    (claim) =>
      claim.ids.length > 0 ||
      claim.facts.length > 0 ||
      claim.quotes.some((quote) => quote.words >= minQuoteWords) ||
      (statement?.(claim, words.get(claim)!) ?? false),
  );
  return { markers: masked.markers, quotes: masked.quotes, claims: kept, words };
}

interface MaskedAnswer {
  mask: Uint8Array;
  markers: CitationMarker[];
  quotes: QuoteFinding[];
}

type BlockSentence = Span & { block: number };
type SourceLine = { block: number; ids: string[]; markers: CitationMarker[] };
type Gathered = {
  claims: Claim[];
  blockOf: Map<Claim, number>;
  sourceLines: SourceLine[];
  words: Map<Claim, string[]>;
};

/** Mark code, quotations and links; markers are read before quotation interiors are masked. */
function maskAnswer(text: string, context: MarkerContext): MaskedAnswer {
  const mask = new Uint8Array(text.length);
  markCode(text, mask);
  const quotes = findQuotes(text, mask);
  // `"…" [2]` and `"… [2]"` both cite.
  const markers = findCitations(text, mask, context);
  markQuotes(quotes, text, mask);
  markLinks(text, mask);
  return { mask, markers, quotes };
}

/** Each sentence as a claim, a sources line, or markers lent to the claim before it. */
function gatherClaims(
  text: string,
  sentences: readonly BlockSentence[],
  masked: MaskedAnswer,
  style: NumberStyle,
): Gathered {
  const claims: Claim[] = [];
  const words = new Map<Claim, string[]>();
  const blockOf = new Map<Claim, number>();
  const sourceLines: SourceLine[] = [];
  const ownMarkers = inOrder(masked.markers, (marker, span) => marker.end <= span.end);
  const ownQuotes = inOrder(masked.quotes, (quote, span) => quote.start < span.end);
  let previous: { claim: Claim; ids: Set<string> } | undefined;
  const extended = new Set<Claim>();
  for (const sentence of sentences) {
    const own = ownMarkers(sentence);
    const quotes = ownQuotes(sentence);
    const prose = proseText(text, sentence, masked.mask);
    // `Sources: [1], [2]` cites for the text above it; it states nothing itself.
    if (own.length > 0 && LETTER.test(prose) && SOURCES_LINE.test(prose)) {
      sourceLines.push({ block: sentence.block, ids: unionIds(own), markers: own });
      previous = undefined;
    } else if (!LETTER.test(prose)) {
      // A sentence with no letters (`[2]`, or `1[2].` left by a cut list) lends its markers to the
      // claim before it, an id at a time so a run of them stays linear.
      if (!previous || own.length === 0) continue;
      previous.claim.markers.push(...own);
      for (const id of unionIds(own)) {
        if (previous.ids.has(id)) continue;
        previous.ids.add(id);
        previous.claim.ids.push(id);
      }
      previous.claim.end = sentence.end;
      extended.add(previous.claim);
    } else {
      const claim: Claim = {
        start: sentence.start,
        end: sentence.end,
        text: collapseWhitespace(text.slice(sentence.start, sentence.end)),
        prose: collapseWhitespace(prose),
        markers: own,
        ids: unionIds(own),
        quotes,
        facts: extractFacts(prose, 'claim', sentence.start, style),
      };
      claims.push(claim);
      blockOf.set(claim, sentence.block);
      words.set(
        claim,
        chunkWords(prose).map((token) => token.norm),
      );
      previous = { claim, ids: new Set(claim.ids) };
    }
  }
  for (const claim of extended) claim.text = collapseWhitespace(text.slice(claim.start, claim.end));
  return { claims, blockOf, sourceLines, words };
}

/** A cursor over findings sorted by start: each sentence's own, in one pass over all. */
function inOrder<T extends Span>(
  findings: readonly T[],
  fits: (finding: T, sentence: Span) => boolean,
): (sentence: Span) => T[] {
  let cursor = 0;
  return (sentence) => {
    while (cursor < findings.length && findings[cursor]!.start < sentence.start) cursor += 1;
    const own: T[] = [];
    while (cursor < findings.length && fits(findings[cursor]!, sentence)) {
      own.push(findings[cursor]!);
      cursor += 1;
    }
    return own;
  };
}

const LETTER = /\p{L}/u;
// What is left of a sources line once its markers are blanked: a label, punctuation, `and`.
const SOURCES_LINE =
  /^[\s*_>#-]*(?:sources?|references?|citations?|refs?|context|contexts|来源|参考(?:资料|文献)?|出典)?[\s*_:：,，;；.。、&-]*(?:(?:and|和)[\s,，.。:]*)*$/iu;

/** Unmarked sentences cited by position: a paragraph's final markers, or a sources line. */
function extendScope(
  claims: Claim[],
  blockOf: ReadonlyMap<Claim, number>,
  sourceLines: ReadonlyArray<{ block: number; ids: string[] }>,
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
  // Claims and sources lines come in block order.
  const last = claims[claims.length - 1];
  const lastBlock = Math.max(
    last ? blockOf.get(last)! : -1,
    sourceLines[sourceLines.length - 1]?.block ?? -1,
  );
  for (const line of sourceLines) {
    const wholeAnswer = line.block === lastBlock;
    for (const claim of claims) {
      if (claim.ids.length > 0) continue;
      if (!wholeAnswer && blockOf.get(claim) !== line.block) continue;
      claim.ids = [...line.ids];
      claim.citedBy = 'sources_line';
    }
  }
}

function unionIds(markers: readonly CitationMarker[]): string[] {
  return [...new Set(markers.flatMap((marker) => marker.ids))];
}
