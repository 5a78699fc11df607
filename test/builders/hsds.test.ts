import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAllowlist } from '../../builders/build.js';
import { readCsvFile } from '../../builders/csv.js';
import { readDirectoryExport } from '../../builders/directory-files.js';
import type { Directory } from '../../builders/directory.js';
import { runBuild, tempDir } from './helpers.js';

const HSDS = fileURLToPath(new URL('../fixtures/hsds/', import.meta.url));
const MIAMI = fileURLToPath(new URL('../fixtures/211-miami/', import.meta.url));

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(async () => {
  await cleanup();
});

async function built(argv: string[], cwd = HSDS): Promise<Record<string, unknown>> {
  const run = await runBuild(argv, cwd);
  expect(run.stderr).not.toContain('citation-verifier build-allowlist:');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

describe('HSDS datapackage, shaped to hit each rule', () => {
  it('ties services, locations and phones to their organization by id', async () => {
    const file = await built(['shaped']);
    expect(file.org_names).toEqual([
      'Harbor Legal Aid',
      'Tenant Rights Project',
      'Valley Food Network',
    ]);
    // The location name "Harbor Legal Aid - Downtown Office" and service names are no one's names.
    expect(file.org_phones).toEqual({
      // 0100 twice (organization and service): folded; 0101 through its service; 0109 fax,
      // 0108 textphone and 0107 (inactive service) left out.
      'Harbor Legal Aid': ['+16175550100', '+16175550101'],
      'Tenant Rights Project': ['+15085550140', '+18005550199'],
      // Through a location with no organization_id, tied by its service.
      'Valley Food Network': ['+14135550120'],
    });
    expect(file.org_aliases).toEqual({
      'Harbor Legal Aid': ['Harbor Legal'],
      'Valley Food Network': ['VFN'],
    });
    expect((file.org_urls as Record<string, string[]>)['Harbor Legal Aid']).toEqual([
      'https://harborlegal.example.org',
      'https://harborlegal.example.org/eviction',
    ]);
    // Suffolk and Hampden counties placed by the physical address (MA; the postal one in NH is
    // not where it serves); the hotline's two states as written.
    expect(file.org_areas).toEqual({
      'Harbor Legal Aid': ['MA'],
      'Tenant Rights Project': ['MA', 'NH'],
      'Valley Food Network': ['MA'],
    });
  });

  it('counts what it left out, one message a reason, and warns only for ids that point to nothing', async () => {
    const directory = (await readDirectoryExport(join(HSDS, 'shaped'), 'shaped')) as Directory;
    const result = buildAllowlist(directory);
    const codes = result.warnings.map((w) => [w.code, w.source.split('/').pop(), w.row]);
    expect(codes).toEqual([
      ['ORPHAN_RECORDS', 'services.csv', 6],
      ['ORPHAN_RECORDS', 'phones.csv', 10],
      ['BAD_URL', 'organizations.csv', 4],
      ['NO_ORG_NAME', 'organizations.csv', 5],
    ]);
    expect(result.warnings[0]!.message).toContain('"org-gone" points to no organization');
    const left = result.notes.filter((n) => n.code === 'LEFT_OUT_RECORDS').map((n) => n.message);
    expect(left).toEqual([
      'left out, the service is inactive',
      'kept as a fax line, not a number to call',
      'kept as a TTY line, not a number to call',
      'left out, its service is inactive',
    ]);
    // No "repeated organization" note for the records tied to one.
    expect(result.notes.some((n) => n.code === 'REPEATED_ORG')).toBe(false);
  });

  it('reads the same package from a zip (in a folder) and from its datapackage.json', async () => {
    const folder = await built(['shaped']);
    const files: Record<string, Uint8Array> = {};
    for (const name of [
      'datapackage.json',
      'organizations.csv',
      'services.csv',
      'locations.csv',
      'service_at_location.csv',
      'phones.csv',
      'addresses.csv',
      'service_areas.csv',
      'schedules.csv',
    ])
      files[`export-2026/${name}`] = await readFile(join(HSDS, 'shaped', name));
    await writeFile(join(dir, 'export.zip'), zipSync(files));
    expect(await built(['export.zip'], dir)).toEqual(folder);
    expect(await built(['--from', 'hsds', 'shaped/datapackage.json'])).toEqual(folder);
  });

  it('refuses a zip whose files claim more than the bound before unpacking them', async () => {
    const big = new Uint8Array(2 ** 20);
    const files: Record<string, Uint8Array> = {};
    for (let k = 0; k < 201; k++) files[`t${k}.csv`] = big.subarray(0, 10);
    await writeFile(join(dir, 'many.zip'), zipSync(files));
    const run = await runBuild(['many.zip', '-o', 'out.json'], dir);
    expect(run.code).toBe(3);
    expect(run.errorCode).toBe('INVALID_EXPORT');
    expect(run.stderr).toContain('many.zip: unpacks to more than the builder reads');
  });
});

describe('HSDS as Open Referral publishes it', () => {
  it('reads the 1.1 sample datapackage: inactive services and a textphone left out, UK-style numbers warned', async () => {
    const run = await runBuild(['sample-1.1', '--messages', '-'], HSDS);
    expect(run.code).toBe(0);
    const file = JSON.parse(run.stdout) as { org_names: string[]; org_aliases: unknown };
    expect(file.org_names).toHaveLength(10);
    expect(file.org_names).toContain('Sanctuary Example City');
    expect(file.org_aliases).toEqual({
      'Example Cross Trust': ['The Cross Trust'],
      'Roz Bernstein Sample Org': ["Roz Bernstein's"],
    });
    expect(run.stderr).toContain('services.csv: 3 rows: left out, the service is inactive');
    expect(run.stderr).toContain('phones.csv: 1 row: kept as a TTY line, not a number to call');
    // The sample's numbers are fictional and not North American: skipped as the CSV path skips them.
    expect(run.stderr.match(/column 'number': .* is not a phone number/g)).toHaveLength(4);
  });

  it('reads the 3.0 example: website, alternate name, a service page, a phone through its service', async () => {
    const run = await runBuild(['spec-3.0'], HSDS);
    expect(run.code).toBe(0);
    const file = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(file.org_names).toEqual(['Example Organization Inc.']);
    expect(file.org_aliases).toEqual({ 'Example Organization Inc.': ['Example Org'] });
    expect(file.urls).toEqual(['https://example.com', 'https://example.com/counselling']);
    // Its one number is written with quotes inside the cell ("+44 …"): skipped with a warning.
    expect(run.stderr).toContain("phones.csv row 2, column 'number'");
  });
});

describe('a real 211 export as published (test/fixtures/211-miami)', () => {
  // 211 Miami's package keeps its tables in data/ beside a datapackage.json copied from the HSDS
  // template, which lists 22 tables where the export carries 13.
  it('finds the listed tables in data/ and warns once for each listed table it does not carry', async () => {
    const directory = (await readDirectoryExport(MIAMI, '211-miami')) as Directory;
    const missing = directory.warnings.filter((warning) => warning.code === 'MISSING_TABLE');
    expect(missing.map((warning) => warning.source)).toEqual([
      '211-miami/programs.csv',
      '211-miami/contacts.csv',
      '211-miami/physical_addresses.csv',
      '211-miami/service_areas.csv',
    ]);
    const { allowlist } = buildAllowlist(directory);
    expect(allowlist.orgNames).toHaveLength(18);
    expect(allowlist.orgPhones['MIAMI-DADE COUNTY PUBLIC DEFENDER']).toEqual(['+13055451600']);
  });
});

describe('HSDS input that cannot be read', () => {
  async function copyShaped(): Promise<string> {
    const target = join(dir, 'pkg');
    await cp(join(HSDS, 'shaped'), target, { recursive: true });
    return target;
  }

  it.each([
    [
      'an unknown version',
      { version: '9.1' },
      'says "version": "9.1"; the builder reads Open Referral HSDS 1.x, 2.x and 3.x',
    ],
    [
      'a resource outside the package',
      { resources: [{ name: 'organization', path: '../organizations.csv' }] },
      'not a file beside datapackage.json',
    ],
    [
      'a listed file that is missing',
      {
        resources: [
          { name: 'organization', path: 'organizations.csv' },
          { name: 'phone', path: 'phone_numbers.csv' },
        ],
      },
      'phone_numbers.csv: is listed in datapackage.json but is not in the package',
    ],
    [
      'no organizations table',
      { resources: [{ name: 'service', path: 'services.csv' }] },
      'holds no organizations table',
    ],
  ])('%s: exit 3, the file named, nothing written', async (_name, change, message) => {
    const target = await copyShaped();
    const manifest = JSON.parse(await readFile(join(target, 'datapackage.json'), 'utf8')) as object;
    await writeFile(join(target, 'datapackage.json'), JSON.stringify({ ...manifest, ...change }));
    const run = await runBuild(['pkg', '-o', 'out.json'], dir);
    expect(run.code).toBe(3);
    expect(run.errorCode).toBe('INVALID_EXPORT');
    expect(run.stderr).toContain(message);
    await expect(readFile(join(dir, 'out.json'))).rejects.toThrow();
  });

  it('refuses column flags for an export that names its own columns', async () => {
    const run = await runBuild(['shaped', '--org-column', 'name'], HSDS);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('leave out --org-column');
  });
});

describe('HSDS against the flattened CSV a script made of the same records', () => {
  it('equals it, except for what the export itself says is no number to call and where it serves', async () => {
    // What the trial scripts did: join each organization's phones and pages by id into one row.
    // They could not tell an inactive service's line or a textphone from a number to call, and
    // had only the office's state for an area.
    const raw = await built(['shaped']);
    const flat = await readCsvFile(join(HSDS, 'shaped-flattened.csv'));
    expect(flat.rows).toHaveLength(3);
    const csv = await built(
      [
        'shaped-flattened.csv',
        '--org-column',
        'Organization',
        '--url-column',
        'Website',
        '--phone-column',
        'Phone',
        '--alias-column',
        'Aliases',
        '--area-column',
        'State',
      ],
      HSDS,
    );
    for (const key of ['org_names', 'org_aliases', 'domains'])
      expect([key, raw[key]]).toEqual([key, csv[key]]);
    // The inactive clinic's page: the script kept it, the build leaves it out with its service.
    const urls = (file: Record<string, unknown>): string[] => file.urls as string[];
    expect(urls(csv).filter((url) => !urls(raw).includes(url))).toEqual([
      'https://harborlegal.example.org/old-clinic',
    ]);
    expect(urls(raw).every((url) => urls(csv).includes(url))).toBe(true);
    const phones = (file: Record<string, unknown>): Record<string, string[]> =>
      file.org_phones as Record<string, string[]>;
    const extra = Object.entries(phones(csv)).flatMap(([org, numbers]) =>
      numbers.filter((n) => !phones(raw)[org]?.includes(n)).map((n) => `${org} ${n}`),
    );
    // The inactive clinic's line and the textphone: listed by the script, left out by the build.
    expect(extra).toEqual(['Harbor Legal Aid +16175550107', 'Harbor Legal Aid +16175550108']);
    for (const [org, numbers] of Object.entries(phones(raw)))
      expect(phones(csv)[org]).toEqual(expect.arrayContaining(numbers));
    // The script's office state said nothing of the hotline's New Hampshire callers, and nothing
    // of the Tenant Rights Project, which has no address.
    expect((csv.org_areas as Record<string, string[]>)['Tenant Rights Project']).toBeUndefined();
    expect((raw.org_areas as Record<string, string[]>)['Tenant Rights Project']).toEqual([
      'MA',
      'NH',
    ]);
  });
});
