import { houseMessage } from '../src/input/issues.js';
import { cleanOrgName, orgKey } from '../src/normalize/name.js';
import { isPlaceholder } from './cells.js';
import type { ResolvedColumns } from './columns.js';
import { readAreas } from './areas.js';
import { readRow, trailingHabit } from './fit.js';
import { describeDelimiter } from './messages.js';
import type { BuildState, OrgEntry, Table, TableRow } from './types.js';
import {
  cellOf,
  readAliases,
  readDomains,
  readPhones,
  readUrls,
  type RowContext,
  type RowPlace,
} from './values.js';

/** Every row of `table` into `state`: its cells fitted, its organization found, its values read. */
export function readTable(state: BuildState, table: Table, cols: ResolvedColumns): void {
  const habit = trailingHabit(table.header, table.rows);
  for (const row of table.rows) {
    state.rowsRead += 1;
    const at = { source: table.source, row: row.row, line: row.line };
    // A record table's cells are values already: nothing was split by a delimiter.
    const cells = table.records ? row.cells : fitCells(state, table, cols, habit, row, at);
    if (cells === undefined) continue;
    const context: RowContext = { at, cells, cols };
    const found = organizationOf(state, context, row.tied === true);
    if (found === undefined) continue;
    state.rowsUsed += 1;
    readPhones(state, context, found.entry);
    const links = [...readUrls(state, context, found.key), ...readDomains(state, context)];
    readAliases(state, context, found.key);
    readAreas(state, context, found.key, links);
  }
}

/** The row's cells as written, or joined once (a warning), or undefined: skipped (a warning). */
function fitCells(
  state: BuildState,
  table: Table,
  cols: ResolvedColumns,
  habit: ReturnType<typeof trailingHabit>,
  row: TableRow,
  at: RowPlace,
): readonly string[] | undefined {
  const reading = readRow(row.cells, table.header, cols, table.delimiter, habit);
  if (reading.kind === 'misaligned') {
    state.rowsSkipped += 1;
    state.warnings.push({
      ...at,
      code: 'MISALIGNED_ROW',
      value: row.cells.join(table.delimiter),
      name: row.cells[cols.org.index] ?? '',
      message: houseMessage(
        `its cells do not fit their columns (${reading.problems.join('; ')}); row skipped, so nothing from it was added`,
        `put each value under its own column, and quote any cell that holds a ${describeDelimiter(table.delimiter)}`,
      ),
    });
    return undefined;
  }
  if (reading.kind === 'realigned') {
    state.rowsRealigned += 1;
    const { index, left, right, text } = reading.joined;
    const column = table.header[index];
    state.warnings.push({
      ...at,
      code: 'REALIGNED_ROW',
      ...(column === undefined ? {} : { column }),
      value: text,
      message: houseMessage(
        `has ${row.cells.length} cells and the header ${table.header.length}; its cells fit their columns once ${JSON.stringify(left)} and ${JSON.stringify(right)} are read as one cell, ${JSON.stringify(text)} (an unquoted ${describeDelimiter(table.delimiter)} inside it), so the row was read that way`,
        'quote that cell so the file says what it means',
      ),
    });
    return reading.cells;
  }
  return row.cells;
}

/** The row's organization by `orgKey` (a repeat a note); undefined when it names none (a warning). */
function organizationOf(
  state: BuildState,
  context: RowContext,
  tied: boolean,
): { key: string; entry: OrgEntry } | undefined {
  const { at, cols } = context;
  const rawName = cellOf(context, cols.org);
  const name = isPlaceholder(rawName) ? '' : cleanOrgName(rawName);
  const key = orgKey(name);
  if (key.length === 0) {
    state.rowsSkipped += 1;
    const lost = [...cols.urls, ...cols.phones, ...cols.aliases, ...cols.domains]
      .filter((column) => cellOf(context, column).length > 0)
      .map((column) => `${column.name} ${JSON.stringify(cellOf(context, column))}`);
    state.warnings.push({
      ...at,
      code: 'NO_ORG_NAME',
      column: cols.org.name,
      value: rawName,
      message: houseMessage(
        `has no organization name${rawName.length > 0 ? ` (${JSON.stringify(rawName)} is not a name)` : ''}; row skipped${lost.length > 0 ? `, so ${lost.join(', ')} ${lost.length === 1 ? 'was' : 'were'} not added` : ''}`,
        'fill in the name or delete the row',
      ),
    });
    return undefined;
  }
  const entry = state.orgs.get(key);
  const first = { ...at, name };
  if (!entry) {
    const created: OrgEntry = { name, phones: [], aliases: [], first };
    state.orgs.set(key, created);
    return { key, entry: created };
  }
  // A row tied to its organization by id (a service, a phone) adds to it: no news.
  if (tied) return { key, entry };
  if (entry.first) {
    const spelled = name === entry.first.name ? '' : ` (written ${JSON.stringify(name)} here)`;
    state.notes.push({
      ...at,
      code: 'REPEATED_ORG',
      column: cols.org.name,
      value: name,
      message: `repeats ${JSON.stringify(entry.name)}${spelled}, first at ${entry.first.source === at.source ? '' : `${entry.first.source} `}row ${entry.first.row}; its values are merged under one organization`,
    });
  } else entry.first = first;
  return { key, entry };
}
