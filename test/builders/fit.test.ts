import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAllowlist } from '../../builders/build.js';
import { resolveColumns } from '../../builders/columns.js';
import { parseCsvText, readCsvFile } from '../../builders/csv.js';
import { readRow, trailingHabit } from '../../builders/fit.js';
import type { ColumnNames, Table } from '../../builders/types.js';
import { orgKey } from '../../src/normalize/name.js';
import { columnFlags, HUD, MA_COURTS } from '../helpers/directories.js';
import { runBuild, type CommandRun } from './helpers.js';

// Rows whose cells do not sit under their columns, most often a name with a comma that was not
// quoted. Nothing such a row gives may reach the allowlist unless it is proven: read again the one
// way its cells fit, or skipped whole, each with a warning.

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const SHIFTED = join(FIXTURES, 'shifted-rows');

const FIVE = 'Organization,Website,Phone,Aliases,Hosts';
const FIVE_COLUMNS: ColumnNames = {
  org: 'Organization',
  urls: ['Website'],
  phones: ['Phone'],
  aliases: ['Aliases'],
  domains: ['Hosts'],
};
const THREE = 'Organization,Website,Phone';
const THREE_COLUMNS: ColumnNames = {
  org: 'Organization',
  urls: ['Website'],
  phones: ['Phone'],
  aliases: [],
  domains: [],
};

/** How the builder reads one line under a header: the real CSV reader, then `readRow`. */
function read(header: string, line: string, columns: ColumnNames, habit = false) {
  const table = parseCsvText(`${header}\n${line}\n`, 'dir.csv');
  return readRow(
    table.rows[0]!.cells,
    table.header,
    resolveColumns(table.header, columns, 'dir.csv'),
    table.delimiter,
    habit,
  );
}

