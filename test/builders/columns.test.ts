import { describe, expect, it } from 'vitest';
import { closestColumn, resolveColumns } from '../../builders/columns.js';
import { thrown } from './helpers.js';

const MA_HEADER = ['Court Name', 'Website', 'Phone', 'Fax', 'County', 'Court Code'];
const names = (overrides: Partial<{ org: string; urls: string[]; phones: string[] }>) => ({
  org: 'Court Name',
  urls: ['Website'],
  phones: ['Phone'],
  aliases: [],
  domains: [],
  ...overrides,
});

describe('resolveColumns', () => {
  it('matches ignoring case and surrounding spaces, and keeps the header spelling', () => {
    const resolved = resolveColumns(
      [' Court Name ', 'WEBSITE', 'phone '],
      names({ org: 'court name', urls: ['  Website'], phones: ['PHONE'] }),
      'x.csv',
    );
    expect(resolved.org).toEqual({ index: 0, name: ' Court Name ' });
    expect(resolved.urls).toEqual([{ index: 1, name: 'WEBSITE' }]);
    expect(resolved.phones).toEqual([{ index: 2, name: 'phone ' }]);
  });

  it('reads a column named twice on the command line once', () => {
    expect(
      resolveColumns(MA_HEADER, names({ phones: ['Phone', 'phone'] }), 'x.csv').phones,
    ).toHaveLength(1);
  });

  it('a missing column: exit-3 error with the header names and the closest one', () => {
    const error = thrown(() =>
      resolveColumns(MA_HEADER, names({ phones: ['Phone Number'] }), 'ma.csv'),
    );
    expect(error.code).toBe('MISSING_COLUMN');
    expect(error.message).toBe(
      "ma.csv row 1: no column 'Phone Number' (--phone-column); did you mean 'Phone'? give --phone-column one of the header's columns: 'Court Name', 'Website', 'Phone', 'Fax', 'County', 'Court Code'",
    );
  });

  it('suggests nothing when no column is close', () => {
    const error = thrown(() => resolveColumns(MA_HEADER, names({ urls: ['Hotline'] }), 'ma.csv'));
    expect(error.message).not.toContain('did you mean');
    expect(error.message).toContain("no column 'Hotline'");
  });

  it('refuses a header that repeats a requested column', () => {
    const error = thrown(() =>
      resolveColumns(
        ['Organization', 'Phone', 'Website', 'phone'],
        { org: 'Organization', urls: [], phones: ['Phone'], aliases: [], domains: [] },
        'dup.csv',
      ),
    );
    expect(error.code).toBe('INVALID_CSV');
    expect(error.message).toMatch(/2 columns named 'Phone' \(columns 2, 4\)/);
  });
});

describe('closestColumn', () => {
  it.each([
    { requested: 'Phone Number', expected: 'Phone' },
    { requested: 'Websit', expected: 'Website' },
    { requested: 'web site', expected: 'Website' },
    { requested: 'Org Name', expected: 'Court Name' },
    { requested: 'Court', expected: 'Court Name' },
    { requested: 'fax number', expected: 'Fax' },
    { requested: 'Counties', expected: 'County' },
    { requested: 'Hotline', expected: null },
    { requested: 'Phones', expected: 'Phone' },
    { requested: 'Code', expected: 'Court Code' },
    { requested: 'Email', expected: null },
  ])('$requested → $expected', ({ requested, expected }) => {
    expect(closestColumn(requested, MA_HEADER)).toBe(expected);
  });
});
