import type { AllowlistIndex } from './index.js';
import { otherLineLabel, ownLabel } from './phone-cues.js';
import type { PreparedAnswer } from '../text/prepared.js';
import { closest, nearestIn } from './proximity.js';
import { columnHeading } from '../text/structure.js';
import { otherReference, ownerWordIn, type Mention } from './unlisted-names.js';
import type { OrgFinding, PhoneFinding, Span } from '../extract/types.js';
import { bareOrgName } from '../normalize/bare-names.js';
import { orgKey } from '../normalize/name.js';
import { formatPhone } from '../normalize/phone.js';
import type { PhoneVerdict } from '../types.js';

// The verdicts phone attribution gives one number, and the checks that give a number to someone
// else than the name it stands near (`givenElsewhere`): the steps of `attributePhone` end here.

export interface OrgPositions {
  /** Every organization found, by start. */
  all: readonly OrgFinding[];
  /** Those whose organization has listed numbers. */
  numbered: readonly OrgFinding[];
  /** Organization → where it is named. */
  byOrganization: ReadonlyMap<string, readonly OrgFinding[]>;
  /** Every name, listed or not, by start (unlisted ones only where phone attribution reads). */
  names: readonly Mention[];
  /** Names that look like organizations but are not in the directory, by start. */
  unknown: readonly Mention[];
}

/** One number being attributed: what every step reads. */
export interface Attribution {
  phone: PhoneFinding;
  /** The number as a reason shows it. */
  shown: string;
  /** The organizations the directory lists the number for. */
  owners: string[];
  base: { finding: PhoneFinding; owners: string[] };
  answer: PreparedAnswer;
  positions: OrgPositions;
  index: AllowlistIndex;
  sentence: Span | undefined;
  block: Span | undefined;
  /** The name a sentence alternating names and numbers pairs it with. */
  paired: Mention | undefined;
  /** Where the number before it ends (0 for the first): bounds the clause its label is read in. */
  previousEnd: number;
  /** The fax, TTY or ADA label, once read. */
  lineLabelRead?: { label: string | undefined };
}

/** The organization that lists the number named nearest it inside `scope`. */
export function nearestOwner(a: Attribution, scope: Span | undefined): OrgFinding | undefined {
  return closest(
    a.phone,
    a.owners.map((owner) => nearestIn(a.positions.byOrganization.get(owner) ?? [], a.phone, scope)),
  );
}

export function verified(a: Attribution, owner: OrgFinding, how = ''): PhoneVerdict {
  return {
    ...a.base,
    organization: owner.normalized,
    status: 'verified',
    reason: `${a.shown} is listed for ${owner.normalized}${how}`,
  };
}

export function unchecked(a: Attribution, organization: string): PhoneVerdict {
  return {
    ...a.base,
    organization,
    status: 'unchecked',
    reason: `${a.shown} is given for ${organization}, which has no numbers in the directory`,
  };
}

/**
 * What, near `name`, gives the number to someone else: another body named in `near.between`
 * ("Worcester District Court does not hear these; call the housing court at 1"), a word of the
 * number's owner in `near.scope` ("For housing, … call 1"; "Housing cases: 1"), or a label of
 * its own after the number that ends at `labelFrom` (another entry). Reported, not charged;
 * undefined when nothing does, and `name` is charged.
 */
export function givenElsewhere(
  a: Attribution,
  name: string,
  near: { between: Span; scope: Span } | undefined,
  labelFrom: number | undefined,
): PhoneVerdict | undefined {
  if (near) {
    const other = otherReference(a.answer, near.between, a.positions.names, name);
    if (other !== undefined) return notCharged(a, other);
    const pointer = ownerWordIn(a.answer, near.scope, a.positions.names, a.owners, name);
    if (pointer !== undefined) return pointsElsewhere(a, name, pointer);
  }
  const label =
    labelFrom === undefined ? undefined : ownLabel(a.answer.text, labelFrom, a.phone, name);
  return label === undefined ? undefined : anotherEntry(a, name, label);
}

/** Checked against one name (and the names written together with it: "A or B at 1"). */
export function against(a: Attribution, target: Mention, group: readonly Mention[]): PhoneVerdict {
  if (!target.org) return notCharged(a, target.name);
  const owner = group.find((mention) => mention.org && a.owners.includes(mention.org.normalized));
  if (owner) return verified(a, owner.org!);
  const sole = new Set(group.map((mention) => mention.name)).size <= 1;
  if (hasNumbers(a.index, target.name))
    return misattributed(a, target.name, { org: target.org, sole });
  const numberedInGroup = group.find((mention) => mention.org && hasNumbers(a.index, mention.name));
  if (numberedInGroup)
    return misattributed(a, numberedInGroup.name, { org: numberedInGroup.org!, sole: false });
  return unchecked(a, target.name);
}

/**
 * Two entries whose names differ only by an article or a legal form (HUD lists "GREATER
 * WASHINGTON URBAN LEAGUE" in DC and "THE GREATER WASHINGTON URBAN LEAGUE" in MD): "the Greater
 * Washington Urban League" names either, so a number of one is no proof against the other.
 */
export function sameBareName(a: string, b: string): boolean {
  return a !== b && orgKey(bareOrgName(a) ?? a) === orgKey(bareOrgName(b) ?? b);
}

