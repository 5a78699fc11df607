import { CsvError, parse, type Options as ParseOptions } from 'csv-parse/sync';
import { FILE_LIMITS } from '../src/defaults.js';
import type { InputError } from '../src/errors.js';
import { invalidTable } from '../src/input/table.js';
import { readInputFile } from '../src/util/safe-file.js';
import { describeDelimiter } from './messages.js';
import type { CsvDelimiter, CsvEncoding, Table, TableRow } from './types.js';

// The builder's file edge: bytes in, a `Table` out, with what spreadsheet exports do to a file
// undone (encodings, delimiters, `sep=`, mixed line ends), so the core sees rows of trimmed cells.

/** Read a CSV file and parse it. `source` is how messages name it (default: the path). */
export async function readCsvFile(path: string, source: string = path): Promise<Table> {
  return parseCsvBytes(await readDirectoryFile(path, source, 'CSV file'), source);
}

/**
 * A file of a directory export: a regular file of at most `FILE_LIMITS.text` (a FIFO cannot hang
 * the build), else an `InputError` in the builder's words.
 */
export async function readDirectoryFile(
  path: string,
  source: string,
  what: string,
): Promise<Buffer> {
  return readInputFile(path, {
    what,
    where: source,
    maxBytes: FILE_LIMITS.text,
    systemError: (error) => unreadable(error, source),
  });
}

function unreadable(error: unknown, source: string): InputError {
  const code = (error as NodeJS.ErrnoException).code;
  const [what, todo] =
    code === 'ENOENT'
      ? ['CSV file not found', 'check the path (relative to the folder the command runs in)']
      : code === 'EACCES' || code === 'EPERM'
        ? [
            `CSV file cannot be read (${code}: no permission)`,
            'give yourself read permission on it, or copy it somewhere you can read',
          ]
        : [
            `CSV file cannot be read (${code ?? 'error'})`,
            'check that the path names a file you can read',
          ];
  const errorCode = code === 'ENOENT' ? 'FILE_NOT_FOUND' : 'FILE_UNREADABLE';
  return invalidTable(errorCode, { source }, what, todo, error);
}

/** Decode and parse CSV bytes. Throws `InputError('INVALID_CSV')` naming the file, row and remedy. */
export function parseCsvBytes(bytes: Uint8Array, source: string): Table {
  const decoded = decodeCsvBytes(bytes, source);
  return parseCsvText(decoded.text, source, decoded.encoding, decoded.notes);
}

/**
 * Bytes to text. A BOM decides; else NUL bytes in alternate positions mean UTF-16, and bytes that
 * are not UTF-8 are read as Windows-1252, what Excel's plain "CSV" writes (a note: it is a guess).
 */
export function decodeCsvBytes(
  bytes: Uint8Array,
  source: string,
): { text: string; encoding: CsvEncoding; notes: string[] } {
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0x50 && b1 === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    throw invalidTable(
      'INVALID_CSV',
      { source },
      'is an Excel workbook (.xlsx), not a CSV',
      'in Excel use File › Save As › "CSV UTF-8 (Comma delimited)" and pass that file',
    );
  }
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf)
    return { text: decodeUtf8(bytes.subarray(3), source), encoding: 'utf-8-bom', notes: [] };
  if (b0 === 0xff && b1 === 0xfe)
    return { text: decodeUtf16(bytes.subarray(2), 'le'), encoding: 'utf-16le', notes: [] };
  if (b0 === 0xfe && b1 === 0xff)
    return { text: decodeUtf16(bytes.subarray(2), 'be'), encoding: 'utf-16be', notes: [] };
  const bomless = sniffUtf16(bytes);
  if (bomless) {
    return {
      text: decodeUtf16(bytes, bomless),
      encoding: bomless === 'le' ? 'utf-16le' : 'utf-16be',
      notes: [
        `read as UTF-16 ${bomless.toUpperCase()} (no byte-order mark; every other byte is zero)`,
      ],
    };
  }
  try {
    return { text: decodeUtf8(bytes, source), encoding: 'utf-8', notes: [] };
  } catch (error) {
    if (!(error instanceof InvalidUtf8)) throw error;
    return {
      text: decodeWindows1252(bytes),
      encoding: 'windows-1252',
      notes: [
        `not valid UTF-8 (first bad byte at offset ${error.offset}); read as Windows-1252, what Excel's plain "CSV" writes. If names look wrong, export as "CSV UTF-8" instead`,
      ],
    };
  }
}

