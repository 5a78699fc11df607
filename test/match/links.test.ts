import { describe, expect, it } from 'vitest';
import { BUCKET_SCORES } from '../../src/defaults.js';
import { extractLinks } from '../../src/extract/links.js';
import { applyLiveness, classifyLink, directoryDomainOf } from '../../src/match/links.js';
import type { LinkCode } from '../../src/codes.js';
import type { LivenessOutcome } from '../../src/liveness/types.js';
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

/** The verdict for the one link written in `text`: its bucket, score and the code of the rule. */
function classify(text: string): { bucket: LinkBucket; score: number; code: LinkCode } {
  const links = extractLinks(text);
  expect(links).toHaveLength(1);
  const { bucket, score, code } = classifyLink(links[0]!, index);
  return { bucket, score, code };
}

describe('classifyLink: directory', () => {
  it.each([
    ['exact URL', 'https://www.masslegalhelp.org/housing/eviction', 'link.listed'],
    [
      'exact URL, written differently',
      'http://masslegalhelp.org/housing/eviction/?utm_source=chatgpt.com#top',
      'link.listed',
    ],
    [
      'exact URL on a host that is not a directory domain',
      'https://courts.ca.gov/selfhelp-eviction.htm',
      'link.listed',
    ],
    ['on a directory domain', 'https://mass.gov/orgs/housing-court', 'link.listed.domain'],
    ['www. of a directory domain', 'https://www.mass.gov/x', 'link.listed.domain'],
    ['subdomain of a directory domain', 'https://courts.mass.gov/x', 'link.listed.domain'],
    ['deeper subdomain', 'https://a.b.courts.mass.gov/x', 'link.listed.domain'],
    ['scheme-less', 'TexasLawHelp.org/eviction', 'link.listed.domain'],
  ] as const)('%s', (_name, text, code) => {
    expect(classify(text)).toEqual({ bucket: 'directory', score: 1, code });
  });

  it('a page of a listed URL is not itself listed: another path on that host is not in the directory', () => {
    expect(classify('https://courts.ca.gov/other-page').bucket).toBe('unverified');
  });
});

describe('classifyLink: unverified', () => {
  it.each([
    [
      'a real-looking site not in the directory',
      'https://www.tenantrights.org/guide',
      'link.unverified',
    ],
    [
      'a sister site of a directory domain',
      'https://lawhelpmn.org/eviction',
      'link.unverified.lookalike.edits',
    ],
    ['a short unrelated name', 'https://nola.com', 'link.unverified'],
    ['an unrelated .gov site', 'https://www.irs.gov/forms', 'link.unverified.gov'],
    ['the directory domain in a path only', 'https://evil.com/mass.gov', 'link.unverified'],
  ] as const)('%s', (_name, text, code) => {
    const verdict = classify(text);
    expect(verdict).toEqual({ bucket: 'unverified', score: BUCKET_SCORES.unverified, code });
    expect(verdict.score).toBe(0.5);
  });
});

