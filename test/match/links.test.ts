import { describe, expect, it } from 'vitest';
import { BUCKET_SCORES } from '../../src/defaults.js';
import { extractLinks } from '../../src/extract/links.js';
import {
  applyLiveness,
  classifyLink,
  directoryDomainOf,
  inventedReason,
} from '../../src/match/links.js';
import type { LinkBucket } from '../../src/types.js';
import { makeIndex } from '../helpers/allowlist.js';

const index = makeIndex({
  urls: [
    'https://www.masslegalhelp.org/housing/eviction',
    'https://courts.ca.gov/selfhelp-eviction.htm',
  ],
  domains: [
    'mass.gov',
    'lawhelp.org',
    'lawhelpca.org',
    'texaslawhelp.org',
    'gbls.org',
    'nolo.com',
    'legalaid.org',
  ],
});

/** The verdict for the one link written in `text`. */
function classify(text: string): { bucket: LinkBucket; score: number; reason: string } {
  const links = extractLinks(text);
  expect(links).toHaveLength(1);
  const { bucket, score, reason } = classifyLink(links[0]!, index);
  return { bucket, score, reason };
}

describe('classifyLink: directory', () => {
  it.each([
    ['exact URL', 'https://www.masslegalhelp.org/housing/eviction', /listed in the directory/],
    [
      'exact URL, written differently',
      'http://masslegalhelp.org/housing/eviction/?utm_source=chatgpt.com#top',
      /listed in the directory/,
    ],
    [
      'exact URL on a host that is not a directory domain',
      'https://courts.ca.gov/selfhelp-eviction.htm',
      /listed in the directory/,
    ],
    [
      'on a directory domain',
      'https://mass.gov/orgs/housing-court',
      /on directory domain mass\.gov/,
    ],
    ['www. of a directory domain', 'https://www.mass.gov/x', /on directory domain mass\.gov/],
    [
      'subdomain of a directory domain',
      'https://courts.mass.gov/x',
      /under directory domain mass\.gov/,
    ],
    ['deeper subdomain', 'https://a.b.courts.mass.gov/x', /under directory domain mass\.gov/],
    ['scheme-less', 'TexasLawHelp.org/eviction', /on directory domain texaslawhelp\.org/],
  ])('%s', (_name, text, reason) => {
    const verdict = classify(text);
    expect(verdict.bucket).toBe('directory');
    expect(verdict.score).toBe(1);
    expect(verdict.reason).toMatch(reason);
  });

  it('a page of a listed URL is not itself listed: another path on that host is not in the directory', () => {
    expect(classify('https://courts.ca.gov/other-page').bucket).toBe('unverified');
  });
});

describe('classifyLink: unverified', () => {
  it.each([
    ['a real-looking site not in the directory', 'https://www.tenantrights.org/guide'],
    ['a sister site of a directory domain', 'https://lawhelpmn.org/eviction'],
    ['a short unrelated name', 'https://nola.com'],
    ['an unrelated .gov site', 'https://www.irs.gov/forms'],
    ['the directory domain in a path only', 'https://evil.com/mass.gov'],
  ])('%s', (_name, text) => {
    const verdict = classify(text);
    expect(verdict).toEqual({
      bucket: 'unverified',
      score: BUCKET_SCORES.unverified,
      reason: expect.stringMatching(/not in the directory/),
    });
    expect(verdict.score).toBe(0.5);
  });
});

