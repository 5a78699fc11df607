import { areaOf } from '../src/jurisdiction/codes.js';
import { present } from './fit-kinds.js';
import {
  type Directory,
  type DirectoryPhone,
  ExportTable,
  isNumberToCall,
  kindOfLabel,
  LeftOut,
  type PhoneKind,
  type RecordRow,
  recordTable,
  statesOfArea,
  unionOfAreas,
} from './directory.js';
import type { BuildWarning, Table, TableRow } from './types.js';

// An Open Referral HSDS datapackage (1.x to 3.x) as organizations and the records tied to them by
// id. The files are read by `directory-files.ts`.

/** The resources the build reads, with their file names when there is no datapackage.json. */
export const HSDS_FILES = {
  organization: ['organizations.csv'],
  service: ['services.csv'],
  program: ['programs.csv'],
  location: ['locations.csv'],
  service_at_location: ['service_at_location.csv', 'services_at_location.csv'],
  phone: ['phones.csv'],
  contact: ['contacts.csv'],
  address: ['addresses.csv', 'physical_addresses.csv'],
  service_area: ['service_areas.csv'],
} as const;
export type HsdsResource = keyof typeof HSDS_FILES;
export const HSDS_RESOURCES = Object.keys(HSDS_FILES) as HsdsResource[];

/** A datapackage read: its tables by resource (1.x `physical_address` as `address`). */
export interface HsdsPackage {
  source: string;
  tables: Partial<Record<HsdsResource, Table>>;
  /** A listed table it does not carry. */
  warnings?: readonly BuildWarning[];
}

// A service whose status says it no longer runs. "temporarily closed" still has its numbers.
const ENDED = /^(inactive|defunct|deleted|closed)$/i;

/** What a record's id leads to: its organization, its ended service's status, or why nowhere. */
type Owner = { org: string } | { ended: string } | { missing: string };

/**
 * The organizations of an HSDS package and the records tied to them: a service's or program's
 * `url` is its organization's page, its name no one's (a service is named for what it does); a
 * phone belongs to the most specific record it names. An ended service is left out with all tied
 * to it (a note), a row whose id points to nothing too (a warning).
 */
export function hsdsDirectory(pkg: HsdsPackage): Directory {
  const t = new Tables(pkg);
  const left = new LeftOut();
  const orgs = new Map<string, { name: string; row: TableRow }>();
  const org = t.get('organization')!;
  for (const row of org.table.rows) {
    const id = org.cell(row, 'id');
    const name = org.cell(row, 'name');
    if (id.length > 0 && !orgs.has(id) && present(name)) orgs.set(id, { name, row });
  }
  const links = new Links(t, orgs);
  const areas = orgAreas(t, links);
  const areaCell = (orgId: string): Record<string, string> => ({
    [AREA]: (areas.get(orgId) ?? []).join(';'),
  });

  const url = org.column('website') ?? org.column('url');
  const alias = org.column('alternate_name');
  const own = [url, alias].filter((column) => column !== undefined);
  const tables = [
    recordTable(
      org.table,
      {
        org: org.column('name') ?? 'name',
        urls: url ? [url] : [],
        phones: [],
        aliases: alias ? [alias] : [],
        area: AREA,
      },
      org.table.rows.map((row) => ({
        at: row,
        organization: org.cell(row, 'name'),
        tied: false,
        cells: {
          ...Object.fromEntries(own.map((column) => [column, org.cell(row, column)])),
          ...areaCell(org.cell(row, 'id')),
        },
      })),
    ),
  ];
  const page = (owner: Owner, table: ExportTable, row: TableRow): string | undefined =>
    orgOrLeftOut(owner, left, table.table, row, 'the service');
  const phoneKinds: DirectoryPhone[] = [];
  for (const table of [
    tiedTable(t, 'service', links, areaCell, (s, row) =>
      page(links.service(s.cell(row, 'id')), s, row),
    ),
    tiedTable(t, 'program', links, areaCell, (p, row) =>
      page(links.organization(p.cell(row, 'organization_id')), p, row),
    ),
    tiedTable(t, 'phone', links, areaCell, (p, row) => phoneOwner(p, row, links, left, phoneKinds)),
  ])
    if (table) tables.push(table);
  for (const table of tables) table.notes.push(...left.linesFor(table));
  const { warnings, notes } = left.messages();
  return {
    kind: 'hsds',
    source: pkg.source,
    tables,
    warnings: [...(pkg.warnings ?? []), ...warnings],
    notes,
    phoneKinds,
  };
}

/** The area column of every record table: the organization's states, worked out beforehand. */
const AREA = 'service_areas';

