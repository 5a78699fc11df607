import { invalidTable } from '../src/input/table.js';
import type { CsvEncoding } from './types.js';

/**
 * CSV bytes to text, the first step of the builder's file edge (`csv.ts` parses what this
 * decodes). Pure.
 */

export interface DecodedText {
  text: string;
  encoding: CsvEncoding;
  notes: string[];
}

/**
 * Bytes to text. A BOM decides; without one, NUL bytes in alternate positions mean UTF-16 (some
 * tools drop the BOM), and bytes that are not valid UTF-8 are read as Windows-1252, which is what
 * Excel's "CSV (Comma delimited)" writes on Windows — said in a note, since it is a guess.
 */
export function decodeCsvBytes(bytes: Uint8Array, source: string): DecodedText {
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0x50 && b1 === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    throw invalidTable(
      'INVALID_CSV',
      { file: source },
      'is an Excel workbook (.xlsx), not a CSV',
      'in Excel use File › Save As › "CSV UTF-8 (Comma delimited)" and pass that file',
    );
  }
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf) {
    return { text: decodeUtf8(bytes.subarray(3), source), encoding: 'utf-8-bom', notes: [] };
  }
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
      { file: source },
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
  for (const byte of bytes) {
    text += String.fromCharCode(byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80]! : byte);
  }
  return text;
}
