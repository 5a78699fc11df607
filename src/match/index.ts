import { resolve } from 'node:path';
import { loadAllowlist } from '../allowlist/load.js';
import { namesOf, parseAllowlist, type Allowlist } from '../allowlist/schema.js';
import { deriveBareNames, type BareNames } from '../normalize/name.js';
import { buildLookalikeIndex, type LookalikeIndex } from './lookalike-index.js';
import { buildOrgMatcher, type OrgMatcher } from './orgs.js';

/**
 * An allowlist prepared for matching: sets for exact lookups, the organization-name matcher, the
 * owners of each number, and (built on first use) the lookalike-domain index. Build it once per
 * process (see `indexOf`); it is read-only afterwards and safe to share.
 */
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
  /** Lazily built; see `buildLookalikeIndex`. */
  lookalikes(): LookalikeIndex;
  /** Organization → its own pages, when the allowlist has `org_urls` (what a link correction offers). */
  readonly orgUrls: { get(organization: string): readonly string[] | undefined };
  /** The listed URLs on `host` (normalized host), in listed order; built on first use. */
  pagesOn(host: string): readonly string[];
}

const NO_OWNERS: readonly string[] = Object.freeze([]);

export function buildIndex(allowlist: Allowlist): AllowlistIndex {
  // Most numbers have one owner: it is stored as is, and a list only for shared numbers, which
  // saves an array per number (200,000 of them in a 100,000-organization directory).
  const phoneOwners = new Map<string, string | string[]>();
  // `for…in`, not `Object.entries`: a pair array per organization was a tenth of building the
  // index at 100,000 organizations. parseAllowlist makes the record without a prototype, so only
  // its own keys come.
  const listed = allowlist.orgPhones;
  for (const organization in listed) {
    const numbers = listed[organization]!;
    for (const number of numbers) {
      const owners = phoneOwners.get(number);
      if (owners === undefined) phoneOwners.set(number, organization);
      else if (typeof owners === 'string') {
        if (owners !== organization) phoneOwners.set(number, [owners, organization]);
      } else if (!owners.includes(organization)) owners.push(organization);
    }
  }
  const urls = new Set(allowlist.urls);
  const domains = new Set(allowlist.domains);
  let lookalikeIndex: LookalikeIndex | undefined;
  let pagesByHost: Map<string, string[]> | undefined;
  const orgUrls = allowlist.orgUrls;
  const names = [...namesOf(allowlist)];
  const bareNames = deriveBareNames(names);
  return {
    allowlist,
    urls,
    domains,
    // The record has no prototype (parseAllowlist), so only listed names are keys.
    orgPhones: { get: (organization) => listed[organization] },
    ownersOf(number) {
      const owners = phoneOwners.get(number);
      return owners === undefined ? NO_OWNERS : typeof owners === 'string' ? [owners] : owners;
    },
    orgMatcher: buildOrgMatcher([...names, ...bareNames.added]),
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

// The one cache of indexes, by file path or by inline content. It holds the promise, not its
// result, so 1,000 concurrent assertions arriving while a file loads wait on the same work.
const indexCache = new Map<string, Promise<AllowlistIndex>>();

/**
 * The index of an allowlist, built once per process for each file or inline object. A failed load
 * is not cached, so a fixed file is picked up by the next call.
 */
export function indexOf(source: AllowlistSource): Promise<AllowlistIndex> {
  const key =
    'path' in source ? `file:${resolve(source.path)}` : `inline:${JSON.stringify(source.inline)}`;
  let pending = indexCache.get(key);
  if (!pending) {
    pending =
      'path' in source
        ? loadAllowlist(resolve(source.path)).then(buildIndex)
        : Promise.resolve(
            buildIndex(parseAllowlist(source.inline, undefined, { root: 'config.allowlist' })),
          );
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