describe('readRow: which rows fit their columns, which are read again, which are skipped', () => {
  it.each([
    {
      name: 'a clean row',
      header: FIVE,
      line: 'Harbor Legal Aid,harbor.example.org,617-555-0100,HLA,',
    },
    {
      name: 'a row shorter than the header',
      header: FIVE,
      line: 'Harbor Legal Aid,harbor.example.org',
    },
    {
      name: 'a bad value alone (warned about as a value, not a shift)',
      header: FIVE,
      line: 'Harbor Legal Aid,see our website,617-555-012,,',
    },
    {
      name: 'a brand written as a name, as the alias',
      header: FIVE,
      line: 'LawHelp,lawhelp.example.org,617-555-0100,LawHelp.org,',
    },
    {
      name: 'a name with a service code in it',
      header: FIVE,
      line: 'Mass 211,mass211.example.org,617-555-0100,,',
    },
    {
      name: 'a name holding keypad letters',
      header: FIVE,
      line: '603 Legal Aid,603legalaid.example.org,603-555-0100,,',
    },
    {
      name: 'an empty extra cell on a clean row with nothing the extra cell could belong to',
      header: THREE,
      line: 'Harbor Legal Aid,harbor.example.org,617-555-0100,',
      columns: THREE_COLUMNS,
    },
  ])('$name: read as written', ({ header, line, columns }) => {
    expect(read(header, line, columns ?? FIVE_COLUMNS)).toEqual({ kind: 'as-written' });
  });

  it.each([
    {
      name: 'the reported row: a name split, the extra cell empty',
      header: FIVE,
      line: 'Legal Aid, Boston,boston.example.org,617-555-0124,,',
      joined: 'Legal Aid, Boston',
      index: 0,
    },
    {
      name: 'a name split, the extra cell full',
      header: FIVE,
      line: 'Legal Aid, Boston,boston.example.org,617-555-0124,BLA,boston.example.org',
      joined: 'Legal Aid, Boston',
      index: 0,
    },
    {
      name: 'a phone cell with a menu note',
      header: THREE,
      line: 'Org P,p.example.org,(617) 782-6540, Press 5',
      joined: '(617) 782-6540, Press 5',
      index: 2,
      columns: THREE_COLUMNS,
    },
    {
      name: 'a comma inside an address query, written back without a space',
      header: THREE,
      line: 'Org Q,https://q.example.org/find?zip=02108,02109,617-555-0100',
      joined: 'https://q.example.org/find?zip=02108,02109',
      index: 1,
      columns: THREE_COLUMNS,
    },
    {
      name: 'the split in a column not read (every reading keeps the same values)',
      header: `${FIVE},County,Code`,
      line: 'Org C,c.example.org,617-555-0100,,,Suffolk, MA,X',
      joined: 'Suffolk, MA',
      index: 5,
    },
    {
      name: 'a semicolon file',
      header: FIVE.replaceAll(',', ';'),
      line: 'Legal Aid; Boston;boston.example.org;617-555-0124;;',
      joined: 'Legal Aid; Boston',
      index: 0,
    },
  ])('$name: realigned', ({ header, line, columns, joined, index }) => {
    const reading = read(header, line, columns ?? FIVE_COLUMNS);
    expect(reading.kind).toBe('realigned');
    if (reading.kind !== 'realigned') return;
    expect(reading.joined).toMatchObject({ index, text: joined });
    expect(reading.cells).toHaveLength(line.split(/[,;]/).length - 1);
  });

  it.each([
    {
      name: 'a name split twice',
      header: FIVE,
      line: 'Legal Aid, Boston, MA,boston.example.org,617-555-0124,,',
      problem: `'Aliases' holds a web address ("boston.example.org")`,
    },
    {
      name: 'a website cell left out (cells moved left)',
      header: FIVE,
      line: 'Harbor Legal Aid,617-555-0100',
      problem: `'Website' holds a phone number ("617-555-0100")`,
    },
    {
      name: 'a phone number as the name',
      header: FIVE,
      line: '617-555-0100,harbor.example.org,,,',
      problem: `'Organization' holds a phone number ("617-555-0100")`,
    },
    {
      name: 'an address as an alias',
      header: FIVE,
      line: 'Harbor Legal Aid,harbor.example.org,617-555-0100,harbor.example.org,',
      problem: `'Aliases' holds a web address ("harbor.example.org")`,
    },
    {
      name: 'an address in the phone column',
      header: FIVE,
      line: 'Harbor Legal Aid,,harbor.example.org,,',
      problem: `'Phone' holds a web address ("harbor.example.org")`,
    },
    {
      name: 'words in the website column beside an address',
      header: 'Organization,Website,Intake,Phone',
      line: 'Org Q,coming soon,www.q.example.org,617-555-0100',
      columns: THREE_COLUMNS,
      problem: `'Website' holds "coming soon", not a web address, while the next cell is one ("www.q.example.org")`,
    },
    {
      name: 'words in the website column beside an address, and an extra empty cell (the number is in place, so the words are no name tail)',
      header: 'Organization,Website,Intake,Phone',
      line: 'Org Q,coming soon,www.q.example.org,617-555-0100,',
      columns: THREE_COLUMNS,
      problem: 'reading no two neighbouring cells as one makes them fit',
    },
    {
      name: 'two readings that keep different values (an alias, or words after the number)',
      header: FIVE,
      line: 'Org P,p.example.org,(617) 782-6540, Press 5,,',
      problem:
        'fit their columns both as written and with "(617) 782-6540" and "Press 5" read as one cell, which keep different values',
    },
    {
      name: 'a real HUD row whose joined reading still holds a bad address',
      header: 'Agency,Phone,Fax,Website,City,State',
      line: 'QUIN RIVERS, INC,804-966-8720,null,http://n/a,New Kent,VA',
      columns: { org: 'Agency', urls: ['Website'], phones: ['Phone'], aliases: [], domains: [] },
      problem: 'reading no two neighbouring cells as one makes them fit',
    },
  ])('$name: misaligned', ({ header, line, columns, problem }) => {
    const reading = read(header, line, columns ?? FIVE_COLUMNS);
    expect(reading.kind).toBe('misaligned');
    if (reading.kind === 'misaligned') expect(reading.problems.join('; ')).toContain(problem);
  });

  it('reads a row ending in an empty extra cell as written when most rows of the file do so', () => {
    const line = 'Org P,p.example.org,(617) 782-6540, Press 5,,';
    expect(read(FIVE, line, FIVE_COLUMNS, false).kind).toBe('misaligned');
    expect(read(FIVE, line, FIVE_COLUMNS, true)).toEqual({ kind: 'as-written' });
    // The habit never excuses a cell of the wrong kind.
    expect(
      read(FIVE, 'Legal Aid, Boston,boston.example.org,617-555-0124,,', FIVE_COLUMNS, true).kind,
    ).toBe('realigned');
  });

  it('trailingHabit: most rows ending in empty extra cells', () => {
    const header = ['A', 'B'];
    expect(
      trailingHabit(header, [
        { cells: ['a', 'b', ''] },
        { cells: ['a', 'b', ''] },
        { cells: ['a', 'b'] },
      ]),
    ).toBe(true);
    expect(
      trailingHabit(header, [
        { cells: ['a', 'b', ''] },
        { cells: ['a', 'b'] },
        { cells: ['a', 'b'] },
      ]),
    ).toBe(false);
    expect(trailingHabit(header, [{ cells: ['a', 'b', 'c'] }, { cells: ['a', 'b', 'c'] }])).toBe(
      false,
    );
    expect(trailingHabit(header, [])).toBe(false);
  });
});

