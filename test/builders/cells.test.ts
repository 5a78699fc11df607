import { describe, expect, it } from 'vitest';
import {
  holdsPhoneNumber,
  holdsWrittenAddress,
  isAddressText,
  isPhoneText,
  isPlaceholder,
  parseAliasCell,
  parseDomainCell,
  parsePhoneCell,
  parseUrlCell,
} from '../../builders/cells.js';
import { growth, LINEAR } from '../helpers/growth.js';

describe('parsePhoneCell', () => {
  it.each([
    { cell: '(617) 555-0100', numbers: ['+16175550100'] },
    { cell: '(617)788-8485', numbers: ['+16177888485'] },
    { cell: '(508) 831-2050 ', numbers: ['+15088312050'] },
    { cell: ' (781) 586-0415 x4', numbers: ['+17815860415'] },
    { cell: '(617) 555-0100; (617) 555-0101', numbers: ['+16175550100', '+16175550101'] },
    { cell: '617-555-0100 or 800-555-0199', numbers: ['+16175550100', '+18005550199'] },
    { cell: '617-555-0100 and 617-555-0101', numbers: ['+16175550100', '+16175550101'] },
    {
      cell: '(617) 555-0100\n(617) 555-0101\n(617) 555-0102',
      numbers: ['+16175550100', '+16175550101', '+16175550102'],
    },
    { cell: '617-555-0100, 617-555-0101', numbers: ['+16175550100', '+16175550101'] },
    { cell: '617-555-0100/617-555-0101', numbers: ['+16175550100', '+16175550101'] },
    { cell: '617.555.0100 | +1 413 555 0101', numbers: ['+16175550100', '+14135550101'] },
    { cell: '1 (800) 555-0199', numbers: ['+18005550199'] },
    { cell: '6175550100', numbers: ['+16175550100'] },
    // Excel's autocorrect writes en dashes.
    { cell: '617\u2013555\u20130100', numbers: ['+16175550100'] },
    { cell: '1-800-LAW-HELP', numbers: ['+18005294357'] },
    { cell: 'TTY: 711', numbers: ['711'] },
  ])('$cell → $numbers', ({ cell, numbers }) => {
    const parts = parsePhoneCell(cell);
    expect(
      parts
        .filter((part) => part.kind === 'number')
        .map((part) => part.kind === 'number' && part.e164),
    ).toEqual(numbers);
    expect(parts.filter((part) => part.kind === 'bad')).toEqual([]);
  });

  it('keeps the number of a menu note and returns the rest as text', () => {
    expect(parsePhoneCell('(617) 782-6540, Press 5')).toEqual([
      { kind: 'number', raw: '(617) 782-6540', e164: '+16177826540' },
      { kind: 'text', raw: 'Press 5' },
    ]);
  });

  it('keeps an extension apart from the number', () => {
    expect(parsePhoneCell('(617) 288-9500 x400')).toEqual([
      { kind: 'number', raw: '(617) 288-9500 x400', e164: '+16172889500', extension: '400' },
    ]);
  });

  it.each([
    { cell: '617-555-012', reason: /9 digits/ },
    { cell: '555-0126', reason: /7 digits/ },
    { cell: '6175550100123', reason: /13 digits/ },
    { cell: '(017) 555-0100', reason: /cannot start with 0 or 1/ },
    { cell: 'Suite 200', reason: /3 digits/ },
  ])('$cell is bad ($reason)', ({ cell, reason }) => {
    const parts = parsePhoneCell(cell);
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ kind: 'bad', reason: expect.stringMatching(reason) });
  });

  it('reports a bad value beside a good one', () => {
    const parts = parsePhoneCell('617-555-0100; 617-555-01');
    expect(parts.map((part) => part.kind)).toEqual(['number', 'bad']);
  });

  it('stays linear up to a cell as long as Excel allows (32,767 characters against 4,095)', () => {
    for (const cell of [
      (scale: number) => `1${' '.repeat(4_096 * scale - 2)}`,
      (scale: number) => `(617${' '.repeat(4_096 * scale - 5)}`,
      (scale: number) => '617-'.repeat(1_024 * scale - 1),
    ]) {
      expect(cell(LINEAR.factor).length).toBeLessThanOrEqual(32_767);
      expect(growth(cell, parsePhoneCell, LINEAR)).toBeLessThan(LINEAR.limit);
    }
  });

  it('returns words with no number as text only', () => {
    expect(parsePhoneCell('call the front desk')).toEqual([
      { kind: 'text', raw: 'call the front desk' },
    ]);
  });
});

