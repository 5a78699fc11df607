/**
 * Number → the organizations that list it, for `ownersOf`. A 100,000-organization directory lists
 * 200,000 numbers, and a `Map` of them as strings was the largest single cost of loading it (a
 * fresh string hashed and an entry allocated per number, the table grown by copying eight times:
 * 90–115 ms in a fresh process, a tenth of load + index). So the common form, `+` and up to 15
 * digits (every E.164 number), is held as a double in a hash table over typed arrays written by
 * hand: no object per number, no string hashed. Anything else (a three-digit service line) goes
 * in a small `Map` beside it. Organizations are held by their index in `names`; a number listed
 * by several is the rare case and keeps its list apart.
 */
export class PhoneOwnerTable {
  /** Each organization once, in the order first added: what the table's indexes name. */
  readonly #names: string[] = [];
  /** Number key (see `keyOf`) per slot; 0 marks an empty slot, which no key is. */
  #keys: Float64Array;
  /** Per slot: the owner's index in `#names`, or `-1 - k` for the shared list `#shared[k]`. */
  #owners: Int32Array;
  #count = 0;
  readonly #shared: string[][] = [];
  /** The numbers that are not `+` and digits: service lines and anything else. */
  readonly #other = new Map<string, string | string[]>();

  /** `expected`: about how many numbers will be added, so the table need not grow while filling. */
  constructor(expected = 0) {
    const capacity = capacityFor(expected);
    this.#keys = new Float64Array(capacity);
    this.#owners = new Int32Array(capacity);
  }

  /**
   * Start adding the numbers of `organization`: returns its index for `add`. Each organization is
   * begun once; its numbers then follow (the shape of `org_phones`).
   */
  begin(organization: string): number {
    return this.#names.push(organization) - 1;
  }

  /** Records that the organization begun as `owner` lists `number`. */
  add(number: string, owner: number): void {
    const key = keyOf(number);
    if (key === 0) {
      addTo(this.#other, number, this.#names[owner]!);
      return;
    }
    if (2 * (this.#count + 1) > this.#keys.length) this.#grow();
    const mask = this.#keys.length - 1;
    let slot = slotOf(key, mask);
    for (;;) {
      const held = this.#keys[slot]!;
      if (held === 0) {
        this.#keys[slot] = key;
        this.#owners[slot] = owner;
        this.#count++;
        return;
      }
      if (held === key) {
        this.#addOwner(slot, owner);
        return;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** The organizations that list `number`: one as is, several as a list in the order added. */
  get(number: string): string | readonly string[] | undefined {
    const key = keyOf(number);
    if (key === 0) return this.#other.get(number);
    const mask = this.#keys.length - 1;
    let slot = slotOf(key, mask);
    for (;;) {
      const held = this.#keys[slot]!;
      if (held === 0) return undefined;
      if (held === key) {
        const owner = this.#owners[slot]!;
        return owner >= 0 ? this.#names[owner] : this.#shared[-1 - owner];
      }
      slot = (slot + 1) & mask;
    }
  }

  #addOwner(slot: number, owner: number): void {
    const held = this.#owners[slot]!;
    const name = this.#names[owner]!;
    if (held >= 0) {
      if (held !== owner && this.#names[held] !== name) {
        this.#owners[slot] = -1 - this.#shared.length;
        this.#shared.push([this.#names[held]!, name]);
      }
    } else {
      const list = this.#shared[-1 - held]!;
      if (!list.includes(name)) list.push(name);
    }
  }

  #grow(): void {
    const keys = this.#keys;
    const owners = this.#owners;
    this.#keys = new Float64Array(keys.length * 2);
    this.#owners = new Int32Array(keys.length * 2);
    const mask = this.#keys.length - 1;
    for (let from = 0; from < keys.length; from++) {
      const key = keys[from]!;
      if (key === 0) continue;
      let slot = slotOf(key, mask);
      while (this.#keys[slot] !== 0) slot = (slot + 1) & mask;
      this.#keys[slot] = key;
      this.#owners[slot] = owners[from]!;
    }
  }
}

/** A power of two at least twice `expected` (a table at most half full keeps probes short). */
function capacityFor(expected: number): number {
  let capacity = 16;
  while (capacity < 2 * expected) capacity *= 2;
  return capacity;
}

/**
 * `+` and 1 to 15 digits as the number 1 followed by those digits (`+1617` → 11617), which keeps
 * `+01` and `+1` apart and stays below 2⁵³, so every such string has its own exact double; 0 for
 * anything else.
 */
function keyOf(number: string): number {
  const length = number.length;
  if (length < 2 || length > 16 || number.charCodeAt(0) !== 43) return 0;
  let key = 1;
  for (let i = 1; i < length; i++) {
    const digit = number.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return 0;
    key = key * 10 + digit;
  }
  return key;
}

/** The key's first slot: its two 32-bit halves mixed (murmur3's finalizer), masked. */
function slotOf(key: number, mask: number): number {
  let hash = (key >>> 0) ^ Math.imul((key / 4294967296) | 0, 0x9e3779b1);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) & mask;
}

function addTo(map: Map<string, string | string[]>, number: string, organization: string): void {
  const listed = map.get(number);
  if (listed === undefined) map.set(number, organization);
  else if (typeof listed === 'string') {
    if (listed !== organization) map.set(number, [listed, organization]);
  } else if (!listed.includes(organization)) listed.push(organization);
}
