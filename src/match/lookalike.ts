import { domainToUnicode } from 'node:url';
import { parse as parseDomain } from 'tldts';
import { LOOKALIKE } from '../defaults.js';
import { editDistance } from '../util/strings.js';

/**
 * Finds hosts that imitate a directory domain: a typo-squat one or two edits away, a homoglyph or
 * mixed-script spelling, the same name under another suffix, the name with its dot turned into a
 * hyphen (`mass-gov.com`), or the directory domain buried as a subdomain of another host
 * (`mass.gov.help-center.com`). Built lazily, on the first link that is not in the directory, so
 * loading a 100,000-organization allowlist does not pay for it.
 *
 * Edit distances are found with a deletion index (SymSpell: the index holds each name and its
 * one-deletion variants; a host is looked up with up to two deletions) instead of comparing against
 * every directory domain, so a lookup costs O(name length³) whatever the directory's size. It finds
 * every name one edit away, and two-edit names that share a deletion or are two insertions (or an
 * insertion and a substitution) shorter than the host. Two deletions from, or two substitutions in,
 * a directory name are not found: that would need the index to hold every two-deletion variant
 * (about 100 per name, too much memory at 100,000 domains). Candidates are confirmed with a true
 * Damerau–Levenshtein distance.
 */
export interface LookalikeIndex {
  /** Registrable domains of the directory (`mass.gov`). */
  readonly registrable: ReadonlySet<string>;
  /** Name part (`mass`) → registrable domains carrying it. */
  readonly byName: ReadonlyMap<string, readonly string[]>;
  /** The names compared by edits; `deletions` points into this list. */
  readonly editNames: readonly string[];
  /**
   * Hash of each name and of each of its one-deletion variants → index (or indexes) in
   * `editNames`. Hashes, not the variant strings: at 100,000 names the strings took 220 MB and most
   * of the build time; a collision only adds a candidate, which the edit distance then rejects.
   */
  readonly deletions: HashMultimap;
  /** Confusable skeleton of each name → names. */
  readonly skeletons: ReadonlyMap<string, readonly string[]>;
  /** `mass-gov` and `massgov` → `mass.gov`. */
  readonly flattened: ReadonlyMap<string, string>;
  /** Lengths of the names compared by edits, so a lookup skips searches that cannot succeed. */
  readonly lengths: ReadonlySet<number>;
}

export type Lookalike = { of: string; how: string };

export function buildLookalikeIndex(hosts: Iterable<string>): LookalikeIndex {
  const registrable = new Set<string>();
  const byName = new Map<string, string[]>();
  const editNames: string[] = [];
  const deletions = new HashMultimap();
  const addDeletion = (hash: number, at: number): void => deletions.add(hash, at);
  const skeletons = new Map<string, string[]>();
  const flattened = new Map<string, string>();
  const lengths = new Set<number>();
  const push = (map: Map<string, string[]>, key: string, value: string): void => {
    const list = map.get(key);
    if (!list) map.set(key, [value]);
    else if (list[list.length - 1] !== value && !list.includes(value)) list.push(value);
  };
  for (const host of hosts) {
    const parsed = parseDomain(host);
    if (!parsed.domain || !parsed.domainWithoutSuffix || registrable.has(parsed.domain)) continue;
    registrable.add(parsed.domain);
    const name = unicodeName(parsed.domainWithoutSuffix);
    const isNew = !byName.has(name);
    push(byName, name, parsed.domain);
    flattened.set(parsed.domain.replace(/\./g, '-'), parsed.domain);
    flattened.set(parsed.domain.replace(/\./g, ''), parsed.domain);
    if (!isNew) continue;
    push(skeletons, skeleton(name), name);
    if (name.length >= LOOKALIKE.minLengthForOneEdit) {
      const at = editNames.push(name) - 1;
      addDeletion(hashWithout(name, -1, -1), at);
      for (let i = 0; i < name.length; i++) addDeletion(hashWithout(name, i, -1), at);
      lengths.add(name.length);
    }
  }
  return { registrable, byName, editNames, deletions, skeletons, flattened, lengths };
}