class InvalidUtf8 extends Error {
  constructor(readonly offset: number) {
    super('invalid UTF-8');
  }
}

function decodeUtf8(bytes: Uint8Array, source: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new InvalidUtf8(firstInvalidUtf8(bytes));
  }
  if (text.includes('\u0000')) {
    throw invalidTable(
      'INVALID_CSV',
      { source },
      'contains NUL bytes, so it is not a text CSV',
      'export the sheet as "CSV UTF-8" and pass that file',
    );
  }
  return text;
}

function firstInvalidUtf8(bytes: Uint8Array): number {
  // The fatal decoder says only "invalid"; the offset helps a person find the character.
  const lossy = new TextDecoder('utf-8').decode(bytes);
  const index = lossy.indexOf('\uFFFD');
  return index < 0 ? 0 : Buffer.byteLength(lossy.slice(0, index), 'utf8');
}

function decodeUtf16(bytes: Uint8Array, order: 'le' | 'be'): string {
  const even = bytes.length - (bytes.length % 2);
  const copy = Buffer.from(bytes.subarray(0, even));
  if (order === 'be') copy.swap16();
  return copy.toString('utf16le');
}

/** UTF-16 without a BOM: ASCII text has a zero in every other byte. */
function sniffUtf16(bytes: Uint8Array): 'le' | 'be' | null {
  const sample = Math.min(bytes.length - (bytes.length % 2), 512);
  if (sample < 4) return null;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let index = 0; index < sample; index += 2) {
    if (bytes[index] === 0) zeroEven += 1;
    if (bytes[index + 1] === 0) zeroOdd += 1;
  }
  const pairs = sample / 2;
  if (zeroOdd > pairs * 0.6 && zeroEven === 0) return 'le';
  if (zeroEven > pairs * 0.6 && zeroOdd === 0) return 'be';
  return null;
}

// Node's TextDecoder treats 'windows-1252' as Latin-1, which gets 0x80–0x9F wrong (curly quotes,
// dashes, €): exactly the characters Excel writes into names. These are the code page's own.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039,
  0x0152, 0x8d, 0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc,
  0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes)
    text += String.fromCharCode(byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80]! : byte);
  return text;
}

const DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t'];
const SEP_LINE = /^sep=(.)\n/i;

/**
 * The one of `,` `;` tab most often in the header line outside quotes (`"Name, full";Phone` is
 * `;`); ties and none go to `,`. `text` must have `\n` line ends.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<string, number>();
  let quoted = false;
  let started = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '\n') {
      if (started) break;
      continue; // blank lines before the header
    } else if (!quoted && DELIMITERS.includes(char as CsvDelimiter))
      counts.set(char, (counts.get(char) ?? 0) + 1);
    if (char.trim().length > 0) started = true;
  }
  let best: CsvDelimiter = ',';
  for (const delimiter of DELIMITERS)
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

interface ParsedRecord {
  record: string[];
  info: { lines: number; records: number; empty_lines: number };
}

/**
 * Parse decoded CSV text: the first non-blank record is the header. Throws
 * `InputError('INVALID_CSV')` for an empty file or text csv-parse cannot read, naming the row.
 */
