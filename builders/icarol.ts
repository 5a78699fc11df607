import {
  type Directory,
  type DirectoryPhone,
  ExportTable,
  isNumberToCall,
  isYes,
  kindOfLabel,
  LeftOut,
  type PhoneKind,
  type RecordRow,
  recordTable,
  statesOfArea,
  unionOfAreas,
} from './directory.js';
import type { Table, TableRow } from './types.js';

// An iCarol resource export (the software most 211s run): one CSV row per Agency, Program, Site or
// ProgramAtSite, tied to its agency by `ParentAgencyNum`.

/** The name columns iCarol exports write, in the order looked for. */
const NAME_COLUMNS = ['PublicName', 'AgencyNamePublic'];

/** Whether a header is an iCarol resource export's: a record number and a public name. */
export function isIcarolHeader(header: readonly string[]): boolean {
  const keys = new Set(header.map((name) => name.trim().toLowerCase()));
  return keys.has('resourceagencynum') && NAME_COLUMNS.some((name) => keys.has(name.toLowerCase()));
}

/** An iCarol phone column: its kind, and the columns labelling it or marking it private. */
interface PhoneColumn {
  number: string;
  kind: PhoneKind;
  labels: string[];
  private: string;
}

/** Every phone column an iCarol export may hold, in its own order. */
export const ICAROL_PHONES: readonly PhoneColumn[] = [
  ...[1, 2, 3, 4, 5].map((n) => ({
    number: `Phone${n}Number`,
    kind: 'voice' as const,
    labels: [`Phone${n}Type`, `Phone${n}Name`],
    private: `Phone${n}IsPrivate`,
  })),
  fixed('PhoneTollFree', 'toll free'),
  fixed('PhoneNumberHotline', 'hotline'),
  fixed('PhoneNumberAfterHours', 'after hours'),
  fixed('PhoneNumberBusinessLine', 'voice'),
  fixed('PhoneNumberOutOfArea', 'voice'),
  fixed('PhoneFax', 'fax'),
  fixed('PhoneTTY', 'TTY'),
];

function fixed(number: string, kind: PhoneKind): PhoneColumn {
  return { number, kind, labels: [], private: `${number}IsPrivate` };
}

const LEVEL = 'TaxonomyLevelName';
const AGENCY = 'agency';
/** How far `ParentAgencyNum` is followed to an agency (a ProgramAtSite's parent may be a program). */
const MAX_HOPS = 4;

interface Record_ {
  row: TableRow;
  num: string;
  level: string;
  parent: string;
  ended: string | undefined;
}

/**
 * The agencies of an iCarol export and the records tied to them by `ParentAgencyNum`: those give
 * their agency numbers and a page, never a name (`AGENCY - SITE` is a site) or an alias (exports
 * copy the agency's). A fax, a TTY and a private number are not listed. An inactive or deleted
 * record is left out with its programs and sites (a note).
 */
export function icarolDirectory(table: Table): Directory {
  const t = new ExportTable(table);
  const left = new LeftOut();
  const agencyOf = agenciesOf(t, left);
  const nameColumn = t.first(...NAME_COLUMNS)!;
  const areas = agencyAreas(t, agencyOf);
  // A number to call goes under the header's own spelling of its column.
  const held = ICAROL_PHONES.filter((phone) => t.has(phone.number)).map((phone) =>
    isNumberToCall(phone.kind) ? { ...phone, number: t.column(phone.number)! } : phone,
  );
  const phones = held.filter((phone) => isNumberToCall(phone.kind));
  const otherLines = held.filter((phone) => !isNumberToCall(phone.kind));
  const url = t.column('WebsiteAddress');
  const alias = t.column('AlternateName');
  const rows: RecordRow[] = [];
  const phoneKinds: DirectoryPhone[] = [];
  for (const [record, agency] of agencyOf) {
    const organization = t.cell(agency.row, nameColumn);
    const own = record === agency;
    const cells: Record<string, string> = { [AREA]: areas.get(agency)?.join(';') ?? '' };
    if (url) cells[url] = t.cell(record.row, url);
    if (alias && own) cells[alias] = t.cell(record.row, alias);
    // Numbers to call first, then the other lines: `ICAROL_PHONES` lists them so.
    for (const phone of held) {
      const value = t.cell(record.row, phone.number);
      if (value.length === 0) continue;
      if (isNumberToCall(phone.kind)) {
        const why = leftOutNumber(t, record.row, phone);
        if (why === undefined) cells[phone.number] = value;
        else left.add(table, record.row, why);
      }
      const kind = labelledKind(t, record.row, phone);
      if (kind !== 'voice' && !isYes(t.cell(record.row, phone.private)))
        phoneKinds.push({ organization, raw: value, kind });
    }
    rows.push({ at: record.row, organization, tied: !own, cells });
  }
  for (const phone of otherLines)
    for (const record of agencyOf.keys())
      if (t.cell(record.row, phone.number).length > 0)
        left.add(
          table,
          record.row,
          `${phone.number} left out of the numbers to call (a ${phone.kind} line)`,
        );
  const out = recordTable(
    table,
    {
      org: t.column(nameColumn)!,
      urls: url ? [url] : [],
      phones: phones.map((phone) => phone.number),
      aliases: alias ? [alias] : [],
      area: AREA,
    },
    rows.sort((a, b) => a.at.row - b.at.row),
  );
  out.notes.push(...left.linesFor(table));
  const { warnings, notes } = left.messages();
  return { kind: 'icarol', source: table.source, tables: [out], warnings, notes, phoneKinds };
}

