import type { Allowlist } from '../src/allowlist/schema.js';

/**
 * Plain data passed between the builder's file edge (`csv.ts`) and its pure core (`build.ts`).
 * Nothing here touches a file: a table is what a CSV held, already decoded and split into cells.
 */

/** One data record of a CSV, with where it sits so that every message can point at it. */
export interface TableRow {
  /**
   * The row number a spreadsheet shows when it opens the file: the header is row 1, and blank
   * lines count as rows (Excel shows them as empty rows). This is the number a person fixes.
   */
  row: number;
  /** First physical line of the record in the file (differs from `row` after embedded newlines). */
  line: number;
  /** Cell texts as parsed (surrounding whitespace trimmed, embedded newlines kept as `\n`). */
  cells: string[];
  /**
   * The row names its organization by the export's id (a service, a phone, a program of an
   * agency): its values join that organization without a "repeated organization" note.
   */
  tied?: boolean;
}

/** A decoded, parsed CSV file. */
export interface Table {
  /** How messages name the file (the path as given on the command line). */
  source: string;
  header: string[];
  /** Where the header is (row 1 unless blank lines come first), for messages about a column. Absent: row 1. */
  headerAt?: { row: number; line: number };
  rows: TableRow[];
  /** Data records whose every cell is blank (`,,,,` as spreadsheets write them): counted, not read. */
  blankRows: number;
  /** Facts about the decoding worth telling the user (encoding guessed, `sep=` line, …). */
  notes: string[];
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  /**
   * A table made from a directory export's records (`builders/directory.ts`), not typed by a
   * person: its cells hold one value each, so they are never refitted to their columns, and it
   * names its own columns (else `BuildOptions.columns`).
   */
  records?: { columns: ColumnNames };
}

export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export type CsvDelimiter = ',' | ';' | '\t';

/**
 * Column names as the user typed them (`--org-column "Court Name"`). Matched against each header
 * ignoring case and surrounding spaces. Each list may be empty, but not all of them at once.
 */
export interface ColumnNames {
  org: string;
  urls: readonly string[];
  phones: readonly string[];
  aliases: readonly string[];
  domains: readonly string[];
  /** The service-area column (`--area-column`): state codes or names, `US`/`national` for nationwide. */
  area?: string;
}

export interface BuildOptions {
  columns: ColumnNames;
  /**
   * Add every URL's host to `domains` (default true). Deriving a host vouches for every page on it,
   * so a shared portal is better left out (`--no-derive-domains`).
   */
  deriveDomains?: boolean;
  /** An allowlist to add to (`--merge`); its entries are kept, new ones join them. */
  base?: Allowlist;
  /** Where `base` came from, for the summary. */
  baseSource?: string;
  /**
   * A host that carries the pages of at least this many organizations is reported as a shared
   * portal when domains are derived. Default `SHARED_HOST_MIN_ORGS`.
   */
  sharedHostMinOrgs?: number;
}

/** A directory export names its own columns: every other build option applies. */
export type DirectoryBuildOptions = Omit<BuildOptions, 'columns'>;

/**
 * Something in a row was not used: a row without an organization name, a value that is not a
 * phone number or a web address, a row that cannot be read safely. `--strict` fails on these.
 */
export type BuildWarning = BuildItem<WarningCode>;

/** Where a warning or note points, and what it says. */
export interface BuildItem<Code extends string> {
  code: Code;
  source: string;
  row: number;
  line: number;
  /** The column as the file's header spells it; absent for row-level problems. */
  column?: string;
  /** The cell text (or the part of it) that was skipped or changed. */
  value?: string;
  /** For a row dropped whole: its organization name as written, which the summary shows. */
  name?: string;
  /** A complete sentence: what happened, why, and what to do. */
  message: string;
}

export type WarningCode =
  | 'NO_ORG_NAME'
  | 'BAD_PHONE'
  | 'BAD_URL'
  | 'BAD_DOMAIN'
  | 'BAD_AREA'
  | 'MISALIGNED_ROW'
  | 'REALIGNED_ROW'
  | 'ALIAS_CONFLICT'
  | 'BARE_NAME_CONFLICT'
  | 'OTHER_LINE_COLUMN'
  | 'COMMON_WORD_ALIAS'
  | 'ORPHAN_RECORDS'
  | 'MISSING_TABLE';

