import type { Token } from '../normalize/name.js';
import { findBlocks } from './blocks.js';
import { CHUNK_DEFAULTS } from '../defaults.js';
import { extractFacts } from './facts/index.js';
import { markerContext, type MarkerContext } from './markers.js';
import type { NumberStyle } from './number-style.js';
import { SubstringIndex } from './substring-index.js';
import { trimmedSentences } from './sentences.js';
import { chunkWords, isWordToken, verbatimTokens, type VerbatimToken } from './unicode.js';
import type { Chunk, Fact, Span } from './types.js';

/** All the checks ask of one chunk, each part built on first use; linear in the chunk. */
export class ChunkIndex {
  readonly chunk: Chunk;
  private wordsCache?: Token[];
  private wordIndexCache?: SubstringIndex;
  private verbatimCache?: { tokens: VerbatimToken[]; index: SubstringIndex };
  private sentencesCache?: Span[];
  private wordSentencesCache?: Map<string, number[]>;
  private factsCache?: {
    facts: Fact[];
    sentenceOf: Map<Fact, number>;
    byKey: Map<string, Fact>;
    firstByFamily: Map<string, Fact>;
  };

  private readonly style: NumberStyle;

  constructor(chunk: Chunk, style: NumberStyle = {}) {
    this.chunk = chunk;
    this.style = style;
  }

  get words(): Token[] {
    this.wordsCache ??= chunkWords(this.chunk.text);
    return this.wordsCache;
  }

  /** Whether the words (`chunkWords`) occur, in order and adjacent, in the chunk. */
  containsWords(words: readonly string[]): boolean {
    this.wordIndexCache ??= new SubstringIndex(this.words.map((token) => token.norm));
    return this.wordIndexCache.contains(words);
  }

  private get verbatim(): { tokens: VerbatimToken[]; index: SubstringIndex } {
    if (!this.verbatimCache) {
      const tokens = verbatimTokens(this.chunk.text);
      this.verbatimCache = { tokens, index: new SubstringIndex(tokens.map((token) => token.norm)) };
    }
    return this.verbatimCache;
  }

  containsVerbatim(tokens: readonly string[]): boolean {
    return this.verbatim.index.contains(tokens);
  }

  /** The longest stretch of `tokens` in the chunk, and what the chunk reads there instead. */
  longestVerbatim(tokens: readonly string[]): {
    length: number;
    queryEnd: number;
    excerpt: string;
  } {
    const { tokens: own, index } = this.verbatim;
    const run = index.longestRun(tokens);
    if (run.length === 0) return { length: 0, queryEnd: 0, excerpt: '' };
    // Align the chunk's text with the whole query, then drop punctuation at the edges.
    let from = Math.max(0, run.indexStart - (run.queryEnd - run.length));
    let to = Math.min(own.length - 1, from + tokens.length - 1);
    while (from < to && !isWordToken(own[from]!.norm)) from += 1;
    while (to > from && !isWordToken(own[to]!.norm)) to -= 1;
    return {
      length: run.length,
      queryEnd: run.queryEnd,
      excerpt: this.chunk.text.slice(own[from]!.start, own[to]!.end),
    };
  }

  /** The chunk's sentences, split as in answers. */
  get sentences(): Span[] {
    this.sentencesCache ??= findBlocks(this.chunk.text).flatMap((block) =>
      trimmedSentences(this.chunk.text, block.start, block.end),
    );
    return this.sentencesCache;
  }

  /** Folded word → the sentences it occurs in, ascending, each once. */
  get wordSentences(): Map<string, number[]> {
    if (!this.wordSentencesCache) {
      const map = new Map<string, number[]>();
      const sentences = this.sentences;
      let sentence = 0;
      for (const token of this.words) {
        while (sentence < sentences.length && sentences[sentence]!.end <= token.start)
          sentence += 1;
        const at = Math.min(sentence, Math.max(0, sentences.length - 1));
        const list = map.get(token.norm);
        if (!list) map.set(token.norm, [at]);
        else if (list[list.length - 1] !== at) list.push(at);
      }
      this.wordSentencesCache = map;
    }
    return this.wordSentencesCache;
  }

