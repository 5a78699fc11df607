import { extractLinks } from '../extract/links.js';
import type { LinkFinding, OrgFinding, Span } from '../extract/types.js';
import { writePhoneLike } from '../normalize/phone-style.js';
import {
  type Correction,
  type CorrectionSource,
  isFatalBucket,
  type LinkVerdict,
  type PhoneVerdict,
} from '../types.js';
import type { AllowlistIndex } from './index.js';
import { type Segments, spanAt, underHeading } from '../text/structure.js';

/**
 * The fix for every finding that counts against the answer, from the directory itself, decided
 * here beside the finding (a linter rule's fix, as data; `src/repair/` applies them):
 * - a misattributed number: the numbers the directory lists for the organization it was given for
 *   (the first put in its place, written in the answer's own format);
 * - a link or number of the wrong jurisdiction: a removal (nothing says what would replace it);
 * - a broken or invented link, and a link that resembles a directory site: the page the directory
 *   lists for the organization the answer ties it to (named in its sentence, else its list item or
 *   table row, else the item or heading it sits under, and only when exactly one organization is
 *   named there); else the directory domain it resembles (a `domains` entry, or a host with one
 *   listed page); else, for a link that fails the answer,
 *   a removal. A lookalike that does not fail the answer gets a correction only when there is
 *   something to put in its place: doubt alone never removes a claim.
 */
export function correctVerdicts(
  links: readonly LinkVerdict[],
  phones: readonly PhoneVerdict[],
  organizations: readonly OrgFinding[],
  segments: Segments,
  index: AllowlistIndex,
): { links: LinkVerdict[]; phones: PhoneVerdict[] } {
  const sorted = [...organizations].sort((a, b) => a.start - b.start);
  return {
    links: links.map((link) => {
      const correction = correctLink(link, sorted, segments, index);
      return correction === undefined ? link : { ...link, correction };
    }),
    phones: phones.map((phone) => {
      const correction = correctPhone(phone, index);
      return correction === undefined ? phone : { ...phone, correction };
    }),
  };
}

function correctPhone(phone: PhoneVerdict, index: AllowlistIndex): Correction | undefined {
  const { start, end, raw } = phone.finding;
  if (phone.status === 'wrong_jurisdiction')
    return { action: 'remove', start, end, reason: OTHER_AREA };
  if (phone.status !== 'misattributed' || phone.organization === undefined) return undefined;
  const listed = index.orgPhones.get(phone.organization) ?? [];
  const [first, ...others] = listed;
  if (first === undefined)
    return { action: 'remove', start, end, reason: `no number on file for ${phone.organization}` };
  return {
    action: 'replace',
    start,
    end,
    text: writePhoneLike(raw, first),
    value: first,
    alternatives: others,
    source: orgSource('org_phones', phone.organization),
    reason: `the directory lists ${listed.length === 1 ? 'this number' : 'these numbers'} for ${phone.organization}`,
  };
}

function correctLink(
  link: LinkVerdict,
  organizations: readonly OrgFinding[],
  segments: Segments,
  index: AllowlistIndex,
): Correction | undefined {
  const fails = isFatalBucket(link.bucket);
  const { start, end } = link.finding;
  if (link.bucket === 'wrong_jurisdiction')
    return { action: 'remove', start, end, reason: OTHER_AREA };
  if (!fails && link.lookalikeOf === undefined) return undefined;
  const page = pageFor(link, organizations, segments, index);
  if (page === undefined)
    return fails
      ? { action: 'remove', start, end, reason: 'the directory has no page to put in its place' }
      : undefined;
  const { url, ...from } = page;
  return { action: 'replace', ...linkEdit(link.finding, url, segments.text), ...from };
}

// The directory knows who serves the asked area, but not which of them the answer meant.
const OTHER_AREA =
  'it serves another jurisdiction; the directory cannot say which resource of this one was meant';

interface Page {
  url: string;
  value: string;
  alternatives: string[];
  source: CorrectionSource;
  reason: string;
}

