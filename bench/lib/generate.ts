import type { AllowlistFile } from '../../src/allowlist/read.js';
import { orgKey } from '../../src/normalize/name.js';
import { createRng, type Rng } from './prng.js';

/**
 * Deterministic directories and answers for the benchmarks. Names read like a real legal-aid or
 * court directory ("Legal Aid Society of Springfield County"), each organization has a domain of
 * its own and one to three numbers, some have an acronym alias and a page on a shared portal.
 *
 * Directories are prefixes of one generated list, so the 100-organization directory is the first
 * 100 of the 100,000: the answers name organizations from those first 100, and every directory
 * size finds the same organizations in them. Only the size of the directory changes.
 */

const KINDS = [
  'Legal Aid Society',
  'Legal Services',
  'Housing Court',
  'District Court',
  'Tenant Union',
  'Community Action Agency',
  'Family Justice Center',
  'Immigrant Legal Resource Center',
  'Senior Legal Hotline',
  'Fair Housing Council',
  'Lawyer Referral Service',
  'Consumer Protection Office',
  'Disability Law Center',
  'Veterans Legal Clinic',
  'Domestic Violence Project',
  'Workers Rights Center',
  'Probate and Family Court',
  'Juvenile Court',
  'Public Defender Office',
  'Mediation Services',
  'Food Bank',
  'Tenant Advocacy Project',
  'Eviction Defense Collaborative',
  'Law Library',
  'Child Support Services',
  'Health Law Advocates',
  'Education Law Project',
  'Legal Assistance Corporation',
  'Volunteer Lawyers Project',
  'Superior Court',
] as const;

const PLACE_HEADS = [
  'Spring',
  'Oak',
  'Maple',
  'River',
  'Green',
  'Fair',
  'Brook',
  'Cedar',
  'Clear',
  'Elm',
  'Glen',
  'High',
  'Lake',
  'Mill',
  'North',
  'South',
  'East',
  'West',
  'Pine',
  'Red',
  'Rock',
  'Silver',
  'Stone',
  'Sun',
  'Wood',
  'Ash',
  'Bell',
  'Bridge',
  'Cliff',
  'Cold',
  'Deer',
  'Fox',
  'Gold',
  'Hazel',
  'Iron',
  'King',
  'Lin',
  'Marl',
  'New',
  'Old',
  'Pleasant',
  'Rose',
  'Salt',
  'Shady',
  'Sand',
  'Willow',
  'Win',
  'York',
  'Ather',
  'Brent',
  'Carl',
  'Dun',
  'Ever',
  'Frank',
  'Hamp',
  'Lex',
  'Mid',
  'Nor',
  'Plym',
  'Quin',
  'Rand',
  'Staf',
  'Tewk',
  'Ux',
  'Wal',
  'Ware',
  'Wey',
  'Ames',
] as const;
const PLACE_TAILS = [
  'field',
  'dale',
  'ton',
  'ville',
  'wood',
  'ford',
  'burg',
  'port',
  'mouth',
  'ham',
  'view',
  'brook',
  'land',
  'ridge',
  'haven',
  'side',
  'crest',
  'mont',
  'chester',
  'bury',
  'ley',
  'stead',
  'wick',
  'by',
  'more',
  'well',
  'worth',
  'gate',
  'hurst',
  'minster',
] as const;

const FORMS: ReadonlyArray<(kind: string, place: string) => string> = [
  (kind, place) => `${kind} of ${place} County`,
  (kind, place) => `${place} ${kind}`,
  (kind, place) => `${kind} of Greater ${place}`,
  (kind, place) => `${place} County ${kind}`,
  (kind, place) => `${kind} of ${place}`,
  (kind, place) => `${place} Valley ${kind}`,
];

const AREA_CODES = [
  '617',
  '508',
  '413',
  '978',
  '781',
  '774',
  '351',
  '339',
  '212',
  '415',
  '312',
  '713',
  '206',
  '303',
  '404',
  '215',
  '602',
  '503',
  '702',
  '801',
] as const;
const TLDS = ['org', 'org', 'org', 'org', 'gov', 'us', 'net', 'com'] as const;
const PORTAL = 'courts-portal.gov';

export interface GeneratedOrg {
  name: string;
  domain: string;
  /** E.164. */
  phones: string[];
  /** As written in the directory (formats vary, as in real exports). */
  phonesWritten: string[];
  alias?: string;
  url?: string;
}

export function randomPhone(rng: Rng): string {
  return `+1${rng.pick(AREA_CODES)}${rng.int(200, 999)}${String(rng.int(0, 9999)).padStart(4, '0')}`;
}

/** An E.164 number in one of the formats people write. */
export function writePhone(e164: string, rng: Rng): string {
  const a = e164.slice(2, 5);
  const b = e164.slice(5, 8);
  const c = e164.slice(8);
  switch (rng.int(0, 5)) {
    case 0:
      return `(${a}) ${b}-${c}`;
    case 1:
      return `${a}-${b}-${c}`;
    case 2:
      return `${a}.${b}.${c}`;
    case 3:
      return `+1 ${a} ${b} ${c}`;
    case 4:
      return `1-${a}-${b}-${c}`;
    default:
      return `(${a})${b}-${c}`;
  }
}

