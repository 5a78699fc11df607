import { parseDomainCell, parsePhoneCell, parseUrlCell } from './cells.js';
import type { ResolvedColumns } from './columns.js';
import {
  type CellAt,
  columnKinds,
  type Kinds,
  keptValues,
  type Kind,
  type Problem,
  present,
  quote,
  unfitCell,
  unfitColumns,
  wrongKind,
} from './fit-kinds.js';
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

/**
 * The readings of a row with more cells than the header: one pair of neighbouring cells read as
 * one. Pure. A reading is the join alone (`Join`); its cells are seen through `joinedCellAt`
 * and copied only for the one reading the build keeps (`joinedCells`), so a row is never copied
 * once per pair.
 */

export interface Join {
  /** The first of the two cells read as one. */
  index: number;
  left: string;
  right: string;
  text: string;
}

/**
 * Every join a row can be read with, the delimiter between the halves kept. A value split at a
 * delimiter starts with the value: a phone cell's first half holds a number (`(617) 782-6540` |
 * `Press 5`), a URL cell's an address (`…?zip=02108` | `02109`), a domain cell's both halves hosts.
 * Words and a number (`INC` | `804-966-8720`) are a name's tail and the next cell, not one phone
 * cell. Names and columns the build does not read take any halves.
 *
 * Only joins that start at most at the header's width are made: a join further right leaves every
 * column under the header as written and only shortens the surplus, so every such join reads the
 * same values and fits exactly when the one at the header's width does. That one stands for them
 * all, which bounds a row's readings by the header's width + 1 whatever its length.
 */
function joins(
  cells: readonly string[],
  width: number,
  kinds: Kinds,
  delimiter: CsvDelimiter,
): Join[] {
  const out: Join[] = [];
  const last = Math.min(cells.length - 2, width);
  for (let index = 0; index <= last; index += 1) {
    const left = cells[index]!;
    const right = cells[index + 1]!;
    if (!splitValue(left, right, kinds.get(index))) continue;
    const text =
      left.length === 0
        ? right
        : right.length === 0
          ? left
          : `${left}${joiner(kinds.get(index), delimiter)}${right}`;
    out.push({ index, left, right, text });
  }
  return out;
}

/** The row's cells as the join reads them, without copying the row. */
function joinedCellAt(cells: readonly string[], join: Join): CellAt {
  return (column) =>
    column < join.index
      ? (cells[column] ?? '')
      : column === join.index
        ? join.text
        : (cells[column + 1] ?? '');
}

/** The row's cells as the join reads them, as a new row. */
function joinedCells(cells: readonly string[], join: Join): string[] {
  return [...cells.slice(0, join.index), join.text, ...cells.slice(join.index + 2)];
}

/**
 * Whether a reading leaves something past the header: `filledPast(k)` says whether the row holds
 * a non-empty cell at `k` or after. A reading is one cell shorter, and a join inside the header
 * moves the surplus one cell left.
 */
function leavesExtra(
  length: number,
  width: number,
  join: Join,
  filledPast: (index: number) => boolean,
): boolean {
  if (length - 1 <= width) return false;
  return filledPast(join.index >= width ? width : width + 1);
}

function splitValue(left: string, right: string, kind: Kind | undefined): boolean {
  if (left.length === 0 || right.length === 0) return true;
  switch (kind) {
    case 'phone':
      return parsePhoneCell(left).some((part) => part.kind === 'number');
    case 'url':
      return parseUrlCell(left).some((part) => part.kind === 'url');
    case 'domain':
      return [left, right].every((half) =>
        parseDomainCell(half).every((part) => part.kind === 'domain'),
      );
    default:
      return true;
  }
}

/**
 * What stood between the two halves. The parser trimmed it away, so it is written as people write
 * it: a space after a comma or semicolon in words (`Legal Aid, Boston`), none inside an address
 * (`?zip=02108,02109`), a space for a tab.
 */
function joiner(kind: Kind | undefined, delimiter: CsvDelimiter): string {
  if (delimiter === '\t') return ' ';
  return kind === 'url' || kind === 'domain' ? delimiter : `${delimiter} `;
}

/** Which join to report when several keep the same values: in a column not read, then in a name, then the rest. */
function joinRank(index: number, kinds: Kinds): number {
  const kind = kinds.get(index);
  return kind === undefined ? 0 : kind === 'org' || kind === 'alias' ? 1 : 2;
}

/**
 * A value already in a column of its kind is not part of the shift, so a join may move it only to
 * another column of that kind (`Website` to `Intake`, both read as URLs). Without this, words in
 * a URL column (`Org Q,coming soon,www.q.example.org,617-555-0100,` under
 * `Organization,Website,Intake,Phone`) would be "realigned" into the name, moving the number out
 * of `Phone`, where it was right.
 */
function keepsPlacedValues(cells: readonly string[], index: number, kinds: Kinds): boolean {
  for (const [column, kind] of kinds) {
    // Column index + 1 is the tail being joined: it fits wherever it sits. Every later one moves left.
    if (
      column <= index + 1 ||
      !present(cells[column] ?? '') ||
      unfitCell(cells[column]!, kind) !== null
    )
      continue;
    if (kinds.get(column - 1) !== kind) return false;
  }
  return true;
}
