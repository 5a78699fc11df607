import { compareStrings } from '../util/strings.js';
import { ListedName, type NameEntry } from './name-entry.js';

/**
 * The organization matcher's two tables (`orgs.ts`), as open-addressing hash tables written by
 * hand rather than a `Map<string, NameEntry[]>` and a `Map<string, number>` filled name by name.
 * A Map needs each key as a string: at 100,000 names that was 100,000 lower-cased copies and
 * 100,000 first-word slices made, hashed and stored, with an entry object and a one-element array
 * each, and collecting that garbage was most of building the matcher (measured: 120–170 ms).
 * Here a simple name (ASCII letters, digits, single spaces; `simpleWords` in `orgs.ts`) is hashed
 * from its own char codes, each folded with `| 0x20`, which for exactly those characters is its
 * lower case; it is stored as its index, and its `NameEntry` is made the first time a text looks
 * its key up, which for nearly every name of a large directory is never.
 */

/** FNV-1a of `text`'s first `end` code units, each `| fold` (0x20: a simple name's lower case). */
function foldedHash(text: string, end: number, fold: number): number {
  let hash = 0x811c9dc5;
  for (let k = 0; k < end; k++) hash = Math.imul(hash ^ (text.charCodeAt(k) | fold), 0x01000193);
  return (hash ^ (hash >>> 16)) | 0;
}

/** Slots for `count` keys at most: a power of two at least twice as many, so probes stay short. */
function slotCount(count: number): number {
  let slots = 16;
  while (slots < count * 2) slots *= 2;
  return slots;
}

/** Folded key → the names (organization, alias) it may stand for: what `OrgMatcher.names` holds. */
export class NameTable {
  readonly #organizations: string[] = [];
  readonly #names: string[] = [];
  /** A name that needed `tokenize`: its key (not its lower case) and its entry, made eagerly. */
  readonly #tokenized: Array<{ key: string; entry: NameEntry } | undefined> = [];
  /** Per name: the next (+1) listed under the same key; 0 ends the list. */
  readonly #next: Int32Array;
  /** Per slot: the first name (+1) of its key; 0 is a free slot. */
  readonly #slots: Int32Array;
  readonly #hashes: Int32Array;
  readonly #built = new Map<number, readonly NameEntry[]>();
  #size = 0;

  /** `capacity`: how many names will be added, at most. */
  constructor(capacity: number) {
    this.#next = new Int32Array(capacity);
    this.#slots = new Int32Array(slotCount(capacity));
    this.#hashes = new Int32Array(this.#slots.length);
  }

  /** How many keys. */
  get size(): number {
    return this.#size;
  }

  /** A simple name (see the file's comment): its key is its lower case. */
  addSimple(organization: string, name: string): void {
    this.#add(organization, name, undefined, name, 0x20);
  }

  /** A name whose key (folded tokens, `orgKey`) differs from its lower case; `entry` is kept. */
  addTokenized(key: string, entry: NameEntry): void {
    this.#add(entry.organization, entry.name, { key, entry }, key, 0);
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
        this.#tokenized[first]?.key ?? this.#names[first]!.toLowerCase(),
        this.#entriesAt(slot),
      ];
  }

  #add(
    organization: string,
    name: string,
    tokenized: { key: string; entry: NameEntry } | undefined,
    probe: string,
    fold: number,
  ): void {
    const hash = foldedHash(probe, probe.length, fold);
    const slot = this.#find(probe, fold, hash);
    let last = this.#slots[slot]! - 1;
    if (last !== -1) {
      // The same organization and name once under a key, however often listed.
      for (;;) {
        if (this.#organizations[last] === organization && this.#names[last] === name) return;
        const after = this.#next[last]! - 1;
        if (after === -1) break;
        last = after;
      }
    }
    const index = this.#organizations.length;
    this.#organizations.push(organization);
    this.#names.push(name);
    this.#tokenized.push(tokenized);
    if (last === -1) {
      this.#slots[slot] = index + 1;
      this.#hashes[slot] = hash;
      this.#size++;
    } else this.#next[last] = index + 1;
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
    const own = this.#tokenized[index]?.key;
    if (own !== undefined && fold === 0) return own === probe;
    const text = own ?? this.#names[index]!;
    if (text.length !== probe.length) return false;
    const ownFold = own === undefined ? 0x20 : 0;
    for (let k = 0; k < text.length; k++)
      if ((text.charCodeAt(k) | ownFold) !== (probe.charCodeAt(k) | fold)) return false;
    return true;
  }

  #entriesAt(slot: number): readonly NameEntry[] {
    let list = this.#built.get(slot);
    if (list === undefined) {
      const made: NameEntry[] = [];
      for (let index = this.#slots[slot]! - 1; index !== -1; index = this.#next[index]! - 1)
        made.push(
          this.#tokenized[index]?.entry ??
            new ListedName(this.#organizations[index]!, this.#names[index]!, true),
        );
      if (made.length > 1) made.sort((a, b) => compareStrings(a.organization, b.organization));
      list = made;
      this.#built.set(slot, list);
    }
    return list;
  }
}

/** First folded token → most tokens of any name that starts with it, gathered without slices. */
export class FirstTokens {
  readonly #words: string[] = [];
  readonly #longest: number[] = [];
  /** Per slot: the word (+1); 0 is a free slot. */
  readonly #slots: Int32Array;
  readonly #hashes: Int32Array;

  /** `capacity`: how many names will be noted, at most. */
  constructor(capacity: number) {
    this.#slots = new Int32Array(slotCount(capacity));
    this.#hashes = new Int32Array(this.#slots.length);
  }

  /**
   * A name of `count` tokens whose first folded token is `text`'s first `end` code units, each
   * `| fold` (0x20 for a simple name, 0 for a token already folded).
   */
  note(text: string, end: number, fold: number, count: number): void {
    const hash = foldedHash(text, end, fold);
    const mask = this.#slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const word = this.#slots[slot]! - 1;
      if (word === -1) {
        const written = text.slice(0, end);
        this.#slots[slot] = this.#words.push(fold === 0 ? written : written.toLowerCase());
        this.#hashes[slot] = hash;
        this.#longest.push(count);
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
