import { describe, expect, it } from 'vitest';
import { buildAllowlist, renderAllowlist, tableFromRows } from '../../builders/build.js';
import { assertNoWarnings, describeItem } from '../../builders/messages.js';
import { readCsvFile } from '../../builders/csv.js';
import type { BuildOptions, ColumnNames, Table } from '../../builders/types.js';
import { loadAllowlist } from '../../src/allowlist/load.js';
import { SHARED_HOST_MIN_ORGS } from '../../src/defaults.js';
import { parseAllowlist } from '../../src/allowlist/schema.js';
import { InputError } from '../../src/errors.js';
import { unaccountedCells } from './accounting.js';
import { BASIC_COLUMNS, csvFixture } from './helpers.js';

const read = (file: string): Promise<Table> => readCsvFile(csvFixture(file), file);
const build = async (
  file: string,
  columns: ColumnNames = BASIC_COLUMNS,
  options: Omit<BuildOptions, 'columns'> = {},
) => {
  const table = await read(file);
  return { table, result: buildAllowlist([table], { columns, ...options }) };
};

describe('every export format builds the same allowlist', () => {
  it.each([
    'utf8-bom.csv',
    'utf16le-excel.txt',
    'utf16be-bom.csv',
    'crlf.csv',
    'lone-cr.csv',
    'mixed-line-ends.csv',
  ])('%s = utf8.csv', async (file) => {
    const reference = renderAllowlist((await build('utf8.csv')).result.allowlist);
    const { result } = await build(file);
    expect(renderAllowlist(result.allowlist)).toBe(reference);
    expect(result.warnings).toEqual([]);
  });

  it('reads quoted cells with embedded newlines: a name on two lines is one name, a number per line', async () => {
    const { result } = await build('embedded-newlines.csv');
    expect(result.allowlist.orgNames).toEqual([
      'Harbor Legal Aid',
      'Tenant Rights Project',
      'Family Law Line',
    ]);
    expect(result.allowlist.orgPhones['Harbor Legal Aid']).toEqual([
      '+16175550100',
      '+16175550101',
    ]);
    expect(result.summary.files[0]).toMatchObject({ rows: 3, blankRows: 1 });
  });

  it('normalizes URLs without a scheme, with tracking parameters or a trailing slash', async () => {
    const { result } = await build('utf8.csv');
    expect(result.allowlist.urls.sort()).toEqual([
      'https://harborlegal.example.org/help',
      'https://tenants.example.com',
      'https://valle-clinica.example.net',
    ]);
  });
});

describe('cells with several values', () => {
  const columns: ColumnNames = { ...BASIC_COLUMNS, phones: ['Phone', 'Hotline'] };

  it.each([
    { org: 'Semicolons', phones: ['+16175550100', '+16175550101'] },
    { org: 'Or Between', phones: ['+16175550102', '+18005550199'] },
    { org: 'One Per Line', phones: ['+16175550103', '+16175550104', '+16175550105'] },
    { org: 'Commas Between', phones: ['+16175550106', '+16175550107'] },
    { org: 'Press Five', phones: ['+16177826540'] },
    { org: 'With Extension', phones: ['+16175550108'] },
    // Two phone columns: both read.
    { org: 'Vanity Line', phones: ['+18005294357', '+14135550109'] },
    { org: 'Labelled Hotline', phones: ['+16175550111', '+16175550112'] },
  ])('$org → $phones', async ({ org, phones }) => {
    const { result } = await build('multi-value.csv', columns);
    expect(result.allowlist.orgPhones[org]).toEqual(phones);
  });

  it('notes the menu text it leaves out, and the extension', async () => {
    const { result } = await build('multi-value.csv', columns);
    expect(result.warnings).toEqual([]);
    const press = result.notes.find((note) => note.value === '(617) 782-6540, Press 5');
    expect(press).toMatchObject({ code: 'PHONE_TEXT', row: 6, column: 'Phone' });
    expect(press!.message).toContain('"Press 5"');
    expect(result.notes.find((note) => note.code === 'EXTENSION')).toMatchObject({
      row: 7,
      value: '(617) 555-0108 x400',
    });
  });

  it('reads several URLs in one cell, each normalized', async () => {
    const { result } = await build('multi-value.csv', columns);
    expect(result.allowlist.urls).toEqual(
      expect.arrayContaining(['https://two.example.org/a', 'https://two.example.org/b']),
    );
    expect(result.allowlist.urls.filter((url) => url.includes('two.example.org'))).toHaveLength(2);
  });

  it('accounts for every cell', async () => {
    const { table, result } = await build('multi-value.csv', columns);
    expect(unaccountedCells([table], columns, result)).toEqual([]);
  });
});