/**
 * The rule on real directories: every row's name is broken as an unquoted comma would break it
 * (at its own commas, or at a space where it has none), and the build must keep nothing that the
 * intact file does not: no organization, number, address or alias that is not the row's own.
 */
describe('every name of a real directory split by an unquoted comma', () => {
  const DIRECTORIES = [
    { file: 'ma-courts/ma-courts-directory.csv', columns: MA_COURTS.columns },
    { file: 'hud-counselors/hud-housing-counselors.csv', columns: HUD.columns },
    {
      file: 'legal-domains/domains.csv',
      columns: { org: 'organization', urls: [], phones: [], aliases: [], domains: ['domain'] },
    },
  ] as const;

  /** The row as the CSV reader gives it once the name's quotes are gone, or a comma typed at `space`. */
  function split(cells: readonly string[], org: number, space: 'first' | 'last'): string[] | null {
    const name = cells[org]!;
    let pieces = name.split(',').map((piece) => piece.trim());
    if (pieces.length === 1) {
      const at = space === 'first' ? name.indexOf(' ') : name.lastIndexOf(' ');
      if (at < 0) return null;
      pieces = [name.slice(0, at), name.slice(at + 1)];
    }
    return [...cells.slice(0, org), ...pieces, ...cells.slice(org + 1)];
  }

  const figures: Record<string, { rows: number; realigned: number; skipped: number }> = {};

  it.each(
    DIRECTORIES.flatMap((directory) =>
      (['first', 'last'] as const).map((space) => ({ ...directory, space })),
    ),
  )('$file, a comma at the $space space', async ({ file, columns, space }) => {
    const table = await readCsvFile(join(FIXTURES, file), file);
    const org = table.header.indexOf(columns.org);
    const truth = buildAllowlist([table], { columns: { ...columns } });
    const rows = table.rows.flatMap((row) => {
      const cells = split(row.cells, org, space);
      return cells === null ? [] : [{ ...row, cells }];
    });
    const shifted: Table = { ...table, rows };
    const result = buildAllowlist([shifted], { columns: { ...columns } });

    const names = new Map(truth.allowlist.orgNames.map((name) => [orgKey(name), name]));
    for (const name of result.allowlist.orgNames) {
      expect(names.has(orgKey(name)), `${name} is no organization of ${file}`).toBe(true);
      const own = truth.allowlist.orgPhones[names.get(orgKey(name))!] ?? [];
      for (const phone of result.allowlist.orgPhones[name] ?? [])
        expect(own, `${phone} under ${name}`).toContain(phone);
    }
    expect(Object.keys(result.allowlist.orgAliases)).toEqual([]);
    for (const url of result.allowlist.urls) expect(truth.allowlist.urls).toContain(url);
    for (const domain of result.allowlist.domains)
      expect(truth.allowlist.domains).toContain(domain);

    const realigned = result.warnings.filter((warning) => warning.code === 'REALIGNED_ROW').length;
    const skipped = result.warnings.filter((warning) => warning.code === 'MISALIGNED_ROW').length;
    // Every broken row is reported, one way or the other.
    expect(realigned + skipped).toBe(rows.length);
    figures[`${file} ${space}`] = { rows: rows.length, realigned, skipped };
  });

  it('realigns most broken rows of the two directories with websites and phones', () => {
    for (const [name, { rows, realigned }] of Object.entries(figures)) {
      if (!name.startsWith('legal-domains')) expect(realigned / rows, name).toBeGreaterThan(0.8);
    }
  });
});

