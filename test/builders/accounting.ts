import { parsePhoneCell, parseUrlCell, isPlaceholder } from '../../builders/cells.js';
import { columnKey } from '../../builders/columns.js';
import type { BuildResult, ColumnNames, Table } from '../../builders/types.js';
import { orgKey } from '../../src/normalize/name.js';

/**
 * "Never silent", checked cell by cell: every non-blank phone or URL cell of every row either put
 * each of its values into the allowlist, or is named by a warning or note at that row (and column,
 * unless the whole row was skipped). Returns the cells that broke the rule, for a readable failure.
 */
export function unaccountedCells(
  tables: readonly Table[],
  columns: ColumnNames,
  result: BuildResult,
): string[] {
  const problems: string[] = [];
  const byKey = new Map(result.allowlist.orgNames.map((name) => [orgKey(name), name]));
  const urls = new Set(result.allowlist.urls);
  const reported = (source: string, row: number, column?: string): boolean =>
    [...result.warnings, ...result.notes].some(
      (item) =>
        item.source === source &&
        item.row === row &&
        (column === undefined
          ? item.column === undefined || item.code === 'NO_ORG_NAME'
          : item.column === column),
    );
  for (const table of tables) {
    const index = (name: string): number =>
      table.header.findIndex((header) => columnKey(header) === columnKey(name));
    for (const row of table.rows) {
      // A row read with two cells joined is reported as a whole: its cells are not where the header says.
      if (
        result.warnings.some(
          (item) =>
            item.code === 'REALIGNED_ROW' && item.source === table.source && item.row === row.row,
        )
      )
        continue;
      const name = byKey.get(orgKey(row.cells[index(columns.org)] ?? ''));
      if (name === undefined) {
        if (!reported(table.source, row.row))
          problems.push(`${table.source} row ${row.row}: dropped without a warning`);
        continue;
      }
      const phones = result.allowlist.orgPhones[name] ?? [];
      for (const column of columns.phones) {
        const header = table.header[index(column)]!;
        const cell = row.cells[index(column)] ?? '';
        if (cell.length === 0) continue;
        const parts = parsePhoneCell(cell);
        const allUsed =
          parts.length > 0 &&
          parts.every(
            (part) =>
              part.kind === 'number' && phones.includes(part.e164) && part.extension === undefined,
          );
        if (!allUsed && !reported(table.source, row.row, header))
          problems.push(
            `${table.source} row ${row.row} ${header} ${JSON.stringify(cell)}: not all used, no warning or note`,
          );
      }
      for (const column of columns.urls) {
        const header = table.header[index(column)]!;
        const cell = row.cells[index(column)] ?? '';
        if (cell.length === 0) continue;
        const parts = parseUrlCell(cell);
        const allUsed =
          !isPlaceholder(cell) && parts.every((part) => part.kind === 'url' && urls.has(part.url));
        if (!allUsed && !reported(table.source, row.row, header))
          problems.push(
            `${table.source} row ${row.row} ${header} ${JSON.stringify(cell)}: not all used, no warning or note`,
          );
      }
    }
  }
  return problems;
}
