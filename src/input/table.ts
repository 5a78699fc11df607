import { InputError, type InputErrorCode } from '../errors.js';
import { houseMessage } from './issues.js';

/** Where in a table (a CSV file) a problem is, for every message about one. */
export interface TablePlace {
  source: string;
  /** As a spreadsheet numbers it (header row 1, blank lines counted); 0 or absent: the whole file. */
  row?: number;
  /** Where the row starts, shown when it differs from the row. */
  line?: number;
  /** As the header spells it. */
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