describe('classifyLink: invented, with the reason', () => {
  it.each([
    ['no public suffix', 'https://legalaid.orgg/x', /no valid public suffix/],
    ['no public suffix, single label', 'https://intranet-help/x', /no valid public suffix/],
    ['IPv4 address', 'http://127.0.0.1/x', /IP address/],
    ['private IPv4 address', 'http://192.168.1.1/', /IP address/],
    ['IPv4 address without a scheme', 'go to 192.168.1.1/abc', /IP address/],
    ['an empty first label', 'http://.masslegalhelp.org', /empty label/],
    ['a label starting with a hyphen', 'http://-example.com', /starting or ending with a hyphen/],
    ['protocol-relative placeholder', 'see //example.com/path', /placeholder/],
    ['IPv6 address', 'http://[::1]:8080/x', /IP address/],
    ['localhost', 'http://localhost:3000/x', /reserved or private name \(\.localhost\)/],
    ['.local', 'https://court.local/x', /reserved or private name \(\.local\)/],
    ['.test', 'https://legal.test/x', /reserved or private name \(\.test\)/],
    ['.invalid', 'https://legal.invalid', /reserved or private name \(\.invalid\)/],
    ['.internal', 'https://help.internal/x', /reserved or private name \(\.internal\)/],
    ['placeholder example.com', 'https://example.com/eviction', /placeholder/],
    ['placeholder www.example.org', 'https://www.example.org', /placeholder/],
    ['placeholder yourwebsite.org', 'https://yourwebsite.org/help', /placeholder/],
    ['placeholder your-legal-aid.org', 'https://your-legal-aid.org', /placeholder/],
    ['placeholder insertlink.com', 'https://insertlink.com', /placeholder/],
    [
      'digit for letter',
      'https://lawhe1p.org',
      /spells the directory domain lawhelp\.org with look-alike characters/,
    ],
    [
      'Cyrillic homoglyph',
      'https://nоlo.com/x',
      /spells the directory domain nolo\.com with look-alike letters/,
    ],
    [
      'punycode of a homoglyph',
      'https://xn--nlo-sed.com/x',
      /spells the directory domain nolo\.com with look-alike letters/,
    ],
    [
      'an unregistered .gov name',
      'https://mаss.gov/x',
      /xn--mss-6cd\.gov is not a registered \.gov domain \(CISA's \.gov registry, snapshot \d{4}-\d{2}-\d{2}\); it resembles the directory domain mass\.gov/,
    ],
    [
      'directory domain buried as a subdomain',
      'https://mass.gov.help-center.com/x',
      /puts the directory domain mass\.gov in front of another site, help-center\.com/,
    ],
    [
      'directory domain buried deeper',
      'https://a.lawhelp.org.evil.com',
      /puts the directory domain lawhelp\.org in front/,
    ],
    [
      'userinfo trick with a scheme',
      'https://lawhelpca.org@evil.com/x',
      /hides the real host evil\.com behind "lawhelpca\.org@"/,
    ],
    [
      'userinfo trick without a scheme',
      'see lawhelpca.org@evil.com/eviction',
      /hides the real host evil\.com/,
    ],
    [
      'userinfo trick with a password',
      'https://mass.gov:x@evil.com/',
      /hides the real host evil\.com behind "mass\.gov@"/,
    ],
  ])('%s', (_name, text, reason) => {
    const verdict = classify(text);
    expect(verdict.bucket).toBe('invented');
    expect(verdict.score).toBe(0);
    expect(verdict.reason).toMatch(reason);
  });

  it('a user part in front of a directory domain is still not a directory link', () => {
    // The host is listed, but a link written with a user part is a trick, not a citation.
    expect(classify('https://lawhelp.org@mass.gov/x').bucket).toBe('invented');
  });
});

/**
 * These were `invented` before: a name one or two edits from a listed one, or the same name under
 * another suffix, is also what real neighbours look like (`kycourts.gov` and `nycourts.gov`,
 * `legalaidnc.org` and `legalaidnyc.org`), so resemblance is reported, not punished.
 */
describe('classifyLink: resembles a directory domain, unverified with lookalikeOf', () => {
  it.each([
    [
      'one-edit typo-squat (swap)',
      'https://lawhlep.org',
      'lawhelp.org',
      /1 edit away from the directory domain lawhelp\.org/,
    ],
    [
      'one-edit typo-squat (extra letter)',
      'https://lawhellp.org',
      'lawhelp.org',
      /1 edit away from the directory domain lawhelp\.org/,
    ],
    [
      'one-edit typo-squat (hyphen)',
      'https://legal-aid.org',
      'legalaid.org',
      /1 edit away from the directory domain legalaid\.org/,
    ],
    [
      'two-edit typo-squat',
      'https://texaslawhelper.org',
      'texaslawhelp.org',
      /2 edits away from the directory domain texaslawhelp\.org/,
    ],
    [
      'same name under another TLD',
      'https://lawhelp.net/x',
      'lawhelp.org',
      /name of the directory domain lawhelp\.org under another suffix \(\.net\)/,
    ],
    [
      'same name under a country suffix',
      'https://texaslawhelp.org.uk',
      'texaslawhelp.org',
      /under another suffix \(\.org\.uk\)/,
    ],
    [
      'dot turned into a hyphen',
      'https://mass-gov.com',
      'mass.gov',
      /spells the directory domain mass\.gov as one name/,
    ],
    [
      'dot dropped',
      'https://massgov.com',
      'mass.gov',
      /spells the directory domain mass\.gov as one name/,
    ],
  ])('%s', (_name, text, of, reason) => {
    const links = extractLinks(text);
    const verdict = classifyLink(links[0]!, index);
    expect(verdict).toMatchObject({ bucket: 'unverified', score: 0.5, lookalikeOf: of });
    expect(verdict.reason).toMatch(reason);
  });
});

describe('inventedReason without an allowlist', () => {
  it('still knows IPs, reserved names and placeholders', () => {
    expect(inventedReason('10.0.0.1', null)).toMatch(/IP address/);
    expect(inventedReason('foo.localhost', null)).toMatch(/reserved/);
    expect(inventedReason('example.net', null)).toMatch(/placeholder/);
  });
  it('cannot know lookalikes', () => {
    expect(inventedReason('lawhelp.net', null)).toBeNull();
  });
  it('has nothing against a plain public site', () => {
    expect(inventedReason('tenantrights.org', null)).toBeNull();
  });
});

describe('directoryDomainOf', () => {
  const domains = new Set(['mass.gov', 'lawhelp.org']);
  it.each([
    ['mass.gov', 'mass.gov'],
    ['courts.mass.gov', 'mass.gov'],
    ['a.b.mass.gov', 'mass.gov'],
    ['notmass.gov', null],
    ['mass.gov.evil.com', null],
    ['gov', null],
  ])('%s → %s', (host, expected) => {
    expect(directoryDomainOf(host, domains)).toBe(expected);
  });

  // A directory that lists www.gov.uk or www.nhs.uk pages derives gov.uk and nhs.uk, which are
  // public suffixes: anyone may register under them, so they vouch for their own host only.
  const suffixes = new Set(['gov.uk', 'nhs.uk', 'mass.gov']);
  it.each([
    ['gov.uk', 'gov.uk'],
    ['nhs.uk', 'nhs.uk'],
    ['fake-benefits.gov.uk', null],
    ['a.b.gov.uk', null],
    ['scam.nhs.uk', null],
    ['courts.mass.gov', 'mass.gov'],
  ])('public suffix as a directory domain: %s → %s', (host, expected) => {
    expect(directoryDomainOf(host, suffixes)).toBe(expected);
  });
});

describe('applyLiveness keeps lookalikeOf', () => {
  const offline = classifyLink(extractLinks('https://lawhelp.net/x')[0]!, index);

  it('a lookalike that answers keeps its fetched bucket and its lookalikeOf', () => {
    expect(offline).toMatchObject({ bucket: 'unverified', lookalikeOf: 'lawhelp.org' });
    const live = applyLiveness(offline, {
      kind: 'live',
      status: 200,
      finalUrl: 'https://lawhelp.net/x',
      redirects: 0,
      reason: 'HTTP 200',
    });
    expect(live).toMatchObject({ bucket: 'live', score: 0.7, lookalikeOf: 'lawhelp.org' });
  });

  it('a lookalike host that does not exist is invented, still naming the site it imitates', () => {
    const gone = applyLiveness(offline, {
      kind: 'invented',
      reason: 'getaddrinfo ENOTFOUND lawhelp.net: the host does not exist',
      error: 'ENOTFOUND',
    });
    expect(gone).toMatchObject({ bucket: 'invented', score: 0, lookalikeOf: 'lawhelp.org' });
  });
});
