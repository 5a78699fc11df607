import type { AllowlistFile } from '../../src/allowlist/schema.js';

/**
 * The baseline: the verifier as a first version of the idea would be written, kept deliberately
 * simple and given every benefit of the doubt (regular expressions compiled once, not per answer).
 *
 * - Organization names: one case-insensitive, word-bounded RegExp per name and alias, run over
 *   the whole answer. Cost grows with the number of names.
 * - Links: one URL regex (scheme and `www.` forms only; no bare domains, so it does less work than
 *   the real extractor); each link lower-cased, stripped of a trailing slash and compared with a
 *   linear scan of the `urls` list, then its host with a linear scan of the `domains` list.
 * - Phones: one regex; each number compared with the numbers of the organization named nearest
 *   before it.
 * - Score: the mean of 1 (listed) and 0.5 (not listed) per link, minus 0.3 per wrong number.
 *
 * It returns the same kind of facts (links with a listed flag, organizations, numbers with a
 * verdict) so that the work it does is comparable, and it finds the same organizations in the
 * generated corpus (checked by the bench before timing).
 */
export interface NaiveResult {
  links: Array<{ url: string; listed: boolean }>;
  organizations: Array<{ name: string; start: number }>;
  phones: Array<{ digits: string; organization?: string; ok: boolean }>;
  score: number;
}

export interface NaiveVerifier {
  verify(text: string): NaiveResult;
  readonly patterns: number;
}

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>()[\]"'`*]+/gi;
const PHONE_PATTERN = /(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function digitsOf(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

function simpleNormalize(url: string): string {
  let out = url
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '');
  out = out.replace(/[.,;:!?]+$/, '');
  while (out.endsWith('/')) out = out.slice(0, -1);
  return out;
}

export function createNaiveVerifier(file: AllowlistFile): NaiveVerifier {
  const names: Array<{ organization: string; pattern: RegExp }> = [];
  for (const name of file.org_names)
    names.push({ organization: name, pattern: new RegExp(`\\b${escapeRegExp(name)}\\b`, 'gi') });
  for (const [organization, aliases] of Object.entries(file.org_aliases ?? {})) {
    for (const alias of aliases)
      names.push({ organization, pattern: new RegExp(`\\b${escapeRegExp(alias)}\\b`, 'g') });
  }
  const urls = file.urls.map(simpleNormalize);
  const domains = file.domains.map((domain) => simpleNormalize(domain));
  const phones = new Map<string, string[]>();
  for (const [organization, numbers] of Object.entries(file.org_phones))
    phones.set(organization, numbers.map(digitsOf));

  return {
    patterns: names.length,
    verify(text: string): NaiveResult {
      const organizations: NaiveResult['organizations'] = [];
      for (const { organization, pattern } of names) {
        pattern.lastIndex = 0;
        for (let match = pattern.exec(text); match !== null; match = pattern.exec(text))
          organizations.push({ name: organization, start: match.index });
      }
      organizations.sort((a, b) => a.start - b.start);

      const links: NaiveResult['links'] = [];
      for (const match of text.matchAll(URL_PATTERN)) {
        const url = simpleNormalize(match[0]);
        const host = url.split(/[/?#]/)[0] ?? '';
        let listed = false;
        for (const candidate of urls) {
          if (candidate === url) {
            listed = true;
            break;
          }
        }
        if (!listed) {
          for (const domain of domains) {
            if (host === domain || host.endsWith(`.${domain}`)) {
              listed = true;
              break;
            }
          }
        }
        links.push({ url, listed });
      }

      const found: NaiveResult['phones'] = [];
      let wrong = 0;
      for (const match of text.matchAll(PHONE_PATTERN)) {
        const digits = digitsOf(match[0]);
        let organization: string | undefined;
        for (const org of organizations) if (org.start < match.index) organization = org.name;
        const ok = organization === undefined || (phones.get(organization) ?? []).includes(digits);
        if (!ok) wrong++;
        found.push(organization === undefined ? { digits, ok } : { digits, organization, ok });
      }
      const linkScore =
        links.length === 0
          ? 1
          : links.reduce((sum, link) => sum + (link.listed ? 1 : 0.5), 0) / links.length;
      return { links, organizations, phones: found, score: Math.max(0, linkScore - 0.3 * wrong) };
    },
  };
}
