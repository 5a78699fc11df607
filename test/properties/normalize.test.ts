import { isIP } from 'node:net';
import fc from 'fast-check';
import { parse as parseDomain } from 'tldts';
import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/extract/links.js';
import { extractPhones } from '../../src/extract/phones.js';
import { cleanOrgName, orgKey } from '../../src/normalize/name.js';
import { formatPhone, keypadDigit, normalizePhone } from '../../src/normalize/phone.js';
import { normalizeHost, normalizeUrl } from '../../src/normalize/url.js';
import { anyText, runs, timeout } from './support.js';

// ---------------------------------------------------------------------------------------------
// URLs: one address, written every way the normalizer promises to treat alike.

const TLDS = ['org', 'gov', 'com', 'net', 'us', 'edu', 'info'] as const;
const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split(''));
const label = fc
  .tuple(
    fc.array(alnum, { minLength: 1, maxLength: 8 }),
    fc.option(fc.array(alnum, { minLength: 1, maxLength: 5 }), { nil: undefined }),
  )
  .map(([head, tail]) => head.join('') + (tail ? `-${tail.join('')}` : ''))
  // `www` as a label is the one spelling the normalizer strips; hosts with it are covered below.
  .filter((text) => text !== 'www');
const hostArb = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom(...TLDS))
  .map(([labels, tld]) => `${labels.join('.')}.${tld}`);

/** A path character and how it may be written: unreserved characters may be percent-escaped. */
const PATH_CHARS = 'abcXYZ019-_~'.split('');
const pathCharArb = fc.constantFrom(...PATH_CHARS);
/** Segments end in a letter or digit, so no variant ends in characters trimmed as punctuation. */
const segmentArb = fc
  .tuple(fc.array(pathCharArb, { maxLength: 6 }), fc.constantFrom(...'abcXYZ019'.split('')))
  .map(([chars, last]) => [...chars, last]);
const queryKeyArb = fc
  .array(fc.constantFrom(...'abcdefgk'.split('')), { minLength: 1, maxLength: 4 })
  .map((chars) => chars.join(''));
const queryValueArb = fc
  .array(fc.constantFrom(...'abcXY0129'.split('')), { minLength: 1, maxLength: 5 })
  .map((chars) => chars.join(''));

interface UrlParts {
  host: string;
  segments: string[][];
  query: Array<[string, string]>;
}

const urlPartsArb: fc.Arbitrary<UrlParts> = fc.record({
  host: hostArb,
  segments: fc.array(segmentArb, { maxLength: 3 }),
  query: fc.array(fc.tuple(queryKeyArb, queryValueArb), { maxLength: 3 }),
});

