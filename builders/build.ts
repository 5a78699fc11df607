import {
  dataRecord,
  parseAllowlist,
  toAllowlistFile,
  type Allowlist,
} from '../src/allowlist/schema.js';
import { SHARED_HOST_MIN_ORGS } from '../src/defaults.js';
import { InputError } from '../src/errors.js';
import { houseMessage } from '../src/input/issues.js';
import { formatPhone } from '../src/normalize/phone.js';
import { cleanOrgName, orgKey } from '../src/normalize/name.js';
import {
  isPlaceholder,
  parseAliasCell,
  parseDomainCell,
  parsePhoneCell,
  parseUrlCell,
} from './cells.js';
import { resolveColumns, type ResolvedColumn } from './columns.js';
import { readRow, trailingHabit } from './fit.js';
import { describeDelimiter } from './messages.js';
import { reportBareNames, settleAliases } from './names.js';
import { summarizeBuild } from './summary.js';
import type {
  AliasClaim,
  BuildNote,
  BuildOptions,
  BuildResult,
  BuildWarning,
  OrgEntry,
  Table,
  TableRow,
} from './types.js';

export { SHARED_HOST_MIN_ORGS };

/**
 * Rows to allowlist. Pure: the tables are already read, nothing is written.
 *
 * - Columns are found in each table by name, ignoring case and surrounding spaces; a name missing
 *   from any table throws `InputError('MISSING_COLUMN')` with the closest header name.
 * - Organizations are merged by `orgKey` (the verifier's own name key), so rows repeating a name,
 *   even spelled with other case or spacing, merge their numbers and URLs under the first
 *   spelling (a note says so). With `base`, its spelling comes first.
 * - Every cell is split into values (`parsePhoneCell`, `parseUrlCell`, …) and each value goes
 *   through the shared normalizer. A row without an organization name is skipped; a row whose
 *   cells do not fit their columns (`readRow`: an unquoted delimiter in a name) is read again in
 *   the one way that makes it fit, or skipped; a value that does not normalize is skipped; each
 *   with a warning that names the file, row, column and value. Nothing is dropped or read
 *   differently from the file without a warning or a note.
 * - `domains` holds the base's domains, the `--domain-column` hosts and, unless
 *   `deriveDomains === false`, the host of every URL.
 *
 * The result's `allowlist` is in first-seen order; `renderAllowlist` makes it deterministic.
 */