/**
 * Something was used, but not exactly as written: a menu note beside a number (`Press 5`), an
 * extension, a repeated organization merged, a placeholder such as `N/A` read as empty. Reported,
 * never fatal, not affected by `--strict`.
 */
export type BuildNote = BuildItem<NoteCode>;

export type NoteCode =
  | 'PHONE_TEXT'
  | 'URL_TEXT'
  | 'EXTENSION'
  | 'PLACEHOLDER'
  | 'REPEATED_ORG'
  | 'ALIAS_IS_NAME'
  | 'BARE_NAME'
  | 'LEFT_OUT_RECORDS';

/** A host whose pages belong to many organizations. */
export interface SharedHost {
  host: string;
  /** How many organizations list a page on it. */
  organizations: number;
}

/** Figures for the summary on standard error. All counts are of the final allowlist unless named otherwise. */
export interface BuildSummary {
  files: Array<
    Pick<Table, 'source' | 'blankRows' | 'encoding' | 'delimiter' | 'notes'> & { rows: number }
  >;
  /** Data rows read across all files (blank rows excluded). */
  rowsRead: number;
  /** Rows that contributed an organization. */
  rowsUsed: number;
  /** Rows left out entirely; each has a warning naming it. `rowsUsed + rowsSkipped === rowsRead`. */
  rowsSkipped: number;
  /** Used rows read with two cells joined into one (an unquoted delimiter in a cell); each has a warning. */
  rowsRealigned: number;
  organizations: number;
  /** Organizations with no phone number (listed by name, perhaps with a URL). */
  organizationsWithoutNumber: number;
  urls: number;
  domains: number;
  /** Distinct numbers. */
  numbers: number;
  /** Numbers listed under more than one organization (each listed under all of them). */
  sharedNumbers: number;
  aliases: number;
  warnings: number;
  notes: number;
  deriveDomains: boolean;
  /** Hosts carrying the pages of many organizations, most first. */
  sharedHosts: SharedHost[];
  /** Present with `--merge`: the base allowlist's figures before the build added to it. */
  base?: { source: string; organizations: number; urls: number; domains: number; numbers: number };
}

export interface BuildResult {
  allowlist: Allowlist;
  warnings: BuildWarning[];
  notes: BuildNote[];
  summary: BuildSummary;
}

/** An organization while the build runs (`build.ts`), before it becomes allowlist entries. */
export interface OrgEntry {
  name: string;
  phones: string[];
  aliases: string[];
  /** Its own pages (normalized), from its rows' URL columns: what a correction offers for it. */
  urls?: string[];
  /** First row that named it in this build, for "repeated" notes. */
  first?: { source: string; row: number; line: number; name: string };
}

/** Which organization an alias was given to, and where (row 0: by the base allowlist). */
export interface AliasClaim {
  orgKey: string;
  source: string;
  row: number;
  line: number;
  column: string;
}

/**
 * What a build gathers while it reads rows (`build.ts`, `row.ts`): every step adds to it, in row
 * order, so that warnings and notes come out in the order of the file.
 */
export interface BuildState {
  warnings: BuildWarning[];
  notes: BuildNote[];
  /** Organizations by `orgKey`. */
  orgs: Map<string, OrgEntry>;
  urls: Set<string>;
  /** URL → the address as the directory wrote it (first spelling met), for liveness to fetch. */
  urlsAsWritten: Map<string, string>;
  domains: Set<string>;
  /** Host → the organizations (by key) that list a page on it. */
  hostOrgs: Map<string, Set<string>>;
  /** Alias key → who has it; settled once every row is read. */
  aliasClaims: Map<string, AliasClaim>;
  pendingAliases: Array<{ alias: string; claim: AliasClaim }>;
  deriveDomains: boolean;
  rowsRead: number;
  rowsUsed: number;
  rowsSkipped: number;
  rowsRealigned: number;
  /** Only with an area column: who serves where, as the rows say (`builders/areas.ts`). */
  areas?: AreaState;
}

/**
 * Areas by organization (key), URL and host. `null` marks one that some row gave without an area:
 * its area is then unknown, since that row's organization may serve anywhere.
 */
export interface AreaState {
  orgs: Map<string, Set<string> | null>;
  links: Map<string, Set<string> | null>;
}
