/**
 * The piece lists of the two-edit candidate index (`NearIndex` in `near-index.ts`), over typed
 * arrays: integer hashes of the pieces, never the piece strings.
 */

/**
 * Numbers per entry of a piece list, side by side: the word's letter set, its letter counts (low
 * and high half), its number. A lookup tests the letter set of every entry of a list and the
 * counts of about one in ten, so both lie in the line it reads anyway; the word's number is read
 * only for an entry that passes both.
 */
export const STRIDE = 4;

/** The piece lists laid out one after another (see `PieceTable.frozen`). */
export interface PieceLists {
  /** Piece id's entries are `offsets[id]…offsets[id + 1]`. */
  readonly offsets: Int32Array;
  /** Entry `k` is `entries[STRIDE × k …]`: letter set, counts low, counts high, word. */
  readonly entries: Int32Array;
}

/**
 * Piece keys → the words holding that piece. A key is two independent 32-bit hashes of (group,
 * word length, piece number, piece text), so two pieces share a list only if both halves collide
 * (about one pair in 10¹⁰ at a million pieces), where a lone 30-bit hash merged hundreds of pairs
 * and could push a merged list over `COMMON_PIECE`. Words are appended as (piece, word) pairs and
 * laid out list by list, in the order added, on the first lookup after an addition.
 */
export class PieceTable {
  /**
   * Open addressing on the first half, two numbers a slot: the first half and the piece id + 1
   * (0: empty). Most lookups miss, and a miss is then decided from the slot alone.
   */
  private slots = new Int32Array(2 * 1024);
  private firstHalves = new Int32Array(256);
  private secondHalves = new Int32Array(256);
  private pieceCount = 0;
  private entryPieces = new Int32Array(1024);
  /** Per entry, side by side (`STRIDE`): as in `PieceLists.entries`. */
  private entryWords = new Int32Array(1024 * STRIDE);
  private entryCount = 0;
  private layout: PieceLists | null = null;
  /** The second half of the last `key`, so `key` returns a number without allocating. */
  private second = 0;

  key(
    groupHash: number,
    length: number,
    piece: number,
    text: string,
    from: number,
    to: number,
  ): number {
    let first = Math.imul(groupHash ^ length, 0x01000193);
    first = Math.imul(first ^ piece, 0x01000193);
    let second = Math.imul(groupHash ^ (length << 8) ^ piece ^ 0x5bd1e995, 0x5bd1e995);
    for (let i = from; i < to; i++) {
      const code = text.charCodeAt(i);
      first = Math.imul(first ^ code, 0x01000193);
      second = Math.imul(second ^ code, 0x5bd1e995);
      second ^= second >>> 15;
    }
    this.second = second;
    return first ^ (first >>> 16);
  }

  /** The piece id of the key just computed by `key`, or -1. */
  find(first: number): number {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let slot = first & mask; ; slot = (slot + 1) & mask) {
      const id = slots[2 * slot + 1]! - 1;
      if (id < 0) return -1;
      if (slots[2 * slot] === first && this.secondHalves[id] === this.second) return id;
    }
  }

  /** Adds `word` (its number, letter set and counts) to the list of the key just computed by `key`. */
  add(first: number, word: number, letters: number, countsLow: number, countsHigh: number): void {
    if (this.layout !== null) this.thaw();
    let id = this.find(first);
    if (id < 0) {
      id = this.pieceCount++;
      if (id === this.firstHalves.length) {
        this.firstHalves = grown(this.firstHalves, id * 2);
        this.secondHalves = grown(this.secondHalves, id * 2);
      }
      this.firstHalves[id] = first;
      this.secondHalves[id] = this.second;
      if (this.pieceCount > this.slots.length >> 2) this.rehash(this.slots.length);
      else this.place(id);
    }
    if (this.entryCount === this.entryPieces.length) {
      this.entryPieces = grown(this.entryPieces, this.entryCount * 2);
      this.entryWords = grown(this.entryWords, this.entryCount * 2 * STRIDE);
    }
    this.entryPieces[this.entryCount] = id;
    const at = STRIDE * this.entryCount;
    this.entryWords[at] = letters;
    this.entryWords[at + 1] = countsLow;
    this.entryWords[at + 2] = countsHigh;
    this.entryWords[at + 3] = word;
    this.entryCount++;
  }

  /** The lists laid out one after another, each in the order its entries were added. */
  frozen(): PieceLists {
    if (this.layout !== null) return this.layout;
    const offsets = new Int32Array(this.pieceCount + 1);
    for (let entry = 0; entry < this.entryCount; entry++) {
      const id = this.entryPieces[entry]! + 1;
      offsets[id] = offsets[id]! + 1;
    }
    for (let id = 0; id < this.pieceCount; id++) offsets[id + 1] = offsets[id + 1]! + offsets[id]!;
    const next = offsets.slice(0, this.pieceCount);
    const entries = new Int32Array(STRIDE * this.entryCount);
    const from = this.entryWords;
    for (let entry = 0; entry < this.entryCount; entry++) {
      const id = this.entryPieces[entry]!;
      const to = STRIDE * next[id]!;
      const at = STRIDE * entry;
      entries[to] = from[at]!;
      entries[to + 1] = from[at + 1]!;
      entries[to + 2] = from[at + 2]!;
      entries[to + 3] = from[at + 3]!;
      next[id] = next[id]! + 1;
    }
    this.layout = { offsets, entries };
    // The laid-out lists hold everything the entries did: keep one copy, not two.
    this.entryPieces = new Int32Array(0);
    this.entryWords = new Int32Array(0);
    return this.layout;
  }

  /** Back to entries, list by list (each list keeps its order), to add after a lookup. */
  private thaw(): void {
    const { offsets, entries } = this.layout!;
    this.entryPieces = new Int32Array(Math.max(1024, this.entryCount * 2));
    this.entryWords = new Int32Array(Math.max(1024, this.entryCount * 2) * STRIDE);
    for (let id = 0; id < this.pieceCount; id++) {
      for (let entry = offsets[id]!; entry < offsets[id + 1]!; entry++)
        this.entryPieces[entry] = id;
    }
    this.entryWords.set(entries);
    this.layout = null;
  }

  private place(id: number): void {
    const mask = (this.slots.length >> 1) - 1;
    const first = this.firstHalves[id]!;
    let slot = first & mask;
    while (this.slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
    this.slots[2 * slot] = first;
    this.slots[2 * slot + 1] = id + 1;
  }

  /** Twice the slots (`size`: the array's length now, two numbers a slot). */
  private rehash(size: number): void {
    this.slots = new Int32Array(2 * size);
    for (let id = 0; id < this.pieceCount; id++) this.place(id);
  }
}

export function grown<T extends Int32Array | Uint32Array>(array: T, size: number): T {
  const bigger = new (array.constructor as new (size: number) => T)(size);
  bigger.set(array);
  return bigger;
}