/** The directory page to put in place of a link: its organization's, else the resembled domain's. */
function pageFor(
  link: LinkVerdict,
  organizations: readonly OrgFinding[],
  segments: Segments,
  index: AllowlistIndex,
): Page | undefined {
  const org = tiedOrganization(link.finding, organizations, segments);
  const pages = org === undefined ? undefined : index.orgUrls.get(org);
  if (org !== undefined && pages !== undefined && pages.length > 0) {
    const like = link.lookalikeOf;
    const best = pages.find((url) => like !== undefined && new URL(url).hostname === like);
    const url = best ?? pages[0]!;
    return {
      url: writtenUrl(url, index),
      value: url,
      alternatives: pages.filter((other) => other !== url),
      source: orgSource('org_urls', org),
      reason: `the directory lists this page for ${org}`,
    };
  }
  const domain = link.lookalikeOf;
  if (domain === undefined) return undefined;
  if (index.domains.has(domain)) {
    const url = `https://${domain}`;
    const source: CorrectionSource = { field: 'domains', entry: domain, path: '$.domains' };
    return { url, value: url, alternatives: [], source, reason: `it resembles ${domain}` };
  }
  // A host that holds several organizations' pages (mass.gov) says nothing about which one was
  // meant: only a host with a single listed page names it.
  const listed = index.pagesOn(domain);
  const url = listed.length === 1 ? listed[0] : undefined;
  if (url === undefined) return undefined;
  return {
    url: writtenUrl(url, index),
    value: url,
    alternatives: [],
    source: { field: 'urls', entry: url, path: '$.urls' },
    reason: `it resembles ${domain}, whose one page in the directory this is`,
  };
}

/**
 * The one organization the answer ties a link to: named in its sentence, else in its block (list
 * item, table row), else in the item or heading it sits under. Two organizations named there tie
 * it to neither.
 */
function tiedOrganization(
  link: Span,
  organizations: readonly OrgFinding[],
  segments: Segments,
): string | undefined {
  const block = spanAt(segments.blocks, link.start);
  for (const names of [
    within(organizations, segments.sentenceAt(link.start)),
    within(organizations, block),
    block === undefined ? [] : underHeading(segments, block, organizations),
  ]) {
    const found = one(names);
    if (found === null) return undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The one organization `names` name; null for several, undefined for none. */
function one(names: readonly OrgFinding[] | undefined): string | null | undefined {
  const distinct = new Set((names ?? []).map((org) => org.normalized));
  return distinct.size === 1 ? [...distinct][0] : distinct.size > 1 ? null : undefined;
}

/** The organizations named wholly inside `span`. */
function within(organizations: readonly OrgFinding[], span: Span | undefined): OrgFinding[] {
  return span === undefined
    ? []
    : organizations.filter((org) => org.start >= span.start && org.end <= span.end);
}

/**
 * The span and text that put `url` in place of the link, written in the link's form (a bare or
 * `www.` address stays without its scheme). A markdown link's target is replaced and its text kept;
 * a text that is itself the wrong address is replaced with the target.
 */
function linkEdit(finding: LinkFinding, url: string, text: string): Span & { text: string } {
  const label = finding.label;
  const open = label === undefined ? -1 : finding.start - label.length - 3;
  // `[masslegalhelp-login.org](…)`: the text is the wrong address too, so both are replaced.
  if (
    label !== undefined &&
    open >= 0 &&
    text.slice(open, finding.start) === `[${label}](` &&
    text[finding.end] === ')' &&
    isAddress(label)
  )
    return {
      start: open,
      end: finding.end + 1,
      text: `[${url.replace(/^https?:\/\//, '')}](${url})`,
    };
  const shown =
    finding.form === 'bare' || finding.form === 'www' ? url.replace(/^https?:\/\//, '') : url;
  return { start: finding.start, end: finding.end, text: shown };
}

function isAddress(label: string): boolean {
  const bare = label.trim().replace(/^[*_`]+|[*_`]+$/g, '');
  const found = extractLinks(bare);
  return found.length === 1 && found[0]!.raw === bare;
}

/** A listed URL as the directory wrote it, when it did (what a reader can paste). */
function writtenUrl(url: string, index: AllowlistIndex): string {
  return index.allowlist.urlsAsWritten?.get(url) ?? url;
}

function orgSource(field: 'org_phones' | 'org_urls', organization: string): CorrectionSource {
  return { field, entry: organization, path: `$.${field}[${JSON.stringify(organization)}]` };
}