function initials(words: string): string {
  return words
    .split(/\s+/)
    .filter((word) => !['of', 'and'].includes(word))
    .map((word) => word[0]!.toLowerCase())
    .join('');
}

/** `count` organizations, deterministic for a seed. Names are distinct by the verifier's own key. */
export function generateOrgs(count: number, seed = 20240601): GeneratedOrg[] {
  const rng = createRng(seed);
  const orgs: GeneratedOrg[] = [];
  const keys = new Set<string>();
  const domains = new Set<string>();
  const aliases = new Set<string>();
  while (orgs.length < count) {
    const kind = rng.pick(KINDS);
    const place = rng.pick(PLACE_HEADS) + rng.pick(PLACE_TAILS);
    const name = rng.pick(FORMS)(kind, place);
    const key = orgKey(name);
    if (keys.has(key)) continue;
    keys.add(key);
    let domain = `${initials(kind)}${place.toLowerCase()}${name.includes('County') ? 'county' : ''}.${rng.pick(TLDS)}`;
    for (let n = 2; domains.has(domain); n++)
      domain = domain.replace(/(\d*)\.([a-z]+)$/, `${n}.$2`);
    domains.add(domain);
    const phones: string[] = [];
    const count = rng.int(1, 3);
    for (let k = 0; k < count; k++) phones.push(randomPhone(rng));
    const org: GeneratedOrg = {
      name,
      domain,
      phones,
      phonesWritten: phones.map((phone) => writePhone(phone, rng)),
    };
    if (rng.chance(0.1)) {
      const alias = (initials(kind) + place.slice(0, 2)).toUpperCase();
      if (alias.length >= 3 && !aliases.has(alias)) {
        aliases.add(alias);
        org.alias = alias;
      }
    }
    if (rng.chance(0.5))
      org.url = `https://www.${domain}/${rng.pick(['contact', 'get-help', 'about/locations', 'intake'])}`;
    else if (rng.chance(0.3))
      org.url = `https://${PORTAL}/locations/${place.toLowerCase()}-${kind.toLowerCase().replace(/\s+/g, '-')}`;
    orgs.push(org);
  }
  return orgs;
}

/** The allowlist file for `orgs`, as a user's directory would hold it. */
export function allowlistFile(orgs: readonly GeneratedOrg[]): AllowlistFile {
  const orgPhones: Record<string, string[]> = {};
  const orgAliases: Record<string, string[]> = {};
  const urls: string[] = [];
  for (const org of orgs) {
    orgPhones[org.name] = org.phonesWritten;
    if (org.alias !== undefined) orgAliases[org.name] = [org.alias];
    if (org.url !== undefined) urls.push(org.url);
  }
  return {
    urls,
    domains: orgs.map((org) => org.domain),
    org_names: orgs.map((org) => org.name),
    org_phones: orgPhones,
    org_aliases: orgAliases,
  };
}

const FILLER = [
  'If you have received a notice to quit, do not ignore it; the deadlines in the notice matter.',
  'Most courts have a self-help center where staff can explain procedures but cannot give legal advice.',
  'Bring copies of your lease, any notices, rent receipts and photographs of the conditions in the apartment.',
  'Free legal help is usually limited to people whose income is below a set percentage of the federal poverty level.',
  'Hearings are often scheduled within a few weeks, so act quickly.',
  'You may be able to ask for a continuance if you need more time to prepare.',
  'Mediation is frequently offered on the day of the hearing, e.g. through a court-connected program.',
  'Keep a written log of every call and letter, with dates, names and what was said.',
  'Filing fees can be waived for people who cannot afford them; ask the clerk for the affidavit of indigency.',
  'Under § 1942.5 of some state codes a landlord may not retaliate against a tenant who complains about conditions.',
  'The form was last revised on March 3, 2024 (version 1.2), so check that you have the current one.',
  'Your case number, such as Case No. 2024-CV-00123, appears at the top of every court paper.',
  'A typical security deposit is limited to one month of rent, for example $1,250.00 on a $1,250 lease.',
  'Send letters to the clerk at P.O. Box 1234, Springfield, MA 01103-1234.',
  'Interpreters are available at no cost in most courts; ask for one when you check in.',
  'Many organizations also answer questions by e-mail, for instance help@legalaid.org, within two business days.',
  'Note that I cannot verify whether the information below is current; please confirm before you rely on it.',
  'In general, a landlord must go to court before removing a tenant; a lockout without a court order is illegal.',
  'Some programs use Node.js or other tools to run their online intake; if the form does not load, call instead.',
  'Hours vary by location and may change on holidays.',
] as const;