describe('rows that go wrong: skipped or read again with a warning naming row, column and value', () => {
  it.each([
    { code: 'NO_ORG_NAME', row: 3, column: 'Organization', value: '' },
    { code: 'BAD_PHONE', row: 4, column: 'Phone', value: '617-555-012' },
    { code: 'BAD_URL', row: 5, column: 'Website', value: 'see our website' },
    { code: 'BAD_URL', row: 6, column: 'Website', value: 'mailto:help@example.org' },
    { code: 'BAD_PHONE', row: 8, column: 'Phone', value: 'call the front desk' },
    { code: 'REALIGNED_ROW', row: 9, column: 'Organization', value: 'Shifted Org, Boston' },
    { code: 'NO_ORG_NAME', row: 10, column: 'Organization', value: 'N/A' },
    { code: 'BAD_PHONE', row: 11, column: 'Phone', value: '555-0126' },
  ])('$code at row $row', async (expected) => {
    const { result } = await build('problems.csv');
    const found = result.warnings.filter((warning) => warning.row === expected.row);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ source: 'problems.csv', ...expected });
    const text = describeItem(found[0]!);
    expect(text).toContain(`problems.csv row ${expected.row}`);
    if (expected.column) expect(text).toContain(`column '${expected.column}'`);
    if (expected.value) expect(text).toContain(JSON.stringify(expected.value));
  });

  it('says which values of a row without a name were lost', async () => {
    const { result } = await build('problems.csv');
    expect(result.warnings.find((warning) => warning.row === 3)!.message).toContain(
      'Website "orphan.example.org", Phone "617-555-0121" were not added',
    );
  });

  it('keeps the rest of a row when one value is bad', async () => {
    const { result } = await build('problems.csv');
    expect(result.allowlist.orgNames).toContain('Bad Number Org');
    expect(result.allowlist.urls).toContain('https://badnumber.example.org');
    expect(result.allowlist.orgPhones['Bad URL Org']).toEqual(['+16175550122']);
    expect(result.allowlist.orgPhones['Bad Number Org']).toBeUndefined();
  });

  it('reads N/A and none in value cells as empty, with a note, not a warning', async () => {
    const { result } = await build('problems.csv');
    expect(result.allowlist.orgNames).toContain('Placeholder Org');
    expect(
      result.notes
        .filter((note) => note.code === 'PLACEHOLDER' && note.row === 7)
        .map((note) => note.value)
        .sort(),
    ).toEqual(['N/A', 'none']);
  });

  it('reads a row with one cell too many the one way its cells fit, with a warning, and nothing of the split name', async () => {
    const { result } = await build('problems.csv');
    expect(result.allowlist.orgNames).toContain('Shifted Org, Boston');
    expect(result.allowlist.orgNames).not.toContain('Shifted Org');
    expect(result.allowlist.urls).toContain('https://shifted.example.org');
    expect(result.allowlist.orgPhones['Shifted Org, Boston']).toEqual(['+16175550124']);
    expect(result.summary.rowsRealigned).toBe(1);
  });

  it('counts every row: used + skipped = read, and each skipped row has a warning', async () => {
    const { table, result } = await build('problems.csv');
    const { rowsRead, rowsUsed, rowsSkipped } = result.summary;
    expect(rowsRead).toBe(table.rows.length);
    expect(rowsUsed + rowsSkipped).toBe(rowsRead);
    expect(rowsSkipped).toBe(2);
    const skippedRows = new Set(
      result.warnings
        .filter((warning) => warning.code === 'NO_ORG_NAME' || warning.code === 'MISALIGNED_ROW')
        .map((warning) => warning.row),
    );
    expect(skippedRows.size).toBe(rowsSkipped);
    expect(unaccountedCells([table], BASIC_COLUMNS, result)).toEqual([]);
  });
});