function twinEntry(a: Attribution, organization: string, twin: string): PhoneVerdict {
  return uncharged(
    a,
    `${a.shown} is given for ${organization}; the directory lists it for ${twin}, the same name without its article or legal form, which the answer's words name as well`,
  );
}

function hasNumbers(index: AllowlistIndex, organization: string): boolean {
  return (index.orgPhones.get(organization)?.length ?? 0) > 0;
}

function pointsElsewhere(a: Attribution, organization: string, word: string): PhoneVerdict {
  return {
    ...a.base,
    status: 'known',
    reason: `${a.shown} is written near ${organization}, but "${word}" points at the directory's owner of the number, ${a.owners.join(', ')}; nothing gives it to ${organization} in so many words`,
  };
}

function anotherEntry(a: Attribution, organization: string, label: string): PhoneVerdict {
  // A fax or TTY label says more: `misattributed` answers those with their own reason, uncharged.
  if (lineLabel(a) !== undefined) return misattributed(a, organization);
  const listed = whose(
    a,
    (owners) => `; the directory lists it for ${owners}`,
    '; the directory does not list it',
  );
  return uncharged(
    a,
    `${a.shown} comes after another number of ${organization}, under its own label "${label}"; nothing gives it to ${organization} in so many words${listed}`,
  );
}

export function notCharged(a: Attribution, name: string): PhoneVerdict {
  const listed = whose(
    a,
    (owners) => `; the directory lists the number for ${owners}`,
    ', and the directory does not list the number',
  );
  return uncharged(
    a,
    `${a.shown} is given for ${name}, which is not in the directory under that name${listed}`,
  );
}

/** A reason's clause on the number's owners: `listed` of them joined, or `none` when it has none. */
function whose(a: Attribution, listed: (owners: string) => string, none: string): string {
  return a.owners.length > 0 ? listed(a.owners.join(', ')) : none;
}

/**
 * A number reported, not charged: `known` when the directory lists it for someone (the reason
 * says whom), else `unlisted`.
 */
function uncharged(a: Attribution, reason: string, organization?: string): PhoneVerdict {
  return {
    ...a.base,
    ...(organization === undefined ? {} : { organization }),
    status: a.owners.length > 0 ? 'known' : 'unlisted',
    reason,
  };
}

/** The fax, TTY or ADA label the answer gives the number; read once (`anotherEntry` and `misattributed` both ask). */
function lineLabel(a: Attribution): string | undefined {
  a.lineLabelRead ??= {
    label: otherLineLabel(
      a.phone,
      Math.max(a.sentence?.start ?? 0, a.previousEnd),
      a.answer.text,
      columnHeading(a.answer, a.phone.start),
    ),
  };
  return a.lineLabelRead.label;
}

const REASON_NUMBERS = 3;
const VOWEL_FIRST = /^[AEIOU]/;

/** The name a number was charged through, and whether its organization was the only one in reach. */
export interface ChargedBy {
  org: OrgFinding;
  sole: boolean;
}

/**
 * A number given for `organization` (named by `by`) that it does not list: charged, unless the
 * name is weak (it may verify a number, never charge one), the directory lists the number for an
 * entry of the same bare name, or the answer labels it a fax, TTY or ADA line.
 */
export function misattributed(a: Attribution, organization: string, by?: ChargedBy): PhoneVerdict {
  if (by?.org.weak)
    return uncharged(
      a,
      `${a.shown} is given for ${organization}, named here only by "${by.org.matched}", a name ordinary words or several organizations share; it proves no number wrong${whose(a, (owners) => `; the directory lists it for ${owners}`, '; the directory does not list it')}`,
    );
  const twin = a.owners.find((owner) => sameBareName(owner, organization));
  if (twin !== undefined) return twinEntry(a, organization, twin);
  const numbers = (a.index.orgPhones.get(organization) ?? []).map(formatPhone);
  // A reason a person reads: three numbers, then how many more.
  const listed =
    numbers.length > REASON_NUMBERS
      ? `${numbers.slice(0, REASON_NUMBERS).join(', ')} and ${numbers.length - REASON_NUMBERS} more`
      : numbers.join(', ');
  // A fax, TTY or ADA coordinator's line: the directory holds the numbers to call an organization
  // on, so it proves nothing about these, neither by silence nor by listing the number for a
  // neighbour (one ADA coordinator serves several courts of a building). Reported, not charged.
  const label = lineLabel(a);
  if (label !== undefined) {
    const listedFor = whose(
      a,
      (owners) => `it lists this one for ${owners}`,
      'it does not list this one',
    );
    return uncharged(
      a,
      `${a.shown} is given as ${VOWEL_FIRST.test(label) ? 'an' : 'a'} ${label} line of ${organization}; the directory lists only the numbers to call it on: ${listed}; ${listedFor}`,
      organization,
    );
  }
  const belongs = whose(
    a,
    (owners) => `; it is the number of ${owners}`,
    '; the directory does not list it for anyone',
  );
  return {
    ...a.base,
    organization,
    status: 'misattributed',
    reason: `${a.shown} is given for ${organization}, whose numbers are ${listed}${belongs}`,
    ...(by === undefined ? {} : { charge: { matched: by.org.matched, sole: by.sole } }),
  };
}