/** Whether `host` imitates a directory domain, and how. Null when it does not (or is one). */
export function findLookalike(host: string, index: LookalikeIndex): Lookalike | null {
  const parsed = parseDomain(host);
  if (!parsed.domain || !parsed.domainWithoutSuffix) return null;
  if (index.registrable.has(parsed.domain)) return null;
  const labels = host.split('.');
  const ownLabels = parsed.domain.split('.').length;
  // The directory domain as a prefix of another host's name: `mass.gov.help-center.com`.
  for (let from = 0; from < labels.length - ownLabels; from++) {
    for (let size = 2; size <= 3 && from + size <= labels.length - ownLabels + 1; size++) {
      const window = labels.slice(from, from + size).join('.');
      if (window !== parsed.domain && index.registrable.has(window)) return { of: window, how: `puts the directory domain ${window} in front of another site, ${parsed.domain}` };
    }
  }
  const name = unicodeName(parsed.domainWithoutSuffix);
  const flat = index.flattened.get(name);
  if (flat) return { of: flat, how: `spells the directory domain ${flat} as one name on another site` };
  const sameName = index.byName.get(name);
  if (sameName && name.length >= LOOKALIKE.minLengthForSameName) return { of: sameName[0]!, how: `has the name of the directory domain ${sameName[0]} under another suffix (.${parsed.publicSuffix})` };
  // Short ASCII names collide by chance (`cls` and `cis`), so only longer ones are compared by
  // skeleton; a short name mixing scripts (`mаss` with a Cyrillic а) or putting a digit among
  // letters (`n0lo` for `nolo`) has no innocent reading.
  const mixedScript = /[^\x00-\x7f]/.test(name);
  const digitForLetter = /[a-z]/.test(name) && /[0135]/.test(name);
  const skeletonMatches = mixedScript || digitForLetter || name.length >= LOOKALIKE.minLengthForOneEdit ? index.skeletons.get(skeleton(name)) : undefined;
  if (skeletonMatches) {
    const target = skeletonMatches.find((candidate) => candidate !== name);
    if (target) {
      const domain = index.byName.get(target)?.[0] ?? target;
      const mixed = mixedScript ? 'mixed-script or homoglyph spelling' : 'look-alike characters';
      return { of: domain, how: `imitates the directory domain ${domain} with ${mixed}` };
    }
  }
  if (name.length >= LOOKALIKE.minLengthForOneEdit) {
    const found = new Set<number>();
    const collect = (hash: number): void => index.deletions.forEach(hash, (at) => found.add(at));
    collect(hashWithout(name, -1, -1));
    for (let i = 0; i < name.length; i++) collect(hashWithout(name, i, -1));
    // Two deletions on the host's side too (O(length²) lookups, nothing more in the index): finds
    // names two insertions away (`massslegalhelpp`) or an insertion and a substitution away.
    // Only worth it when a directory name is one or two characters shorter and long enough for two edits.
    const shorter = (by: number): boolean => name.length - by >= LOOKALIKE.minLengthForTwoEdits && index.lengths.has(name.length - by);
    if (shorter(1) || shorter(2)) {
      for (let i = 0; i < name.length; i++) for (let j = i + 1; j < name.length; j++) collect(hashWithout(name, i, j));
    }
    let best: { name: string; distance: number } | null = null;
    for (const at of found) {
      const candidate = index.editNames[at]!;
      if (candidate === name) continue;
      const limit = Math.min(name.length, candidate.length) >= LOOKALIKE.minLengthForTwoEdits ? 2 : 1;
      const distance = editDistance(name, candidate, limit);
      if (distance <= limit && (best === null || distance < best.distance || (distance === best.distance && candidate < best.name))) best = { name: candidate, distance };
    }
    if (best) {
      const domain = index.byName.get(best.name)?.[0] ?? best.name;
      return { of: domain, how: `is ${best.distance} edit${best.distance > 1 ? 's' : ''} away from the directory domain ${domain}` };
    }
  }
  return null;
}

function unicodeName(name: string): string {
  return name.includes('xn--') ? domainToUnicode(name) || name : name;
}

/**
 * Hash → small integers, as open addressing over typed arrays: 1.6 million entries for 100,000
 * names cost 1.6 million `Map.set` calls and their garbage otherwise, most of the index's build
 * time. Each slot holds one (hash, value) pair; a hash with several values takes several slots.
 */
export class HashMultimap {
  private keys = new Int32Array(1024).fill(-1);
  private values = new Int32Array(1024);
  private size = 0;

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
    for (let slot = 0; slot < keys.length; slot++) if (keys[slot] !== -1) this.add(keys[slot]!, values[slot]!);
  }
}

/**
 * FNV-1a over the name's UTF-16 code units, leaving out positions `skipA` and `skipB` (-1: none),
 * so a deletion variant is hashed without building its string. Kept to 30 bits so V8 stores the
 * keys as small integers rather than boxed numbers.
 */
function hashWithout(name: string, skipA: number, skipB: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    if (i === skipA || i === skipB) continue;
    hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  }
  return (hash ^ (hash >>> 30)) & 0x3fffffff;
}

/**
 * Characters a reader takes for others. A small table of the confusables that matter for Latin
 * host names (Cyrillic and Greek lookalikes, digit-for-letter swaps, `rn` for `m`), not all of
 * Unicode's confusables list: enough for the homoglyph attacks seen on domains.
 */
const CONFUSABLE: Record<string, string> = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', х: 'x', у: 'y', і: 'i', ј: 'j', ѕ: 's', һ: 'h', ԁ: 'd', ԛ: 'q', ԝ: 'w', ɡ: 'g',
  α: 'a', ο: 'o', ν: 'v', ρ: 'p', τ: 't', ι: 'i', κ: 'k', χ: 'x', ε: 'e',
  '0': 'o', '1': 'l', '3': 'e', '5': 's', '@': 'a', í: 'i', ì: 'i', á: 'a', à: 'a', é: 'e', è: 'e', ó: 'o', ò: 'o', ú: 'u', ü: 'u', ö: 'o', ä: 'a',
};

export function skeleton(name: string): string {
  let out = '';
  for (const char of name.toLowerCase()) out += CONFUSABLE[char] ?? char;
  return out.replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/l/g, 'i');
}