describe('build-allowlist on real rows with a comma unquoted by hand, through the command', () => {
  const ALIASES = [
    'ma-courts-aliases-unquoted.csv',
    ...columnFlags({ ...MA_COURTS.columns, aliases: ['Alias'] }),
    '--no-derive-domains',
  ];
  const HUD_UNQUOTED = ['hud-unquoted.csv', ...columnFlags(HUD.columns)];
  let aliases: CommandRun;
  let aliasesStrict: CommandRun;
  let hud: CommandRun;

  beforeAll(async () => {
    // In this process: what is read here is the messages and the file; test/builders/messages.test.ts
    // shows the bin prints the same on the same streams.
    aliases = await runBuild(ALIASES, SHIFTED);
    aliasesStrict = await runBuild([...ALIASES, '--strict'], SHIFTED);
    hud = await runBuild(HUD_UNQUOTED, SHIFTED);
  });

  it('reads the Brighton row the one way its cells fit, says so, and keeps no half name or number alias', () => {
    expect(aliases.code).toBe(0);
    const file = JSON.parse(aliases.stdout) as {
      org_names: string[];
      org_phones: Record<string, string[]>;
      org_aliases: Record<string, string[]>;
    };
    expect(file.org_names).toContain('Brighton Division, Boston Municipal Court');
    expect(file.org_names).not.toContain('Brighton Division');
    expect(file.org_phones['Brighton Division, Boston Municipal Court']).toEqual(['+16177826540']);
    expect(
      Object.values(file.org_aliases)
        .flat()
        .filter((alias) => /\d{3}/.test(alias)),
    ).toEqual([]);
    expect(aliases.stderr).toContain('rows: 17 read, 17 used (1 realigned), 0 skipped');
    expect(aliases.stderr).toContain(
      `ma-courts-aliases-unquoted.csv row 4, column 'Court Name': has 5 cells and the header 4; its cells fit their columns once "Brighton Division" and "Boston Municipal Court" are read as one cell, "Brighton Division, Boston Municipal Court" (an unquoted ',' inside it), so the row was read that way; quote that cell so the file says what it means`,
    );
  });

  it('--strict: the realigned row is an error, exit 3, nothing written', () => {
    expect(aliasesStrict.code).toBe(3);
    expect(aliasesStrict.stdout).toBe('');
    expect(aliasesStrict.stderr).toContain(
      'citation-verifier build-allowlist: --strict: 1 warning, so no allowlist was written',
    );
    expect(aliasesStrict.stderr).toMatch(
      /\n {2}ma-courts-aliases-unquoted\.csv row 4, column 'Court Name': has 5 cells/,
    );
  });

  it('HUD: realigns the names split once, skips the one split twice, and names what did not fit', async () => {
    expect(hud.code).toBe(0);
    const file = JSON.parse(hud.stdout) as {
      org_names: string[];
      org_phones: Record<string, string[]>;
    };
    // The same slice with its quotes: the first 45 lines of the file it was cut from.
    const original = await readFile(
      join(FIXTURES, 'hud-counselors', 'hud-housing-counselors.csv'),
      'utf8',
    );
    const columns: ColumnNames = {
      org: 'Agency',
      urls: ['Website'],
      phones: ['Phone'],
      aliases: [],
      domains: [],
    };
    const built = buildAllowlist(
      [parseCsvText(original.split('\n').slice(0, 45).join('\n'), 'hud.csv')],
      { columns },
    ).allowlist;
    const intact = { org_names: built.orgNames, org_phones: built.orgPhones };
    expect(file.org_names).toEqual(
      expect.arrayContaining(['QUIN RIVERS, INC', 'CLEARPOINT FINANCIAL SOLUTIONS, INC.']),
    );
    expect(file.org_names.filter((name) => !intact.org_names.includes(name))).toEqual([]);
    expect(file.org_names.filter((name) => name.startsWith('MONEY MANAGMENT'))).toEqual([]);
    expect(file.org_phones['CLEARPOINT FINANCIAL SOLUTIONS, INC.']).toEqual(
      [...intact.org_phones['CLEARPOINT FINANCIAL SOLUTIONS, INC.']!].sort(),
    );
    expect(hud.stderr).toContain('rows: 44 read, 43 used (6 realigned), 1 skipped');
    expect(hud.stderr).toContain(
      `dropped rows:\n  hud-unquoted.csv row 24 "MONEY MANAGMENT INTERNATIONAL": its cells do not fit their columns ('Phone' holds "ANNANDALE", not a phone number; 'Website' holds a phone number ("866-232-9080"); it has 8 cells and the header 6, the extra holding "ANNANDALE", "VA"; reading no two neighbouring cells as one makes them fit); row skipped, so nothing from it was added; put each value under its own column, and quote any cell that holds a ','`,
    );
  });

  it('the intact slices build the same names as the fixture they were cut from', async () => {
    const text = await readFile(join(SHIFTED, 'ma-courts-unquoted.csv'), 'utf8');
    const quoted = text.replace(
      /^(Brighton|Roxbury) Division, Boston Municipal Court,/gm,
      '"$1 Division, Boston Municipal Court",',
    );
    const original = await readFile(join(FIXTURES, 'ma-courts', 'ma-courts-directory.csv'), 'utf8');
    expect(original.startsWith(quoted)).toBe(true);
  });
});