describe('classifyLink: invented, by which rule', () => {
  it.each([
    ['no public suffix', 'https://legalaid.orgg/x', 'link.invented.no-suffix'],
    ['no public suffix, single label', 'https://intranet-help/x', 'link.invented.no-suffix'],
    ['IPv4 address', 'http://127.0.0.1/x', 'link.invented.ip'],
    ['private IPv4 address', 'http://192.168.1.1/', 'link.invented.ip'],
    ['IPv4 address without a scheme', 'go to 192.168.1.1/abc', 'link.invented.ip'],
    ['an empty first label', 'http://.masslegalhelp.org', 'link.invented.empty-label'],
    ['a label starting with a hyphen', 'http://-example.com', 'link.invented.hyphen-label'],
    ['protocol-relative placeholder', 'see //example.com/path', 'link.invented.placeholder'],
    ['IPv6 address', 'http://[::1]:8080/x', 'link.invented.ip'],
    ['localhost', 'http://localhost:3000/x', 'link.invented.reserved'],
    ['.local', 'https://court.local/x', 'link.invented.reserved'],
    ['.test', 'https://legal.test/x', 'link.invented.reserved'],
    ['.invalid', 'https://legal.invalid', 'link.invented.reserved'],
    ['.internal', 'https://help.internal/x', 'link.invented.reserved'],
    ['placeholder example.com', 'https://example.com/eviction', 'link.invented.placeholder'],
    ['placeholder www.example.org', 'https://www.example.org', 'link.invented.placeholder'],
    ['placeholder yourwebsite.org', 'https://yourwebsite.org/help', 'link.invented.placeholder'],
    ['placeholder your-legal-aid.org', 'https://your-legal-aid.org', 'link.invented.placeholder'],
    ['placeholder insertlink.com', 'https://insertlink.com', 'link.invented.placeholder'],
    ['digit for letter', 'https://lawhe1p.org', 'link.invented.lookalike.confusable'],
    ['Cyrillic homoglyph', 'https://nоlo.com/x', 'link.invented.lookalike.confusable'],
    ['punycode of a homoglyph', 'https://xn--nlo-sed.com/x', 'link.invented.lookalike.confusable'],
    ['an unregistered .gov name', 'https://mаss.gov/x', 'link.invented.unregistered-gov'],
    [
      'directory domain buried as a subdomain',
      'https://mass.gov.help-center.com/x',
      'link.invented.lookalike.buried',
    ],
    [
      'directory domain buried deeper',
      'https://a.lawhelp.org.evil.com',
      'link.invented.lookalike.buried',
    ],
    ['userinfo trick with a scheme', 'https://lawhelpca.org@evil.com/x', 'link.invented.userinfo'],
    [
      'userinfo trick without a scheme',
      'see lawhelpca.org@evil.com/eviction',
      'link.invented.userinfo',
    ],
    ['userinfo trick with a password', 'https://mass.gov:x@evil.com/', 'link.invented.userinfo'],
  ] as const)('%s', (_name, text, code) => {
    expect(classify(text)).toEqual({ bucket: 'invented', score: 0, code });
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
      'link.unverified.lookalike.edits',
    ],
    [
      'one-edit typo-squat (extra letter)',
      'https://lawhellp.org',
      'lawhelp.org',
      'link.unverified.lookalike.edits',
    ],
    [
      'one-edit typo-squat (hyphen)',
      'https://legal-aid.org',
      'legalaid.org',
      'link.unverified.lookalike.edits',
    ],
    [
      'two-edit typo-squat',
      'https://texaslawhelper.org',
      'texaslawhelp.org',
      'link.unverified.lookalike.edits',
    ],
    [
      'same name under another TLD',
      'https://lawhelp.net/x',
      'lawhelp.org',
      'link.unverified.lookalike.other-suffix',
    ],
    [
      'same name under a country suffix',
      'https://texaslawhelp.org.uk',
      'texaslawhelp.org',
      'link.unverified.lookalike.other-suffix',
    ],
    [
      'dot turned into a hyphen',
      'https://mass-gov.com',
      'mass.gov',
      'link.unverified.lookalike.one-name',
    ],
    ['dot dropped', 'https://massgov.com', 'mass.gov', 'link.unverified.lookalike.one-name'],
  ] as const)('%s', (_name, text, of, code) => {
    const links = extractLinks(text);
    const verdict = classifyLink(links[0]!, index);
    expect(verdict).toMatchObject({ bucket: 'unverified', score: 0.5, lookalikeOf: of, code });
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

describe('applyLiveness: each outcome → bucket, score and code', () => {
  const tenant = classifyLink(extractLinks('https://www.tenantrights.org/guide')[0]!, index);
  const listed = classifyLink(extractLinks('https://mass.gov/orgs/housing-court')[0]!, index);
  const live = { kind: 'live', status: 200, finalUrl: 'x', redirects: 0, reason: 'HTTP 200' };
  const broken = { kind: 'broken', status: 404, reason: 'HTTP 404' };
  const invented = { kind: 'invented', error: 'private-address', reason: 'a private address' };
  const inconclusive = { kind: 'inconclusive', error: 'timeout', reason: 'timed out' };
  it.each([
    ['not listed, live', tenant, live, 'live', 'link.live', { status: 200 }],
    ['not listed, broken', tenant, broken, 'broken', 'link.broken', { status: 404 }],
    [
      'not listed, invented',
      tenant,
      invented,
      'invented',
      'link.invented.lookup',
      { error: 'private-address' },
    ],
    [
      'not listed, inconclusive',
      tenant,
      inconclusive,
      'inconclusive',
      'link.inconclusive',
      { error: 'timeout' },
    ],
    ['listed, live', listed, live, 'directory', 'link.listed.domain', { status: 200 }],
    [
      'listed, inconclusive',
      listed,
      inconclusive,
      'directory',
      'link.listed.domain',
      { error: 'timeout' },
    ],
    [
      'listed, broken: the directory is stale',
      listed,
      broken,
      'broken',
      'link.listed.dead',
      { status: 404 },
    ],
  ] as const)('%s', (_name, offline, outcome, bucket, code, liveness) => {
    const verdict = applyLiveness(offline, outcome as LivenessOutcome);
    expect(verdict).toMatchObject({ bucket, code, score: BUCKET_SCORES[bucket], liveness });
    expect(verdict.stale ?? false).toBe(code === 'link.listed.dead');
  });

  it('scores live 0.7, inconclusive 0.5, broken and invented 0', () => {
    expect(BUCKET_SCORES).toMatchObject({ live: 0.7, inconclusive: 0.5, broken: 0, invented: 0 });
  });
});
