import { compareStrings } from '../util/strings.js';
import { ListedName, type NameEntry } from './name-entry.js';

/**
 * The organization matcher's two tables (`orgs.ts`), as open-addressing hash tables written by
 * hand rather than a `Map<string, NameEntry[]>` and a `Map<string, number>` filled name by name.
 * A Map needs each key as a string: at 100,000 names that was 100,000 lower-cased copies and
 * 100,000 first-word slices made, hashed and stored, with an entry object and a one-element array
 * each, and collecting that garbage was most of building the matcher (measured: 120–170 ms).
 * Here a simple name (ASCII letters, digits, single spaces; `addSimple`) is hashed
 * from its own char codes, each folded with `| 0x20`, which for exactly those characters is its
 * lower case; it is stored as its index, and its `NameEntry` is made the first time a text looks
 * its key up, which for nearly every name of a large directory is never.
 */

/** FNV-1a of `text`'s first `end` code units, each `| fold` (0x20: a simple name's lower case). */
function foldedHash(text: string, end: number, fold: number): number {
  let hash = FNV_OFFSET;
  for (let k = 0; k < end; k++) hash = Math.imul(hash ^ (text.charCodeAt(k) | fold), FNV_PRIME);
  return finish(hash);
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function finish(hash: number): number {
  return (hash ^ (hash >>> 16)) | 0;
}

/**
 * The slots of an open-addressing table twice as large, each entry placed again by its kept hash.
 * The tables start small and double when half full, rather than sized for every name at once: a
 * name then meets a taken slot from the first hundred on, so the code that steps past one is
 * warm before V8 optimizes the loop (met first after thousands of names, it made V8 drop the
 * optimized code, `--trace-deopt`), and the 2,067 first words of 100,000 names do not spread
 * over 262,144 slots.
 */
function grown(slots: Int32Array, hashes: Int32Array): [Int32Array, Int32Array] {
  const bigger = new Int32Array(slots.length * 2);
  const biggerHashes = new Int32Array(bigger.length);
  const mask = bigger.length - 1;
  for (let old = 0; old < slots.length; old++) {
    if (slots[old] === 0) continue;
    const hash = hashes[old]!;
    let slot = hash & mask;
    while (bigger[slot] !== 0) slot = (slot + 1) & mask;
    bigger[slot] = slots[old]!;
    biggerHashes[slot] = hash;
  }
  return [bigger, biggerHashes];
}

const FIRST_SLOTS = 64;

/** Folded key → the names (organization, alias) it may stand for: what `OrgMatcher.names` holds. */
export class NameTable {
  /**
   * The names, by index: first the organizations' own names (`own`, each naming itself), then the
   * `pairs`. Copies of the arrays the table was given, not an entry object per name.
   */
  readonly #own: readonly string[];
  readonly #pairs: ReadonlyArray<{ organization: string; name: string }>;
  /** A name that needed `tokenize`, by index: its key (not its lower case) and its entry. */
  readonly #tokenized = new Map<number, { key: string; entry: NameEntry }>();
  /** Per name: the next (+1) listed under the same key; 0 ends the list. */
  readonly #next: Int32Array;
  /** Per slot: the first name (+1) of its key; 0 is a free slot. */
  #slots: Int32Array = new Int32Array(FIRST_SLOTS);
  #hashes: Int32Array = new Int32Array(FIRST_SLOTS);
  /** A key's entries once made, by the index of its first name. */
  readonly #built = new Map<number, readonly NameEntry[]>();
  #size = 0;

  constructor(
    own: readonly string[],
    pairs: ReadonlyArray<{ organization: string; name: string }>,
  ) {
    this.#own = own.slice();
    this.#pairs = pairs.slice();
    const count = own.length + pairs.length;
    this.#next = new Int32Array(count);
  }

  /** How many names the table was given (each added once, by `addSimple` or `addTokenized`). */
  get count(): number {
    return this.#next.length;
  }

  /** How many keys. */
  get size(): number {
    return this.#size;
  }

  nameAt(index: number): string {
    return index < this.#own.length
      ? this.#own[index]!
      : this.#pairs[index - this.#own.length]!.name;
  }

  organizationAt(index: number): string {
    return index < this.#own.length
      ? this.#own[index]!
      : this.#pairs[index - this.#own.length]!.organization;
  }

  /**
   * Name `index`, `name`, when it is simple: ASCII letters and digits in words parted by single
   * spaces (`/^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/`), its key its lower case, and its first word
   * noted in `firsts`. Returns how many words it has; 0 when it is not simple, and nothing is
   * added. One pass by char codes tells the shape, counts the words and hashes the key and the
   * first word, where a pattern, a split into words, a lower-cased copy and a slice ran for each
   * of 100,000 names.
   */
  addSimple(index: number, name: string, firsts: FirstTokens): number {
    let words = 1;
    let afterSpace = true;
    let hash = FNV_OFFSET;
    // The first word's end and hash are carried along while it lasts, so that every name takes
    // the same branches: one taken first by a late name (of one word) made V8 drop the code it
    // had optimized for the others, mid-directory (`--trace-deopt`).
    let firstEnd = 0;
    let firstHash = 0;
    for (let k = 0; k < name.length; k++) {
      const code = name.charCodeAt(k);
      if (code === 32) {
        if (afterSpace) return 0;
        words++;
        afterSpace = true;
      } else if ((code | 0x20) >= 97 && (code | 0x20) <= 122) afterSpace = false;
      else if (code >= 48 && code <= 57) afterSpace = false;
      else return 0;
      hash = Math.imul(hash ^ (code | 0x20), FNV_PRIME);
      if (words === 1) {
        firstEnd = k + 1;
        firstHash = hash;
      }
    }
    if (afterSpace) return 0;
    this.#add(index, name, 0x20, finish(hash));
    firsts.note(name, firstEnd, 0x20, words, finish(firstHash));
    return words;
  }

  /** Name `index`, whose key (folded tokens, `orgKey`) differs from its lower case; `entry` is kept. */
  addTokenized(index: number, key: string, entry: NameEntry): void {
    this.#tokenized.set(index, { key, entry });
    this.#add(index, key, 0, foldedHash(key, key.length, 0));
  }

  /**
   * The names listed under `key`, ordered by organization in code-unit order (a name listed for
   * several resolves to the first: deterministic); `undefined` when none.
   */
  get(key: string): readonly NameEntry[] | undefined {
    const slot = this.#find(key, 0, foldedHash(key, key.length, 0));
    return this.#slots[slot] === 0 ? undefined : this.#entriesAt(slot);
  }

  /** Every key and its names, in the order the keys were first added (for tests and checks). */
  *entries(): Generator<[string, readonly NameEntry[]]> {
    const heads: Array<[number, number]> = [];
    for (let slot = 0; slot < this.#slots.length; slot++)
      if (this.#slots[slot] !== 0) heads.push([this.#slots[slot]! - 1, slot]);
    heads.sort((a, b) => a[0] - b[0]);
    for (const [first, slot] of heads)
      yield [
        this.#tokenized.get(first)?.key ?? this.nameAt(first).toLowerCase(),
        this.#entriesAt(slot),
      ];
  }

  /** Name `index` under the key `probe` spells with each code unit `| fold`. */
  #add(index: number, probe: string, fold: number, hash: number): void {
    const slot = this.#find(probe, fold, hash);
    let last = this.#slots[slot]! - 1;
    if (last === -1) {
      this.#slots[slot] = index + 1;
      this.#hashes[slot] = hash;
      if (++this.#size * 2 > this.#slots.length)
        [this.#slots, this.#hashes] = grown(this.#slots, this.#hashes);
      return;
    }
    // The same organization and name once under a key, however often listed.
    const organization = this.organizationAt(index);
    const name = this.nameAt(index);
    for (;;) {
      if (this.organizationAt(last) === organization && this.nameAt(last) === name) return;
      const after = this.#next[last]! - 1;
      if (after === -1) break;
      last = after;
    }
    this.#next[last] = index + 1;
  }

  /** The slot of `probe`'s key (each code unit `| fold`), or the free slot where it would go. */
  #find(probe: string, fold: number, hash: number): number {
    const mask = this.#slots.length - 1;
    let slot = hash & mask;
    for (;;) {
      const first = this.#slots[slot]!;
      if (first === 0 || (this.#hashes[slot] === hash && this.#sameKey(first - 1, probe, fold)))
        return slot;
      slot = (slot + 1) & mask;
    }
  }

  /** Whether name `index` has the key `probe` spells with each code unit `| fold`. */
  #sameKey(index: number, probe: string, fold: number): boolean {
    const own = this.#tokenized.get(index)?.key;
    if (own !== undefined && fold === 0) return own === probe;
    const text = own ?? this.nameAt(index);
    if (text.length !== probe.length) return false;
    const ownFold = own === undefined ? 0x20 : 0;
    for (let k = 0; k < text.length; k++)
      if ((text.charCodeAt(k) | ownFold) !== (probe.charCodeAt(k) | fold)) return false;
    return true;
  }

  #entriesAt(slot: number): readonly NameEntry[] {
    const first = this.#slots[slot]! - 1;
    let list = this.#built.get(first);
    if (list === undefined) {
      const made: NameEntry[] = [];
      for (let index = first; index !== -1; index = this.#next[index]! - 1)
        made.push(
          this.#tokenized.get(index)?.entry ??
            new ListedName(this.organizationAt(index), this.nameAt(index), true),
        );
      if (made.length > 1) made.sort((a, b) => compareStrings(a.organization, b.organization));
      list = made;
      this.#built.set(first, list);
    }
    return list;
  }
}

/** First folded token → most tokens of any name that starts with it, gathered without slices. */
export class FirstTokens {
  readonly #words: string[] = [];
  readonly #longest: number[] = [];
  /** Per slot: the word (+1); 0 is a free slot. */
  #slots: Int32Array = new Int32Array(FIRST_SLOTS);
  #hashes: Int32Array = new Int32Array(FIRST_SLOTS);

  /**
   * A name of `count` tokens whose first folded token is `text`'s first `end` code units, each
   * `| fold` (0x20 for a simple name, 0 for a token already folded); `hash` their `foldedHash`.
   */
  note(
    text: string,
    end: number,
    fold: number,
    count: number,
    hash = foldedHash(text, end, fold),
  ): void {
    const mask = this.#slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const word = this.#slots[slot]! - 1;
      if (word === -1) {
        const written = text.slice(0, end);
        this.#slots[slot] = this.#words.push(fold === 0 ? written : written.toLowerCase());
        this.#hashes[slot] = hash;
        this.#longest.push(count);
        if (this.#words.length * 2 > this.#slots.length)
          [this.#slots, this.#hashes] = grown(this.#slots, this.#hashes);
        return;
      }
      if (this.#hashes[slot] === hash && sameWord(this.#words[word]!, text, end, fold)) {
        if (count > this.#longest[word]!) this.#longest[word] = count;
        return;
      }
    }
  }

  /** As a Map, in the order the words were first noted. */
  toMap(): Map<string, number> {
    const map = new Map<string, number>();
    for (let k = 0; k < this.#words.length; k++) map.set(this.#words[k]!, this.#longest[k]!);
    return map;
  }
}

/** Whether `word` is `text`'s first `end` code units, each `| fold`. */
function sameWord(word: string, text: string, end: number, fold: number): boolean {
  if (word.length !== end) return false;
  for (let k = 0; k < end; k++)
    if (word.charCodeAt(k) !== (text.charCodeAt(k) | fold)) return false;
  return true;
}