const UNLISTED_HOSTS = [
  'tenanthelpnow.org',
  'housingrightsguide.com',
  'legalhelpfinder.net',
  'evictionanswers.info',
  'lawhelp.org',
  'nolo.com',
  'justia.com',
  'hud.gov',
  'usa.gov',
  'consumerfinance.gov',
] as const;
const PATHS = [
  '',
  '/',
  '/help',
  '/eviction',
  '/housing/repairs',
  '/get-help/intake',
  '/forms?lang=en',
  '/resources/tenants#deposits',
  '/about',
] as const;

function lookalikeOf(domain: string, rng: Rng): string {
  const dot = domain.lastIndexOf('.');
  const name = domain.slice(0, dot);
  const tld = domain.slice(dot + 1);
  switch (rng.int(0, 3)) {
    case 0: {
      const at = rng.int(1, name.length - 2);
      return `${name.slice(0, at)}${name.slice(at + 1)}.${tld}`;
    }
    case 1:
      return `${name}.${tld === 'org' ? 'com' : 'org'}`;
    case 2:
      return `${domain}.help-center.com`;
    default:
      return `${name}-help.${tld}`;
  }
}

function linkTo(host: string, rng: Rng, label: string): string {
  const path = rng.pick(PATHS);
  const tracking = rng.chance(0.25)
    ? `${path.includes('?') ? '&' : '?'}utm_source=chatgpt.com`
    : '';
  const scheme = rng.pick(['https://', 'https://www.', 'http://', '', 'www.']);
  const url = `${scheme}${host}${path}${tracking}`;
  switch (rng.int(0, 5)) {
    case 0:
      return `[${label}](${scheme.startsWith('http') ? url : `https://${host}${path}${tracking}`})`;
    case 1:
      return `**${url}**`;
    case 2:
      return `<${scheme.startsWith('http') ? url : `https://${url}`}>`;
    case 3:
      return `\`${url}\``;
    default:
      return url;
  }
}

/**
 * Realistic answers (about 0.5–4 KB each) naming organizations of `known` (which every directory
 * holds) and a few that no directory holds (`unknown`), with right and wrong numbers, directory,
 * unlisted, lookalike and placeholder links in markdown, bold, angle, code and bare forms, and the
 * distractors extraction must ignore (dates, case numbers, money, statute sections, ZIP+4, e-mail).
 */
export function generateAnswers(
  count: number,
  known: readonly GeneratedOrg[],
  unknown: readonly GeneratedOrg[],
  seed = 7,
): string[] {
  const rng = createRng(seed);
  const answers: string[] = [];
  for (let n = 0; n < count; n++) {
    const parts: string[] = [];
    const sentences = (k: number): string =>
      Array.from({ length: k }, () => rng.pick(FILLER)).join(' ');
    parts.push(sentences(rng.int(1, 4)));
    const mentions = rng.int(1, 5);
    const bullets = rng.chance(0.5);
    for (let m = 0; m < mentions; m++) {
      const org = rng.chance(0.85) ? rng.pick(known) : rng.pick(unknown);
      const name =
        org.alias !== undefined && rng.chance(0.2)
          ? org.alias
          : rng.chance(0.1)
            ? org.name.toUpperCase()
            : org.name;
      let phone: string;
      const roll = rng.next();
      if (roll < 0.7) phone = writePhone(rng.pick(org.phones), rng);
      else if (roll < 0.85) phone = writePhone(rng.pick(rng.pick(known).phones), rng);
      else if (roll < 0.95) phone = writePhone(randomPhone(rng), rng);
      else phone = rng.pick(['1-800-LAW-HELP', '1-888-FAIR-DEBT', '211', '988']);
      const serviceLine = /^\d{3}$/.test(phone);
      const linkRoll = rng.next();
      const host =
        linkRoll < 0.6
          ? org.domain
          : linkRoll < 0.8
            ? rng.pick(UNLISTED_HOSTS)
            : linkRoll < 0.95
              ? lookalikeOf(org.domain, rng)
              : 'example.com';
      const link =
        org.url !== undefined && rng.chance(0.3) ? org.url : linkTo(host, rng, `${name} website`);
      const ext = rng.chance(0.1) ? ` ext. ${rng.int(1, 999)}` : '';
      const call = serviceLine ? `call ${phone}` : `call ${phone}${ext}`;
      if (bullets) {
        parts.push(`- **${name}** — ${call}, or see ${link}. ${rng.pick(FILLER)}`);
      } else {
        parts.push(
          `You can contact the ${name}: ${call}. More information is at ${link}. ${sentences(rng.int(0, 3))}`,
        );
      }
    }
    if (rng.chance(0.4)) {
      const sources = Array.from(
        { length: rng.int(1, 3) },
        (_, k) => `${k + 1}. https://${rng.pick(UNLISTED_HOSTS)}${rng.pick(PATHS)}`,
      );
      parts.push(`Sources:\n${sources.join('\n')}`);
    }
    parts.push(sentences(rng.int(1, 3)));
    answers.push(parts.join(bullets ? '\n' : '\n\n'));
  }
  return answers;
}
