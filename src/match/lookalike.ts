import { createRequire } from 'node:module';
import { domainToUnicode } from 'node:url';
import { parse as parseDomain } from 'tldts';
import { LOOKALIKE } from '../defaults.js';
import { editDistance } from '../util/strings.js';

/**
 * Hosts that imitate a directory domain, in two strengths.
 *
 * Proven (`proven: true`, the link is `invented`): the directory domain buried in front of another
 * site (`mass.gov.help-center.com`), or a spelling whose confusable skeleton equals a directory
 * domain's (`mаss.gov` with a Cyrillic а, `másslegálhëlp.org`, `rnasslegalhelp.org`): no innocent
 * site is written to read as another.
 *
 * Resembling (`proven: false`, the link keeps its bucket and carries `lookalike_of`): one edit
 * away, or two for names of `LOOKALIKE.minLengthForTwoEdits` letters or more, always under the
 * same suffix (`kycourts` and `nycourts`, `umaryland.edu` and `maryland.gov` are different places);
 * for names shorter than `LOOKALIKE.minLengthForOneEdit` only a swap of neighbours or a digit or
 * hyphen put in (`amss`, `mass1`), since any letter change there names another real site; the same
 * name under another suffix; the name with its dot turned into a hyphen or dropped (`mass-gov.com`);
 * the name split by dots (`mass.legalhelp.org`); the name as one word of a longer host
 * (`masslegalhelp-login.org`). Real neighbours look like this too (`legalaidnc.org` and
 * `legalaidnyc.org` are both legal aid), so resemblance is reported, never punished.
 *
 * One-edit neighbours are found with a deletion index (SymSpell: each name and its one-deletion
 * variants, hashed), so that lookup costs O(name length²) whatever the directory's size. Two-edit
 * neighbours of long names are found by comparing with the names of the same suffix and a length
 * within two, with a bounded Damerau–Levenshtein distance that gives up past two edits.
 */
export interface LookalikeIndex {
  /** Registrable domains of the directory (`mass.gov`). */
  readonly registrable: ReadonlySet<string>;
  /** Name part (`mass`, Unicode) → registrable domains carrying it. */
  readonly byName: ReadonlyMap<string, readonly string[]>;
  /** The names compared by one edit; `deletions` points into this list. */
  readonly editNames: readonly string[];
  /**
   * Hash of each name and of each of its one-deletion variants → index (or indexes) in
   * `editNames`. Hashes, not the variant strings: at 100,000 names the strings took 220 MB and most
   * of the build time; a collision only adds a candidate, which the edit distance then rejects.
   */
  readonly deletions: HashMultimap;
  /** `suffix|length` → short names (under `LOOKALIKE.minLengthForOneEdit`) of that suffix and length. */
  readonly shortBySuffixLength: ReadonlyMap<string, readonly string[]>;
  /** Names of `LOOKALIKE.minLengthForTwoEdits` letters or more, by suffix: two-edit candidates. */
  readonly longNames: NearIndex;
  /** Confusable skeleton of a registrable domain → the directory domain. */
  readonly skeletons: ReadonlyMap<string, string>;
  /** Skeletons by suffix, valued by their domain: near-skeleton candidates. */
  readonly nearSkeletons: NearIndex;
  /** `mass-gov` and `massgov` → `mass.gov`. */
  readonly flattened: ReadonlyMap<string, string>;
  /** Name with its hyphens dropped, `|` suffix → domain: `mass.legalhelp.org` joins to `masslegalhelp|org`. */
  readonly joined: ReadonlyMap<string, string>;
}

export type Lookalike = { of: string; how: string; proven: boolean };

