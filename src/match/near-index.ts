import { LOOKALIKE } from '../defaults.js';
import { hashWithout } from './deletion-index.js';

/**
 * The two-edit candidate index of the lookalike check (`NearIndex`; one edit is `HashMultimap` in
 * `deletion-index.ts`). It holds integer hashes of the pieces, never the piece strings: at 100,000
 * names building and hashing those strings was most of the lookalike index's build time.
 */

/** Edits that still make a lookalike for a name of this length (see `LookalikeIndex`). */
export function editLimit(length: number): number {
  return length >= LOOKALIKE.minLengthForTwoEdits ? 2 : length >= LOOKALIKE.minLengthForOneEdit ? 1 : 0;
}

/** Words grouped by suffix, to be found again from a word within their edit limit. */
export interface NearWords {
  add(group: string, word: string, value: string): void;
  /** Calls `visit` at most once for each word of `group`, and surely for each within its edit limit of `word`. */
  candidates(group: string, word: string, visit: (candidate: string, value: string) => void): void;
}

/**
 * Words grouped by suffix, found again from a word within their edit limit (`editLimit`) without
 * comparing against every one. Pigeonhole: a word is cut into 2 × limit + 1 pieces; one edit
 * (a swap of neighbours included) touches at most two pieces, so a word within `limit` edits
 * keeps one piece whole, shifted by at most `limit`. The index holds each piece under a key of its
 * group, word length, piece number and text; a lookup tries every piece at every shift, a few
 * dozen probes, and the caller confirms candidates with the true distance.
 *
 * A piece shared by more than `COMMON_PIECE` words (`tenant-` in a directory of tenant unions) is
 * not followed: it would make every lookup a scan. Then a word is found through its other pieces;
 * it is missed only if every piece the edits left whole is such common text.
 */
export class NearIndex implements NearWords {
  private readonly words: string[] = [];
  private readonly values: string[] = [];
  /** The lookup that last visited each word: a Set of seen words per lookup cost more than the rest of it. */
  private visited = new Uint32Array(1024);
  private lookup = 0;
  private readonly pieces = new PieceTable();
  /** Letter counts of the word looked up, by `letterBin`, and a copy to count a candidate against. */
  private readonly counts = new Int32Array(32);
  private readonly scratch = new Int32Array(32);

  add(group: string, word: string, value: string): void {
    const limit = editLimit(word.length);
    if (limit === 0) return;
    const at = this.words.push(word) - 1;
    this.values.push(value);
    if (at === this.visited.length) this.visited = grown(this.visited, at * 2);
    const letters = letterSet(word);
    const groupHash = hashString(group);
    const count = 2 * limit + 1;
    for (let piece = 0; piece < count; piece++) {
      const start = Math.floor((piece * word.length) / count);
      const end = Math.floor(((piece + 1) * word.length) / count);
      this.pieces.add(this.pieces.key(groupHash, word.length, piece, word, start, end), at, letters);
    }
  }

