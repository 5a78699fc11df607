import { clipPassage, type ChunkIndex } from './chunk-index.js';
import { CHUNK_LIMITS } from './defaults.js';
import { BARE_FAMILY, type ChunkLibrary } from './library.js';
import { chunkWords, collapseWhitespace, countWords, hasCjk, verbatimTokens } from './text.js';
import {
  isFailingClassification,
  type Claim,
  type FailurePolicy,
  type ClaimClassification,
  type ClaimVerdict,
  type Fact,
  type FactCheck,
  type QuoteCheck,
  type QuoteFinding,
  type SourcePassage,
} from './types.js';

export interface JudgeOptions extends FailurePolicy {
  minQuoteWords: number;
  weakSupportThreshold: number;
}

/**
 * Classify one claim against the chunks it cites (see `ClaimClassification` for the rules). The
 * first applicable row wins, most severe first: an unknown id, then a quotation not found
 * verbatim, then a fact found in no cited chunk; a claim passing all three is an exact match when
 * its words are verbatim in a cited chunk (at least `minQuoteWords` of them), else uncertain.
 * A claim citing nothing is `uncited_claim` (it was kept because it states a fact or a quotation).
 */
export function judgeClaim(claim: Claim, library: ChunkLibrary, options: JudgeOptions): ClaimVerdict {
  const words = chunkWords(claim.prose).map((token) => token.norm);
  const content = [...new Set(words.filter(isContentWord))];
  const quotes = claim.quotes.filter((quote) => quote.words >= options.minQuoteWords);
  if (claim.ids.length === 0) return judgeUncited(claim, quotes, content, library, options);

  const cited: ChunkIndex[] = [];
  const missingIds: string[] = [];
  const citedIds: string[] = [];
  for (const id of claim.ids) {
    const index = library.get(id);
    if (index) cited.push(index);
    else missingIds.push(id);
    citedIds.push(index ? index.chunk.id : id);
  }
  const window = findSourcePassage(cited, content, claim.facts);
  const source = window ? toPassage(window) : undefined;
  const sourceIndex = window ? cited.find((index) => index.chunk.id === window.chunkId) : cited[0];
  const quoteChecks = quotes.map((quote) => checkQuote(quote, cited, library));
  const groups = markerGroups(claim);
  const factChecks = claim.facts.map((fact) => placeFact(checkFact(fact, cited, window, sourceIndex), groups, library));
  const overlapIndex = sourceIndex ?? cited[0];
  const wordOverlap = overlapIndex
    ? overlapOf(content.filter((word) => overlapIndex.hasWord(word)).length, content.length, overlapIndex.chunk.id)
    : overlapOf(0, content.length);
  const exactIn = words.length >= options.minQuoteWords ? cited.find((index) => index.containsWords(words)) : undefined;

  let classification: ClaimClassification;
  if (missingIds.length > 0) classification = 'citation_not_found';
  else if (quoteChecks.some((check) => check.foundIn === undefined && check.foundElsewhere === undefined)) classification = 'fabricated_quote';
  else if (factChecks.some((check) => check.foundIn === undefined)) classification = 'unsupported_claim';
  else if (quoteChecks.some((check) => check.foundIn === undefined) || factChecks.some((check) => check.notAfter !== undefined)) classification = 'wrong_citation';
  else if (exactIn) classification = 'exact_match';
  // Overlap is counted in words, which CJK text does not mark: not measured there, never flagged.
  // A sentence about the passages themselves ("the given context does not mention…") shares few
  // words with them by nature; it makes no claim about the world for overlap to measure.
  else if (!hasCjk(claim.prose) && !ABOUT_THE_SOURCES.test(claim.prose) && isWeak(wordOverlap, options.weakSupportThreshold)) classification = 'weak_support';
  else classification = 'verification_uncertain';

  const explained = explain({ cited, missingIds, quoteChecks, factChecks, wordOverlap, exactIn, wordCount: words.length, library, weak: classification === 'weak_support' });
  const scope = claim.citedBy === 'paragraph' ? ' (cited by the marker ending its paragraph)' : claim.citedBy === 'sources_line' ? ' (cited by the sources line)' : '';
  const explanation = `${explained.explanation}${scope}`;
  const { correction } = explained;
  return {
    claim,
    classification,
    citedIds,
    missingIds,
    quotes: quoteChecks,
    facts: factChecks,
    wordOverlap,
    ...(source ? { source } : {}),
    explanation,
    correction,
    failing: isFailingClassification(classification, options),
  };
}

