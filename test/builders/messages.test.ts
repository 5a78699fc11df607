import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnFlags } from '../helpers/directories.js';
import { BASIC_COLUMNS, runBin, runBuild, tempDir, type CommandRun } from './helpers.js';

// Every kind of bad input the builder reports, from a run of the command on a small bad CSV: exit
// code 3 and one message that says where (file, row, line when it differs, column), what is wrong
// and what to do, in the house form `PLACE: what; what to do`. The messages are read from runs in
// this process; two cases also run as the bin, a real process, which must print the same on the
// same streams and exit with the same code.

const COLUMNS = columnFlags(BASIC_COLUMNS);
const PREFIX = 'citation-verifier build-allowlist: ';

interface Case {
  name: string;
  /** Files to write in the run's folder: text, or bytes. */
  files: Record<string, string | Uint8Array>;
  argv: string[];
  /** The first line of standard error: the whole message. */
  message: string;
  /** Lines that follow it (a `--strict` list). */
  then?: string[];
  /** The exit code, 3 unless said. */
  status?: number;
}

const CASES: Case[] = [
  {
    name: 'a column the header lacks',
    files: {
      'dir.csv': 'Organization,Website,Phone\nHarbor Legal Aid,harbor.example.org,617-555-0100\n',
    },
    argv: ['dir.csv', '--org-column', 'Organization', '--phone-column', 'Phone Number'],
    message:
      "dir.csv row 1: no column 'Phone Number' (--phone-column); did you mean 'Phone'? give --phone-column one of the header's columns: 'Organization', 'Website', 'Phone'",
  },
  {
    name: 'a column the header lacks, the header after blank lines',
    files: { 'dir.csv': '\n\nOrganization,Phone\nHarbor Legal Aid,617-555-0100\n' },
    argv: ['dir.csv', '--org-column', 'Organization', '--phone-column', 'Hotline'],
    message:
      "dir.csv row 3: no column 'Hotline' (--phone-column); give --phone-column one of the header's columns: 'Organization', 'Phone'",
  },
  {
    name: "a column the header lacks, below Excel's sep= line (a row it hides, a line all the same)",
    files: { 'dir.csv': 'sep=;\nOrganization;Phone\nHarbor Legal Aid;617-555-0100\n' },
    argv: ['dir.csv', '--org-column', 'Name', '--phone-column', 'Phone'],
    message:
      "dir.csv row 1 (line 2): no column 'Name' (--org-column); give --org-column one of the header's columns: 'Organization', 'Phone'",
  },
  {
    name: 'a header row with no names',
    files: { 'dir.csv': ',,\nHarbor Legal Aid,harbor.example.org,617-555-0100\n' },
    argv: ['dir.csv', ...COLUMNS],
    message:
      "dir.csv row 1: no column 'Organization' (--org-column); the header row is empty: put the column names in the first row",
  },
  {
    name: 'a header naming a requested column twice',
    files: {
      'dir.csv':
        'Organization,Phone,Website,phone\nHarbor Legal Aid,617-555-0100,harbor.example.org,617-555-0101\n',
    },
    argv: ['dir.csv', ...COLUMNS],
    message:
      "dir.csv row 1, column 'Phone': the header has 2 columns named 'Phone' (columns 2, 4); rename all but one so --phone-column names a single column",
  },
  {
    name: 'a quote never closed',
    files: {
      'dir.csv':
        'Organization,Website,Phone\nHarbor Legal Aid,harbor.example.org,617-555-0100\n"Tenant Rights,tenants.example.org,617-555-0101\nLast Org,last.example.org,617-555-0102\n',
    },
    argv: ['dir.csv', ...COLUMNS],
    message: `dir.csv row 3: a quoted cell that starts in this row is never closed, so the rest of the file would be one cell; close the quote or remove the stray '"'`,
  },
  {
    name: 'text after a closing quote, below a cell on two lines',
    files: {
      'dir.csv':
        'Organization,Website,Phone\n"Harbor\nLegal Aid",harbor.example.org,617-555-0100\n"Tenant" Rights,tenants.example.org,617-555-0101\n',
    },
    argv: ['dir.csv', ...COLUMNS],
    message:
      'dir.csv row 3 (line 4): text follows a closing quote at line 4; a quote inside a quoted cell must be doubled (""): double it, or quote the whole cell',
  },
  {
    name: 'an empty file',
    files: { 'dir.csv': '\n \n' },
    argv: ['dir.csv', ...COLUMNS],
    message: 'dir.csv: is empty; export the directory with a header row naming its columns',
  },
  {
    name: 'an Excel workbook',
    files: { 'dir.csv': new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]) },
    argv: ['dir.csv', ...COLUMNS],
    message:
      'dir.csv: is an Excel workbook (.xlsx), not a CSV; in Excel use File › Save As › "CSV UTF-8 (Comma delimited)" and pass that file',
  },
  {
    name: 'NUL bytes',
    files: {
      'dir.csv':
        'Organization,Website,Phone\nHarbor\u0000Legal Aid,harbor.example.org,617-555-0100\n',
    },
    argv: ['dir.csv', ...COLUMNS],
    message:
      'dir.csv: contains NUL bytes, so it is not a text CSV; export the sheet as "CSV UTF-8" and pass that file',
  },
  {
    name: 'a file that is not there',
    files: {},
    argv: ['missing.csv', ...COLUMNS],
    message:
      'missing.csv: CSV file not found; check the path (relative to the folder the command runs in)',
  },
  {
    name: 'a folder given as the CSV',
    files: { 'exports/dir.csv': 'Organization,Website,Phone\n' },
    argv: ['exports', ...COLUMNS],
    message: 'exports: CSV file is a folder, not a regular file; name a regular file',
  },
  {
    name: 'an output folder that does not exist',
    files: {
      'dir.csv': 'Organization,Website,Phone\nHarbor Legal Aid,harbor.example.org,617-555-0100\n',
    },
    argv: ['dir.csv', ...COLUMNS, '-o', 'no-such-folder/allowlist.json'],
    message:
      'no-such-folder/allowlist.json: cannot write the allowlist (ENOENT); check that -o names a file in an existing, writable folder',
  },
  {
    name: 'an organization written twice in the --merge allowlist',
    files: {
      'dir.csv': 'Organization,Website,Phone\nHarbor Legal Aid,harbor.example.org,617-555-0100\n',
      'base.json':
        '{\n  "urls": [],\n  "domains": [],\n  "org_names": [],\n  "org_phones": {\n    "Legal Aid of X": ["(617) 555-0100"],\n    "Legal Aid of X": ["(617) 555-0199"]\n  }\n}\n',
    },
    argv: ['dir.csv', ...COLUMNS, '--merge', 'base.json'],
    message:
      'base.json: $.org_phones["Legal Aid of X"]: appears twice (the second at line 7, column 5); JSON keeps only the last, so merge the two into one entry',
  },
  {
    name: 'an organization written twice in the CSV is merged, with a note (not an error, even with --strict)',
    files: {
      'dir.csv':
        'Organization,Website,Phone\nHarbor Legal Aid,harbor.example.org,617-555-0100\nHARBOR LEGAL AID,harbor.example.org/intake,617-555-0101\n',
    },
    argv: ['dir.csv', ...COLUMNS, '--strict'],
    status: 0,
    message: `  dir.csv row 3, column 'Organization': repeats "Harbor Legal Aid" (written "HARBOR LEGAL AID" here), first at row 2; its values are merged under one organization`,
  },
  {
    name: '--strict: every kind of row warning',
    files: {
      'dir.csv': [
        'Organization,Website,Phone,Aliases,Hosts',
        'Harbor Legal Aid,harbor.example.org,617-555-012,,',
        'Tenant Rights Project,tenants.example.org,call the front desk,,',
        ',orphan.example.org,617-555-0121,,',
        'Legal Aid, Boston,boston.example.org,617-555-0124,BLA,boston.example.org',
        'Bad URL Org,mailto:help@example.org,617-555-0122,,',
        'Bad Host Org,badhost.example.org,617-555-0123,,intranet',
        'Alias Org,alias.example.org,617-555-0125,Harbor Legal Aid,',
        'Second Alias Org,second.example.org,617-555-0126,HLA,',
        'Third Alias Org,third.example.org,617-555-0127,HLA,',
        'Clearpoint Financial Solutions,cp.example.org,617-555-0128,,',
        '"Clearpoint Financial Solutions, Inc.",cpi.example.org,617-555-0129,,',
        'Tenant Aid, Salem, MA,salem.example.org,978-555-0131,,',
        '',
      ].join('\n'),
    },
    argv: [
      'dir.csv',
      ...COLUMNS,
      '--alias-column',
      'Aliases',
      '--domain-column',
      'Hosts',
      '--strict',
    ],
    message:
      '--strict: 10 warnings, so no allowlist was written; fix the rows below or drop --strict to skip them',
    then: [
      `dir.csv row 2, column 'Phone': "617-555-012" is not a phone number (has 9 digits; a North American number has 10 (or 11 starting with 1)); value skipped; write it as (617) 555-0123`,
      `dir.csv row 3, column 'Phone': "call the front desk" holds no phone number; value skipped; put the number here, or leave the cell empty`,
      `dir.csv row 4, column 'Organization': has no organization name; row skipped, so Website "orphan.example.org", Phone "617-555-0121" were not added; fill in the name or delete the row`,
      `dir.csv row 5, column 'Organization': has 6 cells and the header 5; its cells fit their columns once "Legal Aid" and "Boston" are read as one cell, "Legal Aid, Boston" (an unquoted ',' inside it), so the row was read that way; quote that cell so the file says what it means`,
      `dir.csv row 6, column 'Website': "mailto:help@example.org" skipped: not a web address (scheme "mailto:"); write addresses like www.example.org/help`,
      `dir.csv row 7, column 'Hosts': "intranet" is not a public host: intranet is a reserved or private name (.intranet), not a public site; value skipped; write a host name such as mass.gov`,
      `dir.csv row 13: its cells do not fit their columns ('Website' holds "Salem", not a web address; 'Phone' holds "MA", not a phone number; 'Aliases' holds a web address ("salem.example.org"); 'Hosts' holds a phone number ("978-555-0131"); it has 7 cells and the header 5; reading no two neighbouring cells as one makes them fit); row skipped, so nothing from it was added; put each value under its own column, and quote any cell that holds a ','`,
      `dir.csv row 8, column 'Aliases': "Harbor Legal Aid" is the name of another organization; not added as an alias of "Alias Org", since the verifier could not tell the two apart; remove it from this row`,
      `dir.csv row 10, column 'Aliases': "HLA" is already an alias of "Second Alias Org" (row 9); not added to "Third Alias Org", since a name shared by two organizations attributes nothing; keep it on the one organization it names`,
      `dir.csv row 11: "Clearpoint Financial Solutions" (a name without its legal form) would name "Clearpoint Financial Solutions" and "Clearpoint Financial Solutions, Inc."; none of them is matched by it, so answers must use the full name; add it as an alias of the one it means, if one is meant`,
    ].map((line) => `  ${line}`),
  },
];