export function buildLookalikeIndex(hosts: Iterable<string>): LookalikeIndex {
  const registrable = new Set<string>();
  const byName = new Map<string, string[]>();
  const editNames: string[] = [];
  const deletions = new HashMultimap();
  const shortBySuffixLength = new Map<string, string[]>();
  const longNames = new NearIndex();
  const skeletons = new Map<string, string>();
  const nearSkeletons = new NearIndex();
  const flattened = new Map<string, string>();
  const joined = new Map<string, string>();
  for (const host of hosts) {
    const parsed = parseDomain(host);
    if (!parsed.domain || !parsed.domainWithoutSuffix || !parsed.publicSuffix || registrable.has(parsed.domain)) continue;
    registrable.add(parsed.domain);
    const name = unicodeName(parsed.domainWithoutSuffix);
    const suffix = parsed.publicSuffix;
    const domains = byName.get(name);
    if (domains) domains.push(parsed.domain);
    else byName.set(name, [parsed.domain]);
    if (!flattened.has(parsed.domain.replace(/\./g, '-'))) flattened.set(parsed.domain.replace(/\./g, '-'), parsed.domain);
    if (!flattened.has(parsed.domain.replace(/\./g, ''))) flattened.set(parsed.domain.replace(/\./g, ''), parsed.domain);
    const nameSkeleton = skeleton(name);
    const skeletonKey = `${nameSkeleton}.${suffix}`;
    if (!skeletons.has(skeletonKey)) {
      skeletons.set(skeletonKey, parsed.domain);
      nearSkeletons.add(suffix, nameSkeleton, parsed.domain);
    }
    const joinKey = `${name.replace(/-/g, '')}|${suffix}`;
    if (!joined.has(joinKey)) joined.set(joinKey, parsed.domain);
    if (name.length >= LOOKALIKE.minLengthForTwoEdits) longNames.add(suffix, name, name);
    else if (name.length < LOOKALIKE.minLengthForOneEdit) {
      const bucketKey = `${suffix}|${name.length}`;
      const bucket = shortBySuffixLength.get(bucketKey);
      if (bucket) bucket.push(name);
      else shortBySuffixLength.set(bucketKey, [name]);
    }
    if (domains === undefined && name.length >= LOOKALIKE.minLengthForOneEdit) {
      const at = editNames.push(name) - 1;
      deletions.add(hashWithout(name, -1), at);
      for (let i = 0; i < name.length; i++) deletions.add(hashWithout(name, i), at);
    }
  }
  return { registrable, byName, editNames, deletions, shortBySuffixLength, longNames, skeletons, nearSkeletons, flattened, joined };
}

/** Whether `host` imitates a directory domain, and how. Null when it does not (or is one). */
export function findLookalike(host: string, index: LookalikeIndex): Lookalike | null {
  const parsed = parseDomain(host);
  if (!parsed.domain || !parsed.domainWithoutSuffix || !parsed.publicSuffix) return null;
  if (index.registrable.has(parsed.domain)) return null;
  const suffix = parsed.publicSuffix;
  const labels = host.split('.');
  const ownLabels = parsed.domain.split('.').length;
  // The directory domain as a prefix of another host's name: `mass.gov.help-center.com`.
  for (let from = 0; from < labels.length - ownLabels; from++) {
    for (let size = 2; size <= 3 && from + size <= labels.length - ownLabels + 1; size++) {
      const window = labels.slice(from, from + size).join('.');
      if (window !== parsed.domain && index.registrable.has(window)) {
        return { of: window, how: `puts the directory domain ${window} in front of another site, ${parsed.domain}`, proven: true };
      }
    }
  }
  const name = unicodeName(parsed.domainWithoutSuffix);
  // Short ASCII names collide by chance (`cls` and `cis`), so only longer ones are compared by
  // skeleton; a short name mixing scripts (`mаss` with a Cyrillic а) or putting a digit among
  // letters (`n0lo` for `nolo`) has no innocent reading.
  const nonAscii = /[^\x00-\x7f]/.test(name);
  const digitForLetter = /[a-z]/.test(name) && /[01]/.test(name);
  const nameSkeleton = skeleton(name);
  const what = nonAscii ? 'look-alike letters from other scripts or accents' : 'look-alike characters';
  if (nonAscii || digitForLetter || name.length >= LOOKALIKE.minLengthForOneEdit) {
    const target = index.skeletons.get(`${nameSkeleton}.${suffix}`);
    if (target !== undefined && target !== parsed.domain) {
      return { of: target, how: `spells the directory domain ${target} with ${what} (the same confusable skeleton)`, proven: true };
    }
  }
  const near = nearestSkeleton(nameSkeleton, suffix, parsed.domain, index);
  // A name written in letters of other scripts, or with digits among its letters, that reads
  // within an edit or two of a directory name is a disguise: no one names a site `lеgalaidnс` by
  // chance. The same closeness in plain ASCII letters is only a resemblance (see below).
  if (near && (nonAscii || digitForLetter)) {
    return { of: near.domain, how: `spells the directory domain ${near.domain} with ${what}, ${near.distance} edit${near.distance > 1 ? 's' : ''} from its confusable skeleton`, proven: true };
  }
  return (
    resemblance(host, parsed.domain, name, suffix, labels.slice(0, labels.length - suffix.split('.').length), index) ??
    (near ? { of: near.domain, how: `reads within ${near.distance} edit${near.distance > 1 ? 's' : ''} of the directory domain ${near.domain} once look-alike characters are folded`, proven: false } : null)
  );
}

