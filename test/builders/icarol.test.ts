import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildAllowlist } from '../../builders/build.js';
import { parseCsvBytes } from '../../builders/csv.js';
import { icarolDirectory } from '../../builders/icarol.js';
import { runBuild } from './helpers.js';

const ICAROL = fileURLToPath(new URL('../fixtures/icarol/', import.meta.url));
const HUD = fileURLToPath(new URL('../fixtures/hud-counselors/', import.meta.url));

type File = Record<string, unknown> & {
  org_names: string[];
  org_phones: Record<string, string[]>;
};

async function built(argv: string[], cwd = ICAROL): Promise<{ file: File; stderr: string }> {
  const run = await runBuild(argv, cwd);
  expect(run.stderr).not.toContain('citation-verifier build-allowlist:');
  expect(run.code).toBe(0);
  return { file: JSON.parse(run.stdout) as File, stderr: run.stderr };
}

describe('iCarol export, shaped to hit each rule', () => {
  it('is recognized without --from, and ties programs and sites to their agency', async () => {
    const { file } = await built(['shaped-icarol.csv']);
    // No "Harbor Legal Aid - Downtown Office", no "… - Eviction Defense": sites and programs
    // are the agency's, and their names no one's.
    expect(file.org_names).toEqual([
      'Harbor Legal Aid',
      'Tenant Rights Project',
      'Valley Food Network',
    ]);
    expect(file.org_phones).toEqual({
      // Main (repeated on the program, folded), the program's intake and toll-free lines, the
      // site's and the program-at-site's (through the program to the agency); not the
      // Phone2 labelled Fax, the private Phone3, the PhoneTTY, nor the inactive program's line.
      'Harbor Legal Aid': [
        '+16175550100',
        '+16175550101',
        '+16175550102',
        '+16175550103',
        '+18005550199',
      ],
      'Tenant Rights Project': ['+15085550140'],
      // "Active, but do not refer" is still active; its hotline is a number to call.
      'Valley Food Network': ['+14135550120', '+14135550121'],
    });
    // The agency's alternate names, split; the copy on its program is not read again.
    expect(file.org_aliases).toEqual({ 'Harbor Legal Aid': ['HLA', 'Harbor Legal'] });
    expect(file.org_areas).toEqual({
      'Harbor Legal Aid': ['MA'],
      'Tenant Rights Project': ['MA', 'NH'],
      'Valley Food Network': ['MA'],
    });
  });

  it('leaves out inactive and deleted records with their programs, and warns once for a lost parent', async () => {
    const table = parseCsvBytes(
      await readFile(join(ICAROL, 'shaped-icarol.csv')),
      'shaped-icarol.csv',
    );
    // Exported with lone CR line ends, as iCarol writes them.
    expect(table.rows).toHaveLength(12);
    const result = buildAllowlist(icarolDirectory(table));
    expect(result.warnings.map((w) => [w.code, w.row])).toEqual([
      ['ORPHAN_RECORDS', 11],
      ['BAD_URL', 7],
    ]);
    expect(result.warnings[0]!.message).toContain('its ParentAgencyNum "999" points to no record');
    const left = result.notes
      .filter((n) => n.code === 'LEFT_OUT_RECORDS')
      .map((n) => `${n.row} ${n.message}`);
    expect(left).toEqual([
      '6 left out, the record was made inactive on 2022-06-30',
      '9 left out, the record is Inactive',
      '10 left out, its parent is Inactive',
      '13 left out, the record is marked deleted',
      '2 Phone2Number left out of the numbers to call (Phone2Name says fax)',
      '2 Phone3Number left out (marked private in Phone3IsPrivate)',
      '2 PhoneTTY left out of the numbers to call (a TTY line)',
    ]);
    expect(result.notes.some((n) => n.code === 'REPEATED_ORG')).toBe(false);
    expect(result.allowlist.orgNames).not.toContain('Closed Shelter Inc');
  });

  it('--from icarol refuses a CSV that is not an iCarol export', async () => {
    const run = await runBuild(['--from', 'icarol', 'hud-housing-counselors.csv'], HUD);
    expect(run.code).toBe(3);
    expect(run.errorCode).toBe('INVALID_EXPORT');
    expect(run.stderr).toContain('is not an iCarol resource export');
  });
});

describe('iCarol against flattened CSVs of the same records (HUD housing counselors)', () => {
  it('equals the CSV that lists each location under its agency', async () => {
    // The iCarol fixture holds the HUD rows as iCarol keeps them: the first location of each
    // agency its Agency record, the others Sites under it (README.md beside the fixture).
    const raw = (await built(['hud-counselors-icarol.csv'])).file;
    const csv = (
      await built(
        [
          'hud-housing-counselors.csv',
          '--org-column',
          'Agency',
          '--url-column',
          'Website',
          '--phone-column',
          'Phone',
        ],
        HUD,
      )
    ).file;
    for (const key of ['org_names', 'org_phones', 'org_aliases', 'urls', 'domains', 'org_urls'])
      expect([key, raw[key]]).toEqual([key, csv[key]]);
  });

  it('improves on reading the export as a plain CSV: no site is an organization of its own', async () => {
    const raw = (await built(['hud-counselors-icarol.csv'])).file;
    const plain = (
      await built([
        '--from',
        'csv',
        'hud-counselors-icarol.csv',
        '--org-column',
        'PublicName',
        '--url-column',
        'WebsiteAddress',
        '--phone-column',
        'Phone1Number',
      ])
    ).file;
    const sites = plain.org_names.filter((name) => !raw.org_names.includes(name));
    expect(raw.org_names.every((name) => plain.org_names.includes(name))).toBe(true);
    // The 15 Site records, each "AGENCY - CITY" (12 names: some agencies have two sites in one
    // city): free-standing organizations read flat, whose numbers an answer naming the agency
    // would be charged for; in the build, the agency's.
    expect(sites).toHaveLength(12);
    for (const site of sites) {
      const agency = site.slice(0, site.lastIndexOf(' - '));
      const owner = raw.org_names.find((name) => name === agency || agency.startsWith(name));
      expect(owner, site).toBeDefined();
      for (const number of plain.org_phones[site] ?? [])
        expect(Object.values(raw.org_phones).flat()).toContain(number);
    }
  });
});
