import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAllowlist, renderAllowlist } from '../../builders/build.js';
import { parseCsvBytes } from '../../builders/csv.js';
import type { BuildOptions } from '../../builders/types.js';
import { parseAllowlist } from '../../src/allowlist/schema.js';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';
import { InputError } from '../../src/errors.js';
import { runs, timeout } from './support.js';
import { BASIC_COLUMNS } from '../builders/helpers.js';
import { columnFlags } from '../helpers/directories.js';

const OPTIONS: BuildOptions = {
  columns: {
    org: 'Organization',
    urls: ['Website'],
    phones: ['Phone'],
    aliases: ['Alias'],
    domains: [],
  },
};

/** Cells as directory exports hold them, and as they break. */
const cellArb = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'N/A',
    '-',
    'Legal Aid Society of Boston',
    'GBLS',
    '(617) 371-1234',
    '617-555-0100, Press 5',
    '1-800-LAW-HELP',
    'x12',
    'see website',
    'www.gbls.org',
    'https://mass.gov/locations/x',
    'mass.gov/help?utm_source=x',
    'lawhelp.org@evil.com',
    'javascript:alert(1)',
    'http://',
    '"',
    '""',
    '"a,b"',
    'a\nb',
    '\r',
    ';',
    '\t',
    ',',
    'Zürich Legal',
    '法院',
    '\u0000',
    '\ufeff',
    '=cmd|"/c calc"!A1',
    '0x41',
  ),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const HEADERS = [
  ['Organization', 'Website', 'Phone', 'Alias'],
  ['organization ', 'WEBSITE', 'phone', 'alias'],
  ['Organization', 'Phone'],
  ['Name', 'Website', 'Phone', 'Alias'],
  ['Organization', 'Organization', 'Website', 'Phone', 'Alias'],
  [],
];

/** CSV text: a header (right, wrong or missing) and rows of cells, quoted or not, in one of the delimiters. */
const csvTextArb = fc
  .tuple(
    fc.constantFrom(...HEADERS),
    fc.array(fc.array(cellArb, { maxLength: 6 }), { maxLength: 8 }),
    fc.constantFrom(',', ';', '\t'),
    fc.constantFrom('\n', '\r\n', '\r'),
    fc.boolean(),
    fc.constantFrom('', 'sep=;\n', '\ufeff'),
  )
  .map(([header, rows, delimiter, newline, quoteAll, prefix]) => {
    const quote = (cell: string): string =>
      quoteAll || /[",;\t\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
    return prefix + [header, ...rows].map((row) => row.map(quote).join(delimiter)).join(newline);
  });

/** Bytes as they come: CSV text in UTF-8, UTF-16 or Latin-1, or arbitrary bytes (a workbook, a binary). */
const csvBytesArb: fc.Arbitrary<Uint8Array> = fc.oneof(
  csvTextArb.map((text) => new Uint8Array(Buffer.from(text, 'utf8'))),
  csvTextArb.map(
    (text) =>
      new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])),
  ),
  csvTextArb.map((text) => new Uint8Array(Buffer.from(text, 'latin1'))),
  fc.uint8Array({ maxLength: 300 }),
  fc.uint8Array({ maxLength: 64 }).map((tail) => new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...tail])),
);

/** Build from bytes the way the CLI does; returns the rendered JSON, or the InputError thrown. */
function build(bytes: Uint8Array): string | InputError {
  try {
    const table = parseCsvBytes(bytes, 'fuzz.csv');
    return renderAllowlist(buildAllowlist([table], OPTIONS).allowlist);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
}

describe('builder on arbitrary CSV bytes', () => {
  it(
    'builds a valid allowlist or throws an InputError with a message; never anything else',
    () => {
      fc.assert(
        fc.property(csvBytesArb, (bytes) => {
          const result = build(bytes);
          if (result instanceof InputError) {
            expect(result.message.length).toBeGreaterThan(0);
            return;
          }
          // What it wrote loads back through the verifier's own validator.
          expect(() => parseAllowlist(JSON.parse(result), 'built.json')).not.toThrow();
          // Deterministic: the same bytes give the same file.
          expect(build(bytes)).toBe(result);
        }),
        runs(300),
      );
    },
    timeout(15_000),
  );

  describe('through the CLI (`citation-verifier build-allowlist`)', () => {
    let dir = '';
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'cv-fuzz-builder-'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it(
      'exits 0 with JSON on stdout, or 3 with a message on stderr',
      async () => {
        let n = 0;
        await fc.assert(
          fc.asyncProperty(csvBytesArb, async (bytes) => {
            const file = join(dir, `in-${n++}.csv`);
            await writeFile(file, bytes);
            let out = '';
            let err = '';
            const io: CliIo = {
              stdout: (text) => void (out += text),
              stderr: (text) => void (err += text),
              readStdin: async () => '',
              stderrIsTTY: false,
              cwd: dir,
              env: {},
            };
            const code = await runCli(
              ['build-allowlist', file, ...columnFlags({ ...BASIC_COLUMNS, aliases: ['Alias'] })],
              io,
            );
            expect([0, 3], err).toContain(code);
            if (code === 0) expect(() => parseAllowlist(JSON.parse(out), 'stdout')).not.toThrow();
            else expect(err).toMatch(/^citation-verifier build-allowlist: \S/);
          }),
          runs(40),
        );
      },
      timeout(20_000),
    );
  });
});
