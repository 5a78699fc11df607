import { LOOKALIKE } from '../defaults.js';
import { bitCount, countGap, letterCounts, letterSet, moreBitsThan } from './letter-bounds.js';
import { grown, type PieceLists, PieceTable, STRIDE } from './piece-table.js';

/**
 * The two-edit candidate index of the lookalike check (`NearIndex`; one edit is `deletions` in
 * `lookalike-index.ts`). It holds integer hashes of the pieces, never the piece strings: at 100,000
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
 * it is missed only if every piece the edits left whole is such common text (and no other piece
 * of it happens to stand at a shift tried). The shifts a kept piece cannot have (two insertions
 * before it when the lengths are equal) are tried only for a length where a list was skipped as
 * common: elsewhere every word within the limit was already found through its kept piece, and
 * half the probes and a third of the lists read at 100,000 names were those shifts.
 *
 * A group of at most `SCAN_GROUP` words (a small directory's suffixes) is read whole instead,
 * through the same letter bounds: cheaper than the probes, and it visits every word the probes
 * would, since no piece list of so small a group is long enough to be skipped.
 */
export class NearIndex implements NearWords {
  private readonly words: string[] = [];
  private readonly values: string[] = [];
  /** The lookup that last visited each word: a Set of seen words per lookup cost more than the rest of it. */
  private visited = new Uint32Array(1024);
  private lookup = 0;
  private readonly pieces = new PieceTable();
  /** The lookup under way: its stamp, the written word's letter set and counts, the laid-out lists. */
  private stamp = 0;
  private own = 0;
  private ownLow = 0;
  private ownHigh = 0;
  private lists: PieceLists | null = null;
  /** Group → its words' numbers; and per word its letter set and counts (`bounds[3 × at …]`). */
  private readonly groups = new Map<string, number[]>();
  private readonly bounds: number[] = [];

  add(group: string, word: string, value: string): void {
    const limit = editLimit(word.length);
    if (limit === 0) return;
    const at = this.words.push(word) - 1;
    this.values.push(value);
    if (at === this.visited.length) this.visited = grown(this.visited, at * 2);
    const letters = letterSet(word);
    const counts = letterCounts(word);
    const members = this.groups.get(group);
    if (members === undefined) this.groups.set(group, [at]);
    else members.push(at);
    this.bounds.push(letters, counts.low, counts.high);
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
    const members = this.groups.get(group);
    if (members === undefined) return;
    this.own = letterSet(word);
    const counts = letterCounts(word);
    this.ownLow = counts.low;
    this.ownHigh = counts.high;
    if (members.length <= SCAN_GROUP) {
      this.scanGroup(members, word, visit);
      return;
    }
    this.stamp = ++this.lookup;
    this.lists = this.pieces.frozen();
    const groupHash = hashString(group);
    for (let length = Math.max(1, word.length - 2); length <= word.length + 2; length++) {
      const limit = editLimit(length);
      if (limit === 0 || Math.abs(length - word.length) > limit) continue;
      // The shifts a kept piece can have first; the others only where a piece was too common to
      // follow, since only then can they find a word the first ones did not (see `NearIndex`).
      if (this.probe(groupHash, word, length, limit, false, visit))
        this.probe(groupHash, word, length, limit, true, visit);
    }
  }

  /** A small group read whole, through the same letter bounds. */
  private scanGroup(
    members: readonly number[],
    word: string,
    visit: (candidate: string, value: string) => void,
  ): void {
    const own = this.own;
    for (const at of members) {
      const candidate = this.words[at]!;
      const limit = editLimit(candidate.length);
      if (Math.abs(candidate.length - word.length) > limit) continue;
      const other = this.bounds[3 * at]!;
      if (bitCount(own & ~other) > limit || bitCount(other & ~own) > limit) continue;
      if (
        countGap(this.ownLow, this.ownHigh, this.bounds[3 * at + 1]!, this.bounds[3 * at + 2]!) >
        limit
      )
        continue;
      visit(candidate, this.values[at]!);
    }
  }

  /**
   * Every piece of the words of `length` at every shift of at most `limit`: with `outside` false
   * the shifts a piece kept whole can have (it moves by the insertions less the deletions before
   * it, and the rest of the length difference is made after it, so |shift| + |gap − shift| edits
   * at least), with `outside` true the others, which can only find a word through a chance match
   * of its text. True when a list was too common to follow.
   */
  private probe(
    groupHash: number,
    word: string,
    length: number,
    limit: number,
    outside: boolean,
    visit: (candidate: string, value: string) => void,
  ): boolean {
    const gap = word.length - length;
    const spare = (limit - Math.abs(gap)) >> 1;
    const lowest = Math.min(0, gap) - spare;
    const highest = Math.max(0, gap) + spare;
    const count = 2 * limit + 1;
    let common = false;
    for (let piece = 0; piece < count; piece++) {
      const start = Math.floor((piece * length) / count);
      const size = Math.floor(((piece + 1) * length) / count) - start;
      for (let shift = -limit; shift <= limit; shift++) {
        if ((shift >= lowest && shift <= highest) === outside) continue;
        const from = start + shift;
        if (from < 0 || from + size > word.length) continue;
        const id = this.pieces.find(
          this.pieces.key(groupHash, length, piece, word, from, from + size),
        );
        if (id >= 0 && this.visitList(id, limit, visit)) common = true;
      }
    }
    return common;
  }

  /** The words of piece list `id` that pass the letter bounds, each once a lookup; true when the list is too common to follow. */
  private visitList(
    id: number,
    limit: number,
    visit: (candidate: string, value: string) => void,
  ): boolean {
    const { offsets, entries } = this.lists!;
    const first = offsets[id]!;
    const last = offsets[id + 1]!;
    if (last - first > COMMON_PIECE) return true;
    const { own, ownLow, ownHigh, stamp, visited } = this;
    // Common pieces bring up to COMMON_PIECE words each, and that share grows with the directory:
    // each letter one word has and the other lacks needs an edit of its own, so more such letters
    // than the limit rule a word out without the edit distance, and so does the bag distance of
    // the letter counts (`countGap`). Both read the entry in list order; only the words they keep
    // touch the stamps and the strings.
    for (let at = STRIDE * first, end = STRIDE * last; at < end; at += STRIDE) {
      const other = entries[at]!;
      if (moreBitsThan(own & ~other, limit) || moreBitsThan(other & ~own, limit)) continue;
      if (countGap(ownLow, ownHigh, entries[at + 1]!, entries[at + 2]!) > limit) continue;
      const member = entries[at + 3]!;
      if (visited[member] === stamp) continue;
      visited[member] = stamp;
      visit(this.words[member]!, this.values[member]!);
    }
    return false;
  }
}

/** Lists longer than this are not followed (see `NearIndex`). */
export const COMMON_PIECE = 256;

/** Groups of at most this many words are read whole (see `NearIndex`); well below `COMMON_PIECE`. */
const SCAN_GROUP = 64;

/** FNV-1a, kept to 30 bits so V8 stores the keys as small integers. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash ^ (hash >>> 30)) & 0x3fffffff;
}
