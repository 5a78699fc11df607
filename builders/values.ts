import { houseMessage } from '../src/input/issues.js';
import { formatPhone } from '../src/normalize/phone.js';
import {
  isPlaceholder,
  parseAliasCell,
  parseDomainCell,
  parsePhoneCell,
  parseUrlCell,
} from './cells.js';
import type { ResolvedColumn, ResolvedColumns } from './columns.js';
import type { BuildState, OrgEntry } from './types.js';

// A fitted row's cells into the build's state, one kind of column a function. Every value left out
// or read differently from the file leaves a warning or a note.

export interface RowPlace {
  source: string;
  row: number;
  line: number;
}

/** One row being read: its place, its cells (realigned if need be) and its columns. */
export interface RowContext {
  at: RowPlace;
  cells: readonly string[];
  cols: ResolvedColumns;
}

/** The row's cell in `column` (empty when the row is short). */
export function cellOf(context: RowContext, column: ResolvedColumn): string {
  return context.cells[column.index] ?? '';
}

/** The cell is empty, or a placeholder such as `N/A` (a note). */
export function isBlank(state: BuildState, context: RowContext, column: ResolvedColumn): boolean {
  const value = cellOf(context, column);
  if (value.length === 0) return true;
  if (!isPlaceholder(value)) return false;
  state.notes.push({
    ...context.at,
    code: 'PLACEHOLDER',
    column: column.name,
    value,
    message: `${JSON.stringify(value)} read as empty`,
  });
  return true;
}

/** Each phone column's numbers onto the organization; extensions, text and bad values reported. */
export function readPhones(state: BuildState, context: RowContext, org: OrgEntry): void {
  for (const column of context.cols.phones) {
    if (isBlank(state, context, column)) continue;
    const value = cellOf(context, column);
    const at = context.at;
    const parts = parsePhoneCell(value);
    const kept: string[] = [];
    const text: string[] = [];
    for (const part of parts) {
      if (part.kind === 'number') {
        kept.push(part.e164);
        if (!org.phones.includes(part.e164)) org.phones.push(part.e164);
        if (part.extension !== undefined) {
          state.notes.push({
            ...at,
            code: 'EXTENSION',
            column: column.name,
            value: part.raw,
            message: `listed as ${formatPhone(part.e164)}; the extension ${part.extension} is dropped, since the allowlist holds main numbers and an answer adding the extension still gives the right number`,
          });
        }
      } else if (part.kind === 'bad') {
        state.warnings.push({
          ...at,
          code: 'BAD_PHONE',
          column: column.name,
          value: part.raw,
          message: houseMessage(
            `${JSON.stringify(part.raw)} is not a phone number (${part.reason}); value skipped`,
            'write it as (617) 555-0123',
          ),
        });
      } else text.push(part.raw);
    }
    if (text.length === 0) continue;
    const quoted = text.map((piece) => JSON.stringify(piece)).join(', ');
    if (kept.length > 0) {
      state.notes.push({
        ...at,
        code: 'PHONE_TEXT',
        column: column.name,
        value,
        message: `kept ${kept.map(formatPhone).join(', ')}; the rest, ${quoted}, is not a number and is left out`,
      });
    } else if (parts.some((part) => part.kind === 'bad')) {
      state.notes.push({
        ...at,
        code: 'PHONE_TEXT',
        column: column.name,
        value,
        message: `${quoted}, beside the number skipped above, is not a number and is left out`,
      });
    } else {
      // Words alone where a number belongs ("see website") are a value lost, so a warning.
      state.warnings.push({
        ...at,
        code: 'BAD_PHONE',
        column: column.name,
        value,
        message: houseMessage(
          `${JSON.stringify(value)} holds no phone number; value skipped`,
          'put the number here, or leave the cell empty',
        ),
      });
    }
  }
}

/** Each URL column's addresses; returns the links the row vouches for (hosts when derived). */
export function readUrls(state: BuildState, context: RowContext, key: string): string[] {
  const links: string[] = [];
  for (const column of context.cols.urls) {
    if (isBlank(state, context, column)) continue;
    const value = cellOf(context, column);
    const at = context.at;
    for (const part of parseUrlCell(value)) {
      if (part.kind === 'url') {
        state.urls.add(part.url);
        if (!state.urlsAsWritten.has(part.url) && part.raw.trim() !== part.url)
          state.urlsAsWritten.set(part.url, part.raw.trim());
        let owners = state.hostOrgs.get(part.host);
        if (!owners) state.hostOrgs.set(part.host, (owners = new Set()));
        owners.add(key);
        const org = state.orgs.get(key);
        if (org && !(org.urls ??= []).includes(part.url)) org.urls.push(part.url);
        links.push(part.url);
        if (state.deriveDomains) {
          state.domains.add(part.host);
          links.push(part.host);
        }
      } else if (part.kind === 'bad') {
        state.warnings.push({
          ...at,
          code: 'BAD_URL',
          column: column.name,
          value: part.raw,
          message: houseMessage(
            `${JSON.stringify(part.raw)} skipped: ${part.reason}`,
            'write addresses like www.example.org/help',
          ),
        });
      } else {
        state.notes.push({
          ...at,
          code: 'URL_TEXT',
          column: column.name,
          value,
          message: `${JSON.stringify(part.raw)} beside the address is not an address and is left out`,
        });
      }
    }
  }
  return links;
}

/** Each domain column's hosts into the allowlist; returns them. */
export function readDomains(state: BuildState, context: RowContext): string[] {
  const hosts: string[] = [];
  for (const column of context.cols.domains) {
    if (isBlank(state, context, column)) continue;
    for (const part of parseDomainCell(cellOf(context, column))) {
      if (part.kind === 'domain') {
        state.domains.add(part.host);
        hosts.push(part.host);
      } else
        state.warnings.push({
          ...context.at,
          code: 'BAD_DOMAIN',
          column: column.name,
          value: part.raw,
          message: houseMessage(
            `${JSON.stringify(part.raw)} is ${part.reason}; value skipped`,
            'write a host name such as mass.gov',
          ),
        });
    }
  }
  return hosts;
}

/** Each alias column's names, kept aside until every row is read (`settleAliases`). */
export function readAliases(state: BuildState, context: RowContext, key: string): void {
  for (const column of context.cols.aliases) {
    if (isBlank(state, context, column)) continue;
    for (const alias of parseAliasCell(cellOf(context, column))) {
      state.pendingAliases.push({
        alias,
        claim: { orgKey: key, ...context.at, column: column.name },
      });
    }
  }
}
