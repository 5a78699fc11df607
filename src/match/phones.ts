import type { AllowlistIndex } from './index.js';
import { cued, otherLineLabel, ownLabel } from './phone-cues.js';
import {
  blocksAbove,
  columnHeading,
  firstAtOrAfter,
  spanAt,
  underHeading,
  type Segments,
} from './structure.js';
import {
  otherReference,
  ownerWordIn,
  unknownRightBefore,
  unlistedNames,
  type Mention,
} from './unlisted-names.js';
import type { OrgFinding, PhoneFinding, Span } from '../extract/types.js';
import { formatPhone } from '../normalize/phone.js';
import type { PhoneVerdict } from '../types.js';

/**
 * Attribute each number to an organization and give it a status.
 *
 * First what the sentence says: a number right after a name and `at`, `:`, `'s number is`, `(`,
 * a dash or a comma ("X at 1", "X: 1", "X's number is 1") belongs to that name; one followed by
 * `at`, `for`, `with` or `(` and a name ("call 1 at X", "1 for X") belongs to that one. Before
 * anything else: "If A is busy, call 1 at B" gives 1 to B. A number so given to a name that looks
 * like an organization (capitalized words ending in Center, Aid, Project, …) but is not in the
 * directory is charged to no one: `known` or `unlisted`, the reason says so; the same when such a
 * name is the nearest name in the number's sentence.
 *
 * A number in a list item (or under a heading) whose own item names no one belongs to the item it
 * sits under (`1. **A**` with sub-bullets `Phone: …`, at any depth, or a `###` heading or a bold
 * line over a list), so two swapped numbers in a chatbot's layout are caught.
 *
 * Otherwise, a number belongs to the organization named nearest to it (by characters, either side) in its
 * sentence; when its sentence names none, in its block (paragraph, list item); unless the text
 * between them speaks of another body ("… call the housing court at 1"), or the words around it
 * point at the number's owner ("Housing: 1"), or it follows another number of the entry under a
 * label of its own ("X: 2. Legal aid: 1"): then it is charged to no one, since nearness alone
 * proves nothing against that reading. A sentence that
 * alternates names and numbers ("A at 1 or B at 2", "call 1 for A or 2 for B") pairs them in the
 * order written: each number goes with the organization before it when the sentence starts with a
 * name, with the one after it when it starts with a number, and is checked against that one alone,
 * so two numbers swapped inside one sentence are caught. Then:
 * - `verified` when an organization named in its sentence lists it (in a sentence that lists names
 *   and then numbers, "A and B answer at 1 and 2", any of them). When the sentence names no
 *   organization with listed numbers, an organization named in the block that lists it verifies it
 *   too. So an answer that names two organizations and gives each its number is never penalized,
 *   in whatever order it writes them, and one number shared by several organizations is valid for
 *   each; but two numbers swapped between two sentences are each caught.
 * - `misattributed` when the organization it is attributed to has listed numbers and this is not
 *   one of them (organizations without numbers on file are passed over for one with them); the
 *   reason names the organizations the directory lists it for, if any. Not when the answer labels
 *   it a fax, TTY or ADA line ("fax 1", "1 (fax)", a `Fax` column): the directory lists numbers to
 *   call, so it proves nothing against those; they are `unlisted` (or `known`), with the reason.
 * - `unchecked` when the organizations near it have no numbers on file.
 * - `verified` too when no organization is named in its sentence or block but one that lists it is
 *   named in the three blocks just above (a list under an introduction that names the organization).
 * - `known` (no organization near it, but the directory lists it) or `unlisted` (a warning).
 * - `service_line` for 211, 988, …: valid anywhere.
 *
 * Cost: O(log organizations) per number after an O(organizations) set-up, so an answer naming
 * thousands of organizations in one paragraph stays linear.
 */