class Tables extends Map<HsdsResource, ExportTable> {
  constructor(pkg: HsdsPackage) {
    super();
    for (const resource of HSDS_RESOURCES) {
      const table = pkg.tables[resource];
      if (table) this.set(resource, new ExportTable(table));
    }
  }
  rows(resource: HsdsResource): Array<{ t: ExportTable; row: TableRow }> {
    const t = this.get(resource);
    return t ? t.table.rows.map((row) => ({ t, row })) : [];
  }
}

/** The ids of the package, and the organization each record's id leads to. */
class Links {
  readonly services = new Map<string, { org: string; ended: string | undefined }>();
  readonly programs = new Map<string, string>();
  readonly locations = new Map<string, string | undefined>();
  readonly serviceAtLocation = new Map<string, { service: string; location: string }>();
  readonly contacts = new Map<string, TableRow>();
  constructor(
    private readonly t: Tables,
    private readonly orgs: ReadonlyMap<string, { name: string }>,
  ) {
    for (const { t: s, row } of t.rows('service')) {
      const status = s.cell(row, 'status');
      this.services.set(s.cell(row, 'id'), {
        org: s.cell(row, 'organization_id'),
        ended: ENDED.test(status) ? status.toLowerCase() : undefined,
      });
    }
    for (const { t: p, row } of t.rows('program'))
      this.programs.set(p.cell(row, 'id'), p.cell(row, 'organization_id'));
    for (const { t: s, row } of t.rows('service_at_location'))
      this.serviceAtLocation.set(s.cell(row, 'id'), {
        service: s.cell(row, 'service_id'),
        location: s.cell(row, 'location_id'),
      });
    for (const { t: l, row } of t.rows('location')) {
      const own = l.cell(row, 'organization_id');
      this.locations.set(l.cell(row, 'id'), own.length > 0 ? own : undefined);
    }
    // A location without `organization_id` (1.x allows it) is its services' organization's.
    for (const { service, location } of this.serviceAtLocation.values()) {
      if (!this.locations.has(location) || this.locations.get(location) !== undefined) continue;
      const owner = this.services.get(service)?.org;
      if (owner !== undefined) this.locations.set(location, owner);
    }
    for (const { t: c, row } of t.rows('contact')) this.contacts.set(c.cell(row, 'id'), row);
  }

  name(org: string): string {
    return this.orgs.get(org)?.name ?? '';
  }

  has(org: string): boolean {
    return this.orgs.has(org);
  }

  organization(id: string): Owner {
    return this.orgs.has(id)
      ? { org: id }
      : { missing: `its organization_id ${quote(id)} points to no organization` };
  }

  service(id: string): Owner {
    const service = this.services.get(id);
    if (!service) return { missing: `its service_id ${quote(id)} points to no service` };
    if (service.ended) return { ended: service.ended };
    return this.organization(service.org);
  }

  location(id: string): Owner {
    if (!this.locations.has(id))
      return { missing: `its location_id ${quote(id)} points to no location` };
    const owner = this.locations.get(id);
    return owner === undefined
      ? { missing: `its location ${quote(id)} has no organization_id and no service` }
      : this.organization(owner);
  }

  /** The owner through the most specific id a row gives. */
  ownerOf(table: ExportTable, row: TableRow): Owner {
    const steps: Array<[string, (id: string) => Owner]> = [
      ['contact_id', (id) => this.contact(id)],
      ['service_at_location_id', (id) => this.atLocation(id)],
      ['service_id', (id) => this.service(id)],
      ['location_id', (id) => this.location(id)],
      ['organization_id', (id) => this.organization(id)],
    ];
    let first: Owner | undefined;
    for (const [column, follow] of steps) {
      const id = table.cell(row, column);
      if (id.length === 0) continue;
      const owner = follow(id);
      if (!('missing' in owner)) return owner;
      first ??= owner;
    }
    return first ?? { missing: 'it names no organization, service, location or contact' };
  }

  private atLocation(id: string): Owner {
    const link = this.serviceAtLocation.get(id);
    if (!link) return { missing: `its service_at_location_id ${quote(id)} points to nothing` };
    return this.service(link.service);
  }

  private contact(id: string): Owner {
    const row = this.contacts.get(id);
    const contact = this.t.get('contact');
    if (!row || !contact) return { missing: `its contact_id ${quote(id)} points to no contact` };
    return this.ownerOf(contact, row);
  }
}

const quote = (id: string): string => JSON.stringify(id);

const TODO_ORPHAN = 'fix the id, or add the record it names';

