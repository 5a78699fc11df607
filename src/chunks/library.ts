import { ChunkIndex } from './chunk-index.js';
import { markerContext, type MarkerContext } from './markers.js';
import type { NumberStyle } from './number-style.js';
import { SubstringIndex } from './substring-index.js';
import { verbatimTokens } from './verbatim.js';
import type { Chunk, Fact } from './types.js';

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

  /**
   * The first chunk stating a claim fact by its first, most specific key. Bare numbers get no
   * owner: a `2` somewhere says nothing about where a claim's `2` comes from.
   */
  ownerOfFact(fact: Fact): { index: ChunkIndex; fact: Fact } | undefined {
    if (fact.family === BARE_FAMILY) return undefined;
    if (!this.factOwners) {
      const owners = new Map<string, { index: ChunkIndex; fact: Fact }>();
      for (const index of this.indexes)
        for (const fact of index.allFacts())
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
      // One index over every chunk, each followed by a token no text can produce, so no match
      // runs from one chunk into the next.
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
