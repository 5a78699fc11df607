import { LOOKALIKE } from '../defaults.js';
import { editDistance } from '../util/strings.js';
import { type LookalikeIndex, unicodeName, withDeletions } from './lookalike-index.js';
import { editLimit } from './near-index.js';
import { skeleton } from './skeleton.js';
import { parseDomain } from '../util/domains.js';
import type { HostParts } from '../normalize/public-host.js';

/**
 * Hosts that imitate a directory domain (docs/SCORING.md): proven (`invented`: buried, or the same
 * confusable skeleton), or a resemblance, never punished, as real neighbours look alike. Candidates
 * come from a deletion index (one edit) and `near-index.ts` (two, and skeletons), each confirmed
 * by a bounded Damerau–Levenshtein distance. `kind` is the last part of its link code.
 */
export type Lookalike = { readonly of: string; readonly how: string } & (
  | { readonly proven: true; readonly kind: 'confusable' | 'buried' }
  | { readonly proven: false; readonly kind: ResemblanceKind }
);

type ResemblanceKind = 'one-name' | 'other-suffix' | 'split' | 'edits' | 'inside' | 'folded';

/** Whether `host` imitates a directory domain, and how; null if not. `parsed`: tldts's reading. */
export function findLookalike(
  host: string,
  index: LookalikeIndex,
  parsed: HostParts = parseDomain(host),
): Lookalike | null {
  if (!parsed.domain || !parsed.domainWithoutSuffix || !parsed.publicSuffix) return null;
  if (index.registrable.has(parsed.domain)) return null;
  const suffix = parsed.publicSuffix;
  const buried = buriedDomain(host, parsed.domain, index);
  if (buried !== null) return buried;
  const name = unicodeName(parsed.domainWithoutSuffix);
  // Short ASCII names collide by chance (`cls`, `cis`): compared by skeleton only when long, mixing
  // scripts (`mаss`) or a digit among letters (`n0lo`), which have no innocent reading.
  const nonAscii = !ASCII.test(name);
  const digitForLetter = /[a-z]/.test(name) && /[01]/.test(name);
  const nameSkeleton = skeleton(name);
  const what = nonAscii
    ? 'look-alike letters from other scripts or accents'
    : 'look-alike characters';
  if (nonAscii || digitForLetter || name.length >= LOOKALIKE.minLengthForOneEdit) {
    const target = index.skeletons.get(`${nameSkeleton}.${suffix}`);
    if (target !== undefined && target !== parsed.domain) {
      return {
        of: target,
        how: `spells the directory domain ${target} with ${what} (the same confusable skeleton)`,
        proven: true,
        kind: 'confusable',
      };
    }
  }
  const near = nearestSkeleton(nameSkeleton, suffix, parsed.domain, index);
  // Other scripts or digits among letters within an edit or two of a directory name: a disguise.
  if (near && (nonAscii || digitForLetter)) {
    return {
      of: near.domain,
      how: `spells the directory domain ${near.domain} with ${what}, ${near.distance} edit${near.distance > 1 ? 's' : ''} from its confusable skeleton`,
      proven: true,
      kind: 'confusable',
    };
  }
  return (
    resemblance(host, parsed.domain, name, suffix, index) ??
    (near
      ? resembles(
          near.domain,
          'folded',
          `reads within ${near.distance} edit${near.distance > 1 ? 's' : ''} of the directory domain ${near.domain} once look-alike characters are folded`,
        )
      : null)
  );
}

const ASCII = /^[\x00-\x7f]*$/;

/** The directory domain 2–3 labels in front of another (`mass.gov.x.com`), read by offsets. */
function buriedDomain(host: string, domain: string, index: LookalikeIndex): Lookalike | null {
  if (host.length === domain.length) return null;
  const starts = [0];
  for (let dot = host.indexOf('.'); dot !== -1; dot = host.indexOf('.', dot + 1))
    starts.push(dot + 1);
  let front = starts.length - 1;
  for (let dot = domain.indexOf('.'); dot !== -1; dot = domain.indexOf('.', dot + 1)) front--;
  for (let from = 0; from < front; from++) {
    for (let size = 2; size <= 3 && from + size <= front + 1; size++) {
      const next = from + size;
      const window = host.slice(
        starts[from]!,
        next < starts.length ? starts[next]! - 1 : undefined,
      );
      if (window !== domain && index.registrable.has(window)) {
        return {
          of: window,
          how: `puts the directory domain ${window} in front of another site, ${domain}`,
          proven: true,
          kind: 'buried',
        };
      }
    }
  }
  return null;
}

