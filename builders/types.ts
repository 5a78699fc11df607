import type { Allowlist } from '../src/allowlist/read.js';

// Plain data between the builder's file edge (`csv.ts`) and its pure core (`build.ts`).

/** One data record of a CSV, with where it sits so that every message can point at it. */
export interface TableRow {
  /** The row a spreadsheet shows (header row 1, blank lines counted): the number a person fixes. */
  row: number;
  /** First physical line of the record (differs from `row` after embedded newlines). */
  line: number;
  /** Trimmed cell texts, embedded newlines kept as `\n`. */
  cells: string[];
  /** Named by an export's id: joins its organization without a "repeated organization" note. */
  tied?: boolean;
}

/** A decoded, parsed CSV file. */
export interface Table {
  /** How messages name the file. */
  source: string;
  header: string[];
  /** Where the header is, when blank lines come before it. Absent: row 1. */
  headerAt?: { row: number; line: number };
  rows: TableRow[];
  /** Data records whose every cell is blank (`,,,,`): counted, not read. */
  blankRows: number;
  /** Facts about the decoding worth telling the user (encoding guessed, `sep=` line, …). */
  notes: string[];
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  /**
   * Made from a directory export's records: one value a cell, so never refitted, and it names its
   * own columns (else `BuildOptions.columns`).
   */
  records?: { columns: ColumnNames };
}

export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export type CsvDelimiter = ',' | ';' | '\t';

/** Column names as the user typed them (`--org-column "Court Name"`); lists may be empty, not all. */
export interface ColumnNames {
  org: string;
  urls: readonly string[];
  phones: readonly string[];
  aliases: readonly string[];
  domains: readonly string[];
  /** `--area-column`: state codes or names, `US`/`national` for nationwide. */
  area?: string;
}

export interface BuildOptions {
  columns: ColumnNames;
  /** Add every URL's host to `domains` (default true); a host vouches for every page on it. */
  deriveDomains?: boolean;
  /** An allowlist to add to (`--merge`). */
  base?: Allowlist;
  baseSource?: string;
  /** Organizations on one host that make it a shared portal. Default `SHARED_HOST_MIN_ORGS`. */
  sharedHostMinOrgs?: number;
}

/** A directory export names its own columns. */
export type DirectoryBuildOptions = Omit<BuildOptions, 'columns'>;

/** Something in a row was not used (a row without a name, a bad value): `--strict` fails on it. */
export type BuildWarning = BuildItem<WarningCode>;

/** Where a warning or note points, and what it says. */
export interface BuildItem<Code extends string> {
  code: Code;
  source: string;
  row: number;
  line: number;
  /** As the header spells it; absent for row-level problems. */
  column?: string;
  /** The cell text (or part of it) skipped or changed. */
  value?: string;
  /** A row dropped whole: its organization name as written, for the summary. */
  name?: string;
  /** What happened, why, and what to do. */
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

/** Something used, but not exactly as written (an extension, `N/A` read as empty); never fatal. */
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
  organizations: number;
}

/** Figures for the summary; counts are of the final allowlist unless named otherwise. */
export interface BuildSummary {
  files: Array<
    Pick<Table, 'source' | 'blankRows' | 'encoding' | 'delimiter' | 'notes'> & { rows: number }
  >;
  /** Data rows read (blank rows excluded) = `rowsUsed + rowsSkipped`. */
  rowsRead: number;
  rowsUsed: number;
  rowsSkipped: number;
  /** Used rows read with two cells joined into one (an unquoted delimiter in a cell). */
  rowsRealigned: number;
  organizations: number;
  organizationsWithoutNumber: number;
  urls: number;
  domains: number;
  /** Distinct numbers. */
  numbers: number;
  /** Numbers listed under more than one organization. */
  sharedNumbers: number;
  aliases: number;
  warnings: number;
  notes: number;
  deriveDomains: boolean;
  /** Most organizations first. */
  sharedHosts: SharedHost[];
  /** With `--merge`: the base allowlist's figures before the build. */
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
  /** Its own pages (normalized): what a correction offers for it. */
  urls?: string[];
  /** First row that named it, for "repeated" notes. */
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

/** What a build gathers, in row order, so warnings and notes come out in the order of the file. */
export interface BuildState {
  warnings: BuildWarning[];
  notes: BuildNote[];
  /** By `orgKey`. */
  orgs: Map<string, OrgEntry>;
  urls: Set<string>;
  /** URL → the address as first written, for liveness to fetch. */
  urlsAsWritten: Map<string, string>;
  domains: Set<string>;
  /** Host → the organization keys that list a page on it. */
  hostOrgs: Map<string, Set<string>>;
  /** Alias key → who has it; settled once every row is read. */
  aliasClaims: Map<string, AliasClaim>;
  pendingAliases: Array<{ alias: string; claim: AliasClaim }>;
  deriveDomains: boolean;
  rowsRead: number;
  rowsUsed: number;
  rowsSkipped: number;
  rowsRealigned: number;
  /** Only with an area column. */
  areas?: AreaState;
}

/** Areas by organization key and by link; `null`: some row gave it without an area, so unknown. */
export interface AreaState {
  orgs: Map<string, Set<string> | null>;
  links: Map<string, Set<string> | null>;
}