/** What the normalizer must produce, computed independently of it. */
function canonical(parts: UrlParts): string {
  const path = parts.segments.map((segment) => `/${segment.join('')}`).join('');
  const pairs = parts.query
    .map(([key, value]) => [key, `${key}=${value}`] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return `https://${parts.host}${path}${pairs.length > 0 ? `?${pairs.map(([, pair]) => pair).join('&')}` : ''}`;
}

interface Spelling {
  scheme: 'https://' | 'http://' | 'HTTPS://' | 'Http://' | '//' | '';
  www: boolean;
  hostCase: 'lower' | 'upper' | 'capital' | 'random';
  trailingDot: boolean;
  defaultPort: boolean;
  escapes: boolean[];
  trailingSlash: boolean;
  shuffle: number[];
  tracking: Array<
    | 'utm_source=chatgpt.com'
    | 'utm_medium=referral'
    | 'gclid=Cj0KCQ'
    | 'fbclid=IwAR2'
    | 'utm_campaign=x'
  >;
  fragment: '' | '#section-2' | '#:~:text=free%20legal' | '#';
}

const spellingArb: fc.Arbitrary<Spelling> = fc.record({
  scheme: fc.constantFrom('https://', 'http://', 'HTTPS://', 'Http://', '//', ''),
  www: fc.boolean(),
  hostCase: fc.constantFrom('lower', 'upper', 'capital', 'random'),
  trailingDot: fc.boolean(),
  defaultPort: fc.boolean(),
  escapes: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
  trailingSlash: fc.boolean(),
  shuffle: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
  tracking: fc.array(
    fc.constantFrom(
      'utm_source=chatgpt.com',
      'utm_medium=referral',
      'gclid=Cj0KCQ',
      'fbclid=IwAR2',
      'utm_campaign=x',
    ),
    { maxLength: 3 },
  ),
  fragment: fc.constantFrom('', '#section-2', '#:~:text=free%20legal', '#'),
});

function caseHost(host: string, mode: Spelling['hostCase'], flips: readonly boolean[]): string {
  switch (mode) {
    case 'lower':
      return host;
    case 'upper':
      return host.toUpperCase();
    case 'capital': {
      // `TexasLawHelp.org`: names capitalized, the suffix as usual.
      const dot = host.lastIndexOf('.');
      return (
        host
          .slice(0, dot)
          .replace(
            /(^|[.-])([a-z])/g,
            (_, before: string, letter: string) => before + letter.toUpperCase(),
          ) + host.slice(dot)
      );
    }
    default:
      return [...host]
        .map((char, i) => (flips[i % flips.length] ? char.toUpperCase() : char))
        .join('');
  }
}

function escapeChar(char: string, escape: boolean, lowerHex: boolean): string {
  if (!escape) return char;
  const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${lowerHex ? hex : hex.toUpperCase()}`;
}

/** One written form of `parts`. `forExtraction`: only forms a reader would take for a link in prose. */
function spell(parts: UrlParts, spelling: Spelling, forExtraction: boolean): string {
  let scheme = spelling.scheme;
  if (forExtraction && scheme === '//') scheme = 'https://';
  const schemeless = scheme === '';
  let host = caseHost(
    parts.host,
    forExtraction && schemeless && spelling.hostCase === 'random' ? 'lower' : spelling.hostCase,
    spelling.escapes,
  );
  if (spelling.www) host = `www.${host}`;
  if (spelling.trailingDot && !(forExtraction && schemeless)) host = `${host}.`;
  const port =
    spelling.defaultPort && !(forExtraction && schemeless)
      ? scheme.toLowerCase() === 'http://'
        ? ':80'
        : ':443'
      : '';
  let k = 0;
  const path = parts.segments
    .map(
      (segment) =>
        `/${segment.map((char) => escapeChar(char, spelling.escapes[k++ % 40]!, spelling.escapes[(k + 7) % 40]!)).join('')}`,
    )
    .join('');
  const pairs = parts.query.map(([key, value]) => `${key}=${value}`);
  const withTracking = [...pairs];
  spelling.tracking.forEach((param, i) =>
    withTracking.splice((spelling.shuffle[i] ?? 0) % (withTracking.length + 1), 0, param),
  );
  // Shuffle the query: the normalizer sorts it.
  const shuffled = withTracking
    .map((pair, i) => [spelling.shuffle[i % spelling.shuffle.length]! + i / 100, pair] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, pair]) => pair);
  const slash =
    spelling.trailingSlash || (path === '' && (shuffled.length > 0 || spelling.fragment !== ''))
      ? '/'
      : '';
  return `${scheme}${host}${port}${path}${slash}${shuffled.length > 0 ? `?${shuffled.join('&')}` : ''}${spelling.fragment}`;
}

/**
 * A host whose last label is a number but which is no IPv4 address (`v1.2`, `x.0x1`): the URL
 * parser reads it as a broken IPv4 address once the trailing dots that hid the number are gone.
 * See the known-bug test below; left out of the general properties so they guard the rest.
 */
const numericTail = (host: string): boolean =>
  /(^|\.)(\d+|0x[0-9a-f]*)$/i.test(host) && isIP(host) === 0;

describe('normalizeUrl', () => {
  it(
    'is idempotent on anything it accepts',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(anyText, fc.webUrl({ withQueryParameters: true, withFragments: true })),
          (text) => {
            const first = normalizeUrl(text);
            if (!first.ok || numericTail(first.host)) return;
            const again = normalizeUrl(first.url);
            expect(again).toMatchObject({ ok: true, url: first.url, host: first.host });
          },
        ),
        runs(500),
      );
    },
    timeout(10_000),
  );

  it(
    'gives one value for an address written in any supported way',
    () => {
      fc.assert(
        fc.property(urlPartsArb, spellingArb, (parts, spelling) => {
          const written = spell(parts, spelling, false);
          const result = normalizeUrl(written);
          expect(result, written).toMatchObject({
            ok: true,
            url: canonical(parts),
            host: parts.host,
          });
        }),
        runs(500),
      );
    },
    timeout(10_000),
  );

  it(
    'and the link extractor finds that same value in prose, however the link is wrapped',
    () => {
      // `needsScheme`: markdown and angle-bracket links are only written with a scheme.
      const wraps = fc.constantFrom(
        { needsScheme: false, wrap: (url: string) => `See ${url} for the forms.` },
        { needsScheme: false, wrap: (url: string) => `See **${url}**.` },
        { needsScheme: false, wrap: (url: string) => `Forms: \`${url}\`, and more.` },
        { needsScheme: false, wrap: (url: string) => `(see ${url})` },
        { needsScheme: false, wrap: (url: string) => `Visit ${url}!` },
        { needsScheme: false, wrap: (url: string) => `- ${url}\n- next item` },
        { needsScheme: true, wrap: (url: string) => `[the site](${url})` },
        { needsScheme: true, wrap: (url: string) => `<${url}>` },
      );
      fc.assert(
        fc.property(urlPartsArb, spellingArb, wraps, (parts, spelling, { needsScheme, wrap }) => {
          // A public suffix alone (`ma.us`) is no host a person links to; the extractor rightly skips it.
          fc.pre(parseDomain(parts.host).domain === parts.host);
          let url = spell(parts, spelling, true);
          if (needsScheme && !/^https?:\/\//i.test(url)) url = `https://${url}`;
          const text = wrap(url);
          const links = extractLinks(text);
          expect(
            links.map((link) => link.normalized),
            text,
          ).toEqual([canonical(parts)]);
        }),
        runs(500),
      );
    },
    timeout(10_000),
  );

  // Found by `npm run fuzz`: on Node 20, once V8 optimizes `URL.canParse`, it answers false for
  // valid addresses holding Latin-1 letters. normalizeUrl must not trust it for those.
  it('still accepts Latin-1 hosts after many calls (Node 20 URL.canParse fast-path bug)', () => {
    const warm = ['https://a.org/x', 'https://b.org', 'http://a:b'];
    for (let i = 0; i < 200_000; i++) normalizeUrl(warm[i % warm.length]!);
    expect(normalizeUrl('https://zürich.ch/')).toMatchObject({
      ok: true,
      url: 'https://xn--zrich-kva.ch',
    });
    expect(normalizeUrl('straße.de/x')).toMatchObject({
      ok: true,
      url: 'https://xn--strae-oqa.de/x',
    });
  });
});

