import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/extract/links.js';
import { extractPhones } from '../../src/extract/phones.js';
import { growth, LINEAR } from '../helpers/growth.js';

/** Phones the way the verifier finds them: link spans blanked first. */
function phonesIn(text: string): Array<[raw: string, normalized: string]> {
  return extractPhones(text, extractLinks(text)).map((phone) => [phone.raw, phone.normalized]);
}

describe('extractPhones: the formats in the issue', () => {
  it.each([
    ['parentheses', 'Call (617) 555-0123 today.', '(617) 555-0123', '+16175550123'],
    ['hyphens', 'Call 617-555-0123 today.', '617-555-0123', '+16175550123'],
    ['dots, sentence-final', 'Call 617.555.0123.', '617.555.0123', '+16175550123'],
    ['+1 and spaces', 'Call +1 617 555 0123 today.', '+1 617 555 0123', '+16175550123'],
    ['1- toll free', 'Call 1-800-555-0123 today.', '1-800-555-0123', '+18005550123'],
    ['+1 and parentheses', 'Call +1 (617) 555-0123.', '+1 (617) 555-0123', '+16175550123'],
    ['1 and parentheses', 'Call 1 (800) 555-0123.', '1 (800) 555-0123', '+18005550123'],
    ['no space after parenthesis', 'Call (617)555-0123.', '(617)555-0123', '+16175550123'],
    ['en dashes', 'Call 617–555–0123 today.', '617–555–0123', '+16175550123'],
    ['label with a colon', 'Phone: 617-555-0123', '617-555-0123', '+16175550123'],
    ['in a table cell', '| GBLS | 617-555-0123 |', '617-555-0123', '+16175550123'],
    ['in bold', 'Call **617-555-0123**.', '617-555-0123', '+16175550123'],
    ['tel: link text', 'tel:+16175550123', '+16175550123', '+16175550123'],
  ])('%s', (_name, text, raw, normalized) => {
    expect(phonesIn(text)).toEqual([[raw, normalized]]);
  });

  it('keeps the extension on the finding and in the raw text', () => {
    const text = 'Call 617-555-0123 ext. 12 now, or (617) 555-0124 x7.';
    const phones = extractPhones(text);
    expect(phones.map((phone) => [phone.raw, phone.normalized, phone.extension])).toEqual([
      ['617-555-0123 ext. 12', '+16175550123', '12'],
      ['(617) 555-0124 x7', '+16175550124', '7'],
    ]);
  });

  it('finds two numbers in one sentence', () => {
    expect(phonesIn('phone: 617 555 0123, fax: 617 555 0124')).toEqual([
      ['617 555 0123', '+16175550123'],
      ['617 555 0124', '+16175550124'],
    ]);
  });
});

describe('extractPhones: vanity numbers', () => {
  it.each([
    ['Call 1-800-LAW-HELP today.', '1-800-LAW-HELP', '+18005294357'],
    ['Call 1-888-FAIR-DEBT.', '1-888-FAIR-DEBT', '+18883247332'],
    ['Call 800-FAIR-DEBT', '800-FAIR-DEBT', '+18003247332'],
    ['Call 1-800-LAWYERS-NOW', '1-800-LAWYERS-NOW', '+18005299377'],
    ['Call +1 (800) LAW-HELP.', '+1 (800) LAW-HELP', '+18005294357'],
  ])('%s', (text, raw, normalized) => {
    const phones = extractPhones(text);
    expect(phones.map((phone) => [phone.raw, phone.normalized, phone.vanity])).toEqual([
      [raw, normalized, true],
    ]);
  });

  it('does not read a domain made of a vanity number as a phone (its link span is blanked)', () => {
    expect(phonesIn('Visit 1-800-LAW-HELP.org today')).toEqual([]);
  });
});

describe('extractPhones: service lines only where the text says to call them', () => {
  it.each([
    ['call 211', 'call 211', ['211']],
    ['Dial 988', 'Dial 988 for a crisis counselor.', ['988']],
    ['Text 988', 'Text 988.', ['988']],
    ['call us at 911', 'Call us at 911!', ['911']],
    ['call the hotline at', 'Call the state hotline at 211.', ['211']],
    ['after a colon', 'Call: 711', ['711']],
    ['two in a list', 'Call 211 or 988.', ['211', '988']],
    ['three in a list', 'call 911, 311 and 988', ['911', '311', '988']],
  ])('%s', (_name, text, lines) => {
    const phones = extractPhones(text);
    expect(phones.map((phone) => phone.normalized)).toEqual(lines);
    expect(phones.every((phone) => phone.serviceLine)).toBe(true);
  });

  it.each([
    ['an address', '211 Main Street', []],
    ['a count', 'In 911 cases the court ruled.', []],
    ['a longer number', 'call 2110', []],
    ['a new sentence', 'Call us. 211 is the number of cases.', []],
    ['a year listed after a service line', 'call 211 or 2024 forms', ['211']],
    ['a room number', 'Room 311 of the courthouse', []],
    ['a section number after "call"', 'Call it section 988', []],
    ['a case number after "call"', 'Call about case #211', []],
  ])('not in %s', (_name, text, lines) => {
    expect(extractPhones(text).map((phone) => phone.normalized)).toEqual(lines);
  });
});