describe('impossible numbers: the rule the answer extractor uses, a warning naming the row', () => {
  it.each([
    ['a service line written as an area code', '(711) -', /written as an area code/],
    ['an area code the plan reserves (N9X)', '(292) 555-0123', /area code 292 does not exist/],
    ['a reserved 37X area code', '371-555-0123', /area code 371 does not exist/],
    ['a service code as area code', '(411) 555-0123', /service code/],
  ])('%s: %j', (_name, cell, reason) => {
    const table = tableFromRows(
      'dir.csv',
      ['Name', 'Phone'],
      [
        ['Good Org', '(617) 555-0100'],
        ['Odd Org', cell],
      ],
    );
    const result = buildAllowlist([table], {
      columns: { org: 'Name', urls: [], phones: ['Phone'], aliases: [], domains: [] },
    });
    expect(result.allowlist.orgPhones['Odd Org']).toBeUndefined();
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatchObject({ code: 'BAD_PHONE', row: 3, column: 'Phone' });
    expect(describeItem(result.warnings[0]!)).toMatch(/^dir\.csv row 3, column 'Phone': /);
    expect(result.warnings[0]!.message).toMatch(reason);
  });

  it('still reads a relay line written as its three digits', () => {
    const table = tableFromRows('dir.csv', ['Name', 'Phone'], [['Relay Org', 'TTY: 711']]);
    const result = buildAllowlist([table], {
      columns: { org: 'Name', urls: [], phones: ['Phone'], aliases: [], domains: [] },
    });
    expect(result.allowlist.orgPhones['Relay Org']).toEqual(['711']);
    expect(result.warnings).toEqual([]);
  });
});

describe('organizations repeated across rows', () => {
  it('merge numbers under the first spelling, matching names as the verifier does', async () => {
    const { result } = await build('repeated-orgs.csv');
    expect(result.allowlist.orgNames).toEqual([
      'Bristol County Superior Court',
      'Worcester Juvenile Court',
      'Worcester County Superior Court',
    ]);
    expect(result.allowlist.orgPhones['Bristol County Superior Court']).toEqual([
      '+15085550130',
      '+15085550131',
    ]);
    expect(result.allowlist.urls.sort()).toEqual([
      'https://courts.example.gov/bristol-fall-river',
      'https://courts.example.gov/bristol-new-bedford',
    ]);
    const repeats = result.notes.filter((note) => note.code === 'REPEATED_ORG');
    expect(repeats.map((note) => note.row)).toEqual([3, 4]);
    expect(repeats[1]!.message).toContain('written "BRISTOL COUNTY SUPERIOR COURT" here');
    expect(repeats[1]!.message).toContain('first at row 2');
  });

  it('list a shared number under each organization that shares it', async () => {
    const { result } = await build('repeated-orgs.csv');
    expect(result.allowlist.orgPhones['Worcester Juvenile Court']).toEqual(['+15085550132']);
    expect(result.allowlist.orgPhones['Worcester County Superior Court']).toEqual(['+15085550132']);
    expect(result.summary.sharedNumbers).toBe(1);
  });
});