const ABOUT_THE_SOURCES =
  /\b(?:(?:given|provided|retrieved|these|this|the|in|of)\s+(?:contexts?|passages?|sources?|documents?|chunks?|excerpts?|references?)\b|no (?:information|mention|details?|data)\b|not (?:mentioned|provided|stated|specified|given)\b|does not (?:mention|say|state|specify|provide)\b)/i;

function overlapOf(found: number, of: number, chunkId?: string): ClaimVerdict['wordOverlap'] {
  return { found, of, ratio: of === 0 ? null : Math.round((found / of) * 10_000) / 10_000, ...(chunkId === undefined ? {} : { chunkId }) };
}

/** Few of the claim's content words in the cited chunk closest to it (and enough words to count). */
function isWeak(overlap: ClaimVerdict['wordOverlap'], threshold: number): boolean {
  return overlap.chunkId !== undefined && overlap.of >= CHUNK_LIMITS.weakSupportMinWords && overlap.found < threshold * overlap.of;
}

function judgeUncited(claim: Claim, quotes: QuoteFinding[], content: string[], library: ChunkLibrary, options: JudgeOptions): ClaimVerdict {
  const stated = [...claim.facts.map((fact) => fact.raw), ...quotes.map((quote) => `“${shorten(quote.raw, 60)}”`)];
  const suggestions: string[] = [];
  let source: SourcePassage | undefined;
  const locate = (index: ChunkIndex): void => {
    if (source) return;
    const window = findSourcePassage([index], content, claim.facts);
    if (window) source = toPassage(window);
  };
  for (const fact of claim.facts) {
    const owner = library.ownerOfFact(fact);
    if (!owner) continue;
    suggestions.push(`chunk ${owner.index.chunk.id} states ${owner.fact.raw}: cite [${owner.index.chunk.id}]`);
    locate(owner.index);
  }
  for (const quote of quotes) {
    // The longest piece is the one worth locating; the others follow it in the same passage.
    const piece = quotePieces(quote.raw).sort((a, b) => b.length - a.length)[0];
    const owner = piece ? library.ownerOfVerbatim(piece) : undefined;
    if (!owner) continue;
    suggestions.push(`chunk ${owner.chunk.id} has the quotation: cite [${owner.chunk.id}]`);
    locate(owner);
  }
  const unique = [...new Set(suggestions)];
  return {
    claim,
    classification: 'uncited_claim',
    citedIds: [],
    missingIds: [],
    quotes: quotes.map((quote) => ({ quote, longestRun: { tokens: 0, of: verbatimTokens(quote.raw).length } })),
    facts: claim.facts.map((fact) => ({ fact })),
    wordOverlap: overlapOf(0, content.length),
    ...(source ? { source } : {}),
    explanation: `States ${joinList(stated)} but cites no chunk`,
    correction: unique.length > 0 ? capitalize(unique.join('; ')) : `Add a citation to the chunk that states ${joinList(stated)}, or remove it`,
    failing: isFailingClassification('uncited_claim', options),
  };
}

// ---------------------------------------------------------------------------------------------

const ELLIPSIS_OR_INSERTION = /\.{3}|…|\[[^\]\n]{0,80}\]/g;

/**
 * A quotation as pieces of verbatim tokens: an ellipsis or a bracketed insertion (`[T]enants`,
 * `[sic]`) marks an editorial change, so each side is checked on its own; punctuation at a
 * piece's ends (`days,”`) is the writer's, not the source's.
 */
