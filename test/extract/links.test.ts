import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/extract/links.js';
import type { LinkFinding } from '../../src/extract/types.js';
import { growth, LINEAR } from '../helpers/growth.js';

/** What a row expects of one link: the text as written and the canonical URL. */
type Expected = [raw: string, normalized: string];

function found(text: string): Expected[] {
  return extractLinks(text).map((link) => [link.raw, link.normalized]);
}

/** Every finding lies inside the text and its raw value is exactly the text at its span. */
function expectSpansHold(text: string, links: readonly LinkFinding[]): void {
  for (const link of links) {
    expect(link.start).toBeGreaterThanOrEqual(0);
    expect(link.end).toBeLessThanOrEqual(text.length);
    expect(link.start).toBeLessThan(link.end);
    expect(text.slice(link.start, link.end)).toBe(link.raw);
  }
}

const MASS = 'https://mass.gov/housing-court';

describe('extractLinks: markdown and the ways models wrap links', () => {
  it.each<[string, string, Expected[]]>([
    ['bold', `See **${MASS}**.`, [[MASS, MASS]]],
    ['italic with asterisks', `See *${MASS}*.`, [[MASS, MASS]]],
    ['bold with underscores', `See __${MASS}__.`, [[MASS, MASS]]],
    ['strike-through', `See ~~${MASS}~~ now`, [[MASS, MASS]]],
    ['inline code', `Use \`${MASS}\` now`, [[MASS, MASS]]],
    [
      'scheme-less in underscores',
      'Try _lawhelp.org_ today',
      [['lawhelp.org', 'https://lawhelp.org']],
    ],
    [
      'scheme-less in double underscores',
      'Try __lawhelp.org__ today',
      [['lawhelp.org', 'https://lawhelp.org']],
    ],
    ['scheme-less in bold', 'Try **lawhelp.org** today', [['lawhelp.org', 'https://lawhelp.org']]],
    ['scheme-less in code', 'Try `lawhelp.org` today', [['lawhelp.org', 'https://lawhelp.org']]],
    ['markdown link', `[Housing Court](${MASS})`, [[MASS, MASS]]],
    ['markdown link with a title', `[Housing Court](${MASS} "Housing")`, [[MASS, MASS]]],
    [
      'markdown link to a scheme-less address',
      '[MLH](www.masslegalhelp.org/housing)',
      [['www.masslegalhelp.org/housing', 'https://masslegalhelp.org/housing']],
    ],
    ['angle brackets', `<${MASS}>`, [[MASS, MASS]]],
    [
      'angle brackets inside a markdown link',
      '[t](<https://a.org/y>)',
      [['https://a.org/y', 'https://a.org/y']],
    ],
    [
      'markdown link whose text is the same URL',
      `[${MASS}](${MASS})`,
      [
        [MASS, MASS],
        [MASS, MASS],
      ],
    ],
    [
      'markdown link whose text is a scheme-less URL',
      '[lawhelp.org](https://lawhelp.org)',
      [
        ['lawhelp.org', 'https://lawhelp.org'],
        ['https://lawhelp.org', 'https://lawhelp.org'],
      ],
    ],
    ['table cells', `| Court | ${MASS} | open |`, [[MASS, MASS]]],
    ['table cell without spaces', '|mass.gov|', [['mass.gov', 'https://mass.gov']]],
  ])('%s', (_name, text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it('says how each link was written', () => {
    const forms = extractLinks(`[a](${MASS}) <https://b.org/x> https://c.org www.d.org e.org`).map(
      (link) => link.form,
    );
    expect(forms).toEqual(['markdown', 'angle', 'scheme', 'www', 'bare']);
  });
});

describe('extractLinks: punctuation around links', () => {
  it.each<[string, string, Expected[]]>([
    [
      'in parentheses, then a period',
      '(see https://a.org/x).',
      [['https://a.org/x', 'https://a.org/x']],
    ],
    ['double parentheses', '((https://a.org/x))', [['https://a.org/x', 'https://a.org/x']]],
    [
      'Wikipedia page with parentheses',
      'https://en.wikipedia.org/wiki/Foo_(law)',
      [['https://en.wikipedia.org/wiki/Foo_(law)', 'https://en.wikipedia.org/wiki/Foo_(law)']],
    ],
    [
      'Wikipedia page inside parentheses',
      '(https://en.wikipedia.org/wiki/Foo_(law))',
      [['https://en.wikipedia.org/wiki/Foo_(law)', 'https://en.wikipedia.org/wiki/Foo_(law)']],
    ],
    [
      'Wikipedia page as a markdown target',
      '[Foo](https://en.wikipedia.org/wiki/Foo_(law))',
      [['https://en.wikipedia.org/wiki/Foo_(law)', 'https://en.wikipedia.org/wiki/Foo_(law)']],
    ],
    ['sentence-final period', 'Go to https://a.org/x.', [['https://a.org/x', 'https://a.org/x']]],
    ['ellipsis', 'Go to https://a.org/x...', [['https://a.org/x', 'https://a.org/x']]],
    ['comma', 'At https://a.org/x, then', [['https://a.org/x', 'https://a.org/x']]],
    ['semicolon', 'https://a.org/x; then', [['https://a.org/x', 'https://a.org/x']]],
    ['colon', 'https://a.org/x: the form', [['https://a.org/x', 'https://a.org/x']]],
    ['question mark', 'Is it https://a.org/x?', [['https://a.org/x', 'https://a.org/x']]],
    ['exclamation mark', 'Wow https://a.org/x!', [['https://a.org/x', 'https://a.org/x']]],
    [
      'query kept before a final period',
      'https://a.org/x?a=1&b=2.',
      [['https://a.org/x?a=1&b=2', 'https://a.org/x?a=1&b=2']],
    ],
    ['closing bracket', '[https://a.org/x]', [['https://a.org/x', 'https://a.org/x']]],
    [
      'straight double quotes',
      'See "https://a.org/x" now',
      [['https://a.org/x', 'https://a.org/x']],
    ],
    ['straight single quotes', "'https://a.org/x'", [['https://a.org/x', 'https://a.org/x']]],
    ['curly double quotes', '“https://a.org/x”', [['https://a.org/x', 'https://a.org/x']]],
    ['curly single quotes', '‘https://a.org/x’', [['https://a.org/x', 'https://a.org/x']]],
    ['low-9 quotes', '„https://a.org/x“', [['https://a.org/x', 'https://a.org/x']]],
    ['guillemets', '«https://a.org/x»', [['https://a.org/x', 'https://a.org/x']]],
    [
      'www. host with a final period',
      'Go to www.mass.gov.',
      [['www.mass.gov', 'https://mass.gov']],
    ],
    [
      'www. host with a path and a question mark',
      'www.mass.gov/courts?',
      [['www.mass.gov/courts', 'https://mass.gov/courts']],
    ],
    [
      'scheme-less with a final period',
      'Visit TexasLawHelp.org/eviction.',
      [['TexasLawHelp.org/eviction', 'https://texaslawhelp.org/eviction']],
    ],
    [
      'scheme-less host alone with a period',
      'Try lawhelp.org.',
      [['lawhelp.org', 'https://lawhelp.org']],
    ],
    ['possessive', "mass.gov's forms", [['mass.gov', 'https://mass.gov']]],
    [
      'fragment and tracking removed from the value, kept in the raw text',
      'https://a.org/x?utm_source=chatgpt.com#top',
      [['https://a.org/x?utm_source=chatgpt.com#top', 'https://a.org/x']],
    ],
  ])('%s', (_name, text, expected) => {
    expect(found(text)).toEqual(expected);
  });
});

describe('extractLinks: CJK and full-width punctuation', () => {
  it.each<[string, string, Expected[]]>([
    [
      'ideographic full stop after a URL',
      '请访问 https://mass.gov/x。谢谢',
      [['https://mass.gov/x', 'https://mass.gov/x']],
    ],
    [
      'scheme glued to CJK text',
      '请访问https://mass.gov/x。谢谢',
      [['https://mass.gov/x', 'https://mass.gov/x']],
    ],
    [
      'full-width comma after a URL',
      'https://mass.gov/x，然后',
      [['https://mass.gov/x', 'https://mass.gov/x']],
    ],
    [
      'ideographic comma after a URL',
      'https://mass.gov/x、y',
      [['https://mass.gov/x', 'https://mass.gov/x']],
    ],
    [
      'full-width parentheses',
      '（https://mass.gov/x）',
      [['https://mass.gov/x', 'https://mass.gov/x']],
    ],
    [
      'scheme-less with a full-width comma',
      '访问 mass.gov，然后',
      [['mass.gov', 'https://mass.gov']],
    ],
    ['scheme-less glued to CJK before', '访问mass.gov，然后', [['mass.gov', 'https://mass.gov']]],
    ['scheme-less glued to CJK after', '见mass.gov访问', [['mass.gov', 'https://mass.gov']]],
    ['scheme-less glued to Hangul', '한국어mass.gov', [['mass.gov', 'https://mass.gov']]],
    ['a CJK host stays one host', '例子.中国', [['例子.中国', 'https://xn--fsqu00a.xn--fiqs8s']]],
    [
      'a CJK path is part of the URL',
      'https://zh.wikipedia.org/wiki/法律 is',
      [['https://zh.wikipedia.org/wiki/法律', 'https://zh.wikipedia.org/wiki/%E6%B3%95%E5%BE%8B']],
    ],
  ])('%s', (_name, text, expected) => {
    expect(found(text)).toEqual(expected);
  });
});

describe('extractLinks: hosts', () => {
  it.each<[string, string, Expected[]]>([
    [
      'Unicode host in punycode',
      'https://bücher.de/x',
      [['https://bücher.de/x', 'https://xn--bcher-kva.de/x']],
    ],
    [
      'punycode host as written',
      'https://xn--bcher-kva.de/x',
      [['https://xn--bcher-kva.de/x', 'https://xn--bcher-kva.de/x']],
    ],
    ['scheme-less Unicode host', 'bücher.de', [['bücher.de', 'https://xn--bcher-kva.de']]],
    ['Cyrillic lookalike stays distinct', 'mаss.gov', [['mаss.gov', 'https://xn--mss-6cd.gov']]],
    ['upper-case scheme-less', 'MASS.GOV', [['MASS.GOV', 'https://mass.gov']]],
    ['title-case scheme-less', 'Mass.Gov', [['Mass.Gov', 'https://mass.gov']]],
    ['title-case after a digit label', 'See 5.Org for the forms.', [['5.Org', 'https://5.org']]],
    [
      'subdomain and a two-label suffix',
      'sub.domain.co.uk/path',
      [['sub.domain.co.uk/path', 'https://sub.domain.co.uk/path']],
    ],
    [
      'port on a scheme-less host',
      'mass.gov:8080/x',
      [['mass.gov:8080/x', 'https://mass.gov:8080/x']],
    ],
    [
      'file on a real host is a link',
      'see mass.gov/form.pdf.',
      [['mass.gov/form.pdf', 'https://mass.gov/form.pdf']],
    ],
    [
      'IPv4 host',
      'http://127.0.0.1:8080/x',
      [['http://127.0.0.1:8080/x', 'https://127.0.0.1:8080/x']],
    ],
    ['IPv6 host', 'http://[::1]:8080/x', [['http://[::1]:8080/x', 'https://[::1]:8080/x']]],
    [
      'user part before @ with a scheme',
      'https://lawhelpca.org@evil.com/x',
      [['https://lawhelpca.org@evil.com/x', 'https://evil.com/x']],
    ],
    [
      'user part before @ without a scheme',
      'see lawhelpca.org@evil.com/eviction',
      [['lawhelpca.org@evil.com/eviction', 'https://evil.com/eviction']],
    ],
  ])('%s', (_name, text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it('keeps what stood before @ on the finding', () => {
    const [link] = extractLinks('see lawhelpca.org@evil.com/eviction');
    expect(link?.host).toBe('evil.com');
    expect(link?.userinfo).toBe('lawhelpca.org');
  });
});

describe('extractLinks: never a link', () => {
  it.each([
    ['e.g.', 'Bring papers, e.g. a lease.'],
    ['i.e.', 'The court, i.e. the clerk.'],
    ['a PDF file', 'Fill in form.pdf and bring it.'],
    ['README.md', 'Read README.md first.'],
    ['an archive', 'Unpack file.tar.gz now.'],
    ['HTML file', 'Open index.html now.'],
    ['a version number', 'Use v1.2 or later.'],
    ['Node.js', 'Built with Node.js today.'],
    ['word.Word with an odd case', 'Try app.Now and go.Gov.'],
    ['U.S.', 'Under U.S. law'],
    ['F.Supp', '123 F.Supp. 2d 456'],
    ['St.Louis', 'St.Louis court'],
    ['Mr.Smith', 'Ask Mr.Smith.'],
    ['initials', 'Ex. A.B.C. attached'],
    ['e-mail address', 'Write to john.doe@law.org today.'],
    ['e-mail address with a final period', 'Write to help@lawhelp.org.'],
    [
      'e-mail address without a path even with a host before @',
      'Write to lawhelpca.org@evil.com today.',
    ],
    ['mailto', 'mailto:help@law.org'],
    ['scheme glued to a word', 'xhttps://mass.gov'],
    ['a scheme with one slash', 'http:/mass.gov'],
    ['a name inside a path-like run', 'path/to/mass.gov'],
    ['a name after an underscore inside a word', 'snake_case.name and a_b.org'],
    ['no public suffix', 'www.a and a.b'],
    ['empty labels', 'mass..gov'],
    ['label ending in a hyphen', 'a-.org'],
    ['localhost without a scheme', 'localhost:3000'],
    ['bare IPv4 address without a scheme', '127.0.0.1'],
  ])('%s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });
});

describe('extractLinks: spans', () => {
  const answer = [
    'Start at **https://www.mass.gov/orgs/housing-court**, or [MLH](https://masslegalhelp.org/housing).',
    '(See https://en.wikipedia.org/wiki/Foo_(law).) 请访问https://mass.gov/x。',
    '| Court | TexasLawHelp.org/eviction | _lawhelp.org_ |',
    'E-mail john.doe@law.org; not e.g. form.pdf or Node.js.',
  ].join('\n');

  it('every span lies inside the input and text.slice(start, end) === raw', () => {
    const links = extractLinks(answer);
    expect(links.map((link) => link.raw)).toEqual([
      'https://www.mass.gov/orgs/housing-court',
      'https://masslegalhelp.org/housing',
      'https://en.wikipedia.org/wiki/Foo_(law)',
      'https://mass.gov/x',
      'TexasLawHelp.org/eviction',
      'lawhelp.org',
    ]);
    expectSpansHold(answer, links);
  });

  it('spans hold on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expectSpansHold(text, extractLinks(text));
      }),
      { numRuns: 300 },
    );
  });

  it('spans hold on text built from link-like pieces', () => {
    const piece = fc.constantFrom(
      'https://',
      'www.',
      'mass',
      '.gov',
      '.org',
      '/x',
      '(',
      ')',
      '.',
      ',',
      '*',
      '_',
      '`',
      '@',
      ' ',
      '。',
      '访问',
      '[t](',
      ']',
      '<',
      '>',
      '"',
      'ü',
      '#',
      '?a=1',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        expectSpansHold(text, extractLinks(text));
      }),
      { numRuns: 500 },
    );
  });
});

