import { LOOKALIKE } from '../defaults.js';
import { hashWithout } from './deletion-index.js';

/**
 * The two-edit candidate index of the lookalike check (`NearIndex`; one edit is `HashMultimap` in
 * `deletion-index.ts`). It holds integer hashes of the pieces, never the piece strings: at 100,000
 * names building and hashing those strings was most of the lookalike index's build time.
 */

/** Edits that still make a lookalike for a name of this length (see `LookalikeIndex`). */
export function editLimit(length: number): number {
  return length >= LOOKALIKE.minLengthForTwoEdits
    ? 2
    : length >= LOOKALIKE.minLengthForOneEdit
      ? 1
      : 0;
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

  add(group: string, word: string, value: string): void {
    const limit = editLimit(word.length);
    if (limit === 0) return;
    const at = this.words.push(word) - 1;
    this.values.push(value);
    if (at === this.visited.length) this.visited = grown(this.visited, at * 2);
    const letters = letterSet(word);
    const counts = letterCounts(word);
    const groupHash = hashString(group);
    const count = 2 * limit + 1;
    for (let piece = 0; piece < count; piece++) {
      const start = Math.floor((piece * word.length) / count);
      const end = Math.floor(((piece + 1) * word.length) / count);
      this.pieces.add(
        this.pieces.key(groupHash, word.length, piece, word, start, end),
        at,
        letters,
        counts.low,
        counts.high,
      );
    }
  }

  /** Calls `visit` once for each word of `group` that may lie within its edit limit of `word`. */
  candidates(group: string, word: string, visit: (candidate: string, value: string) => void): void {
    const stamp = ++this.lookup;
    const own = letterSet(word);
    const { low, high } = letterCounts(word);
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
          const id = this.pieces.find(
            this.pieces.key(groupHash, length, piece, word, from, from + size),
          );
          if (id < 0) continue;
          const first = table.offsets[id]!;
          const last = table.offsets[id + 1]!;
          if (last - first > COMMON_PIECE) continue;
          for (let entry = first; entry < last; entry++) {
            // Common pieces bring up to COMMON_PIECE words each, and that share grows with the
            // directory: each letter one word has and the other lacks needs an edit of its own, so
            // more such letters than the limit rule a word out without the edit distance. The
            // letter sets are laid out in list order, so this test reads memory in order, and only
            // the words it keeps touch the stamps and the counts (`countGap`).
            const other = table.letters[entry]!;
            if (bitCount(own & ~other) > limit || bitCount(other & ~own) > limit) continue;
            const member = STRIDE * entry;
            const at = table.members[member]!;
            if (this.visited[at] === stamp) continue;
            this.visited[at] = stamp;
            if (countGap(low, high, table.members[member + 2]!, table.members[member + 3]!) > limit)
              continue;
            visit(this.words[at]!, this.values[at]!);
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
  /** Per entry, side by side (`STRIDE`): the word's number, its letter set, its letter counts (two halves). */
  private entryWords = new Int32Array(1024 * STRIDE);
  private entryCount = 0;
  private layout: { offsets: Int32Array; members: Int32Array; letters: Int32Array } | null = null;
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
    const mask = this.slots.length - 1;
    for (let slot = first & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot]! - 1;
      if (id < 0) return -1;
      if (this.firstHalves[id] === first && this.secondHalves[id] === this.second) return id;
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
      if (this.pieceCount * 2 > this.slots.length) this.rehash(this.slots.length * 2);
      else this.place(id);
    }
    if (this.entryCount === this.entryPieces.length) {
      this.entryPieces = grown(this.entryPieces, this.entryCount * 2);
      this.entryWords = grown(this.entryWords, this.entryCount * 2 * STRIDE);
    }
    this.entryPieces[this.entryCount] = id;
    const at = STRIDE * this.entryCount;
    this.entryWords[at] = word;
    this.entryWords[at + 1] = letters;
    this.entryWords[at + 2] = countsLow;
    this.entryWords[at + 3] = countsHigh;
    this.entryCount++;
  }

  /**
   * The lists laid out one after another: piece id's entries are `offsets[id]…offsets[id + 1]`,
   * entry `k` being `members[STRIDE × k …]`: the word, its letter set, its letter counts. The
   * letter sets again alone in `letters`, the one field every entry is tested on, read in order.
   */
  frozen(): { offsets: Int32Array; members: Int32Array; letters: Int32Array } {
    if (this.layout !== null) return this.layout;
    const offsets = new Int32Array(this.pieceCount + 1);
    for (let entry = 0; entry < this.entryCount; entry++) {
      const id = this.entryPieces[entry]! + 1;
      offsets[id] = offsets[id]! + 1;
    }
    for (let id = 0; id < this.pieceCount; id++) offsets[id + 1] = offsets[id + 1]! + offsets[id]!;
    const next = offsets.slice(0, this.pieceCount);
    const members = new Int32Array(STRIDE * this.entryCount);
    for (let entry = 0; entry < this.entryCount; entry++) {
      const id = this.entryPieces[entry]!;
      members.set(
        this.entryWords.subarray(STRIDE * entry, STRIDE * entry + STRIDE),
        STRIDE * next[id]!,
      );
      next[id] = next[id]! + 1;
    }
    const letters = new Int32Array(this.entryCount);
    for (let entry = 0; entry < this.entryCount; entry++)
      letters[entry] = members[STRIDE * entry + 1]!;
    this.layout = { offsets, members, letters };
    // The laid-out lists hold everything the entries did: keep one copy, not two.
    this.entryPieces = new Int32Array(0);
    this.entryWords = new Int32Array(0);
    return this.layout;
  }

  /** Back to entries, list by list (each list keeps its order), to add after a lookup. */
  private thaw(): void {
    const { offsets, members } = this.layout!;
    this.entryPieces = new Int32Array(Math.max(1024, this.entryCount * 2));
    this.entryWords = new Int32Array(Math.max(1024, this.entryCount * 2) * STRIDE);
    for (let id = 0; id < this.pieceCount; id++) {
      for (let entry = offsets[id]!; entry < offsets[id + 1]!; entry++)
        this.entryPieces[entry] = id;
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

/** Numbers per entry of a piece list: word, letter set, letter counts (low and high half). */
const STRIDE = 4;

/**
 * Letters in 16 groups, the frequent ones alone: `e a o i n r t s l c u d`, then `h m`, `b g p`,
 * `f k v w y`, and every other character.
 */
const COUNT_GROUP = new Uint8Array(128).fill(15);
'eaoinrtslcud'.split('').forEach((letter, group) => (COUNT_GROUP[letter.charCodeAt(0)] = group));
for (const [letters, group] of [
  ['hm', 12],
  ['bgp', 13],
  ['fkvwy', 14],
] as const)
  for (const letter of letters) COUNT_GROUP[letter.charCodeAt(0)] = group;

/** A word's letter counts by `COUNT_GROUP`, each capped at 15, as 16 four-bit fields in two halves. */
function letterCounts(word: string): { low: number; high: number } {
  const counts = new Uint8Array(16);
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    const group = code < 128 ? COUNT_GROUP[code]! : 15;
    if (counts[group]! < 15) counts[group] = counts[group]! + 1;
  }
  let low = 0;
  let high = 0;
  for (let group = 0; group < 8; group++) {
    low |= counts[group]! << (4 * group);
    high |= counts[group + 8]! << (4 * group);
  }
  return { low, high };
}

/**
 * Over two words' 16 four-bit counts (`letterCounts`), the larger of what one has beyond the other:
 * a lower bound on the edit distance (the bag distance). An insertion or deletion changes one
 * side's surplus by one, a substitution each side's by one, a swap of neighbours neither; and
 * grouping letters or capping counts only cancels or shrinks surplus. Most candidates that pass the
 * letter sets are ruled out here without reading the candidate word at all (its string lies
 * elsewhere in memory, and fetching it was most of the cost of a lookup).
 */
function countGap(ownLow: number, ownHigh: number, otherLow: number, otherHigh: number): number {
  let surplus = 0;
  let lack = 0;
  for (let shift = 0; shift < 32; shift += 4) {
    const low = ((ownLow >>> shift) & 15) - ((otherLow >>> shift) & 15);
    const high = ((ownHigh >>> shift) & 15) - ((otherHigh >>> shift) & 15);
    if (low > 0) surplus += low;
    else lack -= low;
    if (high > 0) surplus += high;
    else lack -= high;
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
