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

/** The fix for every finding against the answer, from the directory; in doubt a `review`. */
export function correctVerdicts(
  links: readonly LinkVerdict[],
  phones: readonly PhoneVerdict[],
  organizations: readonly OrgFinding[],
  segments: Segments,
  index: AllowlistIndex,
): { links: LinkVerdict[]; phones: PhoneVerdict[] } {
  const sorted = [...organizations].sort((a, b) => a.start - b.start);
  return {
    links: links.map((link) => withFix(link, correctLink(link, sorted, segments, index))),
    phones: phones.map((phone) => withFix(phone, correctPhone(phone, index))),
  };
}

function withFix<T extends { correction?: Correction }>(verdict: T, correction?: Correction): T {
  return correction === undefined ? verdict : { ...verdict, correction };
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

/** The numbers a wrong one may become, of its labelled kind (`phone_kinds`); never a fax. */
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

/** Why the answer does not prove whose number it meant (`charge.sole`); undefined when proven. */
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

/** No page proven: why a person should choose, with the candidates; undefined doubt for none. */
interface NoPage {
  doubt: Because | undefined;
  suggestions: string[];
}

/** The one page to put in place of a link: its organization's, else the resembled domain's. */
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
  // A host holding several organizations' pages (mass.gov) names none: only one with a single page.
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

/** The one organization a link is tied to by a strong name: in its sentence, block or heading. */
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

/** The one organization `names` name by a strong name; null for several or weak only, else undefined. */
function one(names: readonly OrgFinding[] | undefined): string | null | undefined {
  const distinct = new Set((names ?? []).map((org) => org.normalized));
  if (distinct.size !== 1) return distinct.size > 1 ? null : undefined;
  return names!.some((org) => !org.weak) ? [...distinct][0] : null;
}

function within(organizations: readonly OrgFinding[], span: Span | undefined): OrgFinding[] {
  return span === undefined
    ? []
    : organizations.filter((org) => org.start >= span.start && org.end <= span.end);
}

/** The edit putting `url` in place of the link, in its form; a markdown link keeps its text. */
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
