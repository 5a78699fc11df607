import { LOOKALIKE } from '../defaults.js';
import { hashWithout } from './deletion-index.js';
import { bitCount, countGap, letterCounts, letterSet } from './letter-bounds.js';
import { grown, PieceTable, STRIDE } from './piece-table.js';

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
    const own = letterSet(word);
    const { low, high } = letterCounts(word);
    if (members.length <= SCAN_GROUP) {
      for (const at of members) {
        const candidate = this.words[at]!;
        const limit = editLimit(candidate.length);
        if (Math.abs(candidate.length - word.length) > limit) continue;
        const other = this.bounds[3 * at]!;
        if (bitCount(own & ~other) > limit || bitCount(other & ~own) > limit) continue;
        if (countGap(low, high, this.bounds[3 * at + 1]!, this.bounds[3 * at + 2]!) > limit)
          continue;
        visit(candidate, this.values[at]!);
      }
      return;
    }
    const stamp = ++this.lookup;
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

/** Groups of at most this many words are read whole (see `NearIndex`); well below `COMMON_PIECE`. */
const SCAN_GROUP = 64;

function hashString(text: string): number {
  return hashWithout(text, -1);
}
