import { readFileSync } from 'node:fs';
import { domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/extract/links.js';
import { loadGovRegistry } from '../../src/match/dotgov.js';
import { classifyLink } from '../../src/match/links.js';
import type { LinkVerdict } from '../../src/types.js';
import { makeIndex } from '../helpers/allowlist.js';

const fixture = (path: string): string =>
  readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');
const csvRows = (text: string): string[][] =>
  text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));

const registry = loadGovRegistry();

function verdictFor(text: string, domains: string[]): LinkVerdict {
  const links = extractLinks(text);
  expect(links, text).toHaveLength(1);
  return classifyLink(links[0]!, makeIndex({ domains }), { govRegistry: registry });
}

describe('real court and legal-aid domains, each cited against an allowlist of the others', () => {
  const domains = csvRows(fixture('legal-domains/domains.csv')).map((row) => row[0]!);

  it('the corpus is large enough to mean something', () => {
    expect(domains.length).toBeGreaterThanOrEqual(300);
  });

  it('calls none of them invented', () => {
    const index = makeIndex({ domains });
    const accused: string[] = [];
    let lookalikes = 0;
    for (const domain of domains) {
      // Leave the cited domain out of the directory: its neighbours are all listed.
      const others = makeIndex({ domains: domains.filter((other) => other !== domain) });
      const link = extractLinks(`https://${domain}/help`)[0]!;
      const verdict = classifyLink(link, others, { govRegistry: registry });
      if (verdict.bucket === 'invented') accused.push(`${domain}: ${verdict.reason}`);
      if (verdict.lookalikeOf !== undefined) lookalikes++;
      expect(classifyLink(link, index, { govRegistry: registry }).bucket).toBe('directory');
    }
    expect(accused).toEqual([]);
    // Resemblance is still reported where names are close (legalaidnc / legalaidnyc).
    expect(lookalikes).toBeGreaterThan(0);
  });

  it.each([
    ['kycourts.gov', 'nycourts.gov'],
    ['akcourts.gov', 'azcourts.gov'],
    ['nmdoj.gov', 'ncdoj.gov'],
    ['dhs.maryland.gov', 'umaryland.edu'],
  ])('%s cited with %s listed: a registered .gov domain, proven real', (cited, listed) => {
    const verdict = verdictFor(`https://${cited}/`, [listed]);
    expect(verdict.bucket).toBe('unverified');
    expect(verdict.lookalikeOf).toBeUndefined();
    expect(verdict.code).toBe('link.unverified.gov');
  });

  it('legalaidnc.org cited with legalaidnyc.org listed: unverified, reported as resembling it', () => {
    expect(verdictFor('https://legalaidnc.org/', ['legalaidnyc.org'])).toMatchObject({
      bucket: 'unverified',
      score: 0.5,
      lookalikeOf: 'legalaidnyc.org',
    });
  });
});

describe('the .gov registry', () => {
  it('is the shipped CISA snapshot, dated', () => {
    expect(registry.date).toBe('2026-08-22');
    expect(registry.domains.size).toBeGreaterThan(16_000);
  });

  it('every registered .gov domain in the legal corpus is never invented, whatever is listed', () => {
    const gov = csvRows(fixture('legal-domains/domains.csv'))
      .map((row) => row[0]!)
      .filter((domain) => domain.endsWith('.gov'));
    expect(gov.length).toBeGreaterThan(300);
    const index = makeIndex({ domains: ['nycourts.gov', 'mass.gov', 'masslegalhelp.org'] });
    for (const domain of gov) {
      const verdict = classifyLink(extractLinks(`https://${domain}`)[0]!, index, {
        govRegistry: registry,
      });
      expect(verdict.bucket, domain).not.toBe('invented');
    }
  });

  it.each(['mass-courts.gov', 'nycourt.gov', 'masslegalhelp.gov', 'courts.mass-gov.gov'])(
    'an unregistered .gov host is invented: %s',
    (host) => {
      const verdict = verdictFor(`https://${host}/x`, ['mass.gov']);
      expect(verdict.bucket).toBe('invented');
      expect(verdict.code).toBe('link.invented.unregistered-gov');
    },
  );
});

