import { dataRecord } from '../src/allowlist/fields.js';
import { toAllowlistFile, type Allowlist } from '../src/allowlist/read.js';
import { parseAllowlist } from '../src/allowlist/schema.js';
import { SHARED_HOST_MIN_ORGS } from '../src/defaults.js';
import { InputError } from '../src/errors.js';
import { jsonDocument } from '../src/format/escape.js';
import { houseMessage } from '../src/input/issues.js';
import { orgKey } from '../src/normalize/name.js';
import { areasOfState, seedAreas } from './areas.js';
import { resolveColumns, type ResolvedColumns } from './columns.js';
import { reportBareNames, settleAliases } from './names.js';
import { readTable } from './row.js';
import { summarizeBuild } from './summary.js';
import { type Directory, phoneKindsOf } from './directory.js';
import type {
  BuildOptions,
  DirectoryBuildOptions,
  BuildResult,
  BuildState,
  ColumnNames,
  Table,
} from './types.js';

/**
 * Rows to allowlist. Pure. A column missing from any table throws `InputError('MISSING_COLUMN')`.
 * Organizations merge by `orgKey` under the first spelling (`base`'s first). Each cell's values go
 * through the shared normalizers; a row without a name, a row whose cells do not fit their columns
 * (`readRow`) and a bad value are skipped, each with a warning: nothing is dropped or read
 * differently from the file without a warning or a note. The allowlist is in first-seen order.
 */
export function buildAllowlist(tables: readonly Table[], options: BuildOptions): BuildResult;
/** A directory export (HSDS, iCarol): what reading it left out comes first among the messages. */
export function buildAllowlist(directory: Directory, options?: DirectoryBuildOptions): BuildResult;
export function buildAllowlist(
  input: readonly Table[] | Directory,
  options: DirectoryBuildOptions & { columns?: ColumnNames } = {},
): BuildResult {
  const directory = Array.isArray(input) ? undefined : (input as Directory);
  const tables = directory?.tables ?? (input as readonly Table[]);
  const columnsOf = (table: Table): ColumnNames =>
    table.records?.columns ?? options.columns ?? NO_COLUMNS;
  if (directory === undefined) requireValueColumns(options.columns ?? NO_COLUMNS);
  // Every file's columns before any row, so a typo fails fast.
  const resolved = tables.map((table) =>
    resolveColumns(table.header, columnsOf(table), table.source, table.headerAt),
  );
  const baseSource = options.baseSource ?? 'the merged allowlist';
  const state = emptyState(options.deriveDomains ?? true);
  if (directory) {
    state.warnings.push(...directory.warnings);
    state.notes.push(...directory.notes);
  }
  tables.forEach((table, tableIndex) => warnOtherLineColumns(state, table, resolved[tableIndex]!));
  if (options.base) seedFromBase(state, options.base, baseSource);
  tables.forEach((table, tableIndex) => readTable(state, table, resolved[tableIndex]!));
  settleAliases(state.pendingAliases, state.orgs, state.aliasClaims, state.warnings, state.notes);

  const allowlist = allowlistOf(state);
  const kinds = phoneKindsOf(
    directory?.phoneKinds ?? [],
    (key) => state.orgs.get(key),
    options.base?.orgPhoneKinds,
  );
  if (kinds) allowlist.orgPhoneKinds = kinds;
  reportBareNames(allowlist, state.orgs, baseSource, state.notes, state.warnings);
  const summary = summarizeBuild(allowlist, state, tables, {
    base: options.base,
    baseSource,
    sharedHostMinOrgs: options.sharedHostMinOrgs ?? SHARED_HOST_MIN_ORGS,
  });
  return { allowlist, warnings: state.warnings, notes: state.notes, summary };
}

const NO_COLUMNS: ColumnNames = { org: '', urls: [], phones: [], aliases: [], domains: [] };

/** A build that reads only organization names is a mistake in the command. */
function requireValueColumns(columns: ColumnNames): void {
  const count =
    columns.urls.length + columns.phones.length + columns.aliases.length + columns.domains.length;
  if (count > 0) return;
  throw new InputError(
    'USAGE',
    'name at least one column to read besides the organization: --url-column, --phone-column, --alias-column or --domain-column',
  );
}

// A header that names a line which is no number to call: fax, TTY/TDD, text telephone.
const OTHER_LINE_HEADER = /(?<!\p{L})(fax|facsimile|tty|tdd|text[ -]?telephone)(?!\p{L})/iu;

