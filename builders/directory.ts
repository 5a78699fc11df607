import { houseMessage } from '../src/input/issues.js';
import { areaOf } from '../src/jurisdiction/codes.js';
import { isNumberToCall, type PhoneKind } from '../src/allowlist/phone-kinds.js';
import { dataRecord } from '../src/allowlist/fields.js';
import { orgKey } from '../src/normalize/name.js';
import { parsePhoneCell } from './cells.js';
import type { BuildNote, BuildWarning, ColumnNames, Table, TableRow } from './types.js';

// What the directory export readers (`hsds.ts`, `icarol.ts`) share: records tied by ids become
// record tables the build reads as it reads a CSV, each row under its organization's name.

/** The kinds of export `build-allowlist --from` reads. */
export type DirectoryKind = 'csv' | 'hsds' | 'icarol';

/** An export read into record tables, with what reading it left out. */
export interface Directory {
  kind: Exclude<DirectoryKind, 'csv'>;
  source: string;
  /** The organizations' own records first, then the records tied to them. */
  tables: Table[];
  /** Rows whose id points to nothing: one warning a file and reason. */
  warnings: BuildWarning[];
  /** Inactive, deleted and private records left out: one note a file and reason. */
  notes: BuildNote[];
  /** Each number whose kind is not `voice`. */
  phoneKinds: DirectoryPhone[];
}

/** A number of an export with its kind, under its organization's name. */
export interface DirectoryPhone {
  organization: string;
  /** The cell as written. */
  raw: string;
  kind: PhoneKind;
}

/**
 * The allowlist's `orgPhoneKinds` (`base`'s first), under the build's names (`nameOf`). A number to
 * call is kept only when the build listed it; a fax or TTY on its own, being in no `org_phones`.
 */
