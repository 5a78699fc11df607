import { BARE_FAMILY, type ChunkIndex, type ChunkLibrary, clipPassage } from './chunk-index.js';
import { CHUNK_DEFAULTS } from '../defaults.js';
import { collapseWhitespace } from './sentences.js';
import { isWordToken, verbatimTokens } from './unicode.js';
import type { Claim, Fact, FactCheck, QuoteCheck, QuoteFinding, SourcePassage } from './types.js';

const ELLIPSIS_OR_INSERTION = /\.{3}|…|\[[^\]\n]{0,80}\]/g;

/**
 * A quotation as pieces of verbatim tokens, split at an ellipsis or a bracketed insertion
 * (`[T]enants`); punctuation at a piece's ends (`days,”`) is the writer's, not the source's.
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

/** Whether a quotation is verbatim in a cited chunk, else in another, else its longest run. */
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

/** Whether a fact is in a cited chunk, else the nearest fact of its family to offer. */
export function checkFact(
  fact: Fact,
  cited: readonly ChunkIndex[],
  source: SourceWindow | undefined,
  sourceIndex: ChunkIndex | undefined,
): FactCheck {
  for (const index of cited) if (index.findFact(fact)) return { fact, foundIn: index.chunk.id };
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
      const near = index.factTable.firstByFamily.get(family);
      if (near) return { fact, nearest: { chunkId: index.chunk.id, fact: near } };
    }
  }
  return { fact };
}

const DIGIT = /\d/;

/** The claim's markers in groups written together (`[1][2]`, `[1], [2]`), with their keys. */
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

/** A found fact the marker group written after it lacks: cited to the wrong chunk (`notAfter`). */
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

/**
 * The cited chunks' sentence sharing the most content words with the claim (a fact counts
 * double), with its better neighbour when that one scores half as much; ties to the earlier. A
 * word in more than `maxSentencesPerWord` sentences locates nothing and is skipped.
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
      const sentence = found ? index.factTable.sentenceOf.get(found) : undefined;
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
  const joins = (value: number): boolean => value > 0 && value * 2 >= score;
  let from = sentence;
  let to = sentence;
  if (joins(after) && after >= before && sentence + 1 < index.sentences.length) to = sentence + 1;
  else if (joins(before)) from = sentence - 1;
  const start = index.sentences[from]!.start;
  const end = index.sentences[to]!.end;
  // A chunk without sentence marks is one sentence: copying it whole per claim is claims × chunk.
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

/** A source passage with its sentence range, where a figure near the claim is looked for. */
export type SourceWindow = SourcePassage & { sentences: [number, number] };

export function toPassage(window: SourceWindow): SourcePassage {
  return { chunkId: window.chunkId, text: window.text, start: window.start, end: window.end };
}
