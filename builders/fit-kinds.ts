import {
  type ColumnKind,
  CELL_VALUES,
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

// What each read column must hold, one cell at a time (`fit.ts` judges the row). A row is seen
// through `CellAt`, so a reading with two cells joined is judged without a copy.

/** The read columns' kinds, by column index. */
export type Kinds = ReadonlyMap<number, ColumnKind>;

/** The cell a row (or a reading of it) holds at a column; empty past its end. */
export type CellAt = (index: number) => string;

export interface Problem {
  /** The column, or the header's length for "more cells than the header". */
  index: number;
  text: string;
}

export function columnKinds(cols: ResolvedColumns): Map<number, ColumnKind> {
  const kinds = new Map<number, ColumnKind>([[cols.org.index, 'org']]);
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

export const quote = (text: string): string => JSON.stringify(text);
export const present = (cell: string): boolean => cell.length > 0 && !isPlaceholder(cell);

/** A cell holding the other kind of value, in the same words wherever a rule finds it. */
const heldPhone = (value: string): string => `holds a phone number (${quote(value)})`;
const heldAddress = (value: string): string => `holds a web address (${quote(value)})`;

/**
 * What a name or an alias must never be: a phone number, or a web address written as one. A name
 * with a number among its words (`24 HOUR 358-HELPLINE`) is a name when the row's phone column
 * holds a number (`phoneHeld`): then nothing shifted.
 */
function notAName(value: string, phoneHeld: boolean): string | null {
  if (isPhoneText(value) || (!phoneHeld && holdsPhoneNumber(value))) return heldPhone(value);
  if (holdsWrittenAddress(value)) return heldAddress(value);
  return null;
}

const aliasProblem = (cell: string, phoneHeld: boolean): string | null =>
  parseAliasCell(cell)
    .map((alias) => notAName(alias, phoneHeld))
    .find((found) => found !== null) ?? null;

/** Whether a phone column of the row holds a number. */
function holdsNumber(cellAt: CellAt, kinds: Kinds): boolean {
  for (const [index, kind] of kinds)
    if (kind === 'phone' && parsePhoneCell(cellAt(index)).some((part) => part.kind === 'number'))
      return true;
  return false;
}

/** Cells holding the kind of value another column holds: proof on their own that the row is off. */
export function wrongKind(cellAt: CellAt, kinds: Kinds, header: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  const phoneHeld = holdsNumber(cellAt, kinds);
  for (const [index, kind] of kinds) {
    const cell = cellAt(index);
    if (!present(cell)) continue;
    const next = cellAt(index + 1);
    let text: string | null = null;
    if (kind === 'org') text = notAName(cell, phoneHeld);
    else if (kind === 'alias') text = aliasProblem(cell, phoneHeld);
    else if (kind === 'phone') text = isAddressText(cell) ? heldAddress(cell) : null;
    else if (isPhoneText(cell)) text = heldPhone(cell);
    else if (!holdsAddress(cell, kind) && isAddressText(next))
      text = `holds ${quote(cell)}, not a web address, while the next cell is one (${quote(next)})`;
    if (text !== null) problems.push({ index, text: `'${header[index]}' ${text}` });
  }
  return problems;
}

function holdsAddress(cell: string, kind: 'url' | 'domain'): boolean {
  return kind === 'url'
    ? parseUrlCell(cell).some((part) => part.kind === 'url')
    : parseDomainCell(cell).some((part) => part.kind === 'domain');
}

/** The read columns whose cell does not fit; a realigned row must have its name (`needName`). */
export function unfitColumns(
  cellAt: CellAt,
  kinds: Kinds,
  header: readonly string[],
  needName: boolean,
): Problem[] {
  const problems: Problem[] = [];
  const phoneHeld = holdsNumber(cellAt, kinds);
  for (const [index, kind] of kinds) {
    const cell = cellAt(index);
    const text =
      kind === 'org' && !present(cell)
        ? needName
          ? 'is empty'
          : null
        : unfitCell(cell, kind, phoneHeld);
    if (text !== null) problems.push({ index, text: `'${header[index]}' ${text}` });
  }
  return problems;
}

/** Why `cell` does not hold its column's kind; `phoneHeld`: the row's phone column holds a number. */
export function unfitCell(cell: string, kind: ColumnKind, phoneHeld = false): string | null {
  if (!present(cell)) return null;
  switch (kind) {
    case 'org':
      return notAName(cell, phoneHeld);
    case 'alias':
      return aliasProblem(cell, phoneHeld);
    case 'url':
      if (isPhoneText(cell)) return heldPhone(cell);
      return unfitParts(cell, parseUrlCell(cell), 'url', 'a web address', isPhoneText);
    case 'phone':
      if (isAddressText(cell)) return heldAddress(cell);
      return unfitParts(
        cell,
        parsePhoneCell(cell),
        'number',
        'a phone number',
        holdsWrittenAddress,
      );
    case 'domain': {
      const bad = parseDomainCell(cell).find((part) => part.kind === 'bad');
      return bad === undefined ? null : `holds ${quote(bad.raw)}, not a host name`;
    }
  }
}

/**
 * A URL or phone cell's parts fit when one is its `own` kind and none is bad or text of the other
 * kind (`other`).
 */
function unfitParts(
  cell: string,
  parts: ReadonlyArray<{ kind: string; raw: string }>,
  own: string,
  noun: string,
  other: (raw: string) => boolean,
): string | null {
  if (!parts.some((part) => part.kind === own)) return `holds ${quote(cell)}, not ${noun}`;
  const odd = parts.find(
    (part) => part.kind === 'bad' || (part.kind === 'text' && other(part.raw)),
  );
  return odd === undefined ? null : `holds ${quote(odd.raw)}, not ${noun}`;
}

/** The values a reading would put in the allowlist, as one comparable string. */
export function keptValues(cellAt: CellAt, kinds: Kinds): string {
  const values: string[][] = [];
  for (const [index, kind] of [...kinds].sort((a, b) => a[0] - b[0])) {
    const cell = cellAt(index);
    values.push(present(cell) ? CELL_VALUES[kind](cell).sort() : []);
  }
  return JSON.stringify(values);
}
