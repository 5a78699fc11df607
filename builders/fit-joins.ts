import { parseDomainCell, parsePhoneCell, parseUrlCell } from './cells.js';
import { type CellAt, type Kind, type Kinds, present, unfitCell } from './fit-kinds.js';
import type { CsvDelimiter } from './types.js';

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
export function joins(
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
export function joinedCellAt(cells: readonly string[], join: Join): CellAt {
  return (column) =>
    column < join.index
      ? (cells[column] ?? '')
      : column === join.index
        ? join.text
        : (cells[column + 1] ?? '');
}

/** The row's cells as the join reads them, as a new row. */
export function joinedCells(cells: readonly string[], join: Join): string[] {
  return [...cells.slice(0, join.index), join.text, ...cells.slice(join.index + 2)];
}

/**
 * Whether a reading leaves something past the header: `filledPast(k)` says whether the row holds
 * a non-empty cell at `k` or after. A reading is one cell shorter, and a join inside the header
 * moves the surplus one cell left.
 */
export function leavesExtra(
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
export function joinRank(index: number, kinds: Kinds): number {
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
export function keepsPlacedValues(cells: readonly string[], index: number, kinds: Kinds): boolean {
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