function resemblance(host: string, domain: string, name: string, suffix: string, ownLabels: readonly string[], index: LookalikeIndex): Lookalike | null {
  const resembles = (of: string, how: string): Lookalike => ({ of, how, proven: false });
  const flat = index.flattened.get(name);
  if (flat) return resembles(flat, `spells the directory domain ${flat} as one name on another site`);
  const sameName = index.byName.get(name);
  if (sameName && name.length >= LOOKALIKE.minLengthForSameName) return resembles(sameName[0]!, `has the name of the directory domain ${sameName[0]} under another suffix (.${suffix})`);
  if (ownLabels.length > 1) {
    const split = index.joined.get(`${ownLabels.map(unicodeName).join('').replace(/-/g, '')}|${suffix}`);
    if (split && split !== domain) return resembles(split, `splits the name of the directory domain ${split} with dots`);
  }
  const edited = nearestByEdits(name, suffix, index);
  if (edited) {
    const of = sameSuffixDomain(edited.name, suffix, index)!;
    return resembles(of, `is ${edited.distance} edit${edited.distance > 1 ? 's' : ''} away from the directory domain ${of}`);
  }
  // The directory's name as one word of a longer host: `masslegalhelp-login.org`, `masslegalhelp.secure-site.com`.
  for (const label of ownLabels) {
    for (const word of label.split('-')) {
      const listed = word.length >= LOOKALIKE.minLengthForOneEdit && word !== name ? index.byName.get(unicodeName(word)) : undefined;
      if (listed) return resembles(listed[0]!, `carries the name of the directory domain ${listed[0]} inside another site's name, ${host}`);
    }
  }
  return null;
}

/** The closest directory name under the same suffix, by the rules in `LookalikeIndex`'s comment. */
function nearestByEdits(name: string, suffix: string, index: LookalikeIndex): { name: string; distance: number } | null {
  let best: { name: string; distance: number } | null = null;
  const consider = (candidate: string, limit: number): void => {
    if (candidate === name) return;
    const distance = editDistance(name, candidate, limit);
    // The domain lookup only for a candidate that would win: it was most of the per-candidate cost.
    if (distance > limit || (best !== null && (distance > best.distance || (distance === best.distance && candidate >= best.name)))) return;
    if (sameSuffixDomain(candidate, suffix, index) !== null) best = { name: candidate, distance };
  };
  if (name.length >= LOOKALIKE.minLengthForOneEdit - 1) {
    const found = new Set<number>();
    const collect = (hash: number): void => index.deletions.forEach(hash, (at) => found.add(at));
    collect(hashWithout(name, -1));
    for (let i = 0; i < name.length; i++) collect(hashWithout(name, i));
    for (const at of found) consider(index.editNames[at]!, 1);
  }
  if (best !== null) return best;
  if (name.length >= LOOKALIKE.minLengthForTwoEdits - 2) {
    index.longNames.candidates(suffix, name, (candidate) => {
      if (Math.min(candidate.length, name.length) >= LOOKALIKE.minLengthForTwoEdits) consider(candidate, 2);
    });
    if (best !== null) return best;
  }
  if (name.length < LOOKALIKE.minLengthForOneEdit + 1) {
    // Short names: only an edit no other real name would be one letter from (see the interface comment).
    for (let length = name.length - 1; length <= name.length + 1; length++) {
      for (const candidate of index.shortBySuffixLength.get(`${suffix}|${length}`) ?? []) {
        if (meaningfulShortEdit(name, candidate)) consider(candidate, 1);
      }
    }
  }
  return best;
}

/** The directory skeleton under the same suffix within the edit limits of `LookalikeIndex`, if any. */
function nearestSkeleton(written: string, suffix: string, domain: string, index: LookalikeIndex): { domain: string; distance: number } | null {
  let best: { domain: string; distance: number } | null = null;
  index.nearSkeletons.candidates(suffix, written, (candidate, of) => {
    const limit = editLimit(Math.min(candidate.length, written.length));
    if (limit === 0 || of === domain) return;
    const distance = editDistance(written, candidate, limit);
    if (distance <= limit && (best === null || distance < best.distance || (distance === best.distance && of < best.domain))) best = { domain: of, distance };
  });
  return best;
}

