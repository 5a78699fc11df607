/**
 * The one-edit candidate index of the lookalike check (SymSpell): each name and each of its
 * one-deletion variants, hashed, → the names. Two names one edit apart share a variant (or one is
 * a variant of the other), so a lookup hashes the written name's variants and needs no scan.
 */

/**
 * Hash → small integers, as open addressing over typed arrays: 1.6 million entries for 100,000
 * names cost 1.6 million `Map.set` calls and their garbage otherwise, most of the index's build
 * time. Each slot holds one (hash, value) pair; a hash with several values takes several slots.
 */
export class HashMultimap {
  /**
   * Two numbers a slot, the hash (-1: empty) and its value, side by side: at 100,000 names the
   * table is tens of megabytes and each probe lands on a line of its own, so a probe reads one
   * line where two arrays made it read two.
   */
  private slots: Int32Array;
  private size = 0;

  /** `expected`: how many entries will be added, so the table is sized once instead of grown. */
  constructor(expected = 512) {
    let slots = 1024;
    while (slots < expected * 2) slots *= 2;
    this.slots = emptySlots(slots);
  }

  add(hash: number, value: number): void {
    if ((this.size + 1) * 4 > this.slots.length) this.grow();
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const key = slots[2 * slot]!;
      if (key === -1) {
        slots[2 * slot] = hash;
        slots[2 * slot + 1] = value;
        this.size++;
        return;
      }
      if (key === hash && slots[2 * slot + 1] === value) return;
    }
  }

  /** The values of `hash`, each added to `into` (a set; not a callback: no closure per lookup). */
  addValuesTo(hash: number, into: { add(value: number): unknown }): void {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const key = slots[2 * slot]!;
      if (key === -1) return;
      if (key === hash) into.add(slots[2 * slot + 1]!);
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = emptySlots(old.length);
    this.size = 0;
    for (let at = 0; at < old.length; at += 2) if (old[at] !== -1) this.add(old[at]!, old[at + 1]!);
  }
}

/** `count` empty slots: every number -1 (a value beside an empty hash is never read). */
function emptySlots(count: number): Int32Array {
  return new Int32Array(2 * count).fill(-1);
}

/** `name` and each of its one-deletion variants (`deletionHashes`) → `value`. */
export function addWithDeletions(map: HashMultimap, name: string, value: number): void {
  const count = deletionHashes(name, HASHES);
  for (let k = 0; k < count; k++) map.add(HASHES[k]!, value);
}

/** One list for every call of `addWithDeletions`, a build being one call after another. */
const HASHES: number[] = [];

/**
 * The hash of `name` and of each of its one-deletion variants, as `hashWithout` hashes them,
 * written into `into` from 0 (the name's own first); how many (`name.length + 1`). Each variant
 * carries on from the hash of the characters before the one it leaves out, so the prefix is
 * hashed once for all variants instead of once each: half the hashing of a build, and of each
 * lookup of the lookalike check, which hashes every unlisted link's name so.
 */
export function deletionHashes(name: string, into: number[]): number {
  into[0] = hashWithout(name, -1);
  let prefix = 0x811c9dc5;
  for (let skip = 0; skip < name.length; skip++) {
    let hash = prefix;
    for (let i = skip + 1; i < name.length; i++)
      hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
    into[skip + 1] = (hash ^ (hash >>> 30)) & 0x3fffffff;
    prefix = Math.imul(prefix ^ name.charCodeAt(skip), 0x01000193);
  }
  return name.length + 1;
}

/**
 * FNV-1a over the name's UTF-16 code units, leaving out position `skip` (-1: none),
 * so a deletion variant is hashed without building its string. Kept to 30 bits so V8 stores the
 * keys as small integers rather than boxed numbers.
 */
export function hashWithout(name: string, skip: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    if (i === skip) continue;
    hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  }
  return (hash ^ (hash >>> 30)) & 0x3fffffff;
}
