import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAllowlist, renderAllowlist } from '../../builders/build.js';
import { readCsvFile } from '../../builders/csv.js';
import type { BuildResult, Table } from '../../builders/types.js';
import { parseAllowlist } from '../../src/allowlist/schema.js';
import { unaccountedCells } from './accounting.js';
import { columnFlags, MA_COURTS as MA_DIRECTORY } from '../helpers/directories.js';
import { MA_COURTS, runBuild, tempDir } from './helpers.js';

/**
 * The bar of issue 3: the Massachusetts court directory as published (179 rows, 172 names), built
 * with the columns `Court Name`, `Website`, `Phone`. Expectations are derived from the CSV read
 * here with csv-parse alone, not from the builder's own reader.
 */
const CSV = MA_DIRECTORY.file;
const COLUMNS = MA_DIRECTORY.columns;

interface RawRow {
  'Court Name': string;
  Website: string;
  Phone: string;
  Fax: string;
}

let raw: RawRow[];
let table: Table;
let result: BuildResult;

beforeAll(async () => {
  raw = parse(await readFile(CSV), { columns: true, bom: true }) as RawRow[];
  table = await readCsvFile(CSV, 'ma-courts-directory.csv');
  result = buildAllowlist([table], { columns: COLUMNS });
});

/** Digits of the number before any extension or note: `(617) 782-6540, Press 5` → +16177826540. */
function expectedE164(cell: string): string {
  const main = cell.split(/,|x/i)[0]!;
  return `+1${main.replace(/\D/g, '')}`;
}

describe('MA courts directory → allowlist (the bar)', () => {
  it('reads all 179 rows', () => {
    expect(raw).toHaveLength(179);
    expect(result.summary.rowsRead).toBe(179);
  });

  it('holds all 172 distinct court names', () => {
    const names = new Set(raw.map((row) => row['Court Name'].trim()));
    expect(names.size).toBe(172);
    expect(result.allowlist.orgNames).toHaveLength(172);
    expect(new Set(result.allowlist.orgNames)).toEqual(names);
  });

  it('loses no row without a warning: used + skipped = read', () => {
    const { rowsRead, rowsUsed, rowsSkipped } = result.summary;
    expect(rowsUsed + rowsSkipped).toBe(rowsRead);
    const warnedRows = new Set(result.warnings.map((warning) => warning.row));
    expect(warnedRows.size).toBeGreaterThanOrEqual(rowsSkipped);
    expect(unaccountedCells([table], COLUMNS, result)).toEqual([]);
  });

  it('normalizes every number, the messy ones included', () => {
    for (const numbers of Object.values(result.allowlist.orgPhones)) {
      for (const number of numbers) expect(number).toMatch(/^\+1[2-9]\d{2}[2-9]\d{6}$/);
    }
    for (const row of raw) {
      if (row.Phone.trim() === '') continue;
      expect(result.allowlist.orgPhones[row['Court Name'].trim()], row['Court Name']).toContain(
        expectedE164(row.Phone),
      );
    }
    expect(result.allowlist.orgPhones['Eastern Housing Court - Chelsea Session']).toEqual([
      '+16177888485',
    ]); // (617)788-8485
    expect(result.allowlist.orgPhones['Central Housing Court - Dudley Session']).toEqual([
      '+15088312050',
    ]); // "(508) 831-2050 "
    expect(result.allowlist.orgPhones['Brighton Division, Boston Municipal Court']).toEqual([
      '+16177826540',
    ]); // "…, Press 5"
    expect(result.allowlist.orgPhones['Lynn Juvenile Court']).toEqual(['+17815860415']); // " (781) 586-0415 x4"
  });

  it('lists a shared number under each court that shares it', () => {
    const owners = new Map<string, Set<string>>();
    for (const row of raw) {
      if (row.Phone.trim() === '') continue;
      const number = expectedE164(row.Phone);
      if (!owners.has(number)) owners.set(number, new Set());
      owners.get(number)!.add(row['Court Name'].trim());
    }
    const shared = [...owners].filter(([, names]) => names.size > 1);
    expect(shared.length).toBe(result.summary.sharedNumbers);
    expect(shared.length).toBeGreaterThan(5);
    for (const [number, names] of shared) {
      for (const name of names)
        expect(result.allowlist.orgPhones[name], `${number} under ${name}`).toContain(number);
    }
    expect(owners.get('+15088312050')!.size).toBe(4);
    expect(owners.get('+19786897833')!.size).toBe(4);
  });

  it('merges the numbers and URLs of rows that repeat a name', () => {
    expect(result.allowlist.orgPhones['Bristol County Superior Court']).toEqual([
      '+15088236588',
      '+15084913300',
      '+15089962051',
    ]);
    expect(result.allowlist.urls).toEqual(
      expect.arrayContaining([
        'https://mass.gov/locations/bristol-county-superior-court-fall-river',
        'https://mass.gov/locations/bristol-county-superior-court-new-bedford',
      ]),
    );
    expect(result.notes.filter((note) => note.code === 'REPEATED_ORG')).toHaveLength(179 - 172);
  });

  it('keeps fax numbers out of org_phones when Fax is not a phone column', () => {
    const phones = new Set(Object.values(result.allowlist.orgPhones).flat());
    const faxOnly = raw
      .filter((row) => row.Fax.trim() !== '')
      .map((row) => expectedE164(row.Fax))
      .filter(
        (fax) => !raw.some((row) => row.Phone.trim() !== '' && expectedE164(row.Phone) === fax),
      );
    expect(faxOnly.length).toBeGreaterThan(50);
    for (const fax of faxOnly) expect(phones.has(fax)).toBe(false);
  });

  it('reports mass.gov as a shared portal carrying every court page', () => {
    const withSite = new Set(
      raw.filter((row) => row.Website.trim() !== '').map((row) => row['Court Name'].trim()),
    );
    expect(result.summary.sharedHosts).toEqual([
      { host: 'mass.gov', organizations: withSite.size },
    ]);
    expect(result.allowlist.urls).toHaveLength(
      new Set(raw.map((row) => row.Website.trim()).filter((url) => url !== '')).size,
    );
  });

  it('builds a file the verifier accepts', () => {
    expect(() => parseAllowlist(JSON.parse(renderAllowlist(result.allowlist)), 'ma')).not.toThrow();
  });

  it('the CLI gives the same figures, and --strict passes', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const out = join(dir, 'allowlist.json');
      const run = await runBuild([
        CSV,
        ...columnFlags(COLUMNS),
        '--no-derive-domains',
        '--strict',
        '-o',
        out,
      ]);
      expect(run.code).toBe(0);
      expect(run.stderr).toContain('rows: 179 read, 179 used, 0 skipped');
      expect(run.stderr).toMatch(
        /allowlist: 172 organizations \(\d+ without a number\), \d+ URLs, 0 domains/,
      );
      const data = JSON.parse(await readFile(out, 'utf8')) as { org_names: string[] };
      expect(data.org_names).toHaveLength(172);
    } finally {
      await cleanup();
    }
  });

  const shared = join(
    MA_COURTS,
    '..',
    '..',
    '..',
    '..',
    'shared',
    'data',
    'ma-courts',
    'ma-courts-directory.csv',
  );
  it.skipIf(!existsSync(shared))(
    'the fixture is the shared copy, byte for byte (skipped without ../shared)',
    async () => {
      expect(Buffer.compare(await readFile(CSV), await readFile(shared))).toBe(0);
    },
  );
});
