import type { AllowlistIndex } from './index.js';
import { cued, unknownRightBefore } from './phone-cues.js';
import {
  against,
  givenElsewhere,
  misattributed,
  nearestOwner,
  notCharged,
  ownersText,
  unchecked,
  verified,
  type Attribution,
  type OrgPositions,
} from './phone-verdicts.js';
import type { PreparedAnswer } from '../text/prepared.js';
import { distance, nearestIn, pairAlternating, soleIn } from './proximity.js';
import { blocksAbove, firstAtOrAfter, spanAt, underHeading } from '../text/structure.js';
import { unlistedNames, type Mention } from './unlisted-names.js';
import type { OrgFinding, PhoneFinding, Span } from '../extract/types.js';
import { formatPhone } from '../normalize/phone.js';
import type { PhoneVerdict } from '../types.js';

/**
 * Each number's organization and status (docs/SCORING.md), in order: the sentence's wording, an
 * owner in its sentence or block, the nearest name unless something gives it elsewhere, the item
 * or heading above. O(log organizations) per number after O(organizations), so stays linear.
 */
export function attributePhones(
  phones: readonly PhoneFinding[],
  orgs: readonly OrgFinding[],
  answer: PreparedAnswer,
  index: AllowlistIndex,
): PhoneVerdict[] {
  // No number, nothing to attribute: the answer's structure is never built.
  if (phones.length === 0) return [];
  const positions = positionsOf(phones, orgs, answer, index);
  const pairs = pairAlternating(
    phones,
    [...positions.numbered.map(mentionOf), ...positions.unknown],
    answer,
  );
  // Phones come sorted by start: the one before each bounds the clause its label is read in.
  return phones.map((phone, k) => {
    const owners = [...index.ownersOf(phone.normalized)];
    return withKind(
      attributePhone({
        phone,
        shown: phone.serviceLine ? phone.normalized : formatPhone(phone.normalized),
        owners,
        base: { finding: phone, owners },
        answer,
        positions,
        index,
        sentence: answer.sentenceAt(phone.start),
        block: spanAt(answer.blocks, phone.start),
        paired: pairs.get(phone),
        previousEnd: phones[k - 1]?.end ?? 0,
      }),
      index,
    );
  });
}

/** The verdict with the kind of line the directory gives its number: its organization's, else an owner's. */
function withKind(verdict: PhoneVerdict, index: AllowlistIndex): PhoneVerdict {
  const kinds = index.allowlist.orgPhoneKinds;
  if (kinds === undefined) return verdict;
  const number = verdict.finding.normalized;
  const kind = [verdict.organization, ...verdict.owners]
    .map((org) => (org === undefined ? undefined : kinds[org]?.[number]))
    .find((found) => found !== undefined);
  return kind === undefined ? verdict : { ...verdict, kind };
}

function mentionOf(org: OrgFinding): Mention {
  return { start: org.start, end: org.end, name: org.normalized, org };
}

/** Where the names stand; unlisted ones only in the blocks holding a number and those above them. */
function positionsOf(
  phones: readonly PhoneFinding[],
  orgs: readonly OrgFinding[],
  answer: PreparedAnswer,
  index: AllowlistIndex,
): OrgPositions {
  const all = [...orgs].sort((a, b) => a.start - b.start);
  const numbered = all.filter((org) => (index.orgPhones.get(org.normalized)?.length ?? 0) > 0);
  const byOrganization = new Map<string, OrgFinding[]>();
  for (const org of all) {
    const list = byOrganization.get(org.normalized);
    if (list) list.push(org);
    else byOrganization.set(org.normalized, [org]);
  }
  const unknown = unlistedNames(answer, all, blocksRead(phones, answer));
  const names = [...all.map(mentionOf), ...unknown].sort((a, b) => a.start - b.start);
  return { all, numbered, byOrganization, names, unknown };
}

/** The blocks holding a number and every block they sit under, in text order. */
function blocksRead(phones: readonly PhoneFinding[], answer: PreparedAnswer): Span[] {
  const { blocks, parents } = answer;
  const wanted = new Set<number>();
  for (const phone of phones) {
    const k = firstAtOrAfter(blocks, phone.start + 1) - 1;
    if (k < 0 || phone.start >= blocks[k]!.end) continue;
    for (let at = k; at >= 0 && !wanted.has(at); at = parents[at] ?? -1) wanted.add(at);
  }
  return [...wanted].sort((a, b) => a - b).map((k) => blocks[k]!);
}

function attributePhone(a: Attribution): PhoneVerdict {
  if (a.phone.serviceLine)
    return {
      ...a.base,
      status: 'service_line',
      code: 'phone.service-line',
      reason: `${a.shown} is a public service line`,
    };
  return byWording(a) ?? bySentence(a) ?? byNearest(a);
}

