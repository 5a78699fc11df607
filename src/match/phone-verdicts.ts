import { isNumberToCall, type PhoneKind } from '../allowlist/phone-kinds.js';
import type { AllowlistIndex } from './index.js';
import { otherLineLabel, ownLabel, saysHotline } from './phone-cues.js';
import type { PreparedAnswer } from '../text/prepared.js';
import { closest, nearestIn } from './proximity.js';
import { columnHeading } from '../text/structure.js';
import { otherReference, ownerWordIn, type Mention } from './unlisted-names.js';
import type { OrgFinding, PhoneFinding, Span } from '../extract/types.js';
import { bareOrgName } from '../normalize/bare-names.js';
import { orgKey } from '../normalize/name.js';
import { formatPhone } from '../normalize/phone.js';
import type { PhoneCode } from '../codes.js';
import type { PhoneVerdict } from '../types.js';

// The verdicts of phone attribution, and what gives a number to someone else (`givenElsewhere`).

export interface OrgPositions {
  /** Every organization found, by start. */
  all: readonly OrgFinding[];
  numbered: readonly OrgFinding[];
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

/** Where the organization that lists a verified number is named, when not near it: the code and the reason's words. */
const VERIFIED_WHERE = {
  near: ['phone.verified', ''],
  heading: ['phone.verified.under-heading', ', under which it is given'],
  above: ['phone.verified.named-above', ', named just above it'],
} as const satisfies Record<string, readonly [PhoneCode, string]>;

export function verified(
  a: Attribution,
  owner: OrgFinding,
  where: keyof typeof VERIFIED_WHERE = 'near',
): PhoneVerdict {
  const [code, how] = VERIFIED_WHERE[where];
  return {
    ...a.base,
    organization: owner.normalized,
    status: 'verified',
    code,
    reason: `${a.shown} is listed for ${owner.normalized}${how}`,
  };
}

export function unchecked(a: Attribution, organization: string): PhoneVerdict {
  return {
    ...a.base,
    organization,
    status: 'unchecked',
    code: 'phone.unchecked',
    reason: `${a.shown} is given for ${organization}, which has no numbers in the directory`,
  };
}

/**
 * What near `name` gives the number elsewhere: another body in `near.between`, an owner's word in
 * `near.scope` ("Housing cases: 1"), or a label of its own from `labelFrom`. Undefined: charged.
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

/** Names differing by an article or legal form only (HUD: "THE GREATER …" in MD): no proof. */
export function sameBareName(a: string, b: string): boolean {
  return a !== b && orgKey(bareOrgName(a) ?? a) === orgKey(bareOrgName(b) ?? b);
}

/** Whether `site` is `PARENT - SITE` of `parent`, as 211 exports write them: no proof either. */
export function isSiteOf(site: string, parent: string): boolean {
  return (
    site.length > parent.length &&
    site.slice(0, parent.length).toLowerCase() === parent.toLowerCase() &&
    /^\s+[-–—]\s+\S/.test(site.slice(parent.length))
  );
}

function hasNumbers(index: AllowlistIndex, organization: string): boolean {
  return (index.orgPhones.get(organization)?.length ?? 0) > 0;
}

function pointsElsewhere(a: Attribution, organization: string, word: string): PhoneVerdict {
  return {
    ...a.base,
    status: 'known',
    code: 'phone.known.owner-word',
    reason: `${a.shown} is written near ${organization}, but "${word}" points at the directory's owner of the number, ${ownersText(a.owners)}; nothing gives it to ${organization} in so many words`,
  };
}

function anotherEntry(a: Attribution, organization: string, label: string): PhoneVerdict {
  // A fax or TTY label says more: `misattributed` answers those with their own reason, uncharged.
  if (lineLabel(a) !== undefined) return misattributed(a, organization);
  const listed = whose(a, '; the directory lists it for ', '; the directory does not list it');
  return uncharged(
    a,
    'phone.uncharged.own-label',
    `${a.shown} comes after another number of ${organization}, under its own label "${label}"; nothing gives it to ${organization} in so many words${listed}`,
  );
}

export function notCharged(a: Attribution, name: string): PhoneVerdict {
  const listed = whose(
    a,
    '; the directory lists the number for ',
    ', and the directory does not list the number',
  );
  return uncharged(
    a,
    'phone.uncharged.unlisted-name',
    `${a.shown} is given for ${name}, which is not in the directory under that name${listed}`,
  );
}

/** A reason's clause on the number's owners: `listed` and them, or `none` when it has none. */
function whose(a: Attribution, listed: string, none: string): string {
  return a.owners.length > 0 ? listed + ownersText(a.owners) : none;
}

/** `a, b, c and 4 more`: at most `REASON_NAMES` items, then how many more. */
function folded(items: readonly string[]): string {
  return items.length > REASON_NAMES
    ? `${items.slice(0, REASON_NAMES).join(', ')} and ${items.length - REASON_NAMES} more`
    : items.join(', ');
}

/** Where an office's name goes on from its organization's: `Legal Aid - Naples`, `Court (Salem)`. */
const OFFICE_SEPARATOR = /^\s*(?:[-–—:(]|,\s)/;

/** The owners as a person reads them (`Legal Aid and 7 of its offices`), else the first few. */
export function ownersText(owners: readonly string[]): string {
  if (owners.length < 2) return owners.join('');
  const root = owners.reduce((shortest, owner) =>
    owner.length < shortest.length ? owner : shortest,
  );
  const rest = owners.filter((owner) => owner !== root);
  if (
    rest.every((owner) => owner.startsWith(root) && OFFICE_SEPARATOR.test(owner.slice(root.length)))
  )
    return `${root} and ${rest.length} of its office${rest.length === 1 ? '' : 's'}`;
  const shared = sharedName(owners);
  if (shared !== null) {
    const offices = owners.map((owner) =>
      owner.slice(shared.length).replace(OFFICE_SEPARATOR, '').replace(/\)$/, '').trim(),
    );
    return `${shared}'s ${owners.length} offices (${folded(offices)})`;
  }
  return folded(owners);
}

/** The organization's name every owner starts with before an office separator, or null. */
function sharedName(owners: readonly string[]): string | null {
  let prefix = owners[0]!;
  for (const owner of owners) while (!owner.startsWith(prefix)) prefix = prefix.slice(0, -1);
  // Cut back to where every owner goes on with a separator: a whole name, not half a word.
  for (let end = prefix.length; end > 0; end--) {
    const name = prefix.slice(0, end).trimEnd();
    if (name.length > 0 && owners.every((owner) => OFFICE_SEPARATOR.test(owner.slice(name.length))))
      return name;
  }
  return null;
}

/** A number reported, not charged: `known` when the directory lists it for someone, else `unlisted`. */
function uncharged(
  a: Attribution,
  code: PhoneCode,
  reason: string,
  organization?: string,
): PhoneVerdict {
  return {
    ...a.base,
    ...(organization === undefined ? {} : { organization }),
    status: a.owners.length > 0 ? 'known' : 'unlisted',
    code,
    reason,
  };
}

/** The fax, TTY or ADA label the answer gives the number, read once. */
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

/** Whether the answer's label (`otherLineLabel`) names the directory's kind of line. */
function sameLine(label: string, kind: PhoneKind): boolean {
  if (kind === 'fax') return label === 'fax';
  return kind === 'TTY' && (label === 'TTY' || label === 'TDD' || label === 'text telephone');
}

/** How many numbers or owners a reason names before it says how many more. */
const REASON_NAMES = 3;
const VOWEL_FIRST = /^[AEIOU]/;

/** The name a number was charged through, and whether its organization was the only one in reach. */
export interface ChargedBy {
  org: OrgFinding;
  sole: boolean;
}

/** A number given for `organization` that it does not list: charged unless proven otherwise. */
export function misattributed(a: Attribution, organization: string, by?: ChargedBy): PhoneVerdict {
  if (by?.org.weak)
    return uncharged(
      a,
      'phone.uncharged.weak-name',
      `${a.shown} is given for ${organization}, named here only by "${by.org.matched}", a name ordinary words or several organizations share; it proves no number wrong${whose(a, '; the directory lists it for ', '; the directory does not list it')}`,
    );
  const twin = a.owners.find((owner) => sameBareName(owner, organization));
  if (twin !== undefined)
    return uncharged(
      a,
      'phone.uncharged.same-bare-name',
      `${a.shown} is given for ${organization}; the directory lists it for ${twin}, the same name without its article or legal form, which the answer's words name as well`,
    );
  const family = a.owners.find(
    (owner) => isSiteOf(owner, organization) || isSiteOf(organization, owner),
  );
  if (family !== undefined)
    return uncharged(
      a,
      'phone.uncharged.site-or-parent',
      `${a.shown} is given for ${organization}; the directory lists it for ${family}, ${isSiteOf(family, organization) ? 'one of its sites' : 'the parent of this site'} (a 211 export names a site PARENT - SITE), which the answer's words may well mean`,
    );
  const numbers = (a.index.orgPhones.get(organization) ?? []).map(formatPhone);
  const listed = folded(numbers);
  // A fax, TTY or ADA line: the directory holds numbers to call, so it proves nothing about these
  // (one ADA coordinator serves several courts of a building). Reported, not charged.
  const label = lineLabel(a);
  const kind = a.index.allowlist.orgPhoneKinds?.[organization]?.[a.phone.normalized];
  if (label !== undefined && kind !== undefined && sameLine(label, kind))
    return {
      ...a.base,
      organization,
      status: 'verified',
      code: 'phone.verified.line-kind',
      reason: `${a.shown} is listed as the ${kind} line of ${organization}, as the answer labels it`,
    };
  const wrongTty =
    by === undefined || label === undefined ? undefined : ttyCharge(a, organization, label, by);
  if (wrongTty !== undefined) return wrongTty;
  if (label !== undefined) {
    const listedFor = whose(a, 'it lists this one for ', 'it does not list this one');
    return uncharged(
      a,
      'phone.uncharged.line-label',
      `${a.shown} is given as ${VOWEL_FIRST.test(label) ? 'an' : 'a'} ${label} line of ${organization}; the directory lists only the numbers to call it on: ${listed}; ${listedFor}`,
      organization,
    );
  }
  // A fax or TTY of the organization offered as the number to call: a dead end, said so.
  const otherLine = kind !== undefined && !isNumberToCall(kind);
  const belongs = otherLine
    ? `; the directory lists it as its ${kind} line, not a number to call`
    : whose(a, '; it is the number of ', '; the directory does not list it for anyone');
  return {
    ...a.base,
    organization,
    status: 'misattributed',
    code: otherLine ? 'phone.misattributed.other-line' : 'phone.misattributed',
    reason: `${a.shown} is given for ${organization}, whose numbers are ${listed}${belongs}`,
    ...(by === undefined ? {} : { charge: chargeOf(a, by) }),
  };
}

/** What a fix reads of a charge: the name, whether it stood alone, a hotline label. */
function chargeOf(a: Attribution, by: ChargedBy): NonNullable<PhoneVerdict['charge']> {
  const hotline = saysHotline(
    a.phone,
    Math.max(a.sentence?.start ?? 0, a.previousEnd),
    a.answer.text,
    by.org,
  );
  return {
    matched: by.org.matched,
    sole: by.sole,
    ...(hotline ? { line: 'hotline' as const } : {}),
  };
}

/** A labelled TTY whose listed TTY (`phone_kinds`) is another: proven wrong; else undefined. */
function ttyCharge(
  a: Attribution,
  organization: string,
  label: string,
  by: ChargedBy,
): PhoneVerdict | undefined {
  if (!sameLine(label, 'TTY')) return undefined;
  const kinds = a.index.allowlist.orgPhoneKinds?.[organization] ?? {};
  const ttys = Object.keys(kinds).filter((number) => kinds[number] === 'TTY');
  if (ttys.length === 0 || ttys.includes(a.phone.normalized)) return undefined;
  return {
    ...a.base,
    organization,
    status: 'misattributed',
    code: 'phone.misattributed.tty',
    reason: `${a.shown} is given as the ${label} line of ${organization}, whose TTY line in the directory is ${folded(ttys.map(formatPhone))}`,
    charge: { matched: by.org.matched, sole: by.sole, line: 'TTY' },
  };
}