describe('normalizeHost', () => {
  it(
    'is idempotent on anything it accepts',
    () => {
      fc.assert(
        fc.property(fc.oneof(anyText, fc.domain(), hostArb), (text) => {
          const host = normalizeHost(text);
          if (host === null || numericTail(host)) return;
          expect(normalizeHost(host)).toBe(host);
        }),
        runs(500),
      );
    },
    timeout(10_000),
  );
});

// Known bug, reported (issue 7 report), found by `npm run fuzz`: canonicalHost (src/normalize/url.ts)
// strips trailing dots after the URL parser has run, so `v1.2..` (a name, to the parser) becomes
// `v1.2` (a malformed IPv4 address, to the parser): normalizeUrl accepts its own output no more,
// and normalizeHost('9...') is '9', which normalizes to '0.0.0.9'. When this starts failing, the
// bug is fixed: drop `numericTail` from the properties above.
describe('known bugs', () => {
  it('normalizeUrl and normalizeHost stay idempotent when trailing dots hide a numeric last label', () => {
    // Without its trailing dots such a host ends in a number, which is no host: rejected, not mangled.
    for (const text of ['v1.2..', 'x.0x1..'])
      expect(normalizeUrl(text), text).toMatchObject({ ok: false });
    expect(normalizeHost('9...')).toBeNull();
    const dotted = normalizeUrl('mass.gov.');
    expect(dotted).toMatchObject({ ok: true, url: 'https://mass.gov' });
    expect(dotted.ok && normalizeUrl(dotted.url)).toMatchObject({
      ok: true,
      url: 'https://mass.gov',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Phone numbers: one NANP number in every supported format.

const nanpArb = fc
  .tuple(
    fc.integer({ min: 2, max: 9 }),
    fc.integer({ min: 0, max: 99 }),
    fc.integer({ min: 200, max: 999 }),
    fc.integer({ min: 0, max: 9999 }),
  )
  // Area codes the numbering plan can assign: not N11, N9X, 37X or 96X (see whyNotNanp).
  .filter(
    ([first, rest]) =>
      rest !== 11 &&
      Math.floor(rest / 10) !== 9 &&
      !(first === 3 && Math.floor(rest / 10) === 7) &&
      !(first === 9 && Math.floor(rest / 10) === 6),
  )
  .map(([first, rest, exchange, line]) => ({
    area: `${first}${String(rest).padStart(2, '0')}`,
    exchange: String(exchange),
    line: String(line).padStart(4, '0'),
  }));

type Nanp = { area: string; exchange: string; line: string };
const FORMATS: ReadonlyArray<(n: Nanp) => string> = [
  (n) => `(${n.area}) ${n.exchange}-${n.line}`,
  (n) => `(${n.area})${n.exchange}-${n.line}`,
  (n) => `${n.area}-${n.exchange}-${n.line}`,
  (n) => `${n.area}.${n.exchange}.${n.line}`,
  (n) => `${n.area} ${n.exchange} ${n.line}`,
  (n) => `${n.area}${n.exchange}${n.line}`,
  (n) => `+1 ${n.area} ${n.exchange} ${n.line}`,
  (n) => `+1 (${n.area}) ${n.exchange}-${n.line}`,
  (n) => `+1-${n.area}-${n.exchange}-${n.line}`,
  (n) => `+1${n.area}${n.exchange}${n.line}`,
  (n) => `1-${n.area}-${n.exchange}-${n.line}`,
  (n) => `1 (${n.area}) ${n.exchange}-${n.line}`,
  (n) => `${n.area}–${n.exchange}–${n.line}`,
];
const EXTENSIONS = [
  ['', undefined],
  [' ext. 12', '12'],
  [' ext 7', '7'],
  [' x123', '123'],
  [', ext. 4', '4'],
  [' extension 99', '99'],
] as const;

/** Numbers whose exchange and line have no 0 or 1, so all seven can be spelled in letters. */
const spellableArb = fc
  .tuple(nanpArb, fc.array(fc.integer({ min: 2, max: 9 }), { minLength: 7, maxLength: 7 }))
  .map(([n, seven]) => ({
    area: n.area,
    exchange: seven.slice(0, 3).join(''),
    line: seven.slice(3).join(''),
  }));

/** The letters spelling of a number (`1-800-LAW-HELP`): each digit of exchange and line as one of its keypad letters. */
function vanity(n: Nanp, picks: readonly number[]): string {
  const letters = (digits: string, offset: number): string =>
    [...digits]
      .map((digit, i) => {
        const options = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
          .split('')
          .filter((letter) => keypadDigit(letter) === digit);
        return options[picks[(i + offset) % picks.length]! % options.length]!;
      })
      .join('');
  return `1-${n.area}-${letters(n.exchange, 0)}-${letters(n.line, 3)}`;
}

describe('normalizePhone', () => {
  it(
    'gives one E.164 value for a number in any supported format, extension kept apart',
    () => {
      fc.assert(
        fc.property(
          nanpArb,
          fc.constantFrom(...FORMATS),
          fc.constantFrom(...EXTENSIONS),
          (n, format, [suffix, extension]) => {
            const written = `${format(n)}${suffix}`;
            const result = normalizePhone(written);
            expect(result, written).toMatchObject({
              ok: true,
              e164: `+1${n.area}${n.exchange}${n.line}`,
              serviceLine: false,
            });
            if (result.ok) expect(result.extension, written).toBe(extension);
          },
        ),
        runs(500),
      );
    },
    timeout(10_000),
  );

  it(
    'reads a vanity spelling as the digits of the keypad',
    () => {
      fc.assert(
        fc.property(
          spellableArb,
          fc.array(fc.nat(), { minLength: 7, maxLength: 7 }),
          (n, picks) => {
            const written = vanity(n, picks);
            expect(normalizePhone(written), written).toMatchObject({
              ok: true,
              e164: `+1${n.area}${n.exchange}${n.line}`,
              vanity: true,
            });
          },
        ),
        runs(300),
      );
    },
    timeout(10_000),
  );

  it(
    'reads a plain number as written as it reads it padded or in full width (its shortcut)',
    () => {
      // Any ten digits, so numbers the numbering plan refuses are held to the same reason too.
      const digitsArb = fc.stringMatching(/^\d{10}$/).map((d) => ({
        area: d.slice(0, 3),
        exchange: d.slice(3, 6),
        line: d.slice(6),
      }));
      const fullWidth = (text: string): string =>
        text.replace(/[0-9()+.-]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
      fc.assert(
        fc.property(digitsArb, fc.constantFrom(...FORMATS), (n, format) => {
          const written = format(n);
          const plain = normalizePhone(written);
          expect(normalizePhone(` ${written}\t`), written).toEqual(plain);
          expect(normalizePhone(fullWidth(written)), written).toEqual(plain);
        }),
        runs(500),
      );
    },
    timeout(10_000),
  );

  it(
    'is idempotent: its own output (and the formatted form) normalizes to itself',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            anyText,
            nanpArb.map((n) => FORMATS[Number(n.line) % FORMATS.length]!(n)),
          ),
          (text) => {
            const first = normalizePhone(text);
            if (!first.ok) return;
            expect(normalizePhone(first.e164)).toMatchObject({ ok: true, e164: first.e164 });
            expect(normalizePhone(formatPhone(first.e164))).toMatchObject({
              ok: true,
              e164: first.e164,
            });
          },
        ),
        runs(500),
      );
    },
    timeout(10_000),
  );

  it(
    'and the phone extractor finds that same number in prose',
    () => {
      fc.assert(
        fc.property(
          nanpArb,
          fc.constantFrom(...FORMATS),
          fc.constantFrom(...EXTENSIONS),
          fc.constantFrom('Call the clinic at ', 'Phone: ', '- ', '**Hotline** — ', '('),
          (n, format, [suffix, extension], before) => {
            const text = `${before}${format(n)}${suffix}${before === '(' ? ')' : ''} for an appointment.`;
            const phones = extractPhones(text, extractLinks(text));
            expect(
              phones.map((phone) => phone.normalized),
              text,
            ).toEqual([`+1${n.area}${n.exchange}${n.line}`]);
            expect(phones[0]!.extension, text).toBe(extension);
          },
        ),
        runs(500),
      );
    },
    timeout(10_000),
  );
});

// ---------------------------------------------------------------------------------------------
// Organization names.

describe('name normalizers', () => {
  it(
    'cleanOrgName and orgKey are idempotent',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            anyText,
            fc.string({ unit: 'grapheme', maxLength: 40 }),
            fc.constantFrom('⑴ Legal Aid Center', 'Unit ½ Clinic', '㈱ Law Office', 'ℌelp', 'ǅ'),
          ),
          (text) => {
            const clean = cleanOrgName(text);
            expect(cleanOrgName(clean)).toBe(clean);
            const key = orgKey(text);
            expect(orgKey(key), JSON.stringify(text)).toBe(key);
          },
        ),
        runs(500),
      );
    },
    timeout(10_000),
  );

  it(
    'orgKey ignores case, spacing, accents and line breaks',
    () => {
      const words = fc.array(
        fc.constantFrom(
          'Legal',
          'Aid',
          'Society',
          'of',
          'Boston',
          'Mass',
          'Court',
          'People’s',
          'Peoples',
          'São',
          'Zürich',
          '&',
          'and',
        ),
        { minLength: 1, maxLength: 6 },
      );
      fc.assert(
        fc.property(
          words,
          fc.array(fc.constantFrom(' ', '  ', '\n', '\t', ' \n '), { minLength: 6, maxLength: 6 }),
          fc.boolean(),
          (list, gaps, upper) => {
            const plain = list.join(' ');
            const written = list
              .map(
                (word, i) =>
                  (i === 0 ? '' : gaps[i % gaps.length]) + (upper ? word.toUpperCase() : word),
              )
              .join('');
            expect(orgKey(written)).toBe(orgKey(plain));
          },
        ),
        runs(300),
      );
    },
    timeout(10_000),
  );
});