export function parseCsvText(
  input: string,
  source: string,
  encoding: CsvEncoding = 'utf-8',
  notes: readonly string[] = [],
): Table {
  // One line end everywhere, so a file mixing CRLF and lone CR splits into the right records.
  let text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const fileNotes = [...notes];
  let delimiter: CsvDelimiter;
  let lineOffset = 0;
  const sep = SEP_LINE.exec(text);
  if (sep && DELIMITERS.includes(sep[1] as CsvDelimiter)) {
    // Excel's hint line; Excel hides it, so row numbers start after it while line numbers do not.
    delimiter = sep[1] as CsvDelimiter;
    text = text.slice(sep[0].length);
    lineOffset = 1;
    fileNotes.push(`delimiter ${describeDelimiter(delimiter)} taken from the "sep=" line`);
  } else delimiter = detectDelimiter(text);
  if (text.trim().length === 0) {
    throw invalidTable(
      'INVALID_CSV',
      { source },
      'is empty',
      'export the directory with a header row naming its columns',
    );
  }

  const options: ParseOptions = {
    delimiter,
    record_delimiter: '\n',
    info: true,
    relax_column_count: true,
    // A stray quote inside an unquoted cell (`5" screen`) is read as a character, as Excel does.
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
  };
  let records: ParsedRecord[];
  try {
    records = parse(text, options) as unknown as ParsedRecord[];
  } catch (error) {
    if (error instanceof CsvError) throw csvSyntaxError(error, text, source, lineOffset, options);
    throw error;
  }

  const [first, ...rest] = records;
  if (!first)
    throw invalidTable(
      'INVALID_CSV',
      { source },
      'has no header row',
      'export the directory with a header row naming its columns',
    );
  const header = first.record.map((cell) => cell.trim());
  // Where a record starts: csv-parse counts lines to its end, so a cell on two lines moves it.
  const startOf = ({ record, info }: ParsedRecord): { row: number; line: number } => ({
    row: info.records + info.empty_lines,
    line:
      info.lines - record.reduce((sum, cell) => sum + cell.split('\n').length - 1, 0) + lineOffset,
  });
  const headerAt = startOf(first);
  const rows: TableRow[] = [];
  let blankRows = 0;
  for (const parsed of rest) {
    const cells = parsed.record.map((cell) => cell.trim());
    if (cells.every((cell) => cell.length === 0)) {
      blankRows += 1;
      continue;
    }
    rows.push({ ...startOf(parsed), cells });
  }
  return { source, header, headerAt, rows, blankRows, notes: fileNotes, encoding, delimiter };
}

function csvSyntaxError(
  error: CsvError,
  text: string,
  source: string,
  lineOffset: number,
  options: ParseOptions,
): InputError {
  const details = error as CsvError & { records?: number; empty_lines?: number; lines?: number };
  const parsed = details.records ?? 0;
  // The failing record starts on the first non-blank line after the last record parsed. csv-parse
  // does not say where that is (its byte counts run past the text), so re-read up to that record.
  let lastEnd = 0;
  if (parsed > 0) {
    const before = parse(text, { ...options, to: parsed }) as unknown as ParsedRecord[];
    lastEnd = before[before.length - 1]?.info.lines ?? 0;
  }
  const lines = text.split('\n');
  let startLine = lastEnd + 1;
  while (startLine <= lines.length && (lines[startLine - 1] ?? '').trim().length === 0)
    startLine += 1;
  const row = parsed + (details.empty_lines ?? 0) + 1;
  const line = startLine + lineOffset;
  let what = `cannot be read as CSV (${error.message})`;
  let todo = 're-export the sheet as "CSV UTF-8"';
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    what =
      'a quoted cell that starts in this row is never closed, so the rest of the file would be one cell';
    todo = `close the quote or remove the stray '"'`;
  } else if (
    error.code === 'CSV_INVALID_CLOSING_QUOTE' ||
    error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE'
  ) {
    what = `text follows a closing quote at line ${(details.lines ?? startLine) + lineOffset}`;
    todo = 'a quote inside a quoted cell must be doubled (""): double it, or quote the whole cell';
  }
  return invalidTable('INVALID_CSV', { source, row, line }, what, todo, error);
}