describe('domains', () => {
  it('are derived from URL hosts, de-duplicated', async () => {
    const { result } = await build('shared-portal.csv', {
      org: 'Court',
      urls: ['Web'],
      phones: ['Tel'],
      aliases: [],
      domains: [],
    });
    expect(result.allowlist.domains.sort()).toEqual(['ownsite.example.org', 'portal.example.gov']);
  });

  it('--no-derive-domains keeps exact URLs only', async () => {
    const { result } = await build(
      'shared-portal.csv',
      { org: 'Court', urls: ['Web'], phones: ['Tel'], aliases: [], domains: [] },
      { deriveDomains: false },
    );
    expect(result.allowlist.domains).toEqual([]);
    expect(result.allowlist.urls).toHaveLength(7);
  });

  it('a domain column adds hosts even without deriving, and warns on a page', async () => {
    const columns: ColumnNames = {
      org: 'Organization',
      urls: [],
      phones: ['Phone'],
      aliases: [],
      domains: ['Domains'],
    };
    const { result } = await build('aliases.csv', columns, { deriveDomains: false });
    expect(result.allowlist.domains.sort()).toEqual(['bmc.example.gov', 'sjc.example.gov']);
    expect(result.warnings.filter((warning) => warning.code === 'BAD_DOMAIN')).toMatchObject([
      { row: 4, column: 'Domains', value: 'mass.gov/courts' },
    ]);
  });

  it('a host carrying the pages of many organizations is reported as a shared portal', async () => {
    const { result } = await build('shared-portal.csv', {
      org: 'Court',
      urls: ['Web'],
      phones: ['Tel'],
      aliases: [],
      domains: [],
    });
    expect(SHARED_HOST_MIN_ORGS).toBeLessThanOrEqual(6);
    expect(result.summary.sharedHosts).toEqual([{ host: 'portal.example.gov', organizations: 6 }]);
  });

  it('the shared-portal threshold is an option', async () => {
    const columns: ColumnNames = {
      org: 'Court',
      urls: ['Web'],
      phones: ['Tel'],
      aliases: [],
      domains: [],
    };
    expect(
      (await build('shared-portal.csv', columns, { sharedHostMinOrgs: 7 })).result.summary
        .sharedHosts,
    ).toEqual([]);
    expect(
      (
        await build('shared-portal.csv', columns, { sharedHostMinOrgs: 1 })
      ).result.summary.sharedHosts.map((host) => host.host),
    ).toEqual(['portal.example.gov', 'ownsite.example.org']);
  });
});

describe('aliases', () => {
  const columns: ColumnNames = {
    org: 'Organization',
    urls: [],
    phones: ['Phone'],
    aliases: ['Aliases'],
    domains: [],
  };

  it('become org_aliases, several per cell', async () => {
    const { result } = await build('aliases.csv', columns);
    expect(result.allowlist.orgAliases['Supreme Judicial Court']).toEqual([
      'SJC',
      'Massachusetts Supreme Judicial Court',
    ]);
    expect(result.allowlist.orgAliases['Central Division, Boston Municipal Court']).toEqual([
      'BMC',
      'BMC Central',
    ]);
  });

  it('one naming two organizations, or naming another organization, is refused with a warning', async () => {
    const { result } = await build('aliases.csv', columns);
    expect(result.allowlist.orgAliases['Roxbury Division, Boston Municipal Court']).toBeUndefined();
    expect(result.allowlist.orgAliases['Land Court']).toEqual(['Massachusetts Land Court']);
    const conflicts = result.warnings.filter((warning) => warning.code === 'ALIAS_CONFLICT');
    expect(conflicts.map((warning) => [warning.row, warning.value])).toEqual([
      [4, 'BMC'],
      [5, 'Supreme Judicial Court'],
    ]);
    expect(result.notes.find((note) => note.code === 'ALIAS_IS_NAME')).toMatchObject({
      row: 5,
      value: 'Land Court',
    });
  });
});