/** The organization `owner` names, or undefined with the row left out (`service`: how it names it). */
function orgOrLeftOut(
  owner: Owner,
  left: LeftOut,
  table: Table,
  row: TableRow,
  service: string,
): string | undefined {
  if ('org' in owner) return owner.org;
  if ('ended' in owner) left.add(table, row, `left out, ${service} is ${owner.ended}`);
  else left.add(table, row, `left out, ${owner.missing}`, TODO_ORPHAN);
  return undefined;
}

/**
 * The service, program or phone records whose page or number belongs to an organization, each
 * under it; `ownerOf` says whose a row is (undefined: left out).
 */
function tiedTable(
  t: Tables,
  resource: 'service' | 'program' | 'phone',
  links: Links,
  areaCell: (org: string) => Record<string, string>,
  ownerOf: (table: ExportTable, row: TableRow) => string | undefined,
): Table | undefined {
  const table = t.get(resource);
  const value = resource === 'phone' ? 'number' : 'url';
  const column = table?.column(value);
  if (!table || !column) return undefined;
  const rows: RecordRow[] = [];
  for (const row of table.table.rows) {
    const org = ownerOf(table, row);
    if (org === undefined) continue;
    rows.push({
      at: row,
      organization: links.name(org),
      tied: true,
      cells: { [column]: table.cell(row, value), ...areaCell(org) },
    });
  }
  const [urls, phones] = value === 'url' ? [[column], []] : [[], [column]];
  return recordTable(
    table.table,
    { org: 'organization_id', urls, phones, aliases: [], area: AREA },
    rows,
  );
}

/** HSDS `phones.type` (RFC 6350 types, 1.x `textphone`), else the description's label. */
export function hsdsPhoneKind(type: string, description: string): PhoneKind {
  const t = type.trim().toLowerCase();
  if (t === 'fax') return 'fax';
  if (t === 'textphone' || t === 'tty' || t === 'tdd') return 'TTY';
  if (t === 'pager') return 'pager';
  if (t === 'text' || t === 'sms') return 'text';
  return kindOfLabel(description) ?? 'voice';
}

/** The organization a phone is listed under, or undefined: left out, or another line (kept in `kinds`). */
function phoneOwner(
  table: ExportTable,
  row: TableRow,
  links: Links,
  left: LeftOut,
  kinds: DirectoryPhone[],
): string | undefined {
  const org = orgOrLeftOut(links.ownerOf(table, row), left, table.table, row, 'its service');
  if (org === undefined) return undefined;
  const kind = hsdsPhoneKind(table.cell(row, 'type'), table.cell(row, 'description'));
  const raw = table.cell(row, 'number');
  if (kind !== 'voice') kinds.push({ organization: links.name(org), raw, kind });
  if (isNumberToCall(kind)) return org;
  left.add(table.table, row, `kept as a ${kind} line, not a number to call`);
  return undefined;
}

/** Each organization's states: its running services' areas together, placed by their addresses. */
function orgAreas(t: Tables, links: Links): Map<string, string[]> {
  const locationStates = new Map<string, Set<string>>();
  for (const { t: a, row } of t.rows('address')) {
    const type = a.cell(row, 'address_type').toLowerCase();
    if (type !== '' && type !== 'physical') continue;
    const state = areaOf(a.cell(row, 'state_province'));
    if (state === null) continue;
    const location = a.cell(row, 'location_id');
    let set = locationStates.get(location);
    if (!set) locationStates.set(location, (set = new Set()));
    set.add(state);
  }
  const serviceStates = new Map<string, Set<string>>();
  for (const { service, location } of links.serviceAtLocation.values()) {
    let set = serviceStates.get(service);
    if (!set) serviceStates.set(service, (set = new Set()));
    for (const state of locationStates.get(location) ?? []) set.add(state);
  }
  const serviceAreas = new Map<string, Array<string[] | null>>();
  for (const { t: s, row } of t.rows('service_area')) {
    const service = s.cell(row, 'service_id');
    const text = s.cell(row, s.first('service_area', 'name') ?? 'name');
    const list = serviceAreas.get(service) ?? [];
    list.push(
      text.length === 0 ? null : statesOfArea(text, serviceStates.get(service) ?? new Set()),
    );
    serviceAreas.set(service, list);
  }
  const byOrg = new Map<string, Array<string[] | null>>();
  for (const [id, service] of links.services) {
    if (service.ended || !links.has(service.org)) continue;
    const list = byOrg.get(service.org) ?? [];
    list.push(unionOfAreas(serviceAreas.get(id) ?? []));
    byOrg.set(service.org, list);
  }
  const out = new Map<string, string[]>();
  for (const [org, list] of byOrg) {
    const areas = unionOfAreas(list);
    if (areas !== null) out.set(org, areas);
  }
  return out;
}
