import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureText } from '../helpers/fixture-text.js';
import { allowlistFile, generateOrgs } from '../../bench/lib/generate.js';
import { bareOrgName, bareOrgNameByPatterns } from '../../src/normalize/bare-names.js';
import { cleanOrgName, cleanOrgNameByPattern } from '../../src/normalize/name.js';
import { normalizePhone, normalizePhoneByRules, plainE164 } from '../../src/normalize/phone.js';
import {
  normalizeHost,
  normalizeHostByParser,
  normalizeUrl,
  normalizeUrlByParser,
} from '../../src/normalize/url.js';

// `normalizeUrl` and `normalizeHost` answer plain addresses by regular expression (`plainUrl`,
// `plainHost`) and the rest through the URL parser; `normalizePhone` reads the common shape of
// a number as one integer (`plainE164`) and the rest by its rules; `cleanOrgName` tells a clean
// name by char codes and `bareOrgName` a name with nothing to strip from its ends. Each fast path must give
// exactly the general path's output: on every address and number in the fixtures (ExpertQA's
// cited links, linkify-it's, directories), on a generated 5,000-organization allowlist, on each
// of them bent the ways that leave the fast path (case, ports, dots, escapes, doubled slashes;
// spaces, trunk digits, reserved area codes), and on random ones.