describe('extractPhones: never a phone', () => {
  it.each([
    ['a date', 'On 2024-05-01 we filed.'],
    ['a US date', 'Filed 05/01/2024 at noon.'],
    ['ZIP+4', 'Boston, MA 02108-1234'],
    ['a case number', 'Case No. 2184-555-0123'],
    ['a case number with a phone shape', 'Case No. 617-555-0123'],
    ['a labelled case number', 'case number: 617-555-0123'],
    ['a docket number', 'Docket #1784CV01234'],
    ['an account number', 'Account 617-555-0123'],
    ['an ID', 'ID 6175550123'],
    ['a statute section', 'Under § 1942.5 of the code'],
    ['a statute section with a phone shape', 'See § 617.555.0123'],
    ['money', 'It cost $1,234.56 in fees.'],
    ['money with a phone shape', 'A $617-555-0123 judgment'],
    ['decimals joined by dashes', 'Scores 12.1 - 23.71 - 23.45'],
    ['a reference number', 'Reference 2024-000123'],
    ['an ISBN', 'ISBN 978-3-16-148410-0'],
    ['a longer digit run', 'Serial 617-555-0123-4567'],
    ['an IP address', 'IP 192.168.100.1234'],
    ['seven digits only', 'call 555-0123'],
    ['digits glued to a word', 'Call1-800-555-0123'],
    ['digits inside a URL', 'See https://a.org/617-555-0123/x and call'],
    ['digits inside a scheme-less URL', 'See lawhelp.org/6175550123 now'],
    ['digits in a query string', 'https://a.org/x?phone=6175550123'],
    ['a prefix that makes twelve digits', 'a 12-617-555-0123'],
    ['wrong area code', 'Call (017) 555-0123'],
  ])('%s', (_name, text) => {
    expect(phonesIn(text)).toEqual([]);
  });

  it('finds digits inside a URL when the link span is not blanked, and none when it is', () => {
    const text = 'See https://a.org/x?tel=617-555-0123 now';
    expect(extractPhones(text).length).toBe(1);
    expect(extractPhones(text, extractLinks(text))).toEqual([]);
  });
});

describe('extractPhones: spans', () => {
  it('every span lies inside the input and text.slice(start, end) === raw', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            '617',
            '555',
            '0123',
            '-',
            '.',
            ' ',
            '(',
            ')',
            '+1',
            'call ',
            '211',
            'ext. ',
            'x',
            'LAW',
            'HELP',
            '§',
            '$',
            '\n',
          ),
          { maxLength: 30 },
        ),
        (pieces) => {
          const text = pieces.join('');
          for (const phone of extractPhones(text)) {
            expect(phone.start).toBeGreaterThanOrEqual(0);
            expect(phone.end).toBeLessThanOrEqual(text.length);
            expect(text.slice(phone.start, phone.end)).toBe(phone.raw);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never reports overlapping numbers', () => {
    const phones = extractPhones('Call 1-800-LAW-HELP (1-800-529-4357) or 617-555-0123.');
    for (let k = 1; k < phones.length; k++)
      expect(phones[k]!.start).toBeGreaterThanOrEqual(phones[k - 1]!.end);
    expect(phones.map((phone) => phone.normalized)).toEqual([
      '+18005294357',
      '+18005294357',
      '+16175550123',
    ]);
  });
});

describe('extractPhones: hostile input stays fast', () => {
  it.each([
    ['digits with separators', '1-'],
    ['phone-like runs', '617-555-'],
    ['service lines', 'call 211 '],
    ['vanity-like runs', '1-800-ABCD-'],
    ['extensions', '617-555-0100 x'],
  ])('%s (1 MB against 128 KB)', (_name, unit) => {
    const text = (scale: number) => unit.repeat(Math.ceil((scale * 2 ** 17) / unit.length));
    expect(growth(text, (input) => extractPhones(input), LINEAR)).toBeLessThan(LINEAR.limit);
  });
});

describe('extractPhones: the shapes libphonenumber reads (issue 14), spans exactly as written', () => {
  it.each([
    ['a slash after the area code', 'Call 415/666-7777 now.', [['415/666-7777', '+14156667777']]],
    [
      'full-width digits',
      'Call ＋１　（６５０）　３３３－６０００ now.',
      [['＋１　（６５０）　３３３－６０００', '+16503336000']],
    ],
    [
      'the trunk 1 in parentheses, 4-3 grouping',
      'Call (1800) 7493.524 today.',
      [['(1800) 7493.524', '+18007493524']],
    ],
    [
      'two numbers joined by a slash',
      '651-234-2345/332-445-1234',
      [
        ['651-234-2345', '+16512342345'],
        ['332-445-1234', '+13324451234'],
      ],
    ],
    [
      'a seven-digit extension',
      'Call (800) 901-3355 ext: 7246433.',
      [['(800) 901-3355 ext: 7246433', '+18009013355']],
    ],
    [
      'two numbers around a spaced double dash',
      'Call 650-253-4561 -- 455-234-3451',
      [
        ['650-253-4561', '+16502534561'],
        ['455-234-3451', '+14552343451'],
      ],
    ],
    ['beside Chinese text', '请拨打415-666-7777我在明天', [['415-666-7777', '+14156667777']]],
    [
      'after a letter when it starts with a bracket',
      'É(415)6667777 def',
      [['(415)6667777', '+14156667777']],
    ],
  ])('%s', (_name, text, expected) => {
    expect(phonesIn(text)).toEqual(expected);
  });

  it.each([
    ['a Latin letter before', 'É415-666-7777'],
    ['a combining accent before', 'e\u0301415-666-7777'],
    ['a letter after', '415-666-7777def'],
    ['a dollar sign', '$415-666-7777'],
    ['a pound sign', '£415-666-7777'],
    ['a yen sign', '¥415-666-7777'],
    ['a percent sign', '415-666-7777%'],
    ['a trailing dollar sign', '415-666-7777$'],
    ['two numbers joined by a double dash', 'Call 650-253-4561--455-234-3451'],
    ['an extension run into a word', '(800) 901-3355 x 7246433forme'],
    ['an area code the plan reserves', 'Call (292) 555-0123.'],
  ])('not with %s', (_name, text) => {
    expect(phonesIn(text)).toEqual([]);
  });
});
