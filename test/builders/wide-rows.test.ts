import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveColumns } from '../../builders/columns.js';
import { parseCsvText } from '../../builders/csv.js';
import { readRow } from '../../builders/fit.js';
import { columnFlags } from '../helpers/directories.js';
import { BASIC_COLUMNS, runBuild, tempDir } from './helpers.js';

// A row with many more cells than the header (issue 28 item 8). Each reading of such a row used to
// copy the row, one reading per pair of neighbouring cells: a 20 KB row took about 50 s and 4 GB.
// Counting how often the cells are read measures that growth exactly, with no clock: a linear
// reading reads each cell a few times, a copy per pair reads it once per pair.

const HEADER = ['Organization', 'Website', 'Phone'];
const COLS = resolveColumns(HEADER, BASIC_COLUMNS, 'dir.csv');

/** The row as an array that counts every read of one of its cells. */
function counted(cells: string[]): { row: string[]; reads: () => number } {
  let reads = 0;
  const row = new Proxy(cells, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
      return Reflect.get(target, key, receiver);
    },
  });
  return { row, reads: () => reads };
}

const wide = (cells: string[], extra: number): string[] => [
  ...cells,
  ...Array.from({ length: extra }, () => ''),
];

describe('readRow on a row far wider than its header', () => {
  const EXTRA = 4_000;

  it.each([
    {
      name: 'a clean row ending in empty cells',
      cells: ['Harbor Legal Aid', 'harbor.example.org', '617-555-0100'],
      kind: 'as-written',
    },
    {
      name: 'a name split by an unquoted comma, then empty cells',
      cells: ['Legal Aid', 'Boston', 'boston.example.org', '617-555-0124'],
      kind: 'realigned',
    },
    {
      name: 'a value far past the header',
      cells: ['Harbor Legal Aid', 'harbor.example.org', '617-555-0100', '', 'stray'],
      kind: 'misaligned',
    },
  ])('$name: read as a narrow row is, each cell read a few times', ({ cells, kind }) => {
    const narrow = readRow(wide(cells, 2), HEADER, COLS, ',');
    const { row, reads } = counted(wide(cells, EXTRA));
    const reading = readRow(row, HEADER, COLS, ',');
    expect(reading.kind).toBe(kind);
    expect(narrow.kind).toBe(kind);
    if (reading.kind === 'realigned' && narrow.kind === 'realigned') {
      expect(reading.joined).toEqual(narrow.joined);
      expect(reading.joined.text).toBe('Legal Aid, Boston');
      expect(reading.cells).toHaveLength(row.length - 1);
    }
    // A copy per pair of cells would read about EXTRA² / 2 = 8,000,000 cells.
    expect(reads()).toBeLessThan(10 * row.length);
  });

  it('quotes five of the extra values and counts the rest', () => {
    const cells = ['Harbor Legal Aid', 'harbor.example.org', '617-555-0100'];
    const stray = Array.from({ length: 1_000 }, (_, index) => `v${index}`);
    const reading = readRow([...cells, ...stray], HEADER, COLS, ',');
    expect(reading.kind).toBe('misaligned');
    if (reading.kind !== 'misaligned') return;
    expect(reading.problems[0]).toBe(
      'it has 1003 cells and the header 3, the extra holding "v0", "v1", "v2", "v3", "v4" and 995 more',
    );
  });

  it('build-allowlist realigns a split name in a 20 KB row and keeps the other rows', async () => {
    const text = [
      HEADER.join(','),
      `Legal Aid, Boston,boston.example.org,617-555-0124${','.repeat(20_000)}`,
      'Harbor Legal Aid,harbor.example.org,617-555-0100',
      'Third Org,third.example.org,617-555-0102',
    ].join('\n');
    const table = parseCsvText(text, 'dir.csv');
    expect(table.rows[0]!.cells).toHaveLength(20_004);
    const { dir, cleanup } = await tempDir();
    try {
      await writeFile(join(dir, 'dir.csv'), text);
      const run = await runBuild(['dir.csv', ...columnFlags(BASIC_COLUMNS), '-o', 'out.json'], dir);
      expect(run.code).toBe(0);
      expect(run.stderr).toContain('"Legal Aid" and "Boston" are read as one cell');
      const allowlist = JSON.parse(await readFile(join(dir, 'out.json'), 'utf8'));
      expect(Object.keys(allowlist.org_phones).sort()).toEqual([
        'Harbor Legal Aid',
        'Legal Aid, Boston',
        'Third Org',
      ]);
    } finally {
      await cleanup();
    }
  });
});
