import { clipPassage, type ChunkIndex } from './chunk-index.js';
import { CHUNK_DEFAULTS } from '../defaults.js';
import { BARE_FAMILY, type ChunkLibrary } from './library.js';
import { collapseWhitespace } from './sentences.js';
import { isWordToken, verbatimTokens } from './verbatim.js';
import type { Claim, Fact, FactCheck, QuoteCheck, QuoteFinding, SourcePassage } from './types.js';

/**
 * What a claim asks of its cited chunks: is each quotation verbatim in one (or in another chunk),
 * is each figure there (and under the marker written after it), and which sentence window of the
 * chunks the claim draws on. Each question costs time in the claim's size (see `ChunkIndex`).
 */

const ELLIPSIS_OR_INSERTION = /\.{3}|…|\[[^\]\n]{0,80}\]/g;

/**
 * A quotation as pieces of verbatim tokens: an ellipsis or a bracketed insertion (`[T]enants`,
 * `[sic]`) marks an editorial change, so each side is checked on its own; punctuation at a
 * piece's ends (`days,”`) is the writer's, not the source's.
 */
export function quotePieces(raw: string): string[][] {
  const pieces: string[][] = [];
  let cursor = 0;
  let cutBefore = false;
  ELLIPSIS_OR_INSERTION.lastIndex = 0;
  for (let match = ELLIPSIS_OR_INSERTION.exec(raw); ; match = ELLIPSIS_OR_INSERTION.exec(raw)) {
    const end = match ? match.index : raw.length;
    // `[T]enants`: an insertion glued to a word replaced part of it, so that word is not verbatim.
    const cutAfter =
      match !== null && match[0].startsWith('[') && LETTER_OR_DIGIT.test(raw[end - 1] ?? '');
    const tokens = verbatimTokens(raw.slice(cursor, end)).map((token) => token.norm);
    let start = cutBefore ? 1 : 0;
    let stop = tokens.length - (cutAfter ? 1 : 0);
    while (start < stop && !isWordToken(tokens[start]!)) start += 1;
    while (stop > start && !isWordToken(tokens[stop - 1]!)) stop -= 1;
    if (stop > start) pieces.push(tokens.slice(start, stop));
    if (!match) break;
    cursor = end + match[0].length;
    cutBefore = match[0].startsWith('[') && LETTER_OR_DIGIT.test(raw[cursor] ?? '');
  }
  return pieces;
}
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export function checkQuote(
  quote: QuoteFinding,
  cited: readonly ChunkIndex[],
  library: ChunkLibrary,
): QuoteCheck {
  const pieces = quotePieces(quote.raw);
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const foundIn = cited.find((index) => pieces.every((piece) => index.containsVerbatim(piece)));
  if (foundIn)
    return {
      quote,
      foundIn: foundIn.chunk.id,
      longestRun: { tokens: total, of: total, chunkId: foundIn.chunk.id },
    };
  // Verbatim in a chunk the claim does not cite: the quotation is real, the citation is wrong.
  const longest = [...pieces].sort((a, b) => b.length - a.length)[0];
  const owner = longest ? library.ownerOfVerbatim(longest) : undefined;
  if (owner && pieces.every((piece) => owner.containsVerbatim(piece))) {
    return {
      quote,
      foundElsewhere: owner.chunk.id,
      longestRun: { tokens: total, of: total, chunkId: owner.chunk.id },
    };
  }
  let best: QuoteCheck['longestRun'] = { tokens: 0, of: total };
  for (const index of cited) {
    for (const piece of pieces) {
      const run = index.longestVerbatim(piece);
      if (run.length > best.tokens)
        best = { tokens: run.length, of: total, chunkId: index.chunk.id, excerpt: run.excerpt };
    }
  }
  return { quote, longestRun: best };
}

export function checkFact(
  fact: Fact,
  cited: readonly ChunkIndex[],
  source: SourceWindow | undefined,
  sourceIndex: ChunkIndex | undefined,
): FactCheck {
  for (const index of cited) {
    if (index.findFact(fact)) return { fact, foundIn: index.chunk.id };
  }
  // A figure of the same family in the passage the claim draws on is the likely intended one. A
  // bare number is offered only from that passage and only in digits: `one` or `first` anywhere
  // in the chunk is prose, not the figure the claim got wrong.
  const bare = fact.family === BARE_FAMILY;
  if (source && sourceIndex) {
    const near = sourceIndex
      .factsInSentences(relatedFamilies(fact.family), source.sentences[0], source.sentences[1], 4)
      .find((candidate) => !bare || DIGIT.test(candidate.raw));
    if (near) return { fact, nearest: { chunkId: sourceIndex.chunk.id, fact: near } };
  }
  if (bare) return { fact };
  for (const index of cited) {
    for (const family of relatedFamilies(fact.family)) {
      const near = index.firstOfFamily(family);
      if (near) return { fact, nearest: { chunkId: index.chunk.id, fact: near } };
    }
  }
  return { fact };
}

const DIGIT = /\d/;

