import { domainToUnicode } from 'node:url';
import { parseDomain } from '../util/domains.js';
import { LOOKALIKE } from '../defaults.js';
import { NearIndex, type NearWords } from './near-index.js';
import { skeleton } from './skeleton.js';

/** The lookalike check's index of a directory's domains, built on first use (`lookalike.ts`). */
export interface LookalikeIndex {
  /** Registrable domains of the directory (`mass.gov`). */
  readonly registrable: ReadonlySet<string>;
  /** Name part (`mass`, Unicode) → registrable domains carrying it. */
  readonly byName: ReadonlyMap<string, readonly string[]>;
  /** The names compared by one edit; `deletions` points into this list. */
  readonly editNames: readonly string[];
  /** Each name and its one-deletion variants → `editNames` indexes (SymSpell): no scan needed. */
  readonly deletions: ReadonlyMap<string, readonly number[]>;
  /** `suffix|length` → short names (under `LOOKALIKE.minLengthForOneEdit`) of that suffix and length. */
  readonly shortBySuffixLength: ReadonlyMap<string, readonly string[]>;
  /** Names of `LOOKALIKE.minLengthForTwoEdits` letters or more, by suffix: two-edit candidates. */
  readonly longNames: NearWords;
  /** Confusable skeleton of a registrable domain → the directory domain. */
  readonly skeletons: ReadonlyMap<string, string>;
  /** Skeletons by suffix, valued by their domain: near-skeleton candidates. */
  readonly nearSkeletons: NearWords;
  /** `mass-gov` and `massgov` → `mass.gov`. */
  readonly flattened: ReadonlyMap<string, string>;
  /** Name with its hyphens dropped, `|` suffix → domain: `mass.legalhelp.org` joins to `masslegalhelp|org`. */
  readonly joined: ReadonlyMap<string, string>;
}

/** `nearWords`: the two-edit candidate index; a test passes a full scan to show the pieces change nothing. */
export function buildLookalikeIndex(
  hosts: Iterable<string>,
  nearWords: () => NearWords = () => new NearIndex(),
): LookalikeIndex {
  const registrable = new Set<string>();
  const byName = new Map<string, string[]>();
  const editNames: string[] = [];
  const shortBySuffixLength = new Map<string, string[]>();
  const longNames = nearWords();
  const skeletons = new Map<string, string>();
  const nearSkeletons = nearWords();
  const flattened = new Map<string, string>();
  const joined = new Map<string, string>();
  for (const host of hosts) {
    const parsed = parseDomain(host);
    if (
      !parsed.domain ||
      !parsed.domainWithoutSuffix ||
      !parsed.publicSuffix ||
      registrable.has(parsed.domain)
    )
      continue;
    registrable.add(parsed.domain);
    const name = unicodeName(parsed.domainWithoutSuffix);
    const suffix = parsed.publicSuffix;
    const domains = byName.get(name);
    if (domains) domains.push(parsed.domain);
    else byName.set(name, [parsed.domain]);
    for (const flat of [parsed.domain.replace(/\./g, '-'), parsed.domain.replace(/\./g, '')])
      if (!flattened.has(flat)) flattened.set(flat, parsed.domain);
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
    if (domains === undefined && name.length >= LOOKALIKE.minLengthForOneEdit) editNames.push(name);
  }
  const deletions = new Map<string, number[]>();
  editNames.forEach((name, at) => {
    for (const variant of withDeletions(name)) {
      const list = deletions.get(variant);
      if (list === undefined) deletions.set(variant, [at]);
      else if (list[list.length - 1] !== at) list.push(at);
    }
  });
  return {
    registrable,
    byName,
    editNames,
    deletions,
    shortBySuffixLength,
    longNames,
    skeletons,
    nearSkeletons,
    flattened,
    joined,
  };
}

/** `name` and each string one deletion from it. */
export function withDeletions(name: string): string[] {
  const out = [name];
  for (let at = 0; at < name.length; at++) out.push(name.slice(0, at) + name.slice(at + 1));
  return out;
}

export function unicodeName(name: string): string {
  return name.includes('xn--') ? domainToUnicode(name) || name : name;
}
