import { resolve } from 'node:path';
import { readAllowlistData, readAllowlistFile } from '../allowlist/load.js';
import { type Allowlist, type AllowlistTables, aliasNamesOf, tablesOf } from '../allowlist/read.js';
import { type BareNames, deriveBareNames } from '../normalize/bare-names.js';
import { buildLookalikeIndex, type LookalikeIndex } from './lookalike-index.js';
import { buildOrgMatcher, type OrgMatcher } from './orgs.js';

/** An allowlist prepared for matching (`indexOf`), read-only and shared; parts built on first use. */
export interface AllowlistIndex {
  readonly allowlist: Allowlist;
  readonly urls: ReadonlySet<string>;
  readonly domains: ReadonlySet<string>;
  /** Organization → its listed numbers (the allowlist's own record: no copy of 100,000 entries). */
  readonly orgPhones: { get(organization: string): readonly string[] | undefined };
  /** The organizations that list a number (a shared number is valid for each); empty when none. */
  ownersOf(number: string): readonly string[];
  readonly orgMatcher: OrgMatcher;
  /** Names matched without their legal form (`Community Law Center` for `…, Inc.`), and the ones refused. */
  readonly bareNames: BareNames;
  lookalikes(): LookalikeIndex;
  /** Organization → its own pages, when the allowlist has `org_urls` (what a link correction offers). */
  readonly orgUrls: { get(organization: string): readonly string[] | undefined };
  /** The listed URLs on `host` (normalized host), in listed order; built on first use. */
  pagesOn(host: string): readonly string[];
}

const NO_OWNERS: readonly string[] = Object.freeze([]);

/** The index of `allowlist`, with the loader's `tables` when it has them. */
export function buildIndex(
  allowlist: Allowlist,
  tables: AllowlistTables = tablesOf(allowlist),
): AllowlistIndex {
  const { urls, domains, phoneOwners } = tables;
  const listed = allowlist.orgPhones;
  let lookalikeIndex: LookalikeIndex | undefined;
  let pagesByHost: Map<string, string[]> | undefined;
  const orgUrls = allowlist.orgUrls;
  // The organizations' own names go as they are, not as 100,000 `{ organization, name }` objects.
  const { orgNames } = allowlist;
  const aliases = aliasNamesOf(allowlist);
  const bareNames = deriveBareNames(aliases, orgNames);
  return {
    allowlist,
    urls,
    domains,
    // The record has no prototype (parseAllowlist), so only listed names are keys.
    orgPhones: { get: (organization) => listed[organization] },
    ownersOf: (number) => [phoneOwners.get(number) ?? NO_OWNERS].flat(),
    orgMatcher: buildOrgMatcher(
      bareNames.added.length === 0 ? aliases : aliases.concat(bareNames.added),
      orgNames,
    ),
    bareNames,
    lookalikes() {
      lookalikeIndex ??= buildLookalikeIndex(hostsOf(allowlist));
      return lookalikeIndex;
    },
    orgUrls: { get: (organization) => orgUrls?.[organization] },
    pagesOn(host) {
      pagesByHost ??= groupByHost(allowlist.urls);
      return pagesByHost.get(host) ?? NO_OWNERS;
    },
  };
}

function groupByHost(urls: readonly string[]): Map<string, string[]> {
  const byHost = new Map<string, string[]>();
  for (const url of urls) {
    const host = new URL(url).hostname;
    const list = byHost.get(host);
    if (list) list.push(url);
    else byHost.set(host, [url]);
  }
  return byHost;
}

function* hostsOf(allowlist: Allowlist): Generator<string> {
  yield* allowlist.domains;
  for (const url of allowlist.urls) yield new URL(url).hostname;
}

/** Where an allowlist comes from: a file (an absolute path), or an object given inline in the assertion's config. */
export type AllowlistSource = { path: string } | { inline: Record<string, unknown> };

// It holds the promise: 1,000 assertions arriving while a file loads wait on the same work.
const indexCache = new Map<string, Promise<AllowlistIndex>>();

/** The index of an allowlist, once per process and source; a failed load is not cached. */
export function indexOf(source: AllowlistSource): Promise<AllowlistIndex> {
  const key =
    'path' in source ? `file:${resolve(source.path)}` : `inline:${JSON.stringify(source.inline)}`;
  let pending = indexCache.get(key);
  if (!pending) {
    pending = (
      'path' in source
        ? readAllowlistFile(resolve(source.path))
        : readAllowlistData(source.inline, undefined, { root: 'config.allowlist' })
    ).then((read) => buildIndex(read.allowlist, read.tables));
    indexCache.set(key, pending);
    pending.catch(() => indexCache.delete(key));
  }
  return pending;
}

/** The index of an allowlist file, built once per process (see `indexOf`). */
export function loadAllowlistIndex(path: string): Promise<AllowlistIndex> {
  return indexOf({ path });
}

/** For tests and long-running hosts that rewrite the file. */
export function clearAllowlistCache(): void {
  indexCache.clear();
}