describe('--merge and several files', () => {
  it('adds to an existing allowlist, matching its organizations by name key and keeping its spelling', async () => {
    const base = await loadAllowlist(csvFixture('merge-base.json'));
    const { result } = await build('merge-add.csv', BASIC_COLUMNS, {
      base,
      baseSource: 'merge-base.json',
    });
    const { allowlist } = result;
    expect(allowlist.orgNames).toEqual(['Existing Org', 'Harbor Legal Aid', 'New Org']);
    expect(allowlist.orgPhones['Harbor Legal Aid']).toEqual(['+16175550100', '+16175550151']);
    expect(allowlist.orgPhones['Existing Org']).toEqual(['+16175550150']);
    expect(allowlist.orgAliases['Existing Org']).toEqual(['EO']);
    expect(allowlist.urls.sort()).toEqual([
      'https://existing.example.org/help',
      'https://harborlegal.example.org',
      'https://new.example.org',
    ]);
    expect(allowlist.domains.sort()).toEqual([
      'existing.example.org',
      'harborlegal.example.org',
      'new.example.org',
    ]);
    expect(result.summary.base).toEqual({
      source: 'merge-base.json',
      organizations: 2,
      urls: 1,
      domains: 1,
      numbers: 2,
    });
  });

  it('merges two spellings of one name in the base instead of letting one shadow the other', () => {
    const base = parseAllowlist(
      {
        urls: [],
        domains: [],
        org_names: [],
        org_phones: { 'Foo Legal Aid': ['617-555-0170'], 'FOO  LEGAL AID': ['617-555-0171'] },
      },
      'base.json',
    );
    const result = buildAllowlist([], { columns: BASIC_COLUMNS, base, baseSource: 'base.json' });
    expect(result.allowlist.orgNames).toEqual(['Foo Legal Aid']);
    expect(result.allowlist.orgPhones['Foo Legal Aid']).toEqual(['+16175550170', '+16175550171']);
    expect(describeItem(result.notes[0]!)).toBe(
      'base.json: "FOO LEGAL AID" and "Foo Legal Aid" are one name to the verifier; merged under "Foo Legal Aid"',
    );
  });

  it('an alias already held in the base is not given to another organization', async () => {
    const base = parseAllowlist(
      {
        urls: [],
        domains: [],
        org_names: ['Existing Org'],
        org_phones: {},
        org_aliases: { 'Existing Org': ['Harbor'] },
      },
      'base.json',
    );
    const table = tableFromRows(
      'more.csv',
      ['Organization', 'Aliases'],
      [['Harbor Legal Aid', 'Harbor']],
    );
    const result = buildAllowlist([table], {
      columns: { ...BASIC_COLUMNS, urls: [], phones: [], aliases: ['Aliases'] },
      base,
      baseSource: 'base.json',
    });
    expect(result.warnings).toMatchObject([{ code: 'ALIAS_CONFLICT', value: 'Harbor' }]);
    expect(result.warnings[0]!.message).toContain('(base.json)');
  });

  it('reads several files, each with its own header spelling, and merges across them', async () => {
    const first = await read('utf8.csv');
    const second = await read('second-file.csv');
    const result = buildAllowlist([first, second], { columns: BASIC_COLUMNS });
    expect(result.summary.rowsRead).toBe(5);
    expect(result.allowlist.orgPhones['Harbor Legal Aid']).toEqual([
      '+16175550100',
      '+16175550161',
    ]);
    expect(result.allowlist.orgNames).toContain('Second File Org');
    expect(result.notes.find((note) => note.code === 'REPEATED_ORG')!.message).toContain(
      'first at utf8.csv row 2',
    );
  });

  it('a column missing from one of several files names that file', async () => {
    const other = tableFromRows(
      'other.csv',
      ['Organization', 'Web', 'Phone'],
      [['X', 'x.example.org', '617-555-0100']],
    );
    expect(() =>
      buildAllowlist([tableFromRows('ok.csv', ['Organization', 'Website', 'Phone'], []), other], {
        columns: BASIC_COLUMNS,
      }),
    ).toThrow(
      expect.objectContaining({
        code: 'MISSING_COLUMN',
        message: expect.stringMatching(
          /^other\.csv row 1: no column 'Website' \(--url-column\); did you mean 'Web'\?/,
        ),
      }),
    );
  });

  it('needs at least one column besides the organization', () => {
    expect(() =>
      buildAllowlist([], {
        columns: { org: 'Organization', urls: [], phones: [], aliases: [], domains: [] },
      }),
    ).toThrow(InputError);
  });
});

describe('renderAllowlist', () => {
  it('does not depend on row order', async () => {
    const table = await read('multi-value.csv');
    const columns: ColumnNames = { ...BASIC_COLUMNS, phones: ['Phone', 'Hotline'] };
    const forward = renderAllowlist(buildAllowlist([table], { columns }).allowlist);
    const reversed = renderAllowlist(
      buildAllowlist([{ ...table, rows: [...table.rows].reverse() }], { columns }).allowlist,
    );
    expect(reversed).toBe(forward);
  });

  it('is valid against the verifier schema, keys in a fixed order, arrays sorted, with a final newline', async () => {
    const { result } = await build('shared-portal.csv', {
      org: 'Court',
      urls: ['Web'],
      phones: ['Tel'],
      aliases: [],
      domains: [],
    });
    const text = renderAllowlist(result.allowlist);
    expect(text.endsWith('}\n')).toBe(true);
    const data = JSON.parse(text) as Record<string, string[]>;
    expect(Object.keys(data)).toEqual([
      'urls',
      'domains',
      'org_names',
      'org_phones',
      'urls_as_written',
      // Each organization's own pages, for the corrections of a wrong link.
      'org_urls',
    ]);
    for (const key of ['urls', 'domains', 'org_names'] as const)
      expect(data[key]).toEqual([...data[key]!].sort());
    expect(() => parseAllowlist(data, 'built')).not.toThrow();
    // Each URL normalized for matching, and beside it the address as the CSV wrote it (what liveness fetches).
    const written = data.urls_as_written as unknown as Record<string, string>;
    expect(written['https://portal.example.gov/locations/ashby-district-court']).toBe(
      'https://www.portal.example.gov/locations/ashby-district-court',
    );
  });
});