export function attributePhones(
  phones: readonly PhoneFinding[],
  orgs: readonly OrgFinding[],
  segments: Segments,
  index: AllowlistIndex,
): PhoneVerdict[] {
  const all = [...orgs].sort((a, b) => a.start - b.start);
  const numbered = all.filter((org) => (index.orgPhones.get(org.normalized)?.length ?? 0) > 0);
  const byOrganization = new Map<string, OrgFinding[]>();
  for (const org of all) {
    const list = byOrganization.get(org.normalized);
    if (list) list.push(org);
    else byOrganization.set(org.normalized, [org]);
  }
  const unknown = unlistedNames(segments.text, all);
  const names: Mention[] = [
    ...all.map((org): Mention => ({ start: org.start, end: org.end, name: org.normalized, org })),
    ...unknown,
  ].sort((a, b) => a.start - b.start);
  const pairs = pairAlternating(
    phones,
    [
      ...numbered.map(
        (org): Mention => ({ start: org.start, end: org.end, name: org.normalized, org }),
      ),
      ...unknown,
    ],
    segments,
  );
  // Phones come sorted by start: the one before each bounds the clause its label is read in.
  return phones.map((phone, k) =>
    attributePhone(
      phone,
      { all, numbered, byOrganization, names, unknown },
      segments,
      index,
      pairs.get(phone),
      phones[k - 1]?.end ?? 0,
    ),
  );
}

/**
 * For sentences that alternate organizations (with numbers on file) and numbers, the organization
 * each number is paired with. Sentences that name organizations and then numbers, or the reverse
 * (at most one change of kind), have no pairing: any organization named there may own a number.
 * One pass over the sorted mentions: O(numbers + organizations).
 */
function pairAlternating(
  phones: readonly PhoneFinding[],
  numbered: readonly Mention[],
  segments: Segments,
): Map<PhoneFinding, Mention> {
  const pairs = new Map<PhoneFinding, Mention>();
  type Item = { at: number; sentence: Span; org?: Mention; phone?: PhoneFinding };
  const mentions: Item[] = [];
  for (const org of numbered) {
    const sentence = spanAt(segments.sentences, org.start);
    if (sentence && org.end <= sentence.end) mentions.push({ at: org.start, sentence, org });
  }
  for (const phone of phones) {
    const sentence = phone.serviceLine ? undefined : spanAt(segments.sentences, phone.start);
    if (sentence) mentions.push({ at: phone.start, sentence, phone });
  }
  mentions.sort((a, b) => a.at - b.at);
  for (let from = 0; from < mentions.length; ) {
    let to = from;
    while (to < mentions.length && mentions[to]!.sentence === mentions[from]!.sentence) to++;
    const run = mentions.slice(from, to);
    from = to;
    let changes = 0;
    for (let k = 1; k < run.length; k++)
      if (Boolean(run[k]!.org) !== Boolean(run[k - 1]!.org)) changes++;
    if (changes < 2) continue;
    const nameFirst = Boolean(run[0]!.org);
    if (nameFirst) {
      let last: Mention | undefined;
      for (const mention of run) {
        if (mention.org) last = mention.org;
        else if (mention.phone && last) pairs.set(mention.phone, last);
      }
    } else {
      let next: Mention | undefined;
      for (let k = run.length - 1; k >= 0; k--) {
        const mention = run[k]!;
        if (mention.org) next = mention.org;
        else if (mention.phone && next) pairs.set(mention.phone, next);
      }
    }
  }
  return pairs;
}

interface OrgPositions {
  /** Every organization found, by start. */
  all: readonly OrgFinding[];
  /** Those whose organization has listed numbers. */
  numbered: readonly OrgFinding[];
  /** Organization → where it is named. */
  byOrganization: ReadonlyMap<string, readonly OrgFinding[]>;
  /** Every name, listed or not, by start. */
  names: readonly Mention[];
  /** Names that look like organizations but are not in the directory, by start. */
  unknown: readonly Mention[];
}

