import { describe, expect, it } from 'vitest';
import {
  decodeCsvBytes,
  detectDelimiter,
  parseCsvBytes,
  parseCsvText,
  readCsvFile,
} from '../../builders/csv.js';
import { InputError } from '../../src/errors.js';
import { csvFixture, thrown } from './helpers.js';

// Every encoding and line-end fixture holds the same three organizations; only the bytes differ.
const EXPECTED_CELLS = [
  ['Harbor Legal Aid', 'https://www.harborlegal.example.org/help/', '(617) 555-0100'],
  ['Clínica Jurídica del Valle', 'valle-clinica.example.net', '413-555-0142'],
  ['Tenant Rights Project', 'http://tenants.example.com/?utm_source=newsletter', '617.555.0199'],
];

describe('readCsvFile: encodings and line ends of real exports', () => {
  it.each([
    { file: 'utf8.csv', encoding: 'utf-8', delimiter: ',' },
    { file: 'utf8-bom.csv', encoding: 'utf-8-bom', delimiter: ',' },
    { file: 'utf16le-excel.txt', encoding: 'utf-16le', delimiter: '\t' },
    { file: 'utf16be-bom.csv', encoding: 'utf-16be', delimiter: ',' },
    { file: 'crlf.csv', encoding: 'utf-8', delimiter: ',' },
    { file: 'lone-cr.csv', encoding: 'utf-8', delimiter: ',' },
    { file: 'mixed-line-ends.csv', encoding: 'utf-8', delimiter: ',' },
  ])(
    '$file reads as $encoding with the same header and cells',
    async ({ file, encoding, delimiter }) => {
      const table = await readCsvFile(csvFixture(file), file);
      expect(table.encoding).toBe(encoding);
      expect(table.delimiter).toBe(delimiter);
      // The BOM must not stick to the first header name, or `--org-column Organization` would miss it.
      expect(table.header).toEqual(['Organization', 'Website', 'Phone']);
      expect(table.rows.map((row) => row.cells)).toEqual(EXPECTED_CELLS);
      expect(table.rows.map((row) => row.row)).toEqual([2, 3, 4]);
      expect(table.rows.map((row) => row.line)).toEqual([2, 3, 4]);
    },
  );

  it('reads bytes that are not UTF-8 as Windows-1252 and says so', async () => {
    const table = await readCsvFile(csvFixture('windows-1252.csv'), 'windows-1252.csv');
    expect(table.encoding).toBe('windows-1252');
    // 0x92 is a curly apostrophe in Windows-1252, a control character in Latin-1.
    expect(table.rows[0]!.cells[0]).toBe('Clinique d\u2019aide juridique de Montréal');
    expect(table.notes.join(' ')).toMatch(/not valid UTF-8.*Windows-1252/);
  });

  it('recognizes UTF-16 LE without a byte-order mark', () => {
    const bytes = Buffer.from('Organization,Phone\nHarbor Legal Aid,(617) 555-0100\n', 'utf16le');
    const decoded = decodeCsvBytes(bytes, 'nobom.csv');
    expect(decoded.encoding).toBe('utf-16le');
    expect(decoded.text.startsWith('Organization,Phone')).toBe(true);
  });

  it('says which file is missing', async () => {
    await expect(
      readCsvFile(csvFixture('no-such-file.csv'), 'no-such-file.csv'),
    ).rejects.toMatchObject({
      code: 'FILE_NOT_FOUND',
      message: expect.stringContaining('no-such-file.csv'),
    });
  });

  it('refuses an Excel workbook with what to do instead', async () => {
    const error = thrown(() =>
      parseCsvBytes(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]), 'workbook.xlsx'),
    );
    expect(error.code).toBe('INVALID_CSV');
    expect(error.message).toMatch(/workbook\.xlsx: is an Excel workbook.*CSV UTF-8/);
    await expect(readCsvFile(csvFixture('workbook.xlsx'), 'workbook.xlsx')).rejects.toMatchObject({
      code: 'INVALID_CSV',
    });
  });
});