/** What the sentence says ("call 1 at B", "A: 1", "A at 1 or B at 2") before where the names stand. */
function byWording(a: Attribution): PhoneVerdict | undefined {
  const { sentence, phone, positions } = a;
  const cue = sentence ? cued(phone, sentence, a.answer.text, positions.names) : undefined;
  if (cue) return against(a, cue.target, cue.group);
  // "…, or Manna at 1": an unlisted capitalized name given the number in so many words.
  const stranger = sentence
    ? unknownRightBefore(a.answer.text, sentence, phone, positions.names)
    : undefined;
  if (stranger) return notCharged(a, stranger);
  if (a.paired) return against(a, a.paired, [a.paired]);
  return undefined;
}

/** An owner named in the sentence verifies it; an unlisted name nearer than any listed one takes it. */
function bySentence(a: Attribution): PhoneVerdict | undefined {
  const { sentence, phone, positions } = a;
  const sentenceOwner = nearestOwner(a, sentence);
  if (sentenceOwner) return verified(a, sentenceOwner);
  const sentenceNumbered = nearestIn(positions.numbered, phone, sentence);
  const sentenceUnknown = nearestIn(positions.unknown, phone, sentence);
  if (
    sentenceUnknown &&
    (!sentenceNumbered || distance(phone, sentenceUnknown) < distance(phone, sentenceNumbered))
  )
    return notCharged(a, sentenceUnknown.name);
  if (!sentenceNumbered) {
    const blockOwner = nearestOwner(a, a.block);
    if (blockOwner) return verified(a, blockOwner);
  }
  return undefined;
}

/** The name nearest in the sentence, else in the block; with none, the item or heading above. */
function byNearest(a: Attribution): PhoneVerdict {
  const { sentence, block, phone, positions } = a;
  const sentenceAny = nearestIn(positions.all, phone, sentence);
  const scopeAny = sentenceAny ?? nearestIn(positions.all, phone, block);
  const scopeNumbered = nearestIn(positions.numbered, phone, sentenceAny ? sentence : block);
  if (!sentenceAny) {
    const blockUnknown = nearestIn(positions.unknown, phone, block);
    if (
      blockUnknown &&
      (!scopeNumbered || distance(phone, blockUnknown) < distance(phone, scopeNumbered))
    )
      return notCharged(a, blockUnknown.name);
  }
  if (!scopeAny) return byPlace(a);
  if (!scopeNumbered) return unchecked(a, scopeAny.normalized);
  // Charged to the nearest name unless something gives the number elsewhere; a label of its own
  // counts only after another number ("X: 1; Legal aid: 2"), so "X: 1 or 2" is charged.
  const scope = (sentenceAny ? sentence : block)!;
  const between =
    scopeNumbered.end <= phone.start
      ? { start: scopeNumbered.end, end: phone.start }
      : { start: phone.end, end: scopeNumbered.start };
  const labelFrom =
    scopeNumbered.end <= a.previousEnd && a.previousEnd <= phone.start ? a.previousEnd : undefined;
  return (
    givenElsewhere(a, scopeNumbered.normalized, { between, scope }, labelFrom) ??
    misattributed(a, scopeNumbered.normalized, {
      org: scopeNumbered,
      sole: soleIn(positions.names, scope),
    })
  );
}

/** No name in its sentence or block: the item or heading it sits under, then the blocks just above. */
function byPlace(a: Attribution): PhoneVerdict {
  const { block, owners } = a;
  const heading = block ? underHeading(a.answer, block, a.positions.names) : undefined;
  if (heading) {
    const owner = heading.find((mention) => mention.org && owners.includes(mention.org.normalized));
    if (owner) return verified(a, owner.org!, 'heading');
    // Several names over it, none listing it: not proven which; nor when its item names another body.
    if (heading.length === 1) {
      const only = heading[0]!;
      const near = only.org
        ? { between: { start: block!.start, end: a.phone.start }, scope: block! }
        : undefined;
      const labelFrom =
        a.previousEnd > only.end ? Math.max(a.previousEnd, block!.start) : undefined;
      return givenElsewhere(a, only.name, near, labelFrom) ?? against(a, only, heading);
    }
  }
  // An owner named in the blocks just above (an intro over a list) verifies; this never charges.
  const above = block ? blocksAbove(a.answer.blocks, block) : undefined;
  const aboveOwner = above ? nearestOwner(a, above) : undefined;
  if (aboveOwner) return verified(a, aboveOwner, 'above');
  if (owners.length > 0)
    return {
      ...a.base,
      status: 'known',
      code: 'phone.known',
      reason: `${a.shown} is listed for ${ownersText(owners)}; no organization is named next to it`,
    };
  return {
    ...a.base,
    status: 'unlisted',
    code: 'phone.unlisted',
    reason: `${a.shown} is not in the directory and no organization is named next to it`,
  };
}