describe('assertNoWarnings (--strict)', () => {
  it('throws STRICT_WARNING listing the warnings', async () => {
    const { result } = await build('problems.csv');
    expect(() => assertNoWarnings(result)).toThrow(
      expect.objectContaining({
        code: 'STRICT_WARNING',
        message: expect.stringMatching(
          /--strict: 8 warnings[\s\S]*problems\.csv row 3, column 'Organization'/,
        ),
      }),
    );
  });

  it('lets a clean build through, notes and all', async () => {
    const { result } = await build('multi-value.csv', {
      ...BASIC_COLUMNS,
      phones: ['Phone', 'Hotline'],
    });
    expect(result.notes.length).toBeGreaterThan(0);
    expect(() => assertNoWarnings(result)).not.toThrow();
  });
});

describe('a phone column whose header names another kind of line', () => {
  const columns = (phones: string[]): ColumnNames => ({ ...BASIC_COLUMNS, urls: [], phones });
  const row = ['Harbor Legal Aid', '(617) 555-0100', '(617) 555-0101'];
  it.each([
    ['Fax', 'fax'],
    ['Fax Number', 'fax'],
    ['TDD', 'TTY'],
    ['TTY/Voice', 'TTY'],
    ['Text Telephone', 'TTY'],
  ])('%s: one warning at the header, the numbers still taken', (header, line) => {
    const table = tableFromRows('dir.csv', ['Organization', 'Phone', header], [row]);
    const result = buildAllowlist([table], { columns: columns(['Phone', header]) });
    expect(result.warnings.map((warning) => [warning.code, warning.row, warning.column])).toEqual([
      ['OTHER_LINE_COLUMN', 1, header],
    ]);
    expect(result.warnings[0]!.message).toContain(
      `its ${line} numbers are listed as numbers to call`,
    );
    expect(result.allowlist.orgPhones['Harbor Legal Aid']).toEqual([
      '+16175550100',
      '+16175550101',
    ]);
  });
  it.each(['Phone', 'Hotline', 'Intake Line', 'Faxon Office'])('%s: no warning', (header) => {
    const table = tableFromRows('dir.csv', ['Organization', header], [row.slice(0, 2)]);
    expect(buildAllowlist([table], { columns: columns([header]) }).warnings).toEqual([]);
  });
});

describe('an alias that is an ordinary English word', () => {
  // The HUD counselors directory's "(STOP)" and the SF 211 export's "AND" (issue 22).
  const header = ['Organization', 'Phone', 'Alias'];
  const columns: ColumnNames = { ...BASIC_COLUMNS, urls: [], aliases: ['Alias'] };
  it.each(['STOP', 'AND', 'Help'])(
    '%s: kept, with a warning naming the row and how to drop it',
    (alias) => {
      const table = tableFromRows('dir.csv', header, [
        ['SOUTHEASTERN TIDEWATER OPPORTUNITY PROJECT OF HAMPTON ROADS', '757-858-1360', alias],
      ]);
      const result = buildAllowlist([table], { columns });
      expect(
        result.warnings.map((warning) => [
          warning.code,
          warning.row,
          warning.column,
          warning.value,
        ]),
      ).toEqual([['COMMON_WORD_ALIAS', 2, 'Alias', alias]]);
      expect(result.warnings[0]!.message).toContain(
        'is an ordinary English word; kept as an alias',
      );
      expect(result.warnings[0]!.message).toContain('drop it from this row');
      expect(Object.values(result.allowlist.orgAliases)).toEqual([[alias]]);
    },
  );
  it.each(['GBLS', 'Tidewater STOP Project'])('%s: no warning', (alias) => {
    const table = tableFromRows('dir.csv', header, [['Some Agency', '757-858-1360', alias]]);
    expect(buildAllowlist([table], { columns }).warnings).toEqual([]);
  });
});