describe('delimiters', () => {
  it.each([
    { file: 'semicolon.csv', delimiter: ';' },
    { file: 'tab.csv', delimiter: '\t' },
    { file: 'sep-line.csv', delimiter: ';' },
  ])(
    '$file splits on its own delimiter, keeping commas inside names',
    async ({ file, delimiter }) => {
      const table = await readCsvFile(csvFixture(file), file);
      expect(table.delimiter).toBe(delimiter);
      expect(table.header).toEqual(['Organization', 'Website', 'Phone']);
      expect(table.rows[0]!.cells).toEqual([
        'Harbor Legal Aid, Boston office',
        'harborlegal.example.org',
        '(617) 555-0100',
      ]);
    },
  );

  it('keeps row numbers as the spreadsheet shows them after a sep= line, but line numbers of the file', async () => {
    const table = await readCsvFile(csvFixture('sep-line.csv'), 'sep-line.csv');
    expect(table.rows[0]).toMatchObject({ row: 2, line: 3 });
    expect(table.notes.join(' ')).toMatch(/sep=/);
  });

  it.each([
    { header: 'a,b;c,d', expected: ',' },
    { header: 'a;b;c,d', expected: ';' },
    { header: 'a\tb\tc;d', expected: '\t' },
    // Delimiters inside quotes do not count.
    { header: '"Name, full; legal";Phone;Web', expected: ';' },
    { header: '"a,b,c,d"\tx\ty', expected: '\t' },
    { header: '\n\nname;phone', expected: ';' },
    { header: 'single', expected: ',' },
  ])('detectDelimiter($header) = $expected', ({ header, expected }) => {
    expect(detectDelimiter(`${header}\nx,y;z\tw\n`)).toBe(expected);
  });
});

describe('records', () => {
  it('keeps embedded newlines, skips blank lines and all-blank rows, trims trailing spaces, numbers rows as a spreadsheet does', async () => {
    const table = await readCsvFile(csvFixture('embedded-newlines.csv'), 'embedded-newlines.csv');
    expect(table.rows.map((row) => row.cells)).toEqual([
      ['Harbor Legal Aid', 'https://harborlegal.example.org', '(617) 555-0100\n(617) 555-0101'],
      ['Tenant Rights\nProject', 'tenants.example.com', '617-555-0199'],
      ['Family Law Line', 'familylaw.example.org/intake/', '508-555-0123'],
    ]);
    // Row: header 1, blank 2, Harbor 3 (lines 3–4), spaces-only 4, Tenant 5 (lines 6–7), ",," 6, Family 7 (line 9).
    expect(table.rows.map((row) => [row.row, row.line])).toEqual([
      [3, 3],
      [5, 6],
      [7, 9],
    ]);
    expect(table.blankRows).toBe(1);
  });

  it('reads a header without rows as an empty table', async () => {
    const table = await readCsvFile(csvFixture('header-only.csv'), 'header-only.csv');
    expect(table.header).toEqual(['Organization', 'Website', 'Phone']);
    expect(table.rows).toEqual([]);
  });

  it('refuses an empty file', async () => {
    await expect(readCsvFile(csvFixture('empty.csv'), 'empty.csv')).rejects.toMatchObject({
      code: 'INVALID_CSV',
      message: expect.stringMatching(
        /empty\.csv: is empty; export the directory with a header row/,
      ),
    });
  });
});

describe('malformed CSV', () => {
  it('an unclosed quote names the file, the row and line where it starts, and what to do', async () => {
    const error = await readCsvFile(csvFixture('unclosed-quote.csv'), 'unclosed-quote.csv').catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ code: 'INVALID_CSV', where: 'unclosed-quote.csv row 3' });
    expect((error as InputError).message).toMatch(
      /never closed.*close the quote or remove the stray/,
    );
  });

  it('text after a closing quote says to double the quote', async () => {
    const error = await readCsvFile(
      csvFixture('text-after-quote.csv'),
      'text-after-quote.csv',
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'INVALID_CSV', where: 'text-after-quote.csv row 3' });
    expect((error as InputError).message).toMatch(/doubled/);
  });

  it('counts rows after multi-line records when locating an error', () => {
    const text =
      'Name,Phone\n"Multi\nline",617-555-0100\n\nOk,617-555-0101\n"Broken,617-555-0102\n';
    const error = thrown(() => parseCsvText(text, 'x.csv'));
    expect(error.where).toBe('x.csv row 5 (line 6)');
  });
});