/** A phone column whose header says fax or TTY: read as asked, with a warning (numbers to call). */
function warnOtherLineColumns(state: BuildState, table: Table, cols: ResolvedColumns): void {
  for (const column of cols.phones) {
    const kind = OTHER_LINE_HEADER.exec(column.name)?.[1];
    if (kind === undefined) continue;
    const line = /^f/i.test(kind) ? 'fax' : 'TTY';
    state.warnings.push({
      source: table.source,
      row: table.headerAt?.row ?? 1,
      line: table.headerAt?.line ?? 1,
      code: 'OTHER_LINE_COLUMN',
      column: column.name,
      message: houseMessage(
        `'${column.name}' is read as a phone column, so its ${line} numbers are listed as numbers to call the organization on, and an answer that gives a ${line} line as the number to call is verified`,
        `leave out --phone-column '${column.name}' to keep ${line} lines apart: the verifier then reports a number an answer labels ${line} as another line of the organization and never charges it; keep the flag only if people call these numbers`,
      ),
    });
  }
}

function emptyState(deriveDomains: boolean): BuildState {
  return {
    warnings: [],
    notes: [],
    orgs: new Map(),
    urls: new Set(),
    urlsAsWritten: new Map(),
    domains: new Set(),
    hostOrgs: new Map(),
    aliasClaims: new Map(),
    pendingAliases: [],
    deriveDomains,
    rowsRead: 0,
    rowsUsed: 0,
    rowsSkipped: 0,
    rowsRealigned: 0,
  };
}

/** The base allowlist (`--merge`) first, so its spellings and aliases' claims win. */
function seedFromBase(state: BuildState, base: Allowlist, baseSource: string): void {
  const { orgs } = state;
  base.urls.forEach((url) => state.urls.add(url));
  for (const [url, written] of base.urlsAsWritten ?? []) state.urlsAsWritten.set(url, written);
  base.domains.forEach((domain) => state.domains.add(domain));
  for (const name of base.orgNames) {
    const key = orgKey(name);
    const existing = orgs.get(key);
    if (!existing) {
      orgs.set(key, {
        name,
        phones: [...(base.orgPhones[name] ?? [])],
        aliases: [...(base.orgAliases[name] ?? [])],
        ...(base.orgUrls?.[name] ? { urls: [...base.orgUrls[name]] } : {}),
      });
      continue;
    }
    for (const phone of base.orgPhones[name] ?? [])
      if (!existing.phones.includes(phone)) existing.phones.push(phone);
    for (const alias of base.orgAliases[name] ?? [])
      if (!existing.aliases.includes(alias)) existing.aliases.push(alias);
    state.notes.push({
      source: baseSource,
      row: 0,
      line: 0,
      code: 'REPEATED_ORG',
      value: name,
      message: `${JSON.stringify(name)} and ${JSON.stringify(existing.name)} are one name to the verifier; merged under ${JSON.stringify(existing.name)}`,
    });
  }
  seedAreas(state, base, orgKey);
  for (const [name, aliases] of Object.entries(base.orgAliases)) {
    for (const alias of aliases)
      if (!state.aliasClaims.has(orgKey(alias)))
        state.aliasClaims.set(orgKey(alias), {
          orgKey: orgKey(name),
          source: baseSource,
          row: 0,
          line: 0,
          column: 'org_aliases',
        });
  }
}

/** The gathered state as allowlist entries, in first-seen order. */
function allowlistOf(state: BuildState): Allowlist {
  const allowlist: Allowlist = {
    urls: [...state.urls],
    domains: [...state.domains],
    orgNames: [],
    orgPhones: dataRecord(),
    orgAliases: dataRecord(),
  };
  if (state.urlsAsWritten.size > 0) allowlist.urlsAsWritten = new Map(state.urlsAsWritten);
  for (const org of state.orgs.values()) {
    allowlist.orgNames.push(org.name);
    if (org.phones.length > 0) allowlist.orgPhones[org.name] = org.phones;
    if (org.aliases.length > 0) allowlist.orgAliases[org.name] = org.aliases;
    if (org.urls !== undefined && org.urls.length > 0)
      (allowlist.orgUrls ??= dataRecord())[org.name] = org.urls;
  }
  return { ...allowlist, ...areasOfState(state, (key) => state.orgs.get(key)?.name) };
}

/**
 * The allowlist as file text (`toAllowlistFile`, `jsonDocument`): the same allowlist, the same
 * bytes. Throws `InputError` if `parseAllowlist` rejects it, and an `Error` if validating changes
 * it (a normalizer that is not idempotent: a bug, not bad input).
 */
export function renderAllowlist(allowlist: Allowlist, source = 'the built allowlist'): string {
  const file = toAllowlistFile(allowlist);
  const text = jsonDocument(file);
  const again = jsonDocument(toAllowlistFile(parseAllowlist(JSON.parse(text), source)));
  if (again !== text)
    throw new Error(
      `${source}: validating the built allowlist changed it; a normalizer is not idempotent`,
    );
  return text;
}

/** A table of rows typed by hand (tests, scripts): rows from 2, no blank lines. */
export function tableFromRows(source: string, header: string[], rows: string[][]): Table {
  return {
    source,
    header,
    rows: rows.map((cells, index) => ({ row: index + 2, line: index + 2, cells })),
    blankRows: 0,
    notes: [],
    encoding: 'utf-8',
    delimiter: ',',
  };
}
