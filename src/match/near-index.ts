import { LOOKALIKE } from '../defaults.js';

/** Edits that still make a lookalike for a name of this length (see `LookalikeIndex`). */
export function editLimit(length: number): number {
  return length >= LOOKALIKE.minLengthForTwoEdits
    ? 2
    : length >= LOOKALIKE.minLengthForOneEdit
      ? 1
      : 0;
}

/** Words grouped by suffix, found again from a word within their edit limit. */
export interface NearWords {
  add(group: string, word: string, value: string): void;
  /** Calls `visit` at most once for each word of `group`, and surely for each within its edit limit of `word`. */
  candidates(group: string, word: string, visit: (candidate: string, value: string) => void): void;
}

/**
 * `NearWords` by pigeonhole: a word cut into 2 × limit + 1 pieces keeps one whole within `limit`
 * edits (each touches at most two), shifted by at most `limit`; a lookup probes each piece at each
 * shift. A piece of more than `COMMON_PIECE` words (`tenant-`) is not followed, lest every lookup
 * scan; a group of at most `SCAN_GROUP` words is read whole, which visits the same words.
 */
export class NearIndex implements NearWords {
  private readonly groups = new Map<string, Entry[]>();
  /** `pieceKey` → words: a number, as string keys were most of the time of 10,000 hosts. */
  private readonly pieces = new Map<number, Entry[]>();
  /** Lookups so far: a word visited in this one carries its number (`Entry.seen`). */
  private lookups = 0;

  add(group: string, word: string, value: string): void {
    const limit = editLimit(word.length);
    if (limit === 0) return;
    const entry: Entry = { word, value, letters: letterSet(word), seen: 0 };
    const members = this.groups.get(group);
    if (members === undefined) this.groups.set(group, [entry]);
    else members.push(entry);
    const count = 2 * limit + 1;
    const groupKey = hashText(group, 0, group.length, FNV_BASIS);
    for (let piece = 0; piece < count; piece++) {
      const start = Math.floor((piece * word.length) / count);
      const end = Math.floor(((piece + 1) * word.length) / count);
      const key = pieceKey(groupKey, word.length, piece, word, start, end);
      const list = this.pieces.get(key);
      if (list === undefined) this.pieces.set(key, [entry]);
      else list.push(entry);
    }
  }

  /** Calls `visit` once for each word of `group` that may lie within its edit limit of `word`. */
  candidates(group: string, word: string, visit: (candidate: string, value: string) => void): void {
    const members = this.groups.get(group);
    if (members === undefined) return;
    const stamp = ++this.lookups;
    const own = letterSet(word);
    // Each edit adds at most one letter the other word lacks: more than the limit rules a word out
    // before the caller's distance, which 10,000 unlisted hosts would compute for every word.
    const once = (entry: Entry): void => {
      const limit = editLimit(entry.word.length);
      if (entry.seen === stamp || Math.abs(entry.word.length - word.length) > limit) return;
      if (bitCount(own & ~entry.letters) > limit || bitCount(entry.letters & ~own) > limit) return;
      entry.seen = stamp;
      visit(entry.word, entry.value);
    };
    if (members.length <= SCAN_GROUP) {
      members.forEach(once);
      return;
    }
    const groupKey = hashText(group, 0, group.length, FNV_BASIS);
    for (let length = Math.max(1, word.length - 2); length <= word.length + 2; length++) {
      const limit = editLimit(length);
      if (limit === 0 || Math.abs(length - word.length) > limit) continue;
      // The shifts a kept piece can have; the others only past a common piece, the one way they add.
      if (this.probe(groupKey, word, length, limit, false, once))
        this.probe(groupKey, word, length, limit, true, once);
    }
  }

  /** Each piece at each shift up to `limit` (`outside`: the other shifts); true if one was common. */
  private probe(
    groupKey: number,
    word: string,
    length: number,
    limit: number,
    outside: boolean,
    visit: (entry: Entry) => void,
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
        const list = this.pieces.get(pieceKey(groupKey, length, piece, word, from, from + size));
        if (list === undefined) continue;
        if (list.length > COMMON_PIECE) common = true;
        else list.forEach(visit);
      }
    }
    return common;
  }
}

interface Entry {
  word: string;
  value: string;
  letters: number;
  /** The last lookup that visited it: a word is visited once a lookup. */
  seen: number;
}

/** The characters of `word` as bits (code unit mod 31: two characters may share a bit). */
function letterSet(word: string): number {
  let set = 0;
  for (let i = 0; i < word.length; i++) set |= 1 << (word.charCodeAt(i) % 31);
  return set;
}

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits >>> 0; rest !== 0; rest &= rest - 1) count++;
  return count;
}

const FNV_BASIS = 0x811c9dc5;

/** FNV-1a of `text`'s code units `from`–`to`, carried on from `hash`. */
function hashText(text: string, from: number, to: number, hash: number): number {
  let out = hash;
  for (let i = from; i < to; i++) out = Math.imul(out ^ text.charCodeAt(i), 0x01000193);
  return out;
}

/** The key of a piece (`NearIndex.pieces`), kept to 30 bits so V8 stores it as a small integer. */
function pieceKey(
  groupKey: number,
  length: number,
  piece: number,
  word: string,
  from: number,
  to: number,
): number {
  const hash = hashText(word, from, to, Math.imul(groupKey ^ (length * 8 + piece), 0x01000193));
  return (hash ^ (hash >>> 30)) & 0x3fffffff;
}

/** Lists longer than this are not followed (see `NearIndex`). */
export const COMMON_PIECE = 256;

/** Groups of at most this many words are read whole (see `NearIndex`); well below `COMMON_PIECE`. */
const SCAN_GROUP = 64;
