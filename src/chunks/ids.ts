/**
 * The one chunk-id normalizer: parsing the chunks and reading markers both go through it, so
 * `[03]` finds chunk `3` and `[DOC-7]` finds chunk `doc-7`. Trimmed, lower case; an all-digit id
 * loses its leading zeros.
 */
export function chunkKey(id: string): string {
  const trimmed = id.trim().toLowerCase();
  if (ALL_DIGITS.test(trimmed)) return trimmed.replace(LEADING_ZEROS, '') || '0';
  return trimmed;
}

/**
 * The shape of an id, digits collapsed (`doc-7` → `doc-#`). A bracket such as `[doc-8]` is read
 * as a citation only when some chunk id has its shape; `[sic]` and `[citation needed]` never are.
 */
export function idShape(key: string): string {
  return key.replace(DIGIT_RUNS, '#');
}

/** Whether a key is a plain number (chunk N of an array, `[N]` in the answer). */
export function isNumericKey(key: string): boolean {
  return ALL_DIGITS.test(key);
}

/** An id as a label may be written: letters, digits and `._:/-`, starting with a letter or digit. */
export const ID_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._:/-]*$/u;

const ALL_DIGITS = /^\d+$/;
const LEADING_ZEROS = /^0+/;
const DIGIT_RUNS = /\d+/g;