  /** Calls `visit` once for each word of `group` that may lie within its edit limit of `word`. */
  candidates(group: string, word: string, visit: (candidate: string, value: string) => void): void {
    const stamp = ++this.lookup;
    const own = letterSet(word);
    const counts = this.counts;
    counts.fill(0);
    for (let i = 0; i < word.length; i++) {
      const bin = letterBin(word.charCodeAt(i));
      counts[bin] = counts[bin]! + 1;
    }
    const groupHash = hashString(group);
    const table = this.pieces.frozen();
    for (let length = Math.max(1, word.length - 2); length <= word.length + 2; length++) {
      const limit = editLimit(length);
      if (limit === 0 || Math.abs(length - word.length) > limit) continue;
      const count = 2 * limit + 1;
      for (let piece = 0; piece < count; piece++) {
        const start = Math.floor((piece * length) / count);
        const size = Math.floor(((piece + 1) * length) / count) - start;
        for (let shift = -limit; shift <= limit; shift++) {
          const from = start + shift;
          if (from < 0 || from + size > word.length) continue;
          const id = this.pieces.find(this.pieces.key(groupHash, length, piece, word, from, from + size));
          if (id < 0) continue;
          const first = table.offsets[id]!;
          const last = table.offsets[id + 1]!;
          if (last - first > COMMON_PIECE) continue;
          for (let member = 2 * first; member < 2 * last; member += 2) {
            // Common pieces bring up to COMMON_PIECE words each, and that share grows with the
            // directory: each letter one word has and the other lacks needs an edit of its own, so
            // more such letters than the limit rule a word out without the edit distance. The
            // letter set sits beside the word in the list, so this test reads memory in order, and
            // only the few words it keeps touch the per-word stamps.
            const other = table.members[member + 1]!;
            if (bitCount(own & ~other) > limit || bitCount(other & ~own) > limit) continue;
            const at = table.members[member]!;
            if (this.visited[at] === stamp) continue;
            this.visited[at] = stamp;
            const candidate = this.words[at]!;
            if (letterCountGap(counts, this.scratch, candidate) > limit) continue;
            visit(candidate, this.values[at]!);
          }
        }
      }
    }
  }
}

/** Lists longer than this are not followed (see `NearIndex`). */
export const COMMON_PIECE = 256;

/**
 * Piece keys → the words holding that piece. A key is two independent 32-bit hashes of (group,
 * word length, piece number, piece text), so two pieces share a list only if both halves collide
 * (about one pair in 10¹⁰ at a million pieces), where a lone 30-bit hash merged hundreds of pairs
 * and could push a merged list over `COMMON_PIECE`. Words are appended as (piece, word) pairs and
 * laid out list by list, in the order added, on the first lookup after an addition.
 */
class PieceTable {
  /** Open addressing on the first half: slot → piece id + 1 (0: empty). */
  private slots = new Int32Array(1024);
  private firstHalves = new Int32Array(256);
  private secondHalves = new Int32Array(256);
  private pieceCount = 0;
  private entryPieces = new Int32Array(1024);
  /** Per entry: the word's number and its letter set, side by side. */
  private entryWords = new Int32Array(2048);
  private entryCount = 0;
  private layout: { offsets: Int32Array; members: Int32Array } | null = null;
  /** The second half of the last `key`, so `key` returns a number without allocating. */
  private second = 0;