export function buildAllowlist(tables: readonly Table[], options: BuildOptions): BuildResult {
  const { columns } = options;
  const deriveDomains = options.deriveDomains ?? true;
  const sharedHostMinOrgs = options.sharedHostMinOrgs ?? SHARED_HOST_MIN_ORGS;
  if (
    columns.urls.length +
      columns.phones.length +
      columns.aliases.length +
      columns.domains.length ===
    0
  ) {
    throw new InputError(
      'USAGE',
      'name at least one column to read besides the organization: --url-column, --phone-column, --alias-column or --domain-column',
    );
  }
  // Resolve every file's columns before reading any row, so a typo fails fast and whole.
  const resolved = tables.map((table) =>
    resolveColumns(table.header, columns, table.source, table.headerAt),
  );

  const warnings: BuildWarning[] = [];
  const notes: BuildNote[] = [];
  const orgs = new Map<string, OrgEntry>();
  const urls = new Set<string>();
  // URL → the address as the directory wrote it (first spelling met), for liveness to fetch.
  const urlsAsWritten = new Map<string, string>();
  const domains = new Set<string>();
  const hostOrgs = new Map<string, Set<string>>();
  const aliasClaims = new Map<string, AliasClaim>();
  const baseSource = options.baseSource ?? 'the merged allowlist';

  const base = options.base;
  if (base) {
    base.urls.forEach((url) => urls.add(url));
    for (const [url, written] of Object.entries(base.urlsAsWritten ?? {}))
      urlsAsWritten.set(url, written);
    base.domains.forEach((domain) => domains.add(domain));
    for (const name of base.orgNames) {
      const key = orgKey(name);
      const existing = orgs.get(key);
      if (!existing) {
        orgs.set(key, {
          name,
          phones: [...(base.orgPhones[name] ?? [])],
          aliases: [...(base.orgAliases[name] ?? [])],
        });
        continue;
      }
      // Two spellings the verifier reads as one name: kept apart, one would shadow the other.
      for (const phone of base.orgPhones[name] ?? [])
        if (!existing.phones.includes(phone)) existing.phones.push(phone);
      for (const alias of base.orgAliases[name] ?? [])
        if (!existing.aliases.includes(alias)) existing.aliases.push(alias);
      notes.push({
        source: baseSource,
        row: 0,
        line: 0,
        code: 'REPEATED_ORG',
        value: name,
        message: `${JSON.stringify(name)} and ${JSON.stringify(existing.name)} are one name to the verifier; merged under ${JSON.stringify(existing.name)}`,
      });
    }
    for (const [name, aliases] of Object.entries(base.orgAliases)) {
      for (const alias of aliases) {
        if (!aliasClaims.has(orgKey(alias)))
          aliasClaims.set(orgKey(alias), {
            orgKey: orgKey(name),
            source: baseSource,
            row: 0,
            line: 0,
            column: 'org_aliases',
          });
      }
    }
  }

  let rowsRead = 0;
  let rowsUsed = 0;
  let rowsSkipped = 0;
  let rowsRealigned = 0;
  const pendingAliases: Array<{ alias: string; claim: AliasClaim }> = [];

  tables.forEach((table, tableIndex) => {
    const cols = resolved[tableIndex]!;
    const habit = trailingHabit(table.header, table.rows);
    for (const row of table.rows) {
      rowsRead += 1;
      const at = { source: table.source, row: row.row, line: row.line };

      const reading = readRow(row.cells, table.header, cols, table.delimiter, habit);
      if (reading.kind === 'misaligned') {
        rowsSkipped += 1;
        warnings.push({
          ...at,
          code: 'MISALIGNED_ROW',
          value: row.cells.join(table.delimiter),
          message: houseMessage(
            `its cells do not fit their columns (${reading.problems.join('; ')}); row skipped, so nothing from it was added`,
            `put each value under its own column, and quote any cell that holds a ${describeDelimiter(table.delimiter)}`,
          ),
        });
        continue;
      }
      if (reading.kind === 'realigned') {
        rowsRealigned += 1;
        const { index, left, right, text } = reading.joined;
        const column = table.header[index];
        warnings.push({
          ...at,
          code: 'REALIGNED_ROW',
          ...(column === undefined ? {} : { column }),
          value: text,
          message: houseMessage(
            `has ${row.cells.length} cells and the header ${table.header.length}; its cells fit their columns once ${JSON.stringify(left)} and ${JSON.stringify(right)} are read as one cell, ${JSON.stringify(text)} (an unquoted ${describeDelimiter(table.delimiter)} inside it), so the row was read that way`,
            'quote that cell so the file says what it means',
          ),
        });
      }
      const cells = reading.kind === 'realigned' ? reading.cells : row.cells;
      const cell = (column: ResolvedColumn): string => cells[column.index] ?? '';

      const rawName = cell(cols.org);
      const name = isPlaceholder(rawName) ? '' : cleanOrgName(rawName);
      const key = orgKey(name);
      if (key.length === 0) {
        rowsSkipped += 1;
        const lost = [...cols.urls, ...cols.phones, ...cols.aliases, ...cols.domains]
          .filter((column) => cell(column).length > 0)
          .map((column) => `${column.name} ${JSON.stringify(cell(column))}`);
        warnings.push({
          ...at,
          code: 'NO_ORG_NAME',
          column: cols.org.name,
          value: rawName,
          message: houseMessage(
            `has no organization name${rawName.length > 0 ? ` (${JSON.stringify(rawName)} is not a name)` : ''}; row skipped${lost.length > 0 ? `, so ${lost.join(', ')} ${lost.length === 1 ? 'was' : 'were'} not added` : ''}`,
            'fill in the name or delete the row',
          ),
        });
        continue;
      }
      rowsUsed += 1;

      let entry = orgs.get(key);
      if (!entry) {
        entry = {
          name,
          phones: [],
          aliases: [],
          first: { source: table.source, row: row.row, line: row.line, name },
        };
        orgs.set(key, entry);
      } else if (entry.first) {
        const spelled = name === entry.first.name ? '' : ` (written ${JSON.stringify(name)} here)`;
        notes.push({
          ...at,
          code: 'REPEATED_ORG',
          column: cols.org.name,
          value: name,
          message: `repeats ${JSON.stringify(entry.name)}${spelled}, first at ${entry.first.source === table.source ? '' : `${entry.first.source} `}row ${entry.first.row}; its values are merged under one organization`,
        });
      } else {
        entry.first = { source: table.source, row: row.row, line: row.line, name };
      }
      const org = entry;

      const blank = (column: ResolvedColumn): boolean => {
        const value = cell(column);
        if (value.length === 0) return true;
        if (!isPlaceholder(value)) return false;
        notes.push({
          ...at,
          code: 'PLACEHOLDER',
          column: column.name,
          value,
          message: `${JSON.stringify(value)} read as empty`,
        });
        return true;
      };

      for (const column of cols.phones) {
        if (blank(column)) continue;
        const value = cell(column);
        const parts = parsePhoneCell(value);
        const kept: string[] = [];
        const text: string[] = [];
        for (const part of parts) {
          if (part.kind === 'number') {
            kept.push(part.e164);
            if (!org.phones.includes(part.e164)) org.phones.push(part.e164);
            if (part.extension !== undefined) {
              notes.push({
                ...at,
                code: 'EXTENSION',
                column: column.name,
                value: part.raw,
                message: `listed as ${formatPhone(part.e164)}; the extension ${part.extension} is dropped, since the allowlist holds main numbers and an answer adding the extension still gives the right number`,
              });
            }
          } else if (part.kind === 'bad') {
            warnings.push({
              ...at,
              code: 'BAD_PHONE',
              column: column.name,
              value: part.raw,
              message: houseMessage(
                `${JSON.stringify(part.raw)} is not a phone number (${part.reason}); value skipped`,
                'write it as (617) 555-0123',
              ),
            });
          } else {
            text.push(part.raw);
          }
        }
        if (text.length > 0) {
          const quoted = text.map((piece) => JSON.stringify(piece)).join(', ');
          if (kept.length > 0) {
            notes.push({
              ...at,
              code: 'PHONE_TEXT',
              column: column.name,
              value,
              message: `kept ${kept.map(formatPhone).join(', ')}; the rest, ${quoted}, is not a number and is left out`,
            });
          } else if (parts.some((part) => part.kind === 'bad')) {
            notes.push({
              ...at,
              code: 'PHONE_TEXT',
              column: column.name,
              value,
              message: `${quoted}, beside the number skipped above, is not a number and is left out`,
            });
          } else {
            // Words alone where a number belongs ("see website") are a value lost, so a warning.
            warnings.push({
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

      for (const column of cols.urls) {
        if (blank(column)) continue;
        const value = cell(column);
        for (const part of parseUrlCell(value)) {
          if (part.kind === 'url') {
            urls.add(part.url);
            if (!urlsAsWritten.has(part.url) && part.raw.trim() !== part.url)
              urlsAsWritten.set(part.url, part.raw.trim());
            let owners = hostOrgs.get(part.host);
            if (!owners) hostOrgs.set(part.host, (owners = new Set()));
            owners.add(key);
            if (deriveDomains) domains.add(part.host);
          } else if (part.kind === 'bad') {
            warnings.push({
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
            notes.push({
              ...at,
              code: 'URL_TEXT',
              column: column.name,
              value,
              message: `${JSON.stringify(part.raw)} beside the address is not an address and is left out`,
            });
          }
        }
      }

      for (const column of cols.domains) {
        if (blank(column)) continue;
        for (const part of parseDomainCell(cell(column))) {
          if (part.kind === 'domain') domains.add(part.host);
          else
            warnings.push({
              ...at,
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

      for (const column of cols.aliases) {
        if (blank(column)) continue;
        for (const alias of parseAliasCell(cell(column))) {
          pendingAliases.push({
            alias,
            claim: {
              orgKey: key,
              source: table.source,
              row: row.row,
              line: row.line,
              column: column.name,
            },
          });
        }
      }
    }
  });

  settleAliases(pendingAliases, orgs, aliasClaims, warnings, notes);

  const allowlist: Allowlist = {
    urls: [...urls],
    domains: [...domains],
    orgNames: [],
    orgPhones: dataRecord(),
    orgAliases: dataRecord(),
  };
  if (urlsAsWritten.size > 0) allowlist.urlsAsWritten = Object.fromEntries(urlsAsWritten);
  for (const org of orgs.values()) {
    allowlist.orgNames.push(org.name);
    if (org.phones.length > 0) allowlist.orgPhones[org.name] = org.phones;
    if (org.aliases.length > 0) allowlist.orgAliases[org.name] = org.aliases;
  }

  reportBareNames(allowlist, orgs, baseSource, notes, warnings);

  const summary = summarizeBuild(allowlist, warnings, notes, {
    tables,
    rowsRead,
    rowsUsed,
    rowsSkipped,
    rowsRealigned,
    orgs,
    hostOrgs,
    sharedHostMinOrgs,
    deriveDomains,
    base,
    baseSource,
  });
  return { allowlist, warnings, notes, summary };
}

/**
 * The allowlist as file text: `toAllowlistFile` (keys in a fixed order, arrays sorted and
 * de-duplicated), checked by the verifier's own validator `parseAllowlist`, two-space JSON with a
 * final newline. The same allowlist always gives the same bytes. Throws `InputError` if the
 * validator rejects it, and an `Error` if validating changes it (a normalizer that is not
 * idempotent: a bug, not bad input).
 */
export function renderAllowlist(allowlist: Allowlist, source = 'the built allowlist'): string {
  const file = toAllowlistFile(allowlist);
  const text = `${JSON.stringify(file, null, 2)}\n`;
  const again = `${JSON.stringify(toAllowlistFile(parseAllowlist(JSON.parse(text), source)), null, 2)}\n`;
  if (again !== text)
    throw new Error(
      `${source}: validating the built allowlist changed it; a normalizer is not idempotent`,
    );
  return text;
}

/** Rows of a table, for tests and scripts that build tables by hand. */
export function tableFromRows(source: string, header: string[], rows: string[][]): Table {
  const tableRows: TableRow[] = rows.map((cells, index) => ({
    row: index + 2,
    line: index + 2,
    cells,
  }));
  return {
    source,
    header,
    rows: tableRows,
    blankRows: 0,
    notes: [],
    encoding: 'utf-8',
    delimiter: ',',
  };
}
