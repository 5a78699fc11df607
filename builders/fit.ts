import { cleanOrgName, orgKey } from '../src/normalize/name.js';
import {
  holdsPhoneNumber,
  holdsWrittenAddress,
  isAddressText,
  isPhoneText,
  isPlaceholder,
  parseAliasCell,
  parseDomainCell,
  parsePhoneCell,
  parseUrlCell,
} from './cells.js';
import type { ResolvedColumns } from './columns.js';
import type { CsvDelimiter } from './types.js';

/**
 * Whether a row's cells sit under their columns. Pure. An unquoted delimiter inside a name
 * (`Legal Aid, Boston,boston.example.org,617-555-0124,,`) moves every later cell one column on:
 * the website column then holds the name's tail, the phone column the address, the alias column
 * the number, and reading the row as written would put "Legal Aid" in the allowlist with a phone
 * number for an alias. A wrong name is worse than a missing one, so a row that does not fit is
 * either read again in the one way that makes it fit, or not read at all.
 */

type Kind = 'org' | 'url' | 'phone' | 'alias' | 'domain';

export type RowReading =
  /** The cells fit their columns (or only hold bad values, each warned about as usual). */
  | { kind: 'as-written' }
  /** One pair of neighbouring cells read as one cell makes every cell fit, and every such reading keeps the same values. */
  | {
      kind: 'realigned';
      cells: string[];
      joined: { index: number; left: string; right: string; text: string };
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
 * cells, and as written when its extra cells are empty. The readings in which every read cell
 * holds its kind and nothing is left past the header must all keep the same values; then the row
 * is read that way (as written when that is one of them), else it is misaligned. An extra empty
 * cell that most rows of the file have (`trailingHabit`) is the file's way of ending a row, not
 * a sign of a split cell, and such a row is read as written whenever its cells fit.
 */
export function readRow(
  cells: readonly string[],
  header: readonly string[],
  cols: ResolvedColumns,
  delimiter: CsvDelimiter,
  trailingHabit = false,
): RowReading {
  const kinds = columnKinds(cols);
  const wrong = wrongKind(cells, kinds, header);
  const surplus = cells.length > header.length;
  const unfit = surplus ? unfitCells(cells, kinds, header, false) : [];
  const fitsAsWritten = wrong.length === 0 && unfit.length === 0;
  if (fitsAsWritten && (!surplus || trailingHabit)) return AS_WRITTEN;
  // One phrase per column: the wrong kind said first, the looser "not what it holds" only beside it.
  const said = new Set(wrong.map((problem) => problem.index));
  const problems = [...wrong, ...unfit.filter((problem) => !said.has(problem.index))]
    .sort((a, b) => a.index - b.index)
    .map((problem) => problem.text);
  if (!surplus) return { kind: 'misaligned', problems };

  const readings = joins(cells, kinds, delimiter).filter(
    (reading) =>
      keepsPlacedValues(cells, reading.joined.index, kinds) &&
      unfitCells(reading.cells, kinds, header, true).length === 0,
  );
  const values = new Set(readings.map((reading) => keptValues(reading.cells, kinds)));
  if (fitsAsWritten) {
    const asWritten = keptValues(cells, kinds);
    const other = readings.find((reading) => keptValues(reading.cells, kinds) !== asWritten);
    if (other === undefined) return AS_WRITTEN;
    const { left, right } = other.joined;
    return {
      kind: 'misaligned',
      problems: [
        `it has ${cells.length} cells and the header ${header.length}, and its cells fit their columns both as written and with ${quote(left)} and ${quote(right)} read as one cell, which keep different values`,
      ],
    };
  }
  if (values.size === 1) {
    const best = readings.sort(
      (a, b) =>
        joinRank(a.joined.index, kinds) - joinRank(b.joined.index, kinds) ||
        a.joined.index - b.joined.index,
    )[0]!;
    return { kind: 'realigned', ...best };
  }
  const ways =
    readings.length === 0
      ? 'reading no two neighbouring cells as one makes them fit'
      : `they fit in ${readings.length} readings that keep different values (${readings
          .slice(0, 3)
          .map(
            (reading) =>
              `${quote(reading.joined.left)} and ${quote(reading.joined.right)} as one cell`,
          )
          .join(', or ')})`;
  return { kind: 'misaligned', problems: [...problems, ways] };
}

/**
 * A value already in a column of its kind is not part of the shift, so a join may move it only to
 * another column of that kind (`Website` to `Intake`, both read as URLs). Without this, words in
 * a URL column (`Org Q,coming soon,www.q.example.org,617-555-0100,` under
 * `Organization,Website,Intake,Phone`) would be "realigned" into the name, moving the number out
 * of `Phone`, where it was right.
 */
function keepsPlacedValues(
  cells: readonly string[],
  index: number,
  kinds: ReadonlyMap<number, Kind>,
): boolean {
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

interface Problem {
  /** The column, or the header's length for "more cells than the header". */
  index: number;
  text: string;
}

function columnKinds(cols: ResolvedColumns): Map<number, Kind> {
  const kinds = new Map<number, Kind>([[cols.org.index, 'org']]);
  for (const [list, kind] of [
    [cols.urls, 'url'],
    [cols.phones, 'phone'],
    [cols.aliases, 'alias'],
    [cols.domains, 'domain'],
  ] as const) {
    for (const column of list) if (!kinds.has(column.index)) kinds.set(column.index, kind);
  }
  return kinds;
}

const quote = (text: string): string => JSON.stringify(text);
const present = (cell: string): boolean => cell.length > 0 && !isPlaceholder(cell);

/** What a name or an alias must never be: a phone number, or a web address written as one. */
function notAName(value: string): string | null {
  if (isPhoneText(value) || holdsPhoneNumber(value))
    return `holds a phone number (${quote(value)})`;
  if (holdsWrittenAddress(value)) return `holds a web address (${quote(value)})`;
  return null;
}

/** Cells holding the kind of value another column holds: proof on their own that the row is off. */
function wrongKind(
  cells: readonly string[],
  kinds: ReadonlyMap<number, Kind>,
  header: readonly string[],
): Problem[] {
  const problems: Problem[] = [];
  for (const [index, kind] of kinds) {
    const cell = cells[index] ?? '';
    if (!present(cell)) continue;
    const next = cells[index + 1] ?? '';
    const column = `'${header[index]}'`;
    let text: string | null = null;
    if (kind === 'org') text = notAName(cell);
    else if (kind === 'alias')
      text =
        parseAliasCell(cell)
          .map(notAName)
          .find((found) => found !== null) ?? null;
    else if (kind === 'phone')
      text = isAddressText(cell) ? `holds a web address (${quote(cell)})` : null;
    else if (isPhoneText(cell)) text = `holds a phone number (${quote(cell)})`;
    else if (!holdsAddress(cell, kind) && isAddressText(next))
      text = `holds ${quote(cell)}, not a web address, while the next cell is one (${quote(next)})`;
    if (text !== null) problems.push({ index, text: `${column} ${text}` });
  }
  return problems;
}

function holdsAddress(cell: string, kind: 'url' | 'domain'): boolean {
  return kind === 'url'
    ? parseUrlCell(cell).some((part) => part.kind === 'url')
    : parseDomainCell(cell).some((part) => part.kind === 'domain');
}

/**
 * Cells that do not hold exactly what their column holds, and anything past the header. A row
 * read as written may lack its name (it is then skipped as nameless); a row realigned may not.
 */
function unfitCells(
  cells: readonly string[],
  kinds: ReadonlyMap<number, Kind>,
  header: readonly string[],
  needName: boolean,
): Problem[] {
  const problems: Problem[] = [];
  for (const [index, kind] of kinds) {
    const cell = cells[index] ?? '';
    const text =
      kind === 'org' && !present(cell) ? (needName ? 'is empty' : null) : unfitCell(cell, kind);
    if (text !== null) problems.push({ index, text: `'${header[index]}' ${text}` });
  }
  if (cells.length > header.length) {
    const extra = cells.slice(header.length).filter((cell) => cell.length > 0);
    if (extra.length > 0 || problems.length > 0) {
      const holding =
        extra.length === 0 ? '' : `, the extra holding ${extra.map(quote).join(', ')}`;
      problems.push({
        index: header.length,
        text: `it has ${cells.length} cells and the header ${header.length}${holding}`,
      });
    }
  }
  return problems;
}

function unfitCell(cell: string, kind: Kind): string | null {
  if (!present(cell)) return null;
  switch (kind) {
    case 'org':
      return notAName(cell);
    case 'alias':
      return (
        parseAliasCell(cell)
          .map(notAName)
          .find((found) => found !== null) ?? null
      );
    case 'url': {
      if (isPhoneText(cell)) return `holds a phone number (${quote(cell)})`;
      const parts = parseUrlCell(cell);
      if (!parts.some((part) => part.kind === 'url'))
        return `holds ${quote(cell)}, not a web address`;
      const odd = parts.find(
        (part) => part.kind === 'bad' || (part.kind === 'text' && isPhoneText(part.raw)),
      );
      return odd === undefined ? null : `holds ${quote(odd.raw)}, not a web address`;
    }
    case 'phone': {
      if (isAddressText(cell)) return `holds a web address (${quote(cell)})`;
      const parts = parsePhoneCell(cell);
      if (!parts.some((part) => part.kind === 'number'))
        return `holds ${quote(cell)}, not a phone number`;
      const odd = parts.find(
        (part) => part.kind === 'bad' || (part.kind === 'text' && holdsWrittenAddress(part.raw)),
      );
      return odd === undefined ? null : `holds ${quote(odd.raw)}, not a phone number`;
    }
    case 'domain': {
      const bad = parseDomainCell(cell).find((part) => part.kind === 'bad');
      return bad === undefined ? null : `holds ${quote(bad.raw)}, not a host name`;
    }
  }
}

/**
 * Every row with one pair of neighbouring cells read as one, the delimiter between them kept. A
 * value split at a delimiter starts with the value: a phone cell's first half holds a number
 * (`(617) 782-6540` | `Press 5`), a URL cell's an address (`…?zip=02108` | `02109`), a domain
 * cell's both halves hosts. Words and a number (`INC` | `804-966-8720`) are a name's tail and
 * the next cell, not one phone cell. Names and columns the build does not read take any halves.
 */
function joins(
  cells: readonly string[],
  kinds: ReadonlyMap<number, Kind>,
  delimiter: CsvDelimiter,
): Array<Omit<Extract<RowReading, { kind: 'realigned' }>, 'kind'>> {
  const out = [];
  for (let index = 0; index + 1 < cells.length; index += 1) {
    const left = cells[index]!;
    const right = cells[index + 1]!;
    if (!splitValue(left, right, kinds.get(index))) continue;
    const text =
      left.length === 0
        ? right
        : right.length === 0
          ? left
          : `${left}${joiner(kinds.get(index), delimiter)}${right}`;
    out.push({
      cells: [...cells.slice(0, index), text, ...cells.slice(index + 2)],
      joined: { index, left, right, text },
    });
  }
  return out;
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
function joinRank(index: number, kinds: ReadonlyMap<number, Kind>): number {
  const kind = kinds.get(index);
  return kind === undefined ? 0 : kind === 'org' || kind === 'alias' ? 1 : 2;
}

/** The values a reading would put in the allowlist, as one comparable string. */
function keptValues(cells: readonly string[], kinds: ReadonlyMap<number, Kind>): string {
  const values: string[][] = [];
  for (const [index, kind] of [...kinds].sort((a, b) => a[0] - b[0])) {
    const cell = cells[index] ?? '';
    if (!present(cell)) {
      values.push([]);
      continue;
    }
    switch (kind) {
      case 'org':
        values.push([orgKey(cleanOrgName(cell))]);
        break;
      case 'alias':
        values.push(parseAliasCell(cell).map(orgKey).sort());
        break;
      case 'url':
        values.push(
          parseUrlCell(cell)
            .flatMap((part) => (part.kind === 'url' ? [part.url] : []))
            .sort(),
        );
        break;
      case 'phone':
        values.push(
          parsePhoneCell(cell)
            .flatMap((part) => (part.kind === 'number' ? [part.e164] : []))
            .sort(),
        );
        break;
      case 'domain':
        values.push(
          parseDomainCell(cell)
            .flatMap((part) => (part.kind === 'domain' ? [part.host] : []))
            .sort(),
        );
        break;
    }
  }
  return JSON.stringify(values);
}