const text = fixtureText();
const generated = allowlistFile(generateOrgs(5_000));
const urls = [
  ...new Set([
    ...(text.match(/\bhttps?:\/\/[^\s"'<>)\]]+/gi) ?? []),
    ...(text.match(/\bwww\.[^\s"'<>)\]]+/gi) ?? []),
    ...generated.urls,
  ]),
];
const hosts = [
  ...new Set([
    ...generated.domains,
    ...urls.map((url) => url.replace(/^[a-z]+:\/\//i, '').split(/[/?#]/)[0]!),
  ]),
];

const BENDS: Array<(url: string) => string> = [
  (url) => url,
  (url) => `${url}/`,
  (url) => url.toUpperCase(),
  (url) => url.replace('://', '://www.'),
  (url) => url.replace('://', '://WWW.'),
  (url) => url.replace(/(\/\/[^/]+)/, '$1:443'),
  (url) => url.replace(/(\/\/[^/]+)/, '$1.'),
  (url) => `${url}/./a/../b`,
  (url) => `${url}//x`,
  (url) => `${url}/%7Ex%2e`,
  (url) => `${url}/.well-known`,
  (url) => `${url}?b=2&a=1`,
  (url) => `${url}#top`,
  (url) => ` ${url} `,
  (url) => url.replace('https://', 'http://'),
  (url) => url.replace('://', '://xn--bcher-kva.'),
  (url) => url.replace('://', '://a-.'),
  (url) => url.replace('://', '://1.2.3.'),
  (url) => url.replace(/\.[a-z]+(?=\/|$)/, '.c0m'),
];

function sameAsParser(input: string): boolean {
  return JSON.stringify(normalizeUrl(input)) === JSON.stringify(normalizeUrlByParser(input));
}

describe('the plain-address fast path gives the URL parser’s output', () => {
  it('on every address of the fixtures and a generated directory, as written and bent', () => {
    expect(urls.length).toBeGreaterThan(3_000);
    const differ: string[] = [];
    for (const url of urls)
      for (const bend of BENDS) if (!sameAsParser(bend(url))) differ.push(bend(url));
    expect(differ.slice(0, 5)).toEqual([]);
  });

  it('on every host, as written and bent', () => {
    const differ: string[] = [];
    for (const host of hosts) {
      for (const variant of [host, `www.${host}`, `${host}.`, host.toUpperCase(), `-${host}`]) {
        const trimmed = variant.trim();
        if (normalizeHost(variant) !== normalizeHostByParser(trimmed)) differ.push(variant);
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
  });

  it('on random addresses made of the pieces the fast path decides on', () => {
    const piece = fc.constantFrom(
      'https://',
      'http://',
      'www.',
      'a',
      'bc',
      'Z',
      '0',
      '9',
      '-',
      '.',
      '/',
      '//',
      '%2e',
      '%7e',
      ':80',
      ':8',
      '@',
      '?',
      '#',
      'xn--',
      ' ',
      '..',
      '~',
      '_',
      'org',
      'gov',
      'x',
      'n--',
      '\\',
      'é',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const input = pieces.join('');
        expect(normalizeUrl(input)).toEqual(normalizeUrlByParser(input));
        expect(normalizeHost(input)).toBe(normalizeHostByParser(input.trim()));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('the plain-number fast path gives the rules’ output', () => {
  const numbers = [
    ...new Set([
      ...(text.match(/[+(]?\d[\d ()+.\-/]{6,18}\d/g) ?? []),
      ...Object.values(generated.org_phones).flat(),
    ]),
  ];
  const NUMBER_BENDS: Array<(number: string) => string> = [
    (number) => number,
    (number) => ` ${number}`,
    (number) => `${number} `,
    (number) => `+${number}`,
    (number) => `1 ${number}`,
    (number) => `+1 ${number}`,
    (number) => `${number}0`,
    (number) => number.replace(/\d/, '1'),
    (number) => number.replace(/\d/, '0'),
    (number) => number.replace(/\d(\D*)\d/, '3$17'),
    (number) => number.replace(/\d(\D*)\d/, '9$16'),
    (number) => number.replace(/(\d\D*\d\D*)\d/, '$19'),
    (number) => number.replace(/(\d\D*)\d(\D*)\d/, '$11$21'),
    (number) => number.replace(/-/g, '\u2013'),
  ];

  it('on every number of the fixtures and a generated directory, as written and bent', () => {
    expect(numbers.length).toBeGreaterThan(10_000);
    const differ: string[] = [];
    for (const number of numbers) {
      for (const bend of NUMBER_BENDS) {
        const input = bend(number);
        const general = normalizePhoneByRules(input);
        if (JSON.stringify(normalizePhone(input)) !== JSON.stringify(general)) differ.push(input);
        // What the allowlist loader reads: the fast path's string alone, or null for the general path.
        const fast = plainE164(input);
        if (fast !== null && (!general.ok || general.e164 !== fast || general.extension))
          differ.push(`plainE164 ${input}`);
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
  });

  it('on random numbers made of the characters it decides on', () => {
    const piece = fc.constantFrom(
      '0',
      '1',
      '2',
      '3',
      '6',
      '7',
      '9',
      '11',
      '37',
      '96',
      '555',
      ' ',
      '(',
      ')',
      '-',
      '.',
      '/',
      '+',
      'x',
      '#',
      'A',
      '\t',
      '\uff11',
      '\u2013',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const input = pieces.join('');
        const general = normalizePhoneByRules(input);
        expect(normalizePhone(input)).toEqual(general);
        const fast = plainE164(input);
        if (fast !== null)
          expect(general).toEqual({ ok: true, e164: fast, vanity: false, serviceLine: false });
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('the organization-name fast paths give their patterns’ output', () => {
  // Every short string of the fixtures (names, cells, keys) and the generated directory's names.
  const names = [
    ...new Set([
      ...(text.match(/"[^"\\\n]{1,120}"/g) ?? []).map((quoted) => quoted.slice(1, -1)),
      ...generated.org_names,
      ...Object.values(generated.org_aliases ?? {}).flat(),
    ]),
  ];
  const NAME_BENDS: Array<(name: string) => string> = [
    (name) => name,
    (name) => `${name}, Inc.`,
    (name) => `${name} LLC`,
    (name) => `${name} l.l.c`,
    (name) => `${name}, P.C.`,
    (name) => `${name} Corp`,
    (name) => `${name} co`,
    (name) => `${name} Ltd`,
    (name) => `${name} Incorporated`,
    (name) => `${name}, The`,
    (name) => `${name},the`,
    (name) => `The ${name}`,
    (name) => `the\t${name}`,
    (name) => `Th${name}`,
    (name) => `T${name}`,
    (name) => ` ${name}`,
    (name) => `${name} `,
    (name) => `${name} -`,
    (name) => `${name}&`,
    (name) => name.replace(' ', '  '),
    (name) => name.replace(' ', '\u00a0'),
    (name) => name.toUpperCase(),
  ];

  it('on every name of the fixtures and a generated directory, as written and bent', () => {
    expect(names.length).toBeGreaterThan(8_000);
    const differ: string[] = [];
    for (const name of names)
      for (const bend of NAME_BENDS) {
        const input = bend(name);
        if (cleanOrgName(input) !== cleanOrgNameByPattern(input)) differ.push(`clean ${input}`);
        if (bareOrgName(input) !== bareOrgNameByPatterns(input)) differ.push(`bare ${input}`);
      }
    expect(differ.slice(0, 5)).toEqual([]);
  });

  it('with every code unit at the start, inside and at the end of a name', () => {
    const differ: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      for (const input of [c, `${c}a b`, `a${c}b`, `a ${c}b`, `a${c}`, `a b${c}`, `a${c}${c}b`]) {
        if (cleanOrgName(input) !== cleanOrgNameByPattern(input)) differ.push(`clean ${code}`);
        if (bareOrgName(input) !== bareOrgNameByPatterns(input)) differ.push(`bare ${code}`);
      }
      for (const input of [
        `Law ${c}nc`,
        `Law${c}Inc`,
        `Law ${c}td`,
        `Law ${c}he`,
        `x${c}c`,
        `The${c}Law`,
        `th${c} Law`,
        `${c}he Law`,
      ]) {
        if (bareOrgName(input) !== bareOrgNameByPatterns(input)) differ.push(`bare ${code}`);
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
  });

  it('on random names made of the pieces they decide on', () => {
    const piece = fc.constantFrom(
      'Legal',
      'Aid',
      'The',
      'the',
      'inc',
      'Inc.',
      'LLC',
      'l.l.c',
      'P.C',
      'pc',
      'corp',
      'Co',
      'ltd',
      'incorporated',
      'Clinic',
      'e',
      'd',
      'o',
      'p',
      'c',
      ' ',
      '  ',
      ',',
      '.',
      '&',
      '-',
      '\t',
      '\n',
      '\u00a0',
      '\u2003',
      'É',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const input = pieces.join('');
        expect(cleanOrgName(input)).toBe(cleanOrgNameByPattern(input));
        expect(bareOrgName(input)).toBe(bareOrgNameByPatterns(input));
      }),
      { numRuns: 10_000 },
    );
  });
});