describe("the issue's examples", () => {
  const listed = ['masslegalhelp.org', 'mass.gov', 'mvlslaw.org'];
  it.each([
    ['accents', 'https://másslegálhëlp.org/'],
    ['Latin alpha', 'https://mɑsslegɑlhelp.org/'],
    ['dot below on a .gov', 'https://mạss.gov/'],
    ['whole-word Cyrillic', 'https://маѕѕӏеԍаӏһеӏр.org/'],
    ['digit added to a short .gov name', 'https://mass1.gov/'],
    ['letters swapped in a short .gov name', 'https://amss.gov/'],
    ['an empty first label', 'http://.masslegalhelp.org'],
  ])('%s: %s is invented', (_name, text) => {
    expect(verdictFor(text, listed).bucket).toBe('invented');
  });

  it.each([
    ['a dotted split', 'https://mass.legalhelp.org/', 'masslegalhelp.org'],
    ['two substitutions in a long name', 'https://nasslegalhelq.org/', 'masslegalhelp.org'],
    ['brand plus a word', 'https://masslegalhelp-login.org/', 'masslegalhelp.org'],
  ])('%s: %s resembles %s, reported but not punished offline', (_name, text, of) => {
    expect(verdictFor(text, listed)).toMatchObject({ bucket: 'unverified', lookalikeOf: of });
  });

  it('link text showing one site over a link to another is invented', () => {
    const links = extractLinks('Apply at [mvlslaw.org](https://evil-site.com/x).');
    const target = links.find((link) => link.host === 'evil-site.com')!;
    const verdict = classifyLink(target, makeIndex({ domains: listed }), { govRegistry: registry });
    expect(verdict.bucket).toBe('invented');
    expect(verdict.code).toBe('link.invented.label-mismatch');
  });

  it('link text on the same site as its target is fine', () => {
    const links = extractLinks('See [www.mass.gov/courts](https://courts.mass.gov/x).');
    const target = links.find((link) => link.form === 'markdown')!;
    expect(
      classifyLink(target, makeIndex({ domains: listed }), { govRegistry: registry }).bucket,
    ).toBe('directory');
  });
});

describe('dnstwist permutations of listed names', () => {
  const rows = csvRows(fixture('dnstwist/permutations.csv'));
  const listed = [...new Set(rows.map((row) => row[1]!))];
  const index = makeIndex({ domains: listed });
  const judge = (host: string): LinkVerdict =>
    classifyLink(extractLinks(`https://${host}/x`)[0]!, index, { govRegistry: registry });
  const fuzzers = [...new Set(rows.map((row) => row[0]!))];

  // A permutation that is itself a registered .gov domain is a real site, not a lookalike
  // (dnstwist does not know the registry): those are left out of the counts.
  // dnstwist also lists the domain itself under some fuzzers (a vowel swapped for the same vowel).
  const permutations = rows.filter((row) => !registry.domains.has(row[2]!) && row[2] !== row[1]);

  it.each(fuzzers)(
    '%s: at least 95%% flagged (invented or lookalikeOf), in punycode and in Unicode',
    (fuzzer) => {
      const mine = permutations.filter((row) => row[0] === fuzzer);
      expect(mine.length).toBeGreaterThan(0);
      for (const spelling of [(host: string) => host, (host: string) => domainToUnicode(host)]) {
        const missed = mine.filter((row) => {
          const verdict = judge(spelling(row[2]!));
          return verdict.bucket !== 'invented' && verdict.lookalikeOf === undefined;
        });
        expect(
          missed.length / mine.length,
          missed.map((row) => row[2]).join(' '),
        ).toBeLessThanOrEqual(0.05);
      }
    },
  );

  it('homoglyph spellings: at least 95% invented, in punycode and in Unicode', () => {
    const mine = permutations.filter((row) => row[0] === 'homoglyph' || row[0] === 'cyrillic');
    for (const spelling of [(host: string) => host, (host: string) => domainToUnicode(host)]) {
      const missed = mine.filter((row) => judge(spelling(row[2]!)).bucket !== 'invented');
      expect(
        missed.length / mine.length,
        missed.map((row) => domainToUnicode(row[2]!)).join(' '),
      ).toBeLessThanOrEqual(0.05);
    }
  });
});
