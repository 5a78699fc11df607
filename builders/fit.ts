import { type ColumnKind, parseDomainCell, parsePhoneCell, parseUrlCell } from './cells.js';
import type { ResolvedColumns } from './columns.js';
import {
  type CellAt,
  columnKinds,
  type Kinds,
  keptValues,
  type Problem,
  present,
  quote,
  unfitCell,
  unfitColumns,
  wrongKind,
} from './fit-kinds.js';
import type { CsvDelimiter } from './types.js';

// Whether a row's cells sit under their columns. An unquoted delimiter inside a name
// (`Legal Aid, Boston,boston.example.org,617-555-0124,,`) moves every later cell one column on, and
// a wrong name is worse than a missing one: a row that does not fit is read again in the one way
// that makes it fit, or not at all.

export type RowReading =
  /** The cells fit their columns (or only hold bad values, each warned about as usual). */
  | { kind: 'as-written' }
  /** Every reading joining one pair of neighbouring cells that fits keeps the same values. */
  | { kind: 'realigned'; cells: string[]; joined: Join }
  /** What does not fit, one phrase each. */
  | { kind: 'misaligned'; problems: string[] };

const AS_WRITTEN: RowReading = { kind: 'as-written' };

/**
 * How to read a row. It does not fit when a cell holds another column's kind of value, or when it
 * is longer than the header and a read cell is not what its column holds; then every reading
 * joining two neighbouring cells that fits must keep the same values, else it is misaligned.
 * An extra empty cell most rows have (`trailingHabit`) just ends a row. Linear in the row's cells.
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
    const joined = [...cells.slice(0, best.index), best.text, ...cells.slice(best.index + 2)];
    return { kind: 'realigned', cells: joined, joined: best };
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

/** The read columns that do not fit as written, and the surplus when it matters. */
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

/** The joins whose reading fits (nothing left past the header), each with the values it keeps. */
function fittingReadings(
  cells: readonly string[],
  header: readonly string[],
  kinds: Kinds,
  delimiter: CsvDelimiter,
): Array<{ join: Join; values: string }> {
  const width = header.length;
  let lastFilled = cells.length - 1;
  while (lastFilled >= 0 && cells[lastFilled]!.length === 0) lastFilled -= 1;
  const out = [];
  for (const join of joins(cells, width, kinds, delimiter)) {
    if (!keepsPlacedValues(cells, join.index, kinds)) continue;
    // A reading is one cell shorter, and a join inside the header moves the surplus one cell left.
    if (cells.length - 1 > width && lastFilled >= (join.index >= width ? width : width + 1))
      continue;
    const cellAt: CellAt = joinedCellAt(cells, join);
    if (unfitColumns(cellAt, kinds, header, true).length > 0) continue;
    out.push({ join, values: keptValues(cellAt, kinds) });
  }
  return out;
}

/** Whether most rows end with empty cells past the header: some exports end every row so. */
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

// A reading is the join alone; its cells are seen through `joinedCellAt` and copied only for the
// reading the build keeps, so a wide row is never copied once per pair.

export interface Join {
  /** The first of the two cells read as one. */
  index: number;
  left: string;
  right: string;
  text: string;
}

/**
 * Every join a row can be read with. A value split at a delimiter starts with the value: a phone
 * cell's first half holds a number (`(617) 782-6540` | `Press 5`), a URL cell's an address, a
 * domain cell's both halves hosts; `INC` | `804-966-8720` is a name's tail and the next cell.
 * Joins start at most at the header's width: one further right reads the same values as the one
 * there, which bounds a row's readings by the width + 1 whatever its length.
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

/** The row's cells as the join reads them, without a copy. */
function joinedCellAt(cells: readonly string[], join: Join): CellAt {
  return (column) =>
    column < join.index
      ? (cells[column] ?? '')
      : column === join.index
        ? join.text
        : (cells[column + 1] ?? '');
}

function splitValue(left: string, right: string, kind: ColumnKind | undefined): boolean {
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

/** What stood between the halves, as people write it: `Legal Aid, Boston`, `?zip=02108,02109`. */
function joiner(kind: ColumnKind | undefined, delimiter: CsvDelimiter): string {
  if (delimiter === '\t') return ' ';
  return kind === 'url' || kind === 'domain' ? delimiter : `${delimiter} `;
}

/** Which of several joins keeping the same values to report: in a column not read, a name, the rest. */
function joinRank(index: number, kinds: Kinds): number {
  const kind = kinds.get(index);
  return kind === undefined ? 0 : kind === 'org' || kind === 'alias' ? 1 : 2;
}

/**
 * A value already in a column of its kind is not part of the shift: a join may move it only to
 * another column of that kind. Else `Org Q,coming soon,www.q.example.org,617-555-0100,` under
 * `Organization,Website,Intake,Phone` would join the words into the name, moving the number out.
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