/** A swap of neighbours, or one digit or hyphen put in or put for a letter. */
function meaningfulShortEdit(written: string, listed: string): boolean {
  if (written.length === listed.length) {
    const diff: number[] = [];
    for (let i = 0; i < written.length; i++) if (written[i] !== listed[i]) diff.push(i);
    if (diff.length === 2 && diff[1] === diff[0]! + 1 && written[diff[0]!] === listed[diff[1]!] && written[diff[1]!] === listed[diff[0]!]) return true;
    return diff.length === 1 && /[0-9-]/.test(written[diff[0]!]!);
  }
  if (written.length === listed.length + 1) {
    for (let i = 0; i < written.length; i++) {
      if (written.slice(0, i) + written.slice(i + 1) === listed) return /[0-9-]/.test(written[i]!);
    }
  }
  return false;
}

function sameSuffixDomain(name: string, suffix: string, index: LookalikeIndex): string | null {
  const wanted = `${name}.${suffix}`;
  for (const domain of index.byName.get(name) ?? []) if (unicodeName(domain) === wanted || domain.endsWith(`.${suffix}`)) return domain;
  return null;
}

/** Edits that still make a lookalike for a name of this length (see `LookalikeIndex`). */
function editLimit(length: number): number {
  return length >= LOOKALIKE.minLengthForTwoEdits ? 2 : length >= LOOKALIKE.minLengthForOneEdit ? 1 : 0;
}

/**
 * Words grouped by suffix, found again from a word within their edit limit (`editLimit`) without
 * comparing against every one. Pigeonhole: a word is cut into 2 × limit + 1 pieces; one edit
 * (a swap of neighbours included) touches at most two pieces, so a word within `limit` edits
 * keeps one piece whole, shifted by at most `limit`. The index holds a hash per piece (its
 * suffix, word length, piece number and text); a lookup tries every piece at every shift, a few
 * dozen probes, and the caller confirms candidates with the true distance.
 *
 * A piece shared by more than `COMMON_PIECE` words (`tenant-` in a directory of tenant unions) is
 * not followed: it would make every lookup a scan. Then a word is found through its other pieces;
 * it is missed only if every piece the edits left whole is such common text.
 */
export class NearIndex {
  private readonly words: string[] = [];
  private readonly values: string[] = [];
  /** `letterSet` of each word, for the cheap lower bound that skips most candidates (see `candidates`). */
  private letterSets = new Int32Array(1024);
  /** The lookup that last visited each word: a Set of seen words per lookup cost more than the rest of it. */
  private visited = new Uint32Array(1024);
  private lookup = 0;
  private readonly pieces = new Map<number, number[]>();

  add(group: string, word: string, value: string): void {
    const limit = editLimit(word.length);
    if (limit === 0) return;
    const at = this.words.push(word) - 1;
    this.values.push(value);
    if (at === this.letterSets.length) {
      const grown = new Int32Array(at * 2);
      grown.set(this.letterSets);
      this.letterSets = grown;
      const stamps = new Uint32Array(at * 2);
      stamps.set(this.visited);
      this.visited = stamps;
    }
    this.letterSets[at] = letterSet(word);
    for (const [piece, start, size] of cuts(word.length, limit)) {
      const key = hashText(`${group}|${word.length}|${piece}|${word.slice(start, start + size)}`);
      const list = this.pieces.get(key);
      if (list) list.push(at);
      else this.pieces.set(key, [at]);
    }
  }

