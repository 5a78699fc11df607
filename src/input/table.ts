import { InputError, type InputErrorCode } from '../errors.js';
import { houseMessage } from './issues.js';

/**
 * Where in a table (a CSV file) a problem is, said one way for every message about one: the file,
 * the spreadsheet's row, the file's line when it differs, the column as the header spells it
 * (`directory.csv row 12 (line 14), column 'Phone'`). The builder's errors and its warnings both
 * say where with it, and what is wrong and what to do with `houseMessage`, as every input does.
 */
export interface TablePlace {
  /** The file as messages name it (the path as given, `standard input`). */
  source: string;
  /** The row as a spreadsheet numbers it (the header is row 1, blank lines count); 0 or absent for the file as a whole. */
  row?: number;
  /** The file's line where the row starts; given only when it differs from the row. */
  line?: number;
  /** The column as the header spells it. */
  column?: string;
}

/** `directory.csv row 12 (line 14), column 'Phone'`; `directory.csv, column 'Phone'` without a row. */
export function formatTablePlace(place: TablePlace): string {
  const column = place.column === undefined ? '' : `, column '${place.column}'`;
  if (place.row === undefined || place.row === 0) return `${place.source}${column}`;
  const line = place.line !== undefined && place.line !== place.row ? ` (line ${place.line})` : '';
  return `${place.source} row ${place.row}${line}${column}`;
}

/** An `InputError` about a table: `PLACE: what is wrong; what to do`. */
export function invalidTable(
  code: InputErrorCode,
  place: TablePlace,
  what: string,
  todo: string,
  cause?: unknown,
): InputError {
  return new InputError(code, houseMessage(what, todo), { where: formatTablePlace(place), cause });
}