function attributePhone(
  phone: PhoneFinding,
  positions: OrgPositions,
  segments: Segments,
  index: AllowlistIndex,
  paired: Mention | undefined,
  previousEnd: number,
): PhoneVerdict {
  const shown = phone.serviceLine ? phone.normalized : formatPhone(phone.normalized);
  const owners = [...index.ownersOf(phone.normalized)];
  const base = { finding: phone, owners };
  let lineLabelRead: { label: string | undefined } | undefined;
  if (phone.serviceLine)
    return { ...base, status: 'service_line', reason: `${shown} is a public service line` };

  const sentence = spanAt(segments.sentences, phone.start);
  const block = spanAt(segments.blocks, phone.start);
  const nearestOwner = (scope: Span | undefined): OrgFinding | undefined =>
    closest(
      phone,
      owners.map((owner) => nearestIn(positions.byOrganization.get(owner) ?? [], phone, scope)),
    );
  const verified = (owner: OrgFinding): PhoneVerdict => ({
    ...base,
    organization: owner.normalized,
    status: 'verified',
    reason: `${shown} is listed for ${owner.normalized}`,
  });

  // What the sentence says ("call 1 at B", "A: 1") before where the names stand.
  const cue = sentence ? cued(phone, sentence, segments.text, positions.names) : undefined;
  if (cue) return against(cue.target, cue.group);
  // "…, or Manna at 1": a capitalized name the directory does not know, given the number in so many words.
  const stranger = sentence
    ? unknownRightBefore(segments.text, sentence, phone, positions.names)
    : undefined;
  if (stranger) return notCharged(stranger);
  if (paired) return against(paired, [paired]);
  const sentenceOwner = nearestOwner(sentence);
  if (sentenceOwner) return verified(sentenceOwner);
  const sentenceAny = nearestIn(positions.all, phone, sentence);
  const sentenceNumbered = nearestIn(positions.numbered, phone, sentence);
  // A name not in the directory, nearer than any listed one: the number is not charged to another.
  const sentenceUnknown = nearestIn(positions.unknown, phone, sentence);
  if (
    sentenceUnknown &&
    (!sentenceNumbered || distance(phone, sentenceUnknown) < distance(phone, sentenceNumbered))
  )
    return notCharged(sentenceUnknown.name);
  if (!sentenceNumbered) {
    const blockOwner = nearestOwner(block);
    if (blockOwner) return verified(blockOwner);
  }

  const scopeAny = sentenceAny ?? nearestIn(positions.all, phone, block);
  const scopeNumbered = sentenceAny
    ? sentenceNumbered
    : nearestIn(positions.numbered, phone, block);
  if (!sentenceAny) {
    const blockUnknown = nearestIn(positions.unknown, phone, block);
    if (
      blockUnknown &&
      (!scopeNumbered || distance(phone, blockUnknown) < distance(phone, scopeNumbered))
    )
      return notCharged(blockUnknown.name);
  }
  if (!scopeAny) {
    // A sub-item under an item or heading that names an organization belongs to it.
    const heading = block ? underHeading(segments, block, positions.names) : undefined;
    if (heading) {
      const owner = heading.find(
        (mention) => mention.org && owners.includes(mention.org.normalized),
      );
      if (owner)
        return {
          ...base,
          organization: owner.name,
          status: 'verified',
          reason: `${shown} is listed for ${owner.name}, under which it is given`,
        };
      // Several names over it and none lists it: which one is meant is not proven. Nor when its
      // own item speaks of another body ("- Housing Court (same building): 1").
      if (heading.length === 1) {
        const only = heading[0]!;
        const near = only.org
          ? { between: { start: block!.start, end: phone.start }, scope: block! }
          : undefined;
        return (
          givenElsewhere(
            only.name,
            near,
            previousEnd > only.end ? Math.max(previousEnd, block!.start) : undefined,
          ) ?? against(only, heading)
        );
      }
    }
    // A list under an intro that names the organization ("… the Brookline District Court.\n\n- Phone: …"):
    // an owner named in the blocks just above verifies the number. This never penalizes, so a number
    // for something else further down is at worst `known` or `unlisted`, as before.
    const above = block ? blocksAbove(segments.blocks, block) : undefined;
    const aboveOwner = above ? nearestOwner(above) : undefined;
    if (aboveOwner)
      return {
        ...base,
        organization: aboveOwner.normalized,
        status: 'verified',
        reason: `${shown} is listed for ${aboveOwner.normalized}, named just above it`,
      };
    if (owners.length > 0)
      return {
        ...base,
        status: 'known',
        reason: `${shown} is listed for ${owners.join(', ')}; no organization is named next to it`,
      };
    return {
      ...base,
      status: 'unlisted',
      reason: `${shown} is not in the directory and no organization is named next to it`,
    };
  }
  if (!scopeNumbered) {
    const organization = scopeAny.normalized;
    return {
      ...base,
      organization,
      status: 'unchecked',
      reason: `${shown} is given for ${organization}, which has no numbers in the directory`,
    };
  }
  // Charged to the nearest name only when nothing gives the number to someone else (`givenElsewhere`).
  // A label of its own counts only when another number stands between the name and it ("X: 1;
  // Legal aid: 2"); "X: 1 or 2" is still charged.
  const between =
    scopeNumbered.end <= phone.start
      ? { start: scopeNumbered.end, end: phone.start }
      : { start: phone.end, end: scopeNumbered.start };
  const labelFrom =
    scopeNumbered.end <= previousEnd && previousEnd <= phone.start ? previousEnd : undefined;
  return (
    givenElsewhere(
      scopeNumbered.normalized,
      { between, scope: (sentenceAny ? sentence : block)! },
      labelFrom,
    ) ?? misattributed(scopeNumbered.normalized)
  );

  /**
   * What, near `name`, gives the number to someone else: another body named in `near.between`
   * ("Worcester District Court does not hear these; call the housing court at 1"), a word of the
   * number's owner in `near.scope` ("For housing, … call 1"; "Housing cases: 1"), or a label of
   * its own after the number that ends at `labelFrom` (another entry). Reported, not charged;
   * undefined when nothing does, and `name` is charged.
   */
  function givenElsewhere(
    name: string,
    near: { between: Span; scope: Span } | undefined,
    labelFrom: number | undefined,
  ): PhoneVerdict | undefined {
    if (near) {
      const other = otherReference(segments.text, near.between, positions.names, name);
      if (other !== undefined) return notCharged(other);
      const pointer = ownerWordIn(segments.text, near.scope, positions.names, owners, name);
      if (pointer !== undefined) return pointsElsewhere(name, pointer);
    }
    const label =
      labelFrom === undefined ? undefined : ownLabel(segments.text, labelFrom, phone, name);
    return label === undefined ? undefined : anotherEntry(name, label);
  }

  /** Checked against one name (and the names written together with it: "A or B at 1"). */
  function against(target: Mention, group: readonly Mention[]): PhoneVerdict {
    if (!target.org) return notCharged(target.name);
    const owner = group.find((mention) => mention.org && owners.includes(mention.org.normalized));
    if (owner) return verified(owner.org!);
    if ((index.orgPhones.get(target.name)?.length ?? 0) > 0) return misattributed(target.name);
    const numberedInGroup = group.find(
      (mention) => mention.org && (index.orgPhones.get(mention.name)?.length ?? 0) > 0,
    );
    if (numberedInGroup) return misattributed(numberedInGroup.name);
    return {
      ...base,
      organization: target.name,
      status: 'unchecked',
      reason: `${shown} is given for ${target.name}, which has no numbers in the directory`,
    };
  }

  function pointsElsewhere(organization: string, word: string): PhoneVerdict {
    return {
      ...base,
      status: 'known',
      reason: `${shown} is written near ${organization}, but "${word}" points at the directory's owner of the number, ${owners.join(', ')}; nothing gives it to ${organization} in so many words`,
    };
  }

  function anotherEntry(organization: string, label: string): PhoneVerdict {
    // A fax or TTY label says more: `misattributed` answers those with their own reason, uncharged.
    if (lineLabel() !== undefined) return misattributed(organization);
    const whose =
      owners.length > 0
        ? `; the directory lists it for ${owners.join(', ')}`
        : '; the directory does not list it';
    return {
      ...base,
      status: owners.length > 0 ? 'known' : 'unlisted',
      reason: `${shown} comes after another number of ${organization}, under its own label "${label}"; nothing gives it to ${organization} in so many words${whose}`,
    };
  }

  function notCharged(name: string): PhoneVerdict {
    const whose =
      owners.length > 0
        ? `; the directory lists the number for ${owners.join(', ')}`
        : ', and the directory does not list the number';
    return {
      ...base,
      status: owners.length > 0 ? 'known' : 'unlisted',
      reason: `${shown} is given for ${name}, which is not in the directory under that name${whose}`,
    };
  }

  /** The fax, TTY or ADA label the answer gives the number; read once (`anotherEntry` and `misattributed` both ask). */
  function lineLabel(): string | undefined {
    lineLabelRead ??= {
      label: otherLineLabel(
        phone,
        Math.max(sentence?.start ?? 0, previousEnd),
        segments.text,
        columnHeading(segments, phone.start),
      ),
    };
    return lineLabelRead.label;
  }

  function misattributed(organization: string): PhoneVerdict {
    const numbers = (index.orgPhones.get(organization) ?? []).map(formatPhone);
    // A reason a person reads: three numbers, then how many more.
    const listed =
      numbers.length > REASON_NUMBERS
        ? `${numbers.slice(0, REASON_NUMBERS).join(', ')} and ${numbers.length - REASON_NUMBERS} more`
        : numbers.join(', ');
    // A fax, TTY or ADA coordinator's line: the directory holds the numbers to call an organization
    // on, so it proves nothing about these, neither by silence nor by listing the number for a
    // neighbour (one ADA coordinator serves several courts of a building). Reported, not charged.
    const label = lineLabel();
    if (label !== undefined) {
      const listedFor =
        owners.length > 0
          ? `it lists this one for ${owners.join(', ')}`
          : 'it does not list this one';
      return {
        ...base,
        organization,
        status: owners.length > 0 ? 'known' : 'unlisted',
        reason: `${shown} is given as ${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label} line of ${organization}; the directory lists only the numbers to call it on: ${listed}; ${listedFor}`,
      };
    }
    const belongs =
      owners.length > 0
        ? `; it is the number of ${owners.join(', ')}`
        : '; the directory does not list it for anyone';
    return {
      ...base,
      organization,
      status: 'misattributed',
      reason: `${shown} is given for ${organization}, whose numbers are ${listed}${belongs}`,
    };
  }
}