const runs = new Map<string, CommandRun>();
const folders = new Map<string, string>();
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const temp = await tempDir();
  cleanup = temp.cleanup;
  for (const [index, testCase] of CASES.entries()) {
    const dir = join(temp.dir, String(index));
    await mkdir(dir, { recursive: true });
    for (const [name, content] of Object.entries(testCase.files)) {
      await mkdir(join(dir, name, '..'), { recursive: true });
      await writeFile(join(dir, name), content);
    }
    folders.set(testCase.name, dir);
    runs.set(testCase.name, await runBuild(testCase.argv, dir));
  }
});

afterAll(async () => {
  await cleanup();
});

describe('build-allowlist: each kind of bad input, from a real run', () => {
  it.each(CASES.filter((testCase) => testCase.status === undefined))(
    '$name',
    ({ name, message, then }) => {
      const run = runs.get(name)!;
      const errorLines = run.stderr.slice(run.stderr.indexOf(PREFIX)).trimEnd().split('\n');
      expect(run.code).toBe(3);
      expect(run.stdout).toBe('');
      expect(errorLines[0]).toBe(`${PREFIX}${message}`);
      if (then) expect(errorLines.slice(1)).toEqual(then);
    },
  );

  it.each(CASES.filter((testCase) => testCase.status !== undefined))(
    '$name',
    ({ name, message, status }) => {
      const run = runs.get(name)!;
      expect(run.code).toBe(status);
      expect(run.stderr.split('\n')).toContain(message);
      expect(run.stderr).not.toContain(PREFIX);
    },
  );
});

describe('build-allowlist as a real process: the same streams and exit code', () => {
  it.each([
    CASES.find((testCase) => testCase.status === undefined)!,
    CASES.find((testCase) => testCase.status === 0)!,
  ])('$name', { timeout: 60_000 }, async ({ name, argv }) => {
    const real = await runBin(argv, folders.get(name)!);
    const inProcess = runs.get(name)!;
    expect({ code: real.status, stdout: real.stdout, stderr: real.stderr }).toEqual({
      code: inProcess.code,
      stdout: inProcess.stdout,
      stderr: inProcess.stderr,
    });
  });
});
