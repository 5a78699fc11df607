import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { hostOfDomainEntry } from '../../src/allowlist/fields.js';
import { readAllowlistData } from '../../src/allowlist/load.js';
import { FILE_KEYS, isAllowlistShape, toAllowlistFile } from '../../src/allowlist/read.js';
import { AllowlistFileSchema, parseAllowlist } from '../../src/allowlist/schema.js';

const SOURCE = 'lists/allowlist.json';
const EMPTY = { urls: [], domains: [], org_names: [], org_phones: {} };
const EVERY_OPTIONAL = {
  org_aliases: {},
  urls_as_written: {},
  org_areas: {},
  link_areas: {},
  jurisdiction: 'MA',
  $schema: 'schema/allowlist.schema.json',
  org_urls: {},
  phone_kinds: { A: { '+16175550123': 'hotline' } },
};
// Read from the schema itself: the optional keys (urls_as_written included) cannot drift from the message.
const KEYS =
  '"urls", "domains", "org_names", "org_phones" (optional: "org_aliases", "urls_as_written", "org_areas", "link_areas", "jurisdiction", "$schema", "org_urls", "phone_kinds")';

/** The error `parseAllowlist` throws for `data`, or a failure when it does not throw. */
function errorOf(data: unknown): InputError {
  try {
    parseAllowlist(data, SOURCE);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error('expected parseAllowlist to throw');
}

describe('parseAllowlist: every error names the file, the JSON path, what is wrong and what to do', () => {
  it.each<[string, unknown, string]>([
    [
      'a bad phone number',
      { ...EMPTY, org_phones: { 'Legal Aid of X': ['(617) 555-0123', '617-555-0124', '555-12'] } },
      `${SOURCE}: $.org_phones["Legal Aid of X"][2]: "555-12" is not a phone number: has 5 digits; a North American number has 10 (or 11 starting with 1); write it like "(617) 555-0123", or remove it`,
    ],
    [
      'a phone number with a foreign country code',
      { ...EMPTY, org_phones: { GBLS: ['+44 20 7946 0958'] } },
      `${SOURCE}: $.org_phones.GBLS[0]: "+44 20 7946 0958" is not a phone number: not a North American number (country code is not +1); write it like "(617) 555-0123", or remove it`,
    ],
    [
      'a URL that is not a web address',
      { ...EMPTY, urls: ['https://mass.gov', 'mailto:help@mass.gov'] },
      `${SOURCE}: $.urls[1]: "mailto:help@mass.gov" is not a web address (scheme "mailto:"); write a full address like "https://www.mass.gov/courts", or remove it`,
    ],
    [
      // It used to load silently as https://relative/path, a host no directory meant.
      'a relative URL',
      { ...EMPTY, urls: ['https://mass.gov', '/relative/path/'] },
      `${SOURCE}: $.urls[1]: "/relative/path/" is a relative path, not an absolute URL; write the full address like "https://www.mass.gov/courts", or remove it`,
    ],
    [
      'a URL that does not parse',
      { ...EMPTY, urls: ['not a url'] },
      `${SOURCE}: $.urls[0]: "not a url" is not a web address (not a parseable address); write a full address like "https://www.mass.gov/courts", or remove it`,
    ],
    [
      'a domain with a path',
      { ...EMPTY, domains: ['mass.gov', 'https://mass.gov/courts'] },
      `${SOURCE}: $.domains[1]: "https://mass.gov/courts" is not a host name; write it like "mass.gov" (pages go in "urls")`,
    ],
    [
      'a domain with a space',
      { ...EMPTY, domains: ['mass gov'] },
      `${SOURCE}: $.domains[0]: "mass gov" is not a host name; write it like "mass.gov" (pages go in "urls")`,
    ],
    [
      'an unknown key',
      { ...EMPTY, notes: {} },
      `${SOURCE}: $.notes: unknown key; remove it, or use one of the allowed keys: ${KEYS}`,
    ],
    // The typo is named, with the key it was meant to be, and that key is not reported missing too.
    [
      'a misspelled field',
      { urls: [], domains: [], org_names: [], org_phone: {} },
      `${SOURCE}: $.org_phone: unknown key; did you mean "org_phones"? allowed keys: ${KEYS}`,
    ],
    // Present already, so not a guess: an extra copy of a field is only unknown.
    [
      'a misspelled copy of a present field',
      { ...EMPTY, org_phone: {} },
      `${SOURCE}: $.org_phone: unknown key; remove it, or use one of the allowed keys: ${KEYS}`,
    ],
    [
      'a misspelled optional field',
      { ...EMPTY, url_as_written: {} },
      `${SOURCE}: $.url_as_written: unknown key; did you mean "urls_as_written"? allowed keys: ${KEYS}`,
    ],
    [
      'two unknown keys',
      { ...EMPTY, a: 1, b: 2 },
      `${SOURCE}: $: unknown keys "a", "b"; remove them, or use one of the allowed keys: ${KEYS}`,
    ],
    [
      'a list where a list of strings belongs',
      { ...EMPTY, urls: 'https://mass.gov' },
      `${SOURCE}: $.urls: expected a list, got the string "https://mass.gov"`,
    ],
    [
      'a list where an object belongs',
      { ...EMPTY, org_phones: [] },
      `${SOURCE}: $.org_phones: expected an object, got a list`,
    ],
    [
      'a number in a list of strings',
      { ...EMPTY, org_names: ['GBLS', 5] },
      `${SOURCE}: $.org_names[1]: expected a string, got 5`,
    ],
    [
      'a number where a phone string belongs',
      { ...EMPTY, org_phones: { GBLS: [6173711234] } },
      `${SOURCE}: $.org_phones.GBLS[0]: expected a string, got 6173711234`,
    ],
    [
      'aliases not a list',
      { ...EMPTY, org_aliases: { GBLS: 'Greater Boston' } },
      `${SOURCE}: $.org_aliases.GBLS: expected a list, got the string "Greater Boston"`,
    ],
    [
      'a missing field',
      { urls: [], domains: [], org_names: [] },
      `${SOURCE}: $.org_phones: is missing; add an object ({} if you have none)`,
    ],
    [
      'a missing list',
      { domains: [], org_names: [], org_phones: {} },
      `${SOURCE}: $.urls: is missing; add a list ([] if you have none)`,
    ],
    ['a list at the top', ['https://mass.gov'], `${SOURCE}: $: expected an object, got a list`],
    ['null at the top', null, `${SOURCE}: $: expected an object, got null`],
    [
      'an empty name',
      { ...EMPTY, org_names: ['  '] },
      `${SOURCE}: $.org_names[0]: is empty; remove it`,
    ],
    [
      'an empty alias',
      { ...EMPTY, org_aliases: { GBLS: [''] } },
      `${SOURCE}: $.org_aliases.GBLS[0]: is empty; remove it`,
    ],
  ])('%s', (_name, data, message) => {
    const error = errorOf(data);
    expect(error.message).toBe(message);
    expect(error.code).toBe('INVALID_ALLOWLIST');
    expect(error.where).toBe(SOURCE);
  });

  it('reports every bad entry at once, each at its path', () => {
    const error = errorOf({
      ...EMPTY,
      urls: ['/relative/page'],
      domains: ['not a host'],
      org_phones: { GBLS: ['555-12', '(617) 555-0123', '+44 20 7946 0958'] },
    });
    expect(error.message.split('\n')).toEqual([
      `${SOURCE}: 4 problems:`,
      '  $.urls[0]: "/relative/page" is a relative path, not an absolute URL; write the full address like "https://www.mass.gov/courts", or remove it',
      '  $.domains[0]: "not a host" is not a host name; write it like "mass.gov" (pages go in "urls")',
      '  $.org_phones.GBLS[0]: "555-12" is not a phone number: has 5 digits; a North American number has 10 (or 11 starting with 1); write it like "(617) 555-0123", or remove it',
      '  $.org_phones.GBLS[2]: "+44 20 7946 0958" is not a phone number: not a North American number (country code is not +1); write it like "(617) 555-0123", or remove it',
    ]);
  });

  it('spells out five bad entries and counts the rest', () => {
    const error = errorOf({ ...EMPTY, org_phones: { GBLS: ['1', '2', '3', '4', '5', '6', '7'] } });
    const lines = error.message.split('\n');
    expect(lines[0]).toBe(`${SOURCE}: 7 problems:`);
    expect(lines).toHaveLength(7);
    expect(lines[5]).toMatch(/^ {2}\$\.org_phones\.GBLS\[4\]: "5" is not a phone number/);
    expect(lines[6]).toBe('  and 2 more');
  });

  it('quotes a long string value only in part', () => {
    expect(errorOf({ ...EMPTY, urls: 'x'.repeat(100) }).message).toBe(
      `${SOURCE}: $.urls: expected a list, got the string "${'x'.repeat(40)}…"`,
    );
  });
});

describe('parseAllowlist: values are normalized with the shared normalizers', () => {
  const allowlist = parseAllowlist(
    {
      urls: [
        'http://www.MassLegalHelp.org/housing/eviction/?utm_source=chatgpt.com#top',
        'https://masslegalhelp.org/housing/eviction',
      ],
      domains: ['WWW.Mass.Gov.', 'https://lawhelp.org/', 'bücher.de'],
      org_names: ['  Greater   Boston Legal Services ', 'Greater Boston Legal Services'],
      org_phones: {
        'Greater Boston Legal Services': ['(617) 371-1234', '617.371.1234', '+1 617 371 1234'],
        ' Legal Aid of X ': ['1-800-LAW-HELP', '211', '508-752-3718 ext. 4'],
      },
      org_aliases: {
        'Greater Boston Legal Services': ['GBLS', ' GBLS '],
        'Massachusetts Law Reform Institute': ['MLRI'],
      },
    },
    SOURCE,
  );

  it('URLs: one canonical form, duplicates merged', () => {
    expect(allowlist.urls).toEqual(['https://masslegalhelp.org/housing/eviction']);
  });
  it('domains: hosts in canonical form, a bare origin accepted', () => {
    expect(allowlist.domains).toEqual(['mass.gov', 'lawhelp.org', 'xn--bcher-kva.de']);
  });
  it('domains: canonical up to a point, then written otherwise; each once, in first order', () => {
    // The loader makes the set from the canonical run at once, then adds the rest one by one.
    const read = parseAllowlist(
      {
        ...EMPTY,
        domains: ['a.org', 'b.org', 'a.org', 'www.b.org', 'WWW.C.org', 'a.org', 'https://d.org/'],
      },
      SOURCE,
    );
    expect(read.domains).toEqual(['a.org', 'b.org', 'c.org', 'd.org']);
  });
  it('numbers: E.164 or a service line, duplicates merged, extension dropped', () => {
    expect(allowlist.orgPhones).toEqual({
      'Greater Boston Legal Services': ['+16173711234'],
      'Legal Aid of X': ['+18005294357', '211', '+15087523718'],
    });
  });
  it('names: trimmed, spaces collapsed, and every organization with numbers or aliases is a name', () => {
    expect(allowlist.orgNames).toEqual([
      'Greater Boston Legal Services',
      'Legal Aid of X',
      'Massachusetts Law Reform Institute',
    ]);
  });
  it('aliases: trimmed and merged', () => {
    expect(allowlist.orgAliases).toEqual({
      'Greater Boston Legal Services': ['GBLS'],
      'Massachusetts Law Reform Institute': ['MLRI'],
    });
  });
  it('accepts an allowlist without aliases', () => {
    expect(parseAllowlist(EMPTY, SOURCE)).toEqual({
      urls: [],
      domains: [],
      orgNames: [],
      orgPhones: {},
      orgAliases: {},
    });
  });
});

describe('hostOfDomainEntry', () => {
  it.each([
    ['mass.gov', 'mass.gov'],
    ['www.mass.gov/', 'mass.gov'],
    ['https://www.mass.gov', 'mass.gov'],
    ['https://www.mass.gov/', 'mass.gov'],
    ['https://mass.gov:8443', 'mass.gov'],
    ['https://mass.gov/courts', null],
    ['https://mass.gov/?q=1', null],
    ['ftp://mass.gov', null],
    ['', null],
    ['a@b.org', null],
  ])('%j → %s', (raw, host) => {
    expect(hostOfDomainEntry(raw)).toBe(host);
  });
});

describe('toAllowlistFile', () => {
  it('round-trips: the file form parses back to the same allowlist', () => {
    const allowlist = parseAllowlist(
      {
        ...EMPTY,
        urls: ['https://b.org/x', 'https://a.org'],
        org_phones: { Zed: ['617-555-0100'], Abe: ['617-555-0101'] },
      },
      SOURCE,
    );
    const file = toAllowlistFile(allowlist);
    expect(file.urls).toEqual(['https://a.org', 'https://b.org/x']);
    expect(Object.keys(file.org_phones)).toEqual(['Abe', 'Zed']);
    expect('org_aliases' in file).toBe(false);
    const again = parseAllowlist(file, SOURCE);
    expect(again.orgPhones).toEqual(allowlist.orgPhones);
    expect(new Set(again.urls)).toEqual(new Set(allowlist.urls));
  });
});

describe('parseAllowlist: urls_as_written', () => {
  const base = { urls: ['https://x.org/help'], domains: [], org_names: [], org_phones: {} };

  it('keeps the address as written beside its normalized form, and writes it back', () => {
    const allowlist = parseAllowlist(
      { ...base, urls_as_written: { 'https://x.org/help': 'http://www.x.org/help/' } },
      SOURCE,
    );
    expect(allowlist.urlsAsWritten).toEqual(
      new Map([['https://x.org/help', 'http://www.x.org/help/']]),
    );
    expect(toAllowlistFile(allowlist).urls_as_written).toEqual({
      'https://x.org/help': 'http://www.x.org/help/',
    });
  });

  it('an allowlist without it stays valid and has none', () => {
    expect(parseAllowlist(base, SOURCE).urlsAsWritten).toBeUndefined();
  });

  it('rejects a written form of a URL that is not in urls', () => {
    expect(() =>
      parseAllowlist({ ...base, urls_as_written: { 'https://y.org': 'http://www.y.org' } }, SOURCE),
    ).toThrow(
      /urls_as_written\["https:\/\/y\.org"\]: "http:\/\/www\.y\.org" is not a way of writing "https:\/\/y\.org", or that URL is not in "urls"; fix or remove the entry/,
    );
  });
});

describe('isAllowlistShape: the shape told without zod', () => {
  it('knows the keys of the schema, no more and no fewer', () => {
    expect([...FILE_KEYS].sort()).toEqual(Object.keys(AllowlistFileSchema.shape).sort());
  });

  it.each<[string, unknown]>([
    ['the four lists', EMPTY],
    ['every optional key', { ...EMPTY, ...EVERY_OPTIONAL }],
    ['not an object', []],
    ['a key of no allowlist', { ...EMPTY, org_phone: {} }],
    ['a list of numbers', { ...EMPTY, urls: [1] }],
    ['a missing list', { urls: [], domains: [], org_names: [] }],
    ['a record of strings where lists go', { ...EMPTY, org_phones: { A: '617-555-0123' } }],
    ['kinds one level short', { ...EMPTY, phone_kinds: { A: 'hotline' } }],
    ['an undefined optional key', { ...EMPTY, jurisdiction: undefined }],
  ])('agrees with the schema on %s', (_name, data) => {
    expect(isAllowlistShape(data)).toBe(AllowlistFileSchema.safeParse(data).success);
  });

  it('is what lets a load skip zod; data of another shape still gets its words', async () => {
    const data = { ...EMPTY, org_phone: {} };
    await expect(readAllowlistData(data, SOURCE)).rejects.toThrow(errorOf(data).message);
  });
});