describe('extractLinks: hostile input stays fast', () => {
  it.each([
    ['runs of dots', '.'],
    ['host-like run', 'a.'],
    ['parentheses', '(('],
    ['repeated scheme', 'http://'],
    ['long host-like strings', 'ab-'],
    ['at signs', 'a@'],
    ['markdown links', '[t](https://a.org/x) '],
    ['mixed scripts', 'aа.'],
  ])('%s (1 MB against 128 KB)', (_name, unit) => {
    const text = (scale: number) => unit.repeat(Math.ceil((scale * 2 ** 17) / unit.length));
    // About 100 ms for 1 MB on a laptop; a super-linear scan takes minutes.
    expect(growth(text, (input) => extractLinks(input), LINEAR)).toBeLessThan(LINEAR.limit);
  });
});

describe('issue 13: extraction gaps found with linkify-it fixtures', () => {
  it.each([
    ['protocol-relative', 'see //example.com/path here', '//example.com/path'],
    ['an IPv4 address with a path, no scheme', 'go to 192.168.1.1/abc now', '192.168.1.1/abc'],
    [
      'a path keeping a bracketed part',
      'http://foo.com/blah_[other]',
      'http://foo.com/blah_[other]',
    ],
    ['a path keeping braces', 'http://foo.com/{id}/x', 'http://foo.com/{id}/x'],
    ['a path keeping a quoted part', 'http://foo.com/a_"q" end', 'http://foo.com/a_"q"'],
    ['an address after name@', 'test.example@http://vk.com', 'http://vk.com'],
  ])('%s', (_name, text, raw) => {
    expect(extractLinks(text).map((link) => link.raw)).toEqual([raw]);
  });

  it.each([
    ['_example.com', 'a name with a leading underscore'],
    ['_http://example.com', 'a scheme glued to an underscore'],
    ['http://example.com_', 'a host ending in an underscore'],
    ['path:to:file.pm', 'a colon-separated path'],
    ['version 1.2.3.4 of the form', 'four dotted numbers without a path'],
    ['//test', 'a single label after //'],
  ])('%s is not a link (%s)', (text) => {
    expect(extractLinks(text)).toEqual([]);
  });

  it('an href quote still ends the address', () => {
    expect(extractLinks('<a href="https://mass.gov/x">courts</a>').map((link) => link.raw)).toEqual(
      ['https://mass.gov/x'],
    );
  });
});