function quotePieces(raw: string): string[][] {
  const pieces: string[][] = [];
  let cursor = 0;
  let cutBefore = false;
  ELLIPSIS_OR_INSERTION.lastIndex = 0;
  for (let match = ELLIPSIS_OR_INSERTION.exec(raw); ; match = ELLIPSIS_OR_INSERTION.exec(raw)) {
    const end = match ? match.index : raw.length;
    // `[T]enants`: an insertion glued to a word replaced part of it, so that word is not verbatim.
    const cutAfter = match !== null && match[0].startsWith('[') && LETTER_OR_DIGIT.test(raw[end - 1] ?? '');
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
const WORD_TOKEN = /^[\p{L}\p{N}]/u;
function isWordToken(token: string): boolean {
  return WORD_TOKEN.test(token);
}

function checkQuote(quote: QuoteFinding, cited: readonly ChunkIndex[], library: ChunkLibrary): QuoteCheck {
  const pieces = quotePieces(quote.raw);
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const foundIn = cited.find((index) => pieces.every((piece) => index.containsVerbatim(piece)));
  if (foundIn) return { quote, foundIn: foundIn.chunk.id, longestRun: { tokens: total, of: total, chunkId: foundIn.chunk.id } };
  // Verbatim in a chunk the claim does not cite: the quotation is real, the citation is wrong.
  const longest = [...pieces].sort((a, b) => b.length - a.length)[0];
  const owner = longest ? library.ownerOfVerbatim(longest) : undefined;
  if (owner && pieces.every((piece) => owner.containsVerbatim(piece))) {
    return { quote, foundElsewhere: owner.chunk.id, longestRun: { tokens: total, of: total, chunkId: owner.chunk.id } };
  }
  let best: QuoteCheck['longestRun'] = { tokens: 0, of: total };
  for (const index of cited) {
    for (const piece of pieces) {
      const run = index.longestVerbatim(piece);
      if (run.length > best.tokens) best = { tokens: run.length, of: total, chunkId: index.chunk.id, excerpt: run.excerpt };
    }
  }
  return { quote, longestRun: best };
}

function checkFact(fact: Fact, cited: readonly ChunkIndex[], source: SourceWindow | undefined, sourceIndex: ChunkIndex | undefined): FactCheck {
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
function markerGroups(claim: Claim): Array<{ start: number; ids: string[] }> {
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
function placeFact(check: FactCheck, groups: ReadonlyArray<{ start: number; ids: string[] }>, library: ChunkLibrary): FactCheck {
  if (check.foundIn === undefined || groups.length < 2) return check;
  const after = groups.find((group) => group.start >= check.fact.end);
  if (!after) return check;
  const inGroup = after.ids.map((id) => library.get(id)).filter((index): index is ChunkIndex => index !== undefined);
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
export function findSourcePassage(cited: readonly ChunkIndex[], content: readonly string[], facts: readonly Fact[]): SourceWindow | undefined {
  let best: { index: ChunkIndex; sentence: number; score: number; scores: Map<number, number> } | undefined;
  for (const index of cited) {
    if (index.sentences.length === 0) continue;
    const scores = new Map<number, number>();
    const wordSentences = index.wordSentences;
    for (const word of content) {
      const list = wordSentences.get(word);
      if (!list || list.length > CHUNK_LIMITS.maxSentencesPerWord) continue;
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
  const shown = index.chunk.text.slice(start, Math.min(end, start + CHUNK_LIMITS.passageMaxChars * 2));
  return { chunkId: index.chunk.id, text: clipPassage(collapseWhitespace(shown)), start, end, sentences: [from, to] };
}

/** A source passage with the sentence range it spans, for finding a figure near the claim. */
export type SourceWindow = SourcePassage & { sentences: [number, number] };

function toPassage(window: SourceWindow): SourcePassage {
  return { chunkId: window.chunkId, text: window.text, start: window.start, end: window.end };
}

// ---------------------------------------------------------------------------------------------

interface ExplainInput {
  cited: readonly ChunkIndex[];
  missingIds: readonly string[];
  quoteChecks: readonly QuoteCheck[];
  factChecks: readonly FactCheck[];
  wordOverlap: ClaimVerdict['wordOverlap'];
  exactIn: ChunkIndex | undefined;
  wordCount: number;
  library: ChunkLibrary;
  weak: boolean;
}

/** The explanation names every problem found, worst first; the correction says what to change for each. */
function explain(input: ExplainInput): { explanation: string; correction: string } {
  const { cited, missingIds, quoteChecks, factChecks, wordOverlap, library } = input;
  const whys: string[] = [];
  const fixes: string[] = [];
  const citedNames = chunkNames(cited.map((index) => index.chunk.id));

  if (missingIds.length > 0) {
    const written = missingIds.map((id) => `[${id}]`).join(', ');
    whys.push(`cites ${written}, which ${missingIds.length === 1 ? 'is' : 'are'} not among the ${library.chunks.length} chunk${library.chunks.length === 1 ? '' : 's'} (${describeIds(library.chunks.map((chunk) => chunk.id))})`);
    fixes.push(`cite one of the chunks given, or remove ${written}`);
  }
  for (const check of quoteChecks) {
    if (check.foundIn !== undefined || cited.length === 0) continue;
    if (check.foundElsewhere !== undefined) {
      whys.push(`the quotation “${shorten(check.quote.raw, 80)}” is not in ${citedNames} but is verbatim in chunk ${check.foundElsewhere}`);
      fixes.push(`cite [${check.foundElsewhere}] for the quotation`);
      continue;
    }
    const run = check.longestRun;
    const words = run.excerpt === undefined ? 0 : countWords(run.excerpt);
    whys.push(`the quotation “${shorten(check.quote.raw, 80)}” is not verbatim in ${citedNames}${run.tokens > 0 && run.chunkId !== undefined ? ` (longest verbatim stretch: ${run.tokens} of ${run.of} tokens, in chunk ${run.chunkId})` : ''}`);
    fixes.push(
      run.excerpt && words > 0
        ? `quote chunk ${run.chunkId} as it reads (“${shorten(collapseWhitespace(run.excerpt), 120)}”) or drop the quotation marks`
        : `drop the quotation marks or quote a passage of ${citedNames} exactly`,
    );
  }
  for (const check of factChecks) {
    if (check.notAfter === undefined || check.foundIn === undefined) continue;
    whys.push(`${check.fact.raw} is not in ${chunkNames(check.notAfter)}, cited right after it, but is in chunk ${check.foundIn}`);
    fixes.push(`cite [${check.foundIn}] after ${check.fact.raw}`);
  }
  const missingFacts = factChecks.filter((check) => check.foundIn === undefined);
  if (missingFacts.length > 0 && cited.length > 0) {
    whys.push(`${joinList(missingFacts.map((check) => check.fact.raw))} ${missingFacts.length === 1 ? 'is' : 'are'} in none of ${citedNames}`);
    for (const check of missingFacts) {
      if (check.nearest) {
        fixes.push(`the cited passage gives ${check.nearest.fact.raw}, not ${check.fact.raw}`);
        continue;
      }
      const owner = library.ownerOfFact(check.fact);
      fixes.push(owner ? `chunk ${owner.index.chunk.id} states ${owner.fact.raw}: cite [${owner.index.chunk.id}] for it` : `remove ${check.fact.raw} or cite a chunk that states it`);
    }
  }
  if (whys.length > 0) return { explanation: capitalize(whys.join('; ')), correction: capitalize(fixes.join('; ')) };

  if (input.exactIn) {
    return { explanation: `The claim's ${input.wordCount} words are verbatim in chunk ${input.exactIn.chunk.id}`, correction: 'No change needed' };
  }
  const checked = [...factChecks.map((check) => check.fact.raw), ...quoteChecks.map((check) => `“${shorten(check.quote.raw, 40)}”`)];
  const stated = checked.length > 0 ? `${citedNames} state${cited.length === 1 ? 's' : ''} every figure and quotation checked (${joinList(checked)})` : 'no figure or quotation to check';
  const overlap = wordOverlap.chunkId === undefined ? '' : `; ${wordOverlap.found} of ${wordOverlap.of} content words appear in chunk ${wordOverlap.chunkId}`;
  const weak = input.weak;
  return {
    explanation: `${capitalize(stated)}${overlap}; whether it supports the claim needs a judge`,
    correction: weak
      ? `Few of the claim's words appear in chunk ${wordOverlap.chunkId}: check that the citation points at the right chunk`
      : 'No change required by the deterministic checks; have a judge confirm the support',
  };
}

// ---------------------------------------------------------------------------------------------

const STOPWORDS = new Set(
  (
    'a an the and or but if then else of to in on at by for with from into onto as is are was were be been being it its this that these those ' +
    'there their they them he she his her him we our you your i me my not no nor so than too very can could may might must shall should will would ' +
    'do does did done has have had having also such which who whom whose what when where why how all any both each few more most other some only ' +
    'own same just about over under again further once here out up down off above below between through during before after while because until ' +
    'per via one'
  ).split(' '),
);

function isContentWord(word: string): boolean {
  return word.length > 1 && !STOPWORDS.has(word);
}

function chunkNames(ids: readonly string[]): string {
  if (ids.length === 0) return 'the cited chunks';
  return ids.length === 1 ? `chunk ${ids[0]!}` : `chunks ${ids.join(', ')}`;
}

/** `1–5` for a run of numbers from 1, else the first ids and a count. */
export function describeIds(ids: readonly string[]): string {
  if (ids.length === 0) return 'none given';
  if (ids.every((id, position) => id === String(position + 1))) return ids.length === 1 ? 'id 1' : `ids 1–${ids.length}`;
  const shown = ids.slice(0, 8).join(', ');
  return ids.length > 8 ? `ids ${shown}, … ${ids.length - 8} more` : `ids ${shown}`;
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

function shorten(text: string, max: number): string {
  const flat = collapseWhitespace(text);
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

function capitalize(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}
