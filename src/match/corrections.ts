import type { LinkFinding, OrgFinding, Span } from '../extract/types.js';
import { isNumberToCall } from '../allowlist/phone-kinds.js';
import { writePhoneLike } from '../normalize/phone-style.js';
import type { CorrectionCode } from '../codes.js';
import {
  type Correction,
  type CorrectionSource,
  isFatalBucket,
  type LinkVerdict,
  type PhoneVerdict,
} from '../types.js';
import type { AllowlistIndex } from './index.js';
import { labelLink } from './links.js';
import { type Segments, spanAt, underHeading } from '../text/structure.js';

/**
 * The fix for every finding that counts against the answer, from the directory itself, decided
 * here beside the finding (a linter rule's fix, as data; `src/repair/` applies them). A fix needs
 * more proof than a grade: what it writes is shown to a person as the right number or page, so
 * where the answer or the directory leaves a doubt the correction is a `review` (a suggestion,
 * nothing written) rather than a guess:
 * - a misattributed number: the one number the directory lists for the organization it was given
 *   for, written in the answer's own format, when that organization was named by a strong name
 *   with no other in reach; else (several listed numbers, or the attribution not proven) a review;
 * - a link or number of the wrong jurisdiction: a removal (nothing says what would replace it);
 * - a broken or invented link, and a link that resembles a directory site: the page the directory
 *   lists for the organization the answer ties it to (named in its sentence, else its list item or
 *   table row, else the item or heading it sits under, and only when exactly one organization is
 *   named there, by a strong name, and the directory lists one page for it or one on the host the
 *   link resembles; several pages and no resembled domain is a review); else the directory domain
 *   it resembles (a `domains` entry, or a host with one
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
  if (phone.status === 'wrong_jurisdiction') return { action: 'remove', start, end, ...OTHER_AREA };
  if (phone.status !== 'misattributed' || phone.organization === undefined) return undefined;
  const organization = phone.organization;
  const { numbers, field, what } = candidates(index, organization, phone.charge?.line);
  const doubt = attributionDoubt(phone, organization);
  if (doubt !== undefined)
    return { action: 'review', start, end, ...doubt, suggestions: [...numbers] };
  const [first, ...others] = numbers;
  if (first === undefined && field === 'org_phones' && what === 'numbers')
    return {
      action: 'remove',
      start,
      end,
      code: 'correction.remove.no-number',
      reason: `no number on file for ${organization}`,
    };
  if (first === undefined || others.length > 0)
    return {
      action: 'review',
      start,
      end,
      code: 'correction.review.which-number',
      reason: `the directory lists ${numbers.length || 'no'} ${what} for ${organization}, and which of them this one stood for is not written`,
      suggestions: [...numbers],
    };
  return {
    action: 'replace',
    start,
    end,
    text: writePhoneLike(raw, first),
    value: first,
    alternatives: [],
    source: orgSource(field, organization),
    code: 'correction.replace.org-number',
    reason: `the directory lists this ${what === 'numbers' ? 'number' : what.replace(/s$/, '')} for ${organization}`,
  };
}

/**
 * The organization's numbers a wrong one may be replaced by, by the kind of line the answer
 * labels it (`phone_kinds`, where the directory gives kinds): a TTY only by a TTY, a hotline only
 * by a hotline, a number to call only by a number to call, never a fax. Without kinds, its
 * listed numbers to call.
 */
function candidates(
  index: AllowlistIndex,
  organization: string,
  line: 'TTY' | 'hotline' | undefined,
): { numbers: string[]; field: 'org_phones' | 'phone_kinds'; what: string } {
  const listed = index.orgPhones.get(organization) ?? [];
  const kinds = index.allowlist.orgPhoneKinds?.[organization];
  if (kinds === undefined) return { numbers: [...listed], field: 'org_phones', what: 'numbers' };
  if (line !== undefined)
    return {
      numbers: Object.keys(kinds).filter((number) => kinds[number] === line),
      field: 'phone_kinds',
      what: `${line} numbers`,
    };
  const toCall = [...new Set([...listed, ...Object.keys(kinds)])].filter((number) => {
    const kind = kinds[number];
    return kind === undefined || isNumberToCall(kind);
  });
  return { numbers: toCall, field: 'org_phones', what: 'numbers to call' };
}

/**
 * Why the answer does not prove whose number it meant, beyond what grading needs: a fix writes
 * another organization's number in front of a person, so it needs the organization named by a
 * strong name (never a role or a shared alias: `OrgFinding.weak`) and alone in reach (the
 * sentence or block names no other, or its wording gives the number to it alone). Undefined when
 * proven.
 */
function attributionDoubt(phone: PhoneVerdict, organization: string): Because | undefined {
  const charge = phone.charge;
  if (charge === undefined)
    return {
      code: 'correction.review.not-tied',
      reason: `nothing in the answer ties the number to ${organization} alone`,
    };
  if (!charge.sole)
    return {
      code: 'correction.review.several-named',
      reason: `the answer names other organizations where it gives the number, so which one it meant is not proven`,
    };
  return undefined;
}