function resemblance(
  host: string,
  domain: string,
  name: string,
  suffix: string,
  index: LookalikeIndex,
): Lookalike | null {
  // The labels before the suffix: `help.masslegalhelp` for `help.masslegalhelp.org`.
  const head = host.slice(0, host.length - suffix.length - 1);
  const flat = index.flattened.get(name);
  if (flat)
    return resembles(
      flat,
      'one-name',
      `spells the directory domain ${flat} as one name on another site`,
    );
  const sameName = index.byName.get(name);
  if (sameName && name.length >= LOOKALIKE.minLengthForSameName)
    return resembles(
      sameName[0]!,
      'other-suffix',
      `has the name of the directory domain ${sameName[0]} under another suffix (.${suffix})`,
    );
  if (head.includes('.')) {
    const split = index.joined.get(
      `${head.split('.').map(unicodeName).join('').replace(/-/g, '')}|${suffix}`,
    );
    if (split && split !== domain)
      return resembles(
        split,
        'split',
        `splits the name of the directory domain ${split} with dots`,
      );
  }
  const edited = nearestByEdits(name, suffix, index);
  if (edited) {
    const of = sameSuffixDomain(edited.name, suffix, index)!;
    return resembles(
      of,
      'edits',
      `is ${edited.distance} edit${edited.distance > 1 ? 's' : ''} away from the directory domain ${of}`,
    );
  }
  // The directory's name as one word of a longer host (`masslegalhelp-login.org`), read in place.
  for (let from = 0; from <= head.length; ) {
    let to = from;
    while (to < head.length && head.charCodeAt(to) !== 46 && head.charCodeAt(to) !== 45) to++;
    const word = head.slice(from, to);
    const listed =
      word.length >= LOOKALIKE.minLengthForOneEdit && word !== name
        ? index.byName.get(unicodeName(word))
        : undefined;
    if (listed)
      return resembles(
        listed[0]!,
        'inside',
        `carries the name of the directory domain ${listed[0]} inside another site's name, ${host}`,
      );
    from = to + 1;
  }
  return null;
}

function resembles(of: string, kind: ResemblanceKind, how: string): Lookalike {
  return { of, how, proven: false, kind };
}

interface Nearest {
  name: string;
  distance: number;
}

/** The closest directory name under the same suffix, by the rules of docs/SCORING.md. */
function nearestByEdits(name: string, suffix: string, index: LookalikeIndex): Nearest | null {
  let best: Nearest | null = null;
  if (name.length >= LOOKALIKE.minLengthForOneEdit - 1) {
    const found = new Set<number>();
    for (const variant of withDeletions(name))
      for (const at of index.deletions.get(variant) ?? []) found.add(at);
    for (const at of found) best = nearer(best, name, index.editNames[at]!, 1, suffix, index);
  }
  if (best !== null) return best;
  // Two edits only between names both that long: a shorter written name has no candidate there.
  if (name.length >= LOOKALIKE.minLengthForTwoEdits) {
    index.longNames.candidates(suffix, name, (candidate) => {
      if (Math.min(candidate.length, name.length) >= LOOKALIKE.minLengthForTwoEdits)
        best = nearer(best, name, candidate, 2, suffix, index);
    });
    if (best !== null) return best;
  }
  if (name.length < LOOKALIKE.minLengthForOneEdit + 1) {
    // Short names: only an edit no other real name would be one letter from.
    for (let length = name.length - 1; length <= name.length + 1; length++) {
      for (const candidate of index.shortBySuffixLength.get(`${suffix}|${length}`) ?? []) {
        if (meaningfulShortEdit(name, candidate))
          best = nearer(best, name, candidate, 1, suffix, index);
      }
    }
  }
  return best;
}

/** `candidate` if within `limit` of `name`, nearer than `best` and under `suffix`; else `best`. */
function nearer(
  best: Nearest | null,
  name: string,
  candidate: string,
  limit: number,
  suffix: string,
  index: LookalikeIndex,
): Nearest | null {
  if (candidate === name) return best;
  const distance = editDistance(name, candidate, limit);
  // The domain lookup only for a candidate that would win: it was most of the per-candidate cost.
  if (
    distance > limit ||
    (best !== null &&
      (distance > best.distance || (distance === best.distance && candidate >= best.name)))
  )
    return best;
  return sameSuffixDomain(candidate, suffix, index) !== null ? { name: candidate, distance } : best;
}

/** The directory skeleton under the same suffix within `editLimit`, if any. */
function nearestSkeleton(
  written: string,
  suffix: string,
  domain: string,
  index: LookalikeIndex,
): { domain: string; distance: number } | null {
  let best: { domain: string; distance: number } | null = null;
  // A skeleton too short for one edit has no candidate: the limit goes by the shorter of the two.
  if (editLimit(written.length) === 0) return null;
  index.nearSkeletons.candidates(suffix, written, (candidate, of) => {
    const limit = editLimit(Math.min(candidate.length, written.length));
    if (limit === 0 || of === domain) return;
    const distance = editDistance(written, candidate, limit);
    if (
      distance <= limit &&
      (best === null ||
        distance < best.distance ||
        (distance === best.distance && of < best.domain))
    )
      best = { domain: of, distance };
  });
  return best;
}

/** A swap of neighbours, or one digit or hyphen put in or put for a letter. */
function meaningfulShortEdit(written: string, listed: string): boolean {
  if (written.length === listed.length) {
    const diff: number[] = [];
    for (let i = 0; i < written.length; i++) if (written[i] !== listed[i]) diff.push(i);
    if (
      diff.length === 2 &&
      diff[1] === diff[0]! + 1 &&
      written[diff[0]!] === listed[diff[1]!] &&
      written[diff[1]!] === listed[diff[0]!]
    )
      return true;
    return diff.length === 1 && /[0-9-]/.test(written[diff[0]!]!);
  }
  if (written.length !== listed.length + 1) return false;
  // `withDeletions(written)[at]` is `written` without its character `at - 1`.
  const at = withDeletions(written).indexOf(listed);
  return at > 0 && /[0-9-]/.test(written[at - 1]!);
}

function sameSuffixDomain(name: string, suffix: string, index: LookalikeIndex): string | null {
  const wanted = `${name}.${suffix}`;
  for (const domain of index.byName.get(name) ?? [])
    if (unicodeName(domain) === wanted || domain.endsWith(`.${suffix}`)) return domain;
  return null;
}