  /** The chunk's facts in text order, by sentence, by key, and each family's first. */
  get factTable(): NonNullable<ChunkIndex['factsCache']> {
    if (!this.factsCache) {
      const facts = extractFacts(this.chunk.text, 'chunk', 0, this.style);
      const sentences = this.sentences;
      const sentenceOf = new Map<Fact, number>();
      const byKey = new Map<string, Fact>();
      const firstByFamily = new Map<string, Fact>();
      let sentence = 0;
      for (const fact of facts) {
        while (sentence < sentences.length && sentences[sentence]!.end <= fact.start) sentence += 1;
        sentenceOf.set(fact, Math.min(sentence, Math.max(0, sentences.length - 1)));
        for (const key of fact.keys) if (!byKey.has(key)) byKey.set(key, fact);
        if (!firstByFamily.has(fact.family)) firstByFamily.set(fact.family, fact);
      }
      this.factsCache = { facts, sentenceOf, byKey, firstByFamily };
    }
    return this.factsCache;
  }

  findFact(claimFact: Fact): Fact | undefined {
    const { byKey } = this.factTable;
    for (const key of claimFact.keys) {
      const found = byKey.get(key);
      if (found) return found;
    }
    return undefined;
  }

  /** Facts of the chunk standing in sentences `[from, to]`, of the given families, in order. */
  factsInSentences(families: readonly string[], from: number, to: number, limit: number): Fact[] {
    const { facts, sentenceOf } = this.factTable;
    const found: Fact[] = [];
    let low = 0;
    let high = facts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sentenceOf.get(facts[middle]!)! < from) low = middle + 1;
      else high = middle;
    }
    // Bounded: a window is a sentence or two, but a chunk without sentence marks is one sentence.
    const stop = Math.min(facts.length, low + CHUNK_DEFAULTS.maxFactsScanned);
    for (let index = low; index < stop && found.length < limit; index += 1) {
      const fact = facts[index]!;
      if (sentenceOf.get(fact)! > to) break;
      if (families.includes(fact.family)) found.push(fact);
    }
    return found;
  }
}

/** Longest stretch of the passage a report shows, cut at a word where it can be. */
export function clipPassage(text: string): string {
  const limit = CHUNK_DEFAULTS.passageMaxChars;
  if (text.length <= limit) return text;
  const cut = text.lastIndexOf(' ', limit);
  return `${text.slice(0, cut > limit / 2 ? cut : limit)}…`;
}

/** The chunks of one check, by key, and across all chunks (built on first ask) for an owner. */
export class ChunkLibrary {
  readonly chunks: readonly Chunk[];
  readonly context: MarkerContext;
  private readonly byKey = new Map<string, ChunkIndex>();
  private readonly indexes: ChunkIndex[];
  private factOwners?: Map<string, { index: ChunkIndex; fact: Fact }>;
  private verbatimAll?: { index: SubstringIndex; owners: ChunkIndex[] };
  readonly style: NumberStyle;

  constructor(chunks: readonly Chunk[], style: NumberStyle = {}) {
    this.chunks = chunks;
    this.style = style;
    this.context = markerContext(chunks);
    this.indexes = chunks.map((chunk) => new ChunkIndex(chunk, style));
    for (const index of this.indexes) this.byKey.set(index.chunk.key, index);
  }

  get(key: string): ChunkIndex | undefined {
    return this.byKey.get(key);
  }

  /** The first chunk with a fact's most specific key; a bare number has no owner. */
  ownerOfFact(fact: Fact): { index: ChunkIndex; fact: Fact } | undefined {
    if (fact.family === BARE_FAMILY) return undefined;
    if (!this.factOwners) {
      const owners = new Map<string, { index: ChunkIndex; fact: Fact }>();
      for (const index of this.indexes)
        for (const fact of index.factTable.facts)
          for (const key of fact.keys) if (!owners.has(key)) owners.set(key, { index, fact });
      this.factOwners = owners;
    }
    const key = fact.keys[0];
    return key === undefined ? undefined : this.factOwners.get(key);
  }

  /** The first chunk holding these verbatim tokens, across all chunks. */
  ownerOfVerbatim(tokens: readonly string[]): ChunkIndex | undefined {
    if (tokens.length === 0) return undefined;
    if (!this.verbatimAll) {
      // Each chunk is followed by a token no text makes, so no match runs into the next.
      const all: string[] = [];
      const owners: ChunkIndex[] = [];
      this.indexes.forEach((index, position) => {
        for (const token of verbatimTokens(index.chunk.text)) all.push(token.norm);
        all.push(`\u0000${position}`);
        while (owners.length < all.length) owners.push(index);
      });
      this.verbatimAll = { index: new SubstringIndex(all), owners };
    }
    const run = this.verbatimAll.index.longestRun(tokens);
    return run.length < tokens.length ? undefined : this.verbatimAll.owners[run.indexStart];
  }
}

/** The family of a number written without unit, percent or currency. */
export const BARE_FAMILY = 'number:';
