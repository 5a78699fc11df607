import { buildOrgMatcher, type OrgMatcher } from '../match/orgs.js';
import { buildLookalikeIndex, type LookalikeIndex } from '../match/lookalike.js';
import { deriveBareNames, type BareNames } from '../normalize/name.js';
import type { Allowlist } from './schema.js';

/**
 * An allowlist prepared for matching: sets for exact lookups, the organization-name matcher, the
 * owners of each number, and (built on first use) the lookalike-domain index. Build it once per
 * process (see `loadAllowlistIndex`); it is read-only afterwards and safe to share.
 */
export interface AllowlistIndex {
  readonly allowlist: Allowlist;
  readonly urls: ReadonlySet<string>;
  readonly domains: ReadonlySet<string>;
  /** Organization → its listed numbers. */
  readonly orgPhones: ReadonlyMap<string, readonly string[]>;
  /** The organizations that list a number (a shared number is valid for each); empty when none. */
  ownersOf(number: string): readonly string[];
  readonly orgMatcher: OrgMatcher;
  /** Names matched without their legal form (`Community Law Center` for `…, Inc.`), and the ones refused. */
  readonly bareNames: BareNames;
  /** Lazily built; see `buildLookalikeIndex`. */
  lookalikes(): LookalikeIndex;
}

const NO_OWNERS: readonly string[] = Object.freeze([]);

export function buildIndex(allowlist: Allowlist): AllowlistIndex {
  const orgPhones = new Map<string, string[]>();
  // Most numbers have one owner: it is stored as is, and a list only for shared numbers, which
  // saves an array per number (200,000 of them in a 100,000-organization directory).
  const phoneOwners = new Map<string, string | string[]>();
  for (const [organization, numbers] of Object.entries(allowlist.orgPhones)) {
    orgPhones.set(organization, numbers);
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
  const names = [...namesOf(allowlist)];
  const bareNames = deriveBareNames(names);
  return {
    allowlist,
    urls,
    domains,
    orgPhones,
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
  };
}

/** Every name and alias of an allowlist, with the organization it names. */
export function* namesOf(allowlist: Allowlist): Generator<{ organization: string; name: string }> {
  for (const organization of allowlist.orgNames) yield { organization, name: organization };
  for (const [organization, aliases] of Object.entries(allowlist.orgAliases)) {
    for (const alias of aliases) yield { organization, name: alias };
  }
}

function* hostsOf(allowlist: Allowlist): Generator<string> {
  yield* allowlist.domains;
  for (const url of allowlist.urls) yield new URL(url).hostname;
}