/** A correction's code and the reason that says it in words. */
interface Because {
  code: CorrectionCode;
  reason: string;
}

function correctLink(
  link: LinkVerdict,
  organizations: readonly OrgFinding[],
  segments: Segments,
  index: AllowlistIndex,
): Correction | undefined {
  const fails = isFatalBucket(link.bucket);
  const { start, end } = link.finding;
  if (link.bucket === 'wrong_jurisdiction') return { action: 'remove', start, end, ...OTHER_AREA };
  if (!fails && link.lookalikeOf === undefined) return undefined;
  const page = pageFor(link, organizations, segments, index);
  if ('doubt' in page) {
    if (!fails) return undefined;
    return page.doubt === undefined
      ? {
          action: 'remove',
          start,
          end,
          code: 'correction.remove.no-page',
          reason: 'the directory has no page to put in its place',
        }
      : { action: 'review', start, end, ...page.doubt, suggestions: page.suggestions };
  }
  const { url, ...from } = page;
  return { action: 'replace', ...linkEdit(link.finding, url, segments.text), ...from };
}

// The directory knows who serves the asked area, but not which of them the answer meant.
const OTHER_AREA: Because = {
  code: 'correction.remove.other-jurisdiction',
  reason:
    'it serves another jurisdiction; the directory cannot say which resource of this one was meant',
};

interface Page extends Because {
  url: string;
  value: string;
  alternatives: string[];
  source: CorrectionSource;
}

/** No page proven: why a person should choose (with the candidates), or undefined when there is none. */
interface NoPage {
  doubt: Because | undefined;
  suggestions: string[];
}

/**
 * The one directory page to put in place of a link: its organization's, when the answer ties it to
 * one organization by a strong name and the directory lists one page for it (or one on the host
 * the link resembles); else the resembled domain's. Several pages and no resembled one is a doubt
 * for a person, never the first page guessed.
 */
function pageFor(
  link: LinkVerdict,
  organizations: readonly OrgFinding[],
  segments: Segments,
  index: AllowlistIndex,
): Page | NoPage {
  const org = tiedOrganization(link.finding, organizations, segments);
  const pages = org === undefined ? undefined : index.orgUrls.get(org);
  let doubt: NoPage = { doubt: undefined, suggestions: [] };
  if (org !== undefined && pages !== undefined && pages.length > 0) {
    const like = link.lookalikeOf;
    const best = pages.find((url) => like !== undefined && new URL(url).hostname === like);
    const url = best ?? (pages.length === 1 ? pages[0]! : undefined);
    if (url !== undefined)
      return {
        url: writtenUrl(url, index),
        value: url,
        alternatives: pages.filter((other) => other !== url),
        source: orgSource('org_urls', org),
        code: 'correction.replace.org-page',
        reason: `the directory lists this page for ${org}`,
      };
    doubt = {
      doubt: {
        code: 'correction.review.which-page',
        reason: `the directory lists ${pages.length} pages for ${org}, and which of them this link stood for is not written`,
      },
      suggestions: [...pages],
    };
  }
  return domainPage(link.lookalikeOf, index) ?? doubt;
}

/** The page of the directory domain a link resembles: a `domains` entry, or a host with one listed page. */
function domainPage(domain: string | undefined, index: AllowlistIndex): Page | undefined {
  if (domain === undefined) return undefined;
  if (index.domains.has(domain)) {
    const url = `https://${domain}`;
    const source: CorrectionSource = { field: 'domains', entry: domain, path: '$.domains' };
    return {
      url,
      value: url,
      alternatives: [],
      source,
      code: 'correction.replace.resembled-domain',
      reason: `it resembles ${domain}`,
    };
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
    code: 'correction.replace.resembled-page',
    reason: `it resembles ${domain}, whose one page in the directory this is`,
  };
}

/**
 * The one organization the answer ties a link to by a strong name: named in its sentence, else in
 * its block (list item, table row), else in the item or heading it sits under. Two organizations
 * named there tie it to neither, nor does a weak name (a role, a shared alias) alone.
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

/** The one organization `names` name, by a strong name; null for several or a weak name only, undefined for none. */
function one(names: readonly OrgFinding[] | undefined): string | null | undefined {
  const distinct = new Set((names ?? []).map((org) => org.normalized));
  if (distinct.size !== 1) return distinct.size > 1 ? null : undefined;
  return names!.some((org) => !org.weak) ? [...distinct][0] : null;
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
    labelLink(label) !== undefined
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

/** A listed URL as the directory wrote it, when it did (what a reader can paste). */
function writtenUrl(url: string, index: AllowlistIndex): string {
  return index.allowlist.urlsAsWritten?.get(url) ?? url;
}

function orgSource(
  field: 'org_phones' | 'phone_kinds' | 'org_urls',
  organization: string,
): CorrectionSource {
  return { field, entry: organization, path: `$.${field}[${JSON.stringify(organization)}]` };
}