  key(groupHash: number, length: number, piece: number, text: string, from: number, to: number): number {
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
    const mask = this.slots.length - 1;
    for (let slot = first & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot]! - 1;
      if (id < 0) return -1;
      if (this.firstHalves[id] === first && this.secondHalves[id] === this.second) return id;
    }
  }

  /** Adds `word` (its number and letter set) to the list of the key just computed by `key`. */
  add(first: number, word: number, letters: number): void {
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
      if (this.pieceCount * 2 > this.slots.length) this.rehash(this.slots.length * 2);
      else this.place(id);
    }
    if (this.entryCount === this.entryPieces.length) {
      this.entryPieces = grown(this.entryPieces, this.entryCount * 2);
      this.entryWords = grown(this.entryWords, this.entryCount * 4);
    }
    this.entryPieces[this.entryCount] = id;
    this.entryWords[2 * this.entryCount] = word;
    this.entryWords[2 * this.entryCount + 1] = letters;
    this.entryCount++;
  }

  /**
   * The lists laid out one after another: piece id's entries are `offsets[id]…offsets[id + 1]`,
   * entry `k` being the word `members[2k]` with the letter set `members[2k + 1]`.
   */
  frozen(): { offsets: Int32Array; members: Int32Array } {
    if (this.layout !== null) return this.layout;
    const offsets = new Int32Array(this.pieceCount + 1);
    for (let entry = 0; entry < this.entryCount; entry++) {
      const id = this.entryPieces[entry]! + 1;
      offsets[id] = offsets[id]! + 1;
    }
    for (let id = 0; id < this.pieceCount; id++) offsets[id + 1] = offsets[id + 1]! + offsets[id]!;
    const next = offsets.slice(0, this.pieceCount);
    const members = new Int32Array(2 * this.entryCount);
    for (let entry = 0; entry < this.entryCount; entry++) {
      const id = this.entryPieces[entry]!;
      const at = 2 * next[id]!;
      members[at] = this.entryWords[2 * entry]!;
      members[at + 1] = this.entryWords[2 * entry + 1]!;
      next[id] = next[id]! + 1;
    }
    this.layout = { offsets, members };
    // The laid-out lists hold everything the entries did: keep one copy, not two.
    this.entryPieces = new Int32Array(0);
    this.entryWords = new Int32Array(0);
    return this.layout;
  }

  /** Back to entries, list by list (each list keeps its order), to add after a lookup. */
  private thaw(): void {
    const { offsets, members } = this.layout!;
    this.entryPieces = new Int32Array(Math.max(1024, this.entryCount * 2));
    this.entryWords = new Int32Array(Math.max(2048, this.entryCount * 4));
    for (let id = 0; id < this.pieceCount; id++) {
      for (let entry = offsets[id]!; entry < offsets[id + 1]!; entry++) this.entryPieces[entry] = id;
    }
    this.entryWords.set(members);
    this.layout = null;
  }

  private place(id: number): void {
    const mask = this.slots.length - 1;
    let slot = this.firstHalves[id]! & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = id + 1;
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    for (let id = 0; id < this.pieceCount; id++) this.place(id);
  }
}

function grown<T extends Int32Array | Uint32Array>(array: T, size: number): T {
  const bigger = new (array.constructor as new (size: number) => T)(size);
  bigger.set(array);
  return bigger;
}

/** `a`–`z` one bin each, any other character folded onto the six left. */
function letterBin(code: number): number {
  return code >= 97 && code <= 122 ? code - 97 : 26 + (code % 6);
}

/**
 * A lower bound on the edit distance from the word whose `letterBin` counts are `counts` to
 * `candidate`: the letters one has beyond the other, counted with repeats, whichever side has more
 * (the bag distance). An insertion or deletion changes one side's surplus by one, a substitution
 * each side's by one, a swap of neighbours neither, and folding characters into shared bins only
 * cancels surplus. Most candidates that pass the letter sets are ruled out here, for a fraction of
 * the cost of the edit distance.
 */
function letterCountGap(counts: Int32Array, scratch: Int32Array, candidate: string): number {
  scratch.set(counts);
  for (let i = 0; i < candidate.length; i++) {
    const bin = letterBin(candidate.charCodeAt(i));
    scratch[bin] = scratch[bin]! - 1;
  }
  let surplus = 0;
  let lack = 0;
  for (let bin = 0; bin < 32; bin++) {
    const gap = scratch[bin]!;
    if (gap > 0) surplus += gap;
    else lack -= gap;
  }
  return surplus > lack ? surplus : lack;
}

/**
 * The characters of a word as bits (`a`–`z` one each, any other folded onto the six left). A
 * character of one word absent from the other costs at least one edit (a swap of neighbours moves
 * no character in or out), and folding only merges bits, so counting the bits one set has and
 * the other lacks never exceeds the edit distance.
 */
function letterSet(word: string): number {
  let bits = 0;
  for (let i = 0; i < word.length; i++) bits |= 1 << letterBin(word.charCodeAt(i));
  return bits;
}

/** Set bits of a 32-bit integer, without a loop (it runs once or twice per candidate). */
function bitCount(bits: number): number {
  let rest = bits - ((bits >>> 1) & 0x55555555);
  rest = (rest & 0x33333333) + ((rest >>> 2) & 0x33333333);
  return Math.imul((rest + (rest >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

function hashString(text: string): number {
  return hashWithout(text, -1);
}