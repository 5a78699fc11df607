import { parseDomain } from '../util/domains.js';
import type { Allowlist } from '../allowlist/read.js';
import type { GovRegistry } from '../match/dotgov.js';
import type { Served } from '../types.js';
import type { LegalHelpTable } from './table.js';

/** Who serves where, offline: the three sources, in the order of proof, loaded once. */
export interface AreaKnowledge {
  readonly allowlist: Pick<Allowlist, 'orgAreas' | 'linkAreas'>;
  readonly gov: GovRegistry;
  readonly table: LegalHelpTable;
}

/** How a reason names each source. */
export function sourceLabel(served: Served, knowledge: AreaKnowledge): string {
  switch (served.source) {
    case 'allowlist':
      return 'the allowlist';
    case 'gov_registry':
      return `the .gov registry, snapshot ${knowledge.gov.date}`;
    case 'legal_help_table':
      return `the legal-help table, snapshot ${knowledge.table.date}`;
  }
}

/** The areas a link serves, by the first source that knows (allowlist, .gov, table); or null. */
export function areasOfLink(
  link: { normalized: string; host: string },
  knowledge: AreaKnowledge,
): Served | null {
  const listed = knowledge.allowlist.linkAreas;
  if (listed !== undefined) {
    const byUrl = listed[link.normalized];
    if (byUrl !== undefined && byUrl.length > 0)
      return { areas: byUrl, source: 'allowlist', via: link.normalized };
    const host = upFrom(link.host, (candidate) => (listed[candidate]?.length ?? 0) > 0);
    if (host !== null) return { areas: listed[host]!, source: 'allowlist', via: host };
  }
  if (link.host.endsWith('.gov')) {
    const domain = parseDomain(link.host).domain;
    const area = domain ? knowledge.gov.areas.get(domain) : undefined;
    if (domain && area !== undefined) return { areas: [area], source: 'gov_registry', via: domain };
  }
  const hosts = knowledge.table.hosts;
  const host = upFrom(link.host, (candidate) => hosts.has(candidate));
  return host === null ? null : { areas: hosts.get(host)!, source: 'legal_help_table', via: host };
}

/** The areas a number's owners serve together; null unless the allowlist gives every one an area. */
export function areasOfOwners(owners: readonly string[], knowledge: AreaKnowledge): Served | null {
  const listed = knowledge.allowlist.orgAreas;
  if (listed === undefined || owners.length === 0) return null;
  const areas = new Set<string>();
  for (const owner of owners) {
    const own = listed[owner];
    if (own === undefined || own.length === 0) return null;
    for (const area of own) areas.add(area);
  }
  return { areas: [...areas], source: 'allowlist', via: owners.join(', ') };
}

/** The first of `host` and the domains above it (never a bare suffix label) that `has`; null when none. */
function upFrom(host: string, has: (candidate: string) => boolean): string | null {
  let candidate = host;
  for (;;) {
    if (has(candidate)) return candidate;
    const dot = candidate.indexOf('.');
    if (dot === -1 || candidate.indexOf('.', dot + 1) === -1) return null;
    candidate = candidate.slice(dot + 1);
  }
}
