/** The one chunk-id normalizer, for chunks and markers: `[03]` finds `3`, `[DOC-7]` `doc-7`. */
export function chunkKey(id: string): string {
  const trimmed = id.trim().toLowerCase();
  if (ALL_DIGITS.test(trimmed)) return trimmed.replace(LEADING_ZEROS, '') || '0';
  return trimmed;
}

/** An id with its digits collapsed (`doc-7` → `doc-#`), which a bracket's id must share. */
export function idShape(key: string): string {
  return key.replace(DIGIT_RUNS, '#');
}

/** An id as a label may be written: letters, digits and `._:/-`, starting with a letter or digit. */
export const ID_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._:/-]*$/u;

/** A numeric key (`3`), as `chunkKey` leaves it. */
export const ALL_DIGITS = /^\d+$/;
const LEADING_ZEROS = /^0+/;
const DIGIT_RUNS = /\d+/g;