export function phoneKindsOf(
  phones: readonly DirectoryPhone[],
  nameOf: (key: string) => { name: string; phones: readonly string[] } | undefined,
  base: Readonly<Record<string, Readonly<Record<string, PhoneKind>>>> = {},
): Record<string, Record<string, PhoneKind>> | undefined {
  const out = dataRecord<Record<string, PhoneKind>>();
  for (const [name, own] of Object.entries(base)) {
    const org = nameOf(orgKey(name));
    if (org === undefined) continue;
    Object.assign((out[org.name] ??= dataRecord<PhoneKind>()), own);
  }
  for (const phone of phones) {
    const org = nameOf(orgKey(phone.organization));
    if (org === undefined) continue;
    for (const part of parsePhoneCell(phone.raw)) {
      if (part.kind !== 'number' || (isNumberToCall(phone.kind) && !org.phones.includes(part.e164)))
        continue;
      (out[org.name] ??= dataRecord<PhoneKind>())[part.e164] = phone.kind;
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export { isNumberToCall, type PhoneKind };

/** The kind a label names (`Fax`, `TDD`, `Toll-Free`, `24 hour hotline`, `After Hours`), or undefined. */
export function kindOfLabel(label: string): PhoneKind | undefined {
  const text = label.toLowerCase();
  if (/(?<!\p{L})(fax|facsimile)(?!\p{L})/u.test(text)) return 'fax';
  if (/(?<!\p{L})(tty|tdd|textphone|text telephone|teletype)(?!\p{L})/u.test(text)) return 'TTY';
  if (/(?<!\p{L})pager(?!\p{L})/u.test(text)) return 'pager';
  if (/toll[\s-]?free/.test(text)) return 'toll free';
  if (/after[\s-]?hours?/.test(text)) return 'after hours';
  if (/(?<!\p{L})(hot\s?line|crisis line|helpline)(?!\p{L})/u.test(text)) return 'hotline';
  return undefined;
}

/** An export's own table read by column name, case and surrounding spaces ignored. */
export class ExportTable {
  private readonly index = new Map<string, number>();
  constructor(readonly table: Table) {
    table.header.forEach((name, at) => {
      const key = name.trim().toLowerCase();
      if (!this.index.has(key)) this.index.set(key, at);
    });
  }

  has(column: string): boolean {
    return this.index.has(column.toLowerCase());
  }

  /** The header's own spelling of a column. */
  column(column: string): string | undefined {
    const at = this.index.get(column.toLowerCase());
    return at === undefined ? undefined : this.table.header[at];
  }

  /** The row's cell in `column`, trimmed; '' when missing. */
  cell(row: TableRow, column: string): string {
    const at = this.index.get(column.toLowerCase());
    return at === undefined ? '' : (row.cells[at] ?? '').trim();
  }

  /** The first of `columns` the header has. */
  first(...columns: string[]): string | undefined {
    return columns.find((column) => this.has(column));
  }
}

/** A cell that says yes (`Yes`, `True`, `1`, `Y`, `X`), as exports write flags. */
export function isYes(value: string): boolean {
  return /^(yes|true|1|y|x)$/i.test(value.trim());
}

/** A record-table row as a reader writes it: its cells by column. */
export interface RecordRow {
  at: TableRow;
  organization: string;
  tied: boolean;
  cells: Readonly<Record<string, string>>;
}

/** The record table of one export file, its columns spelled as the file does, for messages. */
export function recordTable(
  from: Table,
  columns: Omit<ColumnNames, 'domains'>,
  rows: readonly RecordRow[],
  notes: readonly string[] = [],
): Table {
  const header = [
    columns.org,
    ...columns.urls,
    ...columns.phones,
    ...columns.aliases,
    ...(columns.area === undefined ? [] : [columns.area]),
  ];
  return {
    source: from.source,
    header,
    ...(from.headerAt ? { headerAt: from.headerAt } : {}),
    rows: rows.map((row) => ({
      row: row.at.row,
      line: row.at.line,
      cells: header.map((name, at) => (at === 0 ? row.organization : (row.cells[name] ?? ''))),
      ...(row.tied ? { tied: true } : {}),
    })),
    blankRows: from.blankRows,
    notes: [...from.notes, ...notes],
    encoding: from.encoding,
    delimiter: from.delimiter,
    records: { columns: { ...columns, domains: [] } },
  };
}

/** Rows left out for one reason, gathered so that the file gets one message, not one a row. */
export class LeftOut {
  private readonly groups = new Map<
    string,
    { table: Table; rows: TableRow[]; what: string; todo: string | undefined }
  >();

  /** `what`: what was left out and why; `todo`, for a warning, what to do. */
  add(table: Table, row: TableRow, what: string, todo?: string): void {
    const key = `${table.source}\u0000${what}`;
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = { table, rows: [], what, todo }));
    group.rows.push(row);
  }

  /** One warning a file and reason for ids that point to nothing; one note for the rest. */
  messages(): { warnings: BuildWarning[]; notes: BuildNote[] } {
    const warnings: BuildWarning[] = [];
    const notes: BuildNote[] = [];
    for (const { table, rows, what, todo } of this.groups.values()) {
      const first = rows[0]!;
      const shown = rows.slice(0, ROWS_SHOWN).map((row) => row.row);
      const more = rows.length > ROWS_SHOWN ? ` and ${rows.length - ROWS_SHOWN} more` : '';
      // The place names the first row; more rows are named after their count.
      const which =
        rows.length === 1 ? '' : `${rows.length} rows (rows ${shown.join(', ')}${more}): `;
      const item = { source: table.source, row: first.row, line: first.line };
      if (todo === undefined)
        notes.push({ ...item, code: 'LEFT_OUT_RECORDS', message: `${which}${what}` });
      else
        warnings.push({
          ...item,
          code: 'ORPHAN_RECORDS',
          message: houseMessage(`${which}${what}`, todo),
        });
    }
    return { warnings, notes };
  }

  /** Summary lines for one file: "2 rows left out: …". */
  linesFor(table: Table): string[] {
    return [...this.groups.values()]
      .filter((group) => group.table.source === table.source)
      .map(
        (group) =>
          `${group.rows.length} ${group.rows.length === 1 ? 'row' : 'rows'}: ${group.what}`,
      );
  }
}

const ROWS_SHOWN = 10;

// Words of a place inside one state: such an area is in the state of the service's own addresses.
// Anything else that is not a state stays unknown: a guess could call a right answer wrong.
const WITHIN_A_STATE =
  /(?<!\p{L})(county|counties|city|cities|town|towns|township|parish|borough|village|zip|zip codes?|statewide)(?!\p{L})|^\d{5}(?:-\d{4})?$/iu;

/**
 * The states a service area names: itself when a state, `US` or `State - County`; the service's
 * address states when it is a place inside one state and they are one; else null (unknown).
 */
export function statesOfArea(area: string, addressStates: ReadonlySet<string>): string[] | null {
  const text = area.trim();
  const direct = areaOf(text) ?? areaOf(text.split(/\s+[-–—>]\s+|\s*[:|]\s*/)[0] ?? '');
  if (direct !== null) return [direct];
  if (WITHIN_A_STATE.test(text) && addressStates.size === 1) return [...addressStates];
  return null;
}

/** Every record's states together, or null (unknown) when any is unknown or there is none. */
export function unionOfAreas(areas: ReadonlyArray<readonly string[] | null>): string[] | null {
  if (areas.length === 0) return null;
  const out = new Set<string>();
  for (const list of areas) {
    if (list === null) return null;
    for (const area of list) out.add(area);
  }
  return [...out].sort();
}