const REASON_NUMBERS = 3;

function distance(phone: Span, org: Span): number {
  return org.end <= phone.start
    ? phone.start - org.end
    : org.start >= phone.end
      ? org.start - phone.end
      : 0;
}

/** Of the candidates, the nearest to `phone`; on a tie, the one written first. */
function closest<T extends Span>(
  phone: Span,
  candidates: ReadonlyArray<T | undefined>,
): T | undefined {
  let best: T | undefined;
  for (const candidate of candidates) {
    if (!candidate) continue;
    if (!best) best = candidate;
    else {
      const d = distance(phone, candidate);
      const bestD = distance(phone, best);
      if (d < bestD || (d === bestD && candidate.start < best.start)) best = candidate;
    }
  }
  return best;
}

/**
 * The organization of `sorted` (by start, not overlapping one another) nearest to `phone` and
 * lying wholly inside `scope`, by binary search: only the last one starting before the number and
 * the first one starting at or after it can be nearest.
 */
function nearestIn<T extends Span>(
  sorted: readonly T[],
  phone: Span,
  scope: Span | undefined,
): T | undefined {
  if (!scope || sorted.length === 0) return undefined;
  const low = firstAtOrAfter(sorted, phone.start);
  const inside = (org: T | undefined): T | undefined =>
    org && org.start >= scope.start && org.end <= scope.end ? org : undefined;
  return closest(phone, [inside(sorted[low - 1]), inside(sorted[low])]);
}