/** Each record that runs, with its agency (itself for an agency); the rest left out. */
function agenciesOf(t: ExportTable, left: LeftOut): Map<Record_, Record_> {
  const table = t.table;
  const records = new Map<string, Record_>();
  const all: Record_[] = table.rows.map((row) => {
    const record: Record_ = {
      row,
      num: t.cell(row, 'ResourceAgencyNum'),
      level: (t.has(LEVEL) ? t.cell(row, LEVEL) : AGENCY).toLowerCase(),
      parent: t.cell(row, 'ParentAgencyNum'),
      ended: endedBy(t, row),
    };
    if (record.num.length > 0 && !records.has(record.num)) records.set(record.num, record);
    return record;
  });
  const agencyOf = new Map<Record_, Record_>();
  for (const record of all) {
    const agency = findAgency(record, records);
    if (typeof agency === 'string') left.add(table, record.row, `left out, ${agency}`, TODO_ORPHAN);
    else if (agency.ended !== undefined)
      left.add(
        table,
        record.row,
        `left out, ${agency === record ? agency.ended : `its parent ${agency.ended.replace(/^the record /, '')}`}`,
      );
    else agencyOf.set(record, agency);
  }
  return agencyOf;
}

/** The area column of the record table: the agency's states, worked out beforehand. */
const AREA = 'CoverageArea';

const TODO_ORPHAN = "fix ParentAgencyNum so it names the record's agency, or export the agency too";

/** Why a record no longer runs, or undefined. */
function endedBy(t: ExportTable, row: TableRow): string | undefined {
  const status = t.cell(row, 'AgencyStatus');
  if (/inactive|deleted/i.test(status)) return `the record is ${status}`;
  if (t.cell(row, 'MadeInactiveOn').length > 0)
    return `the record was made inactive on ${t.cell(row, 'MadeInactiveOn')}`;
  if (isYes(t.cell(row, 'Custom_Deleted Record'))) return 'the record is marked deleted';
  return undefined;
}

/** The agency a record belongs to (itself for an agency), or why none. */
function findAgency(record: Record_, records: ReadonlyMap<string, Record_>): Record_ | string {
  let at = record;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    if (at.level === AGENCY) return at;
    if (at.ended !== undefined) return at;
    if (at.parent.length === 0) return `a ${at.level} without ParentAgencyNum belongs to no agency`;
    const parent = records.get(at.parent);
    if (!parent || parent === at)
      return `its ParentAgencyNum ${JSON.stringify(at.parent)} points to no record`;
    at = parent;
  }
  return `its ParentAgencyNum chain leads to no agency in ${MAX_HOPS} steps`;
}

/** The kind of a numbered line by its labels (`Phone2Name` `Fax`), else its column's. */
function labelledKind(t: ExportTable, row: TableRow, phone: PhoneColumn): PhoneKind {
  for (const label of phone.labels) {
    const kind = kindOfLabel(t.cell(row, label));
    if (kind !== undefined) return kind;
  }
  return phone.kind;
}

/** Why a number of a record is not listed (private, or labelled an other line), or undefined. */
function leftOutNumber(t: ExportTable, row: TableRow, phone: PhoneColumn): string | undefined {
  if (isYes(t.cell(row, phone.private)))
    return `${phone.number} left out (marked private in ${phone.private})`;
  for (const label of phone.labels) {
    const kind = kindOfLabel(t.cell(row, label));
    if (kind !== undefined && !isNumberToCall(kind))
      return `${phone.number} left out of the numbers to call (${label} says ${kind})`;
  }
  return undefined;
}

/** Each agency's states: its programs' `CoverageArea` and its own together (`unionOfAreas`). */
function agencyAreas(
  t: ExportTable,
  agencyOf: ReadonlyMap<Record_, Record_>,
): Map<Record_, string[]> {
  const byAgency = new Map<
    Record_,
    { own: string[] | null | undefined; programs: Array<string[] | null> }
  >();
  for (const [record, agency] of agencyOf) {
    let entry = byAgency.get(agency);
    if (!entry) byAgency.set(agency, (entry = { own: undefined, programs: [] }));
    if (record !== agency && record.level !== 'program') continue;
    const coverage = t.cell(record.row, 'CoverageArea');
    const states = new Set<string>();
    for (const row of [record.row, agency.row]) {
      const state = statesOfArea(t.cell(row, 'PhysicalStateProvince'), new Set());
      if (state !== null && states.size === 0) states.add(state[0]!);
    }
    const areas =
      coverage.length === 0
        ? null
        : unionOfAreas(
            coverage
              .split(/[;\n|]/)
              .map((part) => part.trim())
              .filter((part) => part.length > 0)
              .map((part) => statesOfArea(part, states)),
          );
    if (record === agency) entry.own = coverage.length === 0 ? undefined : areas;
    else entry.programs.push(areas);
  }
  const out = new Map<Record_, string[]>();
  for (const [agency, { own, programs }] of byAgency) {
    const list = own === undefined ? programs : [...programs, own];
    const areas = unionOfAreas(list.length === 0 ? [null] : list);
    if (areas !== null) out.set(agency, areas);
  }
  return out;
}