  /** Calls `visit` once for each word of `group` that may lie within its edit limit of `word`. */
  candidates(group: string, word: string, visit: (candidate: string, value: string) => void): void {
    const stamp = ++this.lookup;
    const own = letterSet(word);
    for (let length = Math.max(1, word.length - 2); length <= word.length + 2; length++) {
      const limit = editLimit(length);
      if (limit === 0 || Math.abs(length - word.length) > limit) continue;
      for (const [piece, start, size] of cuts(length, limit)) {
        for (let shift = -limit; shift <= limit; shift++) {
          const from = start + shift;
          if (from < 0 || from + size > word.length) continue;
          const list = this.pieces.get(hashText(`${group}|${length}|${piece}|${word.slice(from, from + size)}`));
          if (list === undefined || list.length > COMMON_PIECE) continue;
          for (const at of list) {
            if (this.visited[at] === stamp) continue;
            this.visited[at] = stamp;
            // Common pieces bring up to COMMON_PIECE words each, and that share grows with the
            // directory: each letter one word has and the other lacks needs an edit of its own, so
            // more such letters than the limit rule a word out without the edit distance.
            const other = this.letterSets[at]!;
            if (bitCount(own & ~other) > limit || bitCount(other & ~own) > limit) continue;
            visit(this.words[at]!, this.values[at]!);
          }
        }
      }
    }
  }
}

const COMMON_PIECE = 256;

/**
 * The characters of a word as bits (`a`–`z` one each, any other folded onto the six left). A
 * character of one word absent from the other costs at least one edit (a swap of neighbours moves
 * no character in or out), and folding only merges bits, so counting the bits one set has and
 * the other lacks never exceeds the edit distance.
 */
function letterSet(word: string): number {
  let bits = 0;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    bits |= 1 << (code >= 97 && code <= 122 ? code - 97 : 26 + (code % 6));
  }
  return bits;
}

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count++;
  return count;
}

/** `[piece number, start, size]` of a word of `length` cut into 2 × limit + 1 nearly equal pieces. */
function cuts(length: number, limit: number): Array<[number, number, number]> {
  const count = 2 * limit + 1;
  const out: Array<[number, number, number]> = [];
  for (let piece = 0; piece < count; piece++) {
    const start = Math.floor((piece * length) / count);
    const end = Math.floor(((piece + 1) * length) / count);
    out.push([piece, start, end - start]);
  }
  return out;
}

function hashText(text: string): number {
  return hashWithout(text, -1);
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
 * FNV-1a over the name's UTF-16 code units, leaving out position `skip` (-1: none),
 * so a deletion variant is hashed without building its string. Kept to 30 bits so V8 stores the
 * keys as small integers rather than boxed numbers.
 */
function hashWithout(name: string, skip: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    if (i === skip) continue;
    hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  }
  return (hash ^ (hash >>> 30)) & 0x3fffffff;
}

function isAsciiLetters(text: string): boolean {
  return /^[a-z0-9]+$/i.test(text.normalize('NFD').replace(/\p{M}/gu, ''));
}

/** Unicode's confusables.txt as character → prototype (unhomoglyph's data file). */
const CONFUSABLES = createRequire(import.meta.url)('unhomoglyph/data.json') as Readonly<Record<string, string>>;

/**
 * The UTS #39 confusable skeleton of a host name, with the data of Unicode's confusables.txt (from
 * the `unhomoglyph` package), for comparing two names: equal skeletons read the same.
 *
 * Beyond UTS #39, for hosts: a letter without a mapping of its own takes its upper-case form's
 * (IDNA lower-cases a written `Ԍ` to `ԍ`, so the capital's likeness counts); accents and other
 * marks are dropped (`másslegálhëlp`); and the ASCII confusions a host shows in lower case are
 * folded, which Unicode's table, made for mixed case, does not: `i`, `l` and `1` (a capital I is an
 * `i` in a host), `0` and `o`, `rn` and `m`, `vv` and `w`, `cl` and `d`.
 */
export function skeleton(name: string): string {
  let mapped = '';
  for (const char of name.normalize('NFD').toLowerCase()) {
    const own = CONFUSABLES[char] ?? char;
    if (char.charCodeAt(0) <= 0x7f || isAsciiLetters(own)) {
      mapped += own;
      continue;
    }
    // Unicode's table is case-sensitive and hosts are not: Cyrillic `т` maps to a small capital
    // T, its capital `Т` to `T`. Take whichever reads as an ASCII letter.
    const upper = char.toUpperCase();
    const viaUpper = upper !== char ? CONFUSABLES[upper] ?? upper : undefined;
    mapped += viaUpper !== undefined && isAsciiLetters(viaUpper) ? viaUpper.toLowerCase() : own;
  }
  return mapped
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[il1|]/g, 'l')
    .replace(/0/g, 'o')
    .replace(/m/g, 'rn')
    .replace(/d/g, 'cl')
    .replace(/w/g, 'vv');
}
