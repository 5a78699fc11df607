import type { ResolvedColumns } from './columns.js';
import {
  type CellAt,
  columnKinds,
  type Kinds,
  keptValues,
  type Problem,
  quote,
  unfitColumns,
  wrongKind,
} from './fit-kinds.js';
import {
  type Join,
  joinedCellAt,
  joinedCells,
  joinRank,
  joins,
  keepsPlacedValues,
  leavesExtra,
} from './fit-joins.js';
import type { CsvDelimiter } from './types.js';

/**
 * Whether a row's cells sit under their columns. Pure. An unquoted delimiter inside a name
 * (`Legal Aid, Boston,boston.example.org,617-555-0124,,`) moves every later cell one column on:
 * the website column then holds the name's tail, the phone column the address, the alias column
 * the number, and reading the row as written would put "Legal Aid" in the allowlist with a phone
 * number for an alias. A wrong name is worse than a missing one, so a row that does not fit is
 * either read again in the one way that makes it fit, or not read at all.
 */

export type RowReading =
  /** The cells fit their columns (or only hold bad values, each warned about as usual). */
  | { kind: 'as-written' }
  /** One pair of neighbouring cells read as one cell makes every cell fit, and every such reading keeps the same values. */
  | {
      kind: 'realigned';
      cells: string[];
      joined: Join;
    }
  /** The cells do not fit and no reading is proven: what does not fit, one phrase each. */
  | { kind: 'misaligned'; problems: string[] };

const AS_WRITTEN: RowReading = { kind: 'as-written' };

/**
 * How to read a row. It does not fit when a cell holds the wrong kind of value (a phone number or
 * a web address as the name or an alias, an address in a phone column, a number in a URL or domain
 * column, words in a URL column beside a cell that is an address), or when it has more cells than
 * the header and any cell the build reads is not what its column holds.
 *
 * A row with more cells than the header is read in every way that joins one pair of neighbouring
 * cells (`joins`: at most the header's width + 1 of them), and as written when its extra cells are
 * empty. The readings in which every read cell holds its kind and nothing is left past the header
 * must all keep the same values; then the row is read that way (as written when that is one of
 * them), else it is misaligned. An extra empty cell that most rows of the file have
 * (`trailingHabit`) is the file's way of ending a row, not a sign of a split cell, and such a row
 * is read as written whenever its cells fit. Linear in the row's cells.
 */
export function readRow(
  cells: readonly string[],
  header: readonly string[],
  cols: ResolvedColumns,
  delimiter: CsvDelimiter,
  trailingHabit = false,
): RowReading {
  const kinds = columnKinds(cols);
  const wrong = wrongKind((index) => cells[index] ?? '', kinds, header);
  const surplus = cells.length > header.length;
  const unfit = surplus ? unfitAsWritten(cells, kinds, header) : [];
  const fitsAsWritten = wrong.length === 0 && unfit.length === 0;
  if (fitsAsWritten && (!surplus || trailingHabit)) return AS_WRITTEN;
  // One phrase per column: the wrong kind said first, the looser "not what it holds" only beside it.
  const said = new Set(wrong.map((problem) => problem.index));
  const problems = [...wrong, ...unfit.filter((problem) => !said.has(problem.index))]
    .sort((a, b) => a.index - b.index)
    .map((problem) => problem.text);
  if (!surplus) return { kind: 'misaligned', problems };

  const readings = fittingReadings(cells, header, kinds, delimiter);
  if (fitsAsWritten) {
    const asWritten = keptValues((index) => cells[index] ?? '', kinds);
    const other = readings.find((reading) => reading.values !== asWritten);
    if (other === undefined) return AS_WRITTEN;
    const { left, right } = other.join;
    return {
      kind: 'misaligned',
      problems: [
        `it has ${cells.length} cells and the header ${header.length}, and its cells fit their columns both as written and with ${quote(left)} and ${quote(right)} read as one cell, which keep different values`,
      ],
    };
  }
  if (new Set(readings.map((reading) => reading.values)).size === 1) {
    const best = readings.sort(
      (a, b) =>
        joinRank(a.join.index, kinds) - joinRank(b.join.index, kinds) ||
        a.join.index - b.join.index,
    )[0]!.join;
    return { kind: 'realigned', cells: joinedCells(cells, best), joined: best };
  }
  const ways =
    readings.length === 0
      ? 'reading no two neighbouring cells as one makes them fit'
      : `they fit in ${readings.length} readings that keep different values (${readings
          .slice(0, 3)
          .map(({ join }) => `${quote(join.left)} and ${quote(join.right)} as one cell`)
          .join(', or ')})`;
  return { kind: 'misaligned', problems: [...problems, ways] };
}

/** How many of a row's extra values a message quotes before "and N more". */
const EXTRA_SHOWN = 5;

/** The read columns that do not fit as written, and the surplus when it holds values or they do not fit. */
function unfitAsWritten(
  cells: readonly string[],
  kinds: Kinds,
  header: readonly string[],
): Problem[] {
  const problems = unfitColumns((index) => cells[index] ?? '', kinds, header, false);
  const extra = cells.slice(header.length).filter((cell) => cell.length > 0);
  if (extra.length === 0 && problems.length === 0) return problems;
  const more = extra.length > EXTRA_SHOWN ? ` and ${extra.length - EXTRA_SHOWN} more` : '';
  const holding =
    extra.length === 0
      ? ''
      : `, the extra holding ${extra.slice(0, EXTRA_SHOWN).map(quote).join(', ')}${more}`;
  problems.push({
    index: header.length,
    text: `it has ${cells.length} cells and the header ${header.length}${holding}`,
  });
  return problems;
}

/**
 * The joins whose reading fits: every read cell holds its kind (the name present), no value
 * already in place moved to a column of another kind, nothing left past the header; each with the
 * values it keeps.
 */
function fittingReadings(
  cells: readonly string[],
  header: readonly string[],
  kinds: Kinds,
  delimiter: CsvDelimiter,
): Array<{ join: Join; values: string }> {
  let lastFilled = cells.length - 1;
  while (lastFilled >= 0 && cells[lastFilled]!.length === 0) lastFilled -= 1;
  const filledPast = (index: number): boolean => lastFilled >= index;
  const out = [];
  for (const join of joins(cells, header.length, kinds, delimiter)) {
    if (!keepsPlacedValues(cells, join.index, kinds)) continue;
    if (leavesExtra(cells.length, header.length, join, filledPast)) continue;
    const cellAt: CellAt = joinedCellAt(cells, join);
    if (unfitColumns(cellAt, kinds, header, true).length > 0) continue;
    out.push({ join, values: keptValues(cellAt, kinds) });
  }
  return out;
}

/**
 * Whether most rows of a table end with more cells than the header, all of them empty: some
 * exports end every row with a delimiter. Then an extra empty cell says nothing about a row.
 */
export function trailingHabit(
  header: readonly string[],
  rows: ReadonlyArray<{ cells: readonly string[] }>,
): boolean {
  const trailing = rows.filter(
    (row) =>
      row.cells.length > header.length &&
      row.cells.slice(header.length).every((cell) => cell.length === 0),
  ).length;
  return trailing > 0 && trailing * 2 >= rows.length;
}