describe('parseUrlCell', () => {
  it.each([
    { cell: 'www.example.org/help', urls: ['https://example.org/help'] },
    { cell: 'https://www.example.org/help/', urls: ['https://example.org/help'] },
    {
      cell: 'http://example.org/page?utm_source=chatgpt.com&id=4',
      urls: ['https://example.org/page?id=4'],
    },
    {
      cell: 'https://a.example.org https://b.example.org',
      urls: ['https://a.example.org', 'https://b.example.org'],
    },
    {
      cell: 'a.example.org; b.example.org\nc.example.org',
      urls: ['https://a.example.org', 'https://b.example.org', 'https://c.example.org'],
    },
    {
      cell: 'https://a.example.org/x,https://b.example.org',
      urls: ['https://a.example.org/x', 'https://b.example.org'],
    },
    { cell: '<https://a.example.org/help>.', urls: ['https://a.example.org/help'] },
  ])('$cell → $urls', ({ cell, urls }) => {
    const parts = parseUrlCell(cell);
    expect(parts.map((part) => (part.kind === 'url' ? part.url : part.kind))).toEqual(urls);
  });

  it('keeps a query comma that is not followed by a space or an address', () => {
    expect(parseUrlCell('https://example.org/find?zip=02108,02109')).toMatchObject([
      { kind: 'url', url: 'https://example.org/find?zip=02108,02109' },
    ]);
  });

  it.each([
    { cell: 'see our website', reason: /no host name/ },
    { cell: 'mailto:help@example.org', reason: /mailto/ },
    { cell: 'intranet/help', reason: /reserved or private name \(\.intranet\)/ },
    { cell: 'https://help.lawful/x', reason: /no valid public suffix/ },
    // The verifier calls these links invented (one `hostProblem` for both), so a row listing them is rejected.
    { cell: 'http://localhost:8080/x', reason: /reserved or private name \(\.localhost\)/ },
    { cell: 'http://192.168.1.10/forms', reason: /IP address/ },
    { cell: '203.0.113.7/help', reason: /IP address/ },
    { cell: 'https://help.court.internal/x', reason: /reserved or private name/ },
    { cell: 'help@example.org', reason: /email address/ },
  ])('$cell is bad ($reason)', ({ cell, reason }) => {
    expect(parseUrlCell(cell)).toEqual([
      { kind: 'bad', raw: expect.any(String), reason: expect.stringMatching(reason) },
    ]);
  });

  it('returns words beside an address as text', () => {
    expect(parseUrlCell('example.org (main site)').map((part) => part.kind)).toEqual([
      'url',
      'text',
      'text',
    ]);
  });
});

describe('parseDomainCell', () => {
  it('reads hosts and bare origins, and rejects a page', () => {
    expect(parseDomainCell('mass.gov, https://www.example.org/ ; mass.gov/courts')).toEqual([
      { kind: 'domain', raw: 'mass.gov', host: 'mass.gov' },
      { kind: 'domain', raw: 'https://www.example.org/', host: 'example.org' },
      { kind: 'bad', raw: 'mass.gov/courts', reason: expect.stringContaining('not a host name') },
    ]);
  });
});

describe('parseAliasCell', () => {
  it('splits on line breaks, ; and | but not on commas, which names contain', () => {
    expect(
      parseAliasCell(
        'SJC; Massachusetts  Supreme Judicial Court\nBMC | Central Division, Boston Municipal Court',
      ),
    ).toEqual([
      'SJC',
      'Massachusetts Supreme Judicial Court',
      'BMC',
      'Central Division, Boston Municipal Court',
    ]);
  });
});

describe('isPlaceholder', () => {
  it.each(['N/A', 'n/a', 'NA', 'none', '-', '—', '?', 'TBD', ' unknown '])(
    '%s is a placeholder',
    (cell) => {
      expect(isPlaceholder(cell)).toBe(true);
    },
  );
  it.each(['NAACP', 'Nantucket', '617-555-0100', 'none.example.org'])('%s is not', (cell) => {
    expect(isPlaceholder(cell)).toBe(false);
  });
});

describe('what kind of value a cell holds (for rows whose cells sit under the wrong columns)', () => {
  it.each([
    ['617-555-0124', true],
    ['(617) 555-0124 x12', true],
    ['617.555.0124', true],
    ['1-800-LAW-HELP', true],
    ['555-0126', true],
    ['211', true],
    // Names, not numbers: a word beside a service code, a short figure, keypad letters in a name.
    ['Mass 211', false],
    ['TTY: 711', false],
    ['2-1-1', false],
    ['Local 1199', false],
    ['603 Legal Aid', false],
    ['1-800-Lawyers', false],
    ['(617) 782-6540, Press 5', false],
    ['Legal Aid Hotline 617-555-0100', false],
    // A name that starts with a figure, with more figures after it (from a 211 export).
    ['7 NEWS CONSUMER LINE', false],
    ['7 NEWS CONSUMER LINE (415)', false],
  ])('isPhoneText(%j) is %s', (cell, expected) => {
    expect(isPhoneText(cell)).toBe(expected);
  });

  it.each([
    ['(617) 782-6540, Press 5', true],
    ['Legal Aid Hotline 617-555-0100', true],
    ['211', false],
    ['603 Legal Aid', false],
    ['NC Admin. Office of the Courts', false],
    ['7 NEWS CONSUMER LINE 2020', false],
    ['KGO 7 NEWS CONSUMER LINE 123', false],
  ])('holdsPhoneNumber(%j) is %s', (cell, expected) => {
    expect(holdsPhoneNumber(cell)).toBe(expected);
  });

  it.each([
    ['boston.example.org', true],
    ['https://www.mass.gov/locations/brighton-division-boston-municipal-court', true],
    ['LawHelp.org', true],
    ['http://n/a', false],
    ['see our website', false],
    ['www.la.example.org (main site)', false],
  ])('isAddressText(%j) is %s', (cell, expected) => {
    expect(isAddressText(cell)).toBe(expected);
  });

  it.each([
    ['boston.example.org', true],
    ['www.LawHelp.org', true],
    ['LawHelp.org/ma', true],
    ['Legal Aid www.la.example.org', true],
    // A brand written as a name keeps its capitals; a real name with dots is no address.
    ['LawHelp.org', false],
    ['MassLegalHelp.org', false],
    ['Colorado Dept. of Law / Office of the Attorney General', false],
    ['Legal Aid of N.C.', false],
  ])('holdsWrittenAddress(%j) is %s', (cell, expected) => {
    expect(holdsWrittenAddress(cell)).toBe(expected);
  });
});
