import { LOOKALIKE } from '../defaults.js';

/**
 * The two-edit candidate index of the lookalike check (`NearIndex`; one edit is `deletions` in
 * `lookalike-index.ts`).
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
 * A group of at most `SCAN_GROUP` words (a small directory's suffixes) is read whole instead:
 * cheaper than the probes, and it visits every word the probes would, since no piece list of so
 * small a group is long enough to be skipped.
 */
export class NearIndex implements NearWords {
  /** Group → its words, each with its value. */
  private readonly groups = new Map<string, Array<[string, string]>>();
  /** `group|length|piece|text` → the words (as `[word, value]`) holding that piece there. */
  private readonly pieces = new Map<string, Array<[string, string]>>();

  add(group: string, word: string, value: string): void {
    const limit = editLimit(word.length);
    if (limit === 0) return;
    const entry: [string, string] = [word, value];
    const members = this.groups.get(group);
    if (members === undefined) this.groups.set(group, [entry]);
    else members.push(entry);
    const count = 2 * limit + 1;
    for (let piece = 0; piece < count; piece++) {
      const start = Math.floor((piece * word.length) / count);
      const end = Math.floor(((piece + 1) * word.length) / count);
      const key = `${group}|${word.length}|${piece}|${word.slice(start, end)}`;
      const list = this.pieces.get(key);
      if (list === undefined) this.pieces.set(key, [entry]);
      else list.push(entry);
    }
  }

  /** Calls `visit` once for each word of `group` that may lie within its edit limit of `word`. */
  candidates(group: string, word: string, visit: (candidate: string, value: string) => void): void {
    const members = this.groups.get(group);
    if (members === undefined) return;
    const seen = new Set<string>();
    const once = ([candidate, value]: [string, string]): void => {
      if (seen.has(candidate)) return;
      seen.add(candidate);
      visit(candidate, value);
    };
    if (members.length <= SCAN_GROUP) {
      for (const entry of members)
        if (Math.abs(entry[0].length - word.length) <= editLimit(entry[0].length)) once(entry);
      return;
    }
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
          const list = this.pieces.get(
            `${group}|${length}|${piece}|${word.slice(from, from + size)}`,
          );
          if (list !== undefined && list.length <= COMMON_PIECE) list.forEach(once);
        }
      }
    }
  }
}

/** Lists longer than this are not followed (see `NearIndex`). */
export const COMMON_PIECE = 256;

/** Groups of at most this many words are read whole (see `NearIndex`); well below `COMMON_PIECE`. */
const SCAN_GROUP = 64;
