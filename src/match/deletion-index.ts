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
  private keys: Int32Array;
  private values: Int32Array;
  private size = 0;

  /** `expected`: how many entries will be added, so the table is sized once instead of grown. */
  constructor(expected = 512) {
    let slots = 1024;
    while (slots < expected * 2) slots *= 2;
    this.keys = new Int32Array(slots).fill(-1);
    this.values = new Int32Array(slots);
  }

  add(hash: number, value: number): void {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const key = this.keys[slot]!;
      if (key === -1) {
        this.keys[slot] = hash;
        this.values[slot] = value;
        this.size++;
        return;
      }
      if (key === hash && this.values[slot] === value) return;
    }
  }

  forEach(hash: number, visit: (value: number) => void): void {
    const mask = this.keys.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const key = this.keys[slot]!;
      if (key === -1) return;
      if (key === hash) visit(this.values[slot]!);
    }
  }

  private grow(): void {
    const keys = this.keys;
    const values = this.values;
    this.keys = new Int32Array(keys.length * 2).fill(-1);
    this.values = new Int32Array(keys.length * 2);
    this.size = 0;
    for (let slot = 0; slot < keys.length; slot++)
      if (keys[slot] !== -1) this.add(keys[slot]!, values[slot]!);
  }
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
