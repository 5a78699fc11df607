import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureText } from '../helpers/fixture-text.js';
import { allowlistFile, generateOrgs } from '../../bench/lib/generate.js';
import { hostOfDomainEntry } from '../../src/allowlist/fields.js';
import { extractLinks } from '../../src/extract/links.js';
import {
  normalizeHostByParser,
  normalizeUrlByParser,
  plainHost,
  plainUrlText,
} from '../../src/normalize/url.js';
import { writtenUrl } from '../../src/normalize/url-written.js';

// The allowlist loader reads its addresses through `plainUrlText` (a string, no result object)
// and its domains through `plainHost`, both matched by regular expression; whatever either
// accepts must be exactly what the URL parser makes of it, and whatever they refuse goes to the
// parser. Held here on the hosts of the shipped .gov registry, every address of the fixtures
// (ExpertQA's answers and cited links, linkify-it's, the directories), a generated directory, and
// each of them bent the ways an address leaves the fast path.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const dotgov = readFileSync(join(ROOT, 'data/dotgov-domains.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.length > 0 && !line.startsWith('#'))
  .map((line) => line.split(',')[0]!);
const text = fixtureText();
const generated = allowlistFile(generateOrgs(2_000));
const written = [
  ...(text.match(/\bhttps?:\/\/[^\s"'<>)\]\\]+/gi) ?? []),
  ...(text.match(/\bwww\.[^\s"'<>)\]\\]+/gi) ?? []),
  ...generated.urls,
];
const hostsOf = (urls: readonly string[]): string[] =>
  urls.map((url) => url.replace(/^[a-z]+:\/\//i, '').split(/[/?#]/)[0]!);
const hosts = [...new Set([...dotgov, ...generated.domains, ...hostsOf(written)])];
const urls = [
  ...new Set([
    ...written,
    ...dotgov.map((host) => `https://${host}/`),
    ...dotgov.map((host) => `http://www.${host}/about-us`),
  ]),
];

/** Each changes one thing the fast path decides on (case, ports, dots, escapes, slashes, queries, IDN). */
const URL_BENDS: Array<(url: string) => string> = [
  (url) => url,
  (url) => `${url}/`,
  (url) => `${url}//`,
  (url) => url.toUpperCase(),
  (url) =>
    url.replace(
      /^(\w+:\/\/)([^/]+)/,
      (_, scheme: string, host: string) => scheme + host.toUpperCase(),
    ),
  (url) => url.replace(/^https?/, 'HTTPS'),
  (url) => url.replace('://', '://www.'),
  (url) => url.replace('://', '://www.www.'),
  (url) => url.replace('://', '://WWW.'),
  (url) => url.replace(/(\/\/[^/]+)/, '$1:443'),
  (url) => url.replace(/(\/\/[^/]+)/, '$1:8080'),
  (url) => url.replace(/(\/\/[^/]+)/, '$1.'),
  (url) => url.replace(/(\/\/[^/]+)/, '$1..'),
  (url) => url.replace('://', '://user@'),
  (url) => url.replace('://', '://xn--bcher-kva.'),
  (url) => url.replace('://', '://xn--zzzz.'),
  (url) => url.replace('://', '://axn--zzzz.'),
  (url) => url.replace('://', '://bücher.'),
  (url) => url.replace('://', '://a-.'),
  (url) => url.replace('://', '://-a.'),
  (url) => url.replace('://', '://1.2.3.'),
  (url) => url.replace('://', `://${'a'.repeat(64)}.`),
  (url) => url.replace('://', `://${'a'.repeat(63)}.`),
  (url) => url.replace(/\.[a-z]+(?=\/|$)/, '.c0m'),
  (url) => url.replace(/\.[a-z]+(?=\/|$)/, '.x'),
  (url) => `${url}/./a/../b`,
  (url) => `${url}/.well-known`,
  (url) => `${url}/%7Ex%2e%41`,
  (url) => `${url}/a%2Fb`,
  (url) => `${url}/x y`,
  (url) => `${url}/xn--path`,
  (url) => `${url}?b=2&a=1`,
  (url) => `${url}?utm_source=news&gclid=1`,
  (url) => `${url}/?fbclid=x`,
  (url) => `${url}#top`,
  (url) => `${url}\n`,
  (url) => ` ${url} `,
  (url) => url.replace('https://', 'http://'),
  (url) => url.replace(/^https?:\/\//, '//'),
];

/** The fast path's answer, or null, against the parser's: the same URL whenever it has one. */
function urlDiffers(input: string): boolean {
  const fast = plainUrlText(input);
  if (fast === null) return false;
  const general = normalizeUrlByParser(input);
  return !general.ok || general.url !== fast || general.port !== '' || 'userinfo' in general;
}

function hostDiffers(input: string): boolean {
  const fast = plainHost(input);
  return fast !== null && fast !== normalizeHostByParser(input.trim());
}

/**
 * Every input bent every way through a fast path: the inputs it answers other than the general
 * path does (`differs`), and how many it answers at all (`fast` not null).
 */
function throughBends(
  inputs: readonly string[],
  bends: ReadonlyArray<(input: string) => string>,
  fast: (input: string) => unknown,
  differs: (input: string) => boolean,
): { differ: string[]; taken: number } {
  const differ: string[] = [];
  let taken = 0;
  for (const input of inputs) {
    for (const bend of bends) {
      const bent = bend(input);
      if (fast(bent) !== null) taken++;
      if (differs(bent)) differ.push(bent);
    }
  }
  return { differ, taken };
}

describe('the loader’s regular-expression fast paths give the URL parser’s output', () => {
  it('on every address of the fixtures, the .gov registry and a generated directory, as written and bent', () => {
    expect(urls.length).toBeGreaterThan(35_000);
    const { differ, taken } = throughBends(urls, URL_BENDS, plainUrlText, urlDiffers);
    expect(differ.slice(0, 5)).toEqual([]);
    // The fast path is taken at all (a pattern that refused everything would pass the check above).
    expect(taken).toBeGreaterThan(urls.length);
  });

  it('on every host, as written and bent, and on the domain entries of the loader', () => {
    expect(hosts.length).toBeGreaterThan(15_000);
    const differ: string[] = [];
    let taken = 0;
    for (const host of hosts) {
      for (const variant of [
        host,
        `www.${host}`,
        `www.www.${host}`,
        `${host}.`,
        host.toUpperCase(),
        `-${host}`,
        `${host}-`,
        `xn--${host}`,
        `xn--zz.${host}`,
        `${'a'.repeat(250 - host.length)}.${host}`,
        `${host}:80`,
        `${host}/`,
      ]) {
        if (plainHost(variant) !== null) taken++;
        if (hostDiffers(variant)) differ.push(variant);
        // A domain entry read by the fast path is the entry read by the general one.
        const entry = hostOfDomainEntry(variant);
        if (plainHost(variant) !== null && entry !== normalizeHostByParser(variant.trim()))
          differ.push(`entry ${variant}`);
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
    expect(taken).toBeGreaterThan(hosts.length);
  });

  it.each([
    ['https://www.mass.gov/', 'https://mass.gov'],
    ['http://www.www.mass.gov/courts', 'https://mass.gov/courts'],
    ['https://www.com/', 'https://www.com'],
    ['https://mass.gov/a-b/c_d~e.f', 'https://mass.gov/a-b/c_d~e.f'],
    ['https://Mass.gov/', null],
    ['https://mass.gov/?a=1', null],
    ['https://mass.gov//x', null],
    ['https://mass.gov/.x', null],
    ['https://xn--bcher-kva.de/', null],
    ['https://mass.gov:443/', null],
    [`https://${'a.'.repeat(126)}org/`, null],
  ])('%s → %s', (input, expected) => {
    expect(plainUrlText(input)).toBe(expected);
  });
});

// `normalizeUrl` answers the addresses answers write (plain ones, and with a query, a fragment,
// escapes, capitals, no scheme) by `writtenUrl`, which reads the path and query as written. Held
// to the parser on the same addresses bent the ways that decide it (and written without a
// scheme), on every link `extractLinks` finds in the fixtures, and on random addresses.
const WRITTEN_BENDS: Array<(url: string) => string> = [
  ...URL_BENDS,
  (url) => url.replace(/^https?:\/\//, ''),
  (url) => url.replace(/^https?:\/\//, 'www.'),
  (url) => url.replace(/^https?:\/\//, '').toUpperCase(),
  (url) => `${url}?a=1&b='x'`,
  (url) => `${url}?q=a+b%20c%2fd&&x=`,
  (url) => `${url}?`,
  (url) => `${url}?a=%zz`,
  (url) => `${url}/%2e%2E/x`,
  (url) => `${url}/.%2e/x`,
  (url) => `${url}/a.%2e/x%2E`,
  (url) => `${url}/!$&'()*+,;=:@x`,
  (url) => `${url}/^|{}\``,
  (url) => `${url}/x[2]|y?a[]=1|2`,
  (url) => `${url}/a%2`,
  (url) => `${url}/a%2fb`,
  (url) => `${url}#a b`,
  (url) => `${url}#x#y?z`,
  (url) => `${url}?utm_medium=x#top`,
  (url) => url.replace(/(\/\/[^/]+)/, '$1?x=1'),
  (url) => url.replace(/(\/\/[^/]+)/, '$1#x'),
];

/** The written addresses and every tenth of the .gov registry's two forms: all of it, bent 60 ways, took 16 s. */
const writtenUrls = [
  ...new Set([
    ...written,
    ...dotgov.filter((_, at) => at % 10 === 0).map((host) => `https://${host}/`),
    ...dotgov.filter((_, at) => at % 10 === 5).map((host) => `http://www.${host}/about-us`),
  ]),
];

function writtenDiffers(input: string): boolean {
  const fast = writtenUrl(input);
  return fast !== null && JSON.stringify(fast) !== JSON.stringify(normalizeUrlByParser(input));
}

describe('the written-address fast path gives the URL parser’s output', () => {
  it('on every address of the fixtures, the .gov registry and a generated directory, as written and bent', () => {
    expect(writtenUrls.length).toBeGreaterThan(5_000);
    const { differ, taken } = throughBends(writtenUrls, WRITTEN_BENDS, writtenUrl, writtenDiffers);
    expect(differ.slice(0, 5)).toEqual([]);
    expect(taken).toBeGreaterThan(5 * writtenUrls.length);
  });

  it('on every link extracted from the fixtures', () => {
    const raws = [...new Set(extractLinks(text).map((link) => link.raw))];
    expect(raws.length).toBeGreaterThan(3_000);
    expect(raws.filter(writtenDiffers).slice(0, 5)).toEqual([]);
    // Nearly all of them but punycode and Unicode hosts (a lookalike fixture holds a thousand)
    // are read by the fast path.
    const ascii = raws.filter((raw) => !/xn--|[^\x00-\x7f]/i.test(raw));
    const fast = ascii.filter((raw) => writtenUrl(raw) !== null);
    expect(fast.length).toBeGreaterThan(ascii.length * 0.95);
  });

  it('on random addresses made of the pieces it decides on', () => {
    const piece = fc.constantFrom(
      'https://',
      'HTTP://',
      'http:',
      'www.',
      'WWW.',
      'a',
      'Bc',
      'xn--',
      'org',
      '0',
      '-',
      '.',
      '..',
      '/',
      '//',
      '?',
      '#',
      '&',
      '=',
      '+',
      '%2e',
      '%2E',
      '%7e',
      '%2f',
      '%4',
      '%',
      ':',
      ':443',
      '@',
      "'",
      '!',
      '(',
      '~',
      '_',
      '^',
      '|',
      '[',
      ']',
      '`',
      '\\',
      ' ',
      '\t',
      'é',
      'ſ',
      'K',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        expect(writtenDiffers(pieces.join(''))).toBe(false);
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([
    ['https://mass.gov/courts', 'https://mass.gov/courts'],
    ['hTtps://mass.gov', 'https://mass.gov'],
    ['https://mass.gov/a/?', 'https://mass.gov/a'],
    ['https://mass.gov/a%2f', 'https://mass.gov/a%2F'],
    ['https://mass.gov/x[3]', 'https://mass.gov/x[3]'],
    ['www.Mass.gov/x?b=2&a=1#top', 'https://mass.gov/x?a=1&b=2'],
    ['HTTP://WWW.MASS.GOV/A%7e?utm_source=x', 'https://mass.gov/A~'],
    ['mass.gov/a//b/', 'https://mass.gov/a/b'],
    ['https://mass.gov/%2e%2e/x', null],
    ["https://mass.gov/?a='", null],
    ['https://mass.gov:443/', null],
    ['https://user@mass.gov/', null],
    ['https://xn--bcher-kva.de/', null],
    ['//mass.gov/', null],
  ])('%s → %s', (input, expected) => {
    expect(writtenUrl(input)?.ok === true ? (writtenUrl(input) as { url: string }).url : null).toBe(
      expected,
    );
  });
});
