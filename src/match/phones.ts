import type { AllowlistIndex } from '../allowlist/index.js';
import { spanAt, type Segments } from '../extract/structure.js';
import type { OrgFinding, PhoneFinding, Span } from '../extract/types.js';
import { formatPhone } from '../normalize/phone.js';
import type { PhoneVerdict } from '../report/types.js';

/**
 * Attribute each number to an organization and judge it.
 *
 * The organizations "near" a number are those named in its sentence; if none, those in its block
 * (paragraph, list item). The number is `verified` when any organization named in its block lists
 * it: an answer that names two organizations and gives each its number is never penalized, in
 * whatever order it writes them, and one number shared by several organizations is valid for each.
 * Otherwise it is attributed to the nearest organization in scope (by characters, either side);
 * `misattributed` if that organization has listed numbers, `unchecked` if it has none. A number
 * with no organization near it is `known` when the directory lists it, else `unlisted` (a warning).
 * Service lines (211, 988, …) are valid anywhere.
 */
export function judgePhones(phones: readonly PhoneFinding[], orgs: readonly OrgFinding[], segments: Segments, index: AllowlistIndex): PhoneVerdict[] {
  return phones.map((phone) => judgePhone(phone, orgs, segments, index));
}

function judgePhone(phone: PhoneFinding, orgs: readonly OrgFinding[], segments: Segments, index: AllowlistIndex): PhoneVerdict {
  const shown = phone.serviceLine ? phone.normalized : formatPhone(phone.normalized);
  const owners = [...(index.phoneOwners.get(phone.normalized) ?? [])];
  const base = { finding: phone, owners };
  if (phone.serviceLine) return { ...base, status: 'service_line', reason: `${shown} is a public service line` };

  const sentence = spanAt(segments.sentences, phone.start);
  const block = spanAt(segments.blocks, phone.start);
  const inBlock = block ? orgs.filter((org) => within(org, block)) : [];
  const inSentence = sentence ? orgs.filter((org) => within(org, sentence)) : [];
  const owner = nearest(phone, inBlock.filter((org) => owners.includes(org.normalized)));
  if (owner) return { ...base, organization: owner.normalized, status: 'verified', reason: `${shown} is listed for ${owner.normalized}` };

  const scope = inSentence.length > 0 ? inSentence : inBlock;
  if (scope.length === 0) {
    // A list under an intro that names the organization ("… the Brookline District Court.\n\n- Phone: …"):
    // an owner named in the blocks just above verifies the number. This never penalizes, so a number
    // for something else further down is at worst `known` or `unlisted`, as before.
    const above = owners.length > 0 && block ? nearest(phone, orgsAbove(orgs, segments.blocks, block).filter((org) => owners.includes(org.normalized))) : undefined;
    if (above) return { ...base, organization: above.normalized, status: 'verified', reason: `${shown} is listed for ${above.normalized}, named just above it` };
    if (owners.length > 0) return { ...base, status: 'known', reason: `${shown} is listed for ${owners.join(', ')}; no organization is named next to it` };
    return { ...base, status: 'unlisted', reason: `${shown} is not in the directory and no organization is named next to it` };
  }
  const withNumbers = scope.filter((org) => (index.orgPhones.get(org.normalized)?.length ?? 0) > 0);
  const attributed = nearest(phone, withNumbers) ?? nearest(phone, scope)!;
  const organization = attributed.normalized;
  if (withNumbers.length === 0) {
    return { ...base, organization, status: 'unchecked', reason: `${shown} is given for ${organization}, which has no numbers in the directory` };
  }
  const listed = (index.orgPhones.get(organization) ?? []).map(formatPhone).join(', ');
  const belongs = owners.length > 0 ? `; it is the number of ${owners.join(', ')}` : '; the directory does not list it for anyone';
  return { ...base, organization, status: 'misattributed', reason: `${shown} is given for ${organization}, whose numbers are ${listed}${belongs}` };
}

/** How many blocks above a number's own block may introduce it (a heading, an intro, a list). */
const BLOCKS_ABOVE = 3;

function orgsAbove(orgs: readonly OrgFinding[], blocks: readonly Span[], block: Span): OrgFinding[] {
  const at = blocks.indexOf(block);
  const first = blocks[Math.max(0, at - BLOCKS_ABOVE)];
  if (at <= 0 || !first) return [];
  return orgs.filter((org) => org.start >= first.start && org.end <= block.start);
}

function within(inner: Span, outer: Span): boolean {
  return inner.start >= outer.start && inner.end <= outer.end;
}

function nearest(phone: Span, orgs: readonly OrgFinding[]): OrgFinding | undefined {
  let best: OrgFinding | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const org of orgs) {
    const distance = org.end <= phone.start ? phone.start - org.end : org.start >= phone.end ? org.start - phone.end : 0;
    if (distance < bestDistance) {
      best = org;
      bestDistance = distance;
    }
  }
  return best;
}