/**
 * The claim's markers in groups written together (`[1][2]`, `[1], [2]`: at most
 * `GROUP_GAP` characters apart), each with the chunk keys it names. A sentence with two groups
 * (`… 1064 °C [1], … 3422 °C [2]`) says which figure each chunk is for.
 */
export function markerGroups(claim: Claim): Array<{ start: number; ids: string[] }> {
  const groups: Array<{ start: number; end: number; ids: string[] }> = [];
  for (const marker of claim.markers) {
    const last = groups[groups.length - 1];
    if (last && marker.start - last.end <= GROUP_GAP) {
      last.end = marker.end;
      last.ids.push(...marker.ids);
    } else {
      groups.push({ start: marker.start, end: marker.end, ids: [...marker.ids] });
    }
  }
  return groups;
}
const GROUP_GAP = 3;

/**
 * A fact found in the cited chunks, checked against the marker group written after it first: when
 * the claim has several groups and the chunks of the group after the fact lack it while another
 * cited chunk has it, the figure is real but cited to the wrong chunk (`notAfter` names that group).
 */
export function placeFact(
  check: FactCheck,
  groups: ReadonlyArray<{ start: number; ids: string[] }>,
  library: ChunkLibrary,
): FactCheck {
  if (check.foundIn === undefined || groups.length < 2) return check;
  const after = groups.find((group) => group.start >= check.fact.end);
  if (!after) return check;
  const inGroup = after.ids
    .map((id) => library.get(id))
    .filter((index): index is ChunkIndex => index !== undefined);
  if (inGroup.length === 0 || inGroup.some((index) => index.findFact(check.fact))) return check;
  return { ...check, notAfter: inGroup.map((index) => index.chunk.id) };
}

/** Families a correction may offer for a fact: its own first; a year and a date stand in for each other. */
function relatedFamilies(family: string): string[] {
  if (family === 'year') return ['year', 'date'];
  if (family === 'date') return ['date', 'year'];
  return [family];
}

// ---------------------------------------------------------------------------------------------

/**
 * The sentence window of the cited chunks closest to the claim: the sentence sharing the most
 * distinct content words with it (a fact of the claim found there counts double), joined with the
 * better-scoring neighbour when that one scores at least half as much. Ties go to the earlier
 * chunk and sentence.
 * Words spread over more than `maxSentencesPerWord` sentences of a chunk are skipped: they do not
 * locate anything, and skipping them bounds the work by the claim's size.
 */
export function findSourcePassage(
  cited: readonly ChunkIndex[],
  content: readonly string[],
  facts: readonly Fact[],
): SourceWindow | undefined {
  let best:
    | { index: ChunkIndex; sentence: number; score: number; scores: Map<number, number> }
    | undefined;
  for (const index of cited) {
    if (index.sentences.length === 0) continue;
    const scores = new Map<number, number>();
    const wordSentences = index.wordSentences;
    for (const word of content) {
      const list = wordSentences.get(word);
      if (!list || list.length > CHUNK_DEFAULTS.maxSentencesPerWord) continue;
      for (const sentence of list) scores.set(sentence, (scores.get(sentence) ?? 0) + 1);
    }
    for (const fact of facts) {
      const found = index.findFact(fact);
      const sentence = found ? index.sentenceOf(found) : undefined;
      if (sentence !== undefined) scores.set(sentence, (scores.get(sentence) ?? 0) + 2);
    }
    let sentence = 0;
    let score = 0;
    for (const [candidate, value] of scores) {
      if (value > score || (value === score && candidate < sentence)) {
        sentence = candidate;
        score = value;
      }
    }
    if (!best || score > best.score) best = { index, sentence, score, scores };
  }
  if (!best) return undefined;
  const { index, sentence, scores, score } = best;
  const before = scores.get(sentence - 1) ?? 0;
  const after = scores.get(sentence + 1) ?? 0;
  // A neighbour joins only when it carries at least half as much of the claim: one shared word
  // ("settle") does not make the next sentence part of the passage.
  const joins = (value: number): boolean => value > 0 && value * 2 >= score;
  let from = sentence;
  let to = sentence;
  if (joins(after) && after >= before && sentence + 1 < index.sentences.length) to = sentence + 1;
  else if (joins(before)) from = sentence - 1;
  const start = index.sentences[from]!.start;
  const end = index.sentences[to]!.end;
  // Read no more of the chunk than the passage can show: a chunk without sentence marks is one
  // long sentence, and copying it for every claim would make the work grow with claims × chunk.
  const shown = index.chunk.text.slice(
    start,
    Math.min(end, start + CHUNK_DEFAULTS.passageMaxChars * 2),
  );
  return {
    chunkId: index.chunk.id,
    text: clipPassage(collapseWhitespace(shown)),
    start,
    end,
    sentences: [from, to],
  };
}

/** A source passage with the sentence range it spans, for finding a figure near the claim. */
export type SourceWindow = SourcePassage & { sentences: [number, number] };

export function toPassage(window: SourceWindow): SourcePassage {
  return { chunkId: window.chunkId, text: window.text, start: window.start, end: window.end };
}
