import { buildOrgMatcher, type OrgMatcher } from '../extract/orgs.js';
import { buildLookalikeIndex, type LookalikeIndex } from '../match/lookalike.js';
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
  /** Number → the organizations that list it (a shared number is valid for each). */
  readonly phoneOwners: ReadonlyMap<string, readonly string[]>;
  readonly orgMatcher: OrgMatcher;
  /** Lazily built; see `buildLookalikeIndex`. */
  lookalikes(): LookalikeIndex;
}

export function buildIndex(allowlist: Allowlist): AllowlistIndex {
  const orgPhones = new Map<string, string[]>();
  const phoneOwners = new Map<string, string[]>();
  for (const [organization, numbers] of Object.entries(allowlist.orgPhones)) {
    orgPhones.set(organization, numbers);
    for (const number of numbers) {
      const owners = phoneOwners.get(number);
      if (!owners) phoneOwners.set(number, [organization]);
      else if (!owners.includes(organization)) owners.push(organization);
    }
  }
  const names: Array<{ organization: string; name: string }> = [];
  for (const organization of allowlist.orgNames) names.push({ organization, name: organization });
  for (const [organization, aliases] of Object.entries(allowlist.orgAliases)) {
    for (const alias of aliases) names.push({ organization, name: alias });
  }
  const urls = new Set(allowlist.urls);
  const domains = new Set(allowlist.domains);
  let lookalikeIndex: LookalikeIndex | undefined;
  return {
    allowlist,
    urls,
    domains,
    orgPhones,
    phoneOwners,
    orgMatcher: buildOrgMatcher(names),
    lookalikes() {
      lookalikeIndex ??= buildLookalikeIndex(hostsOf(allowlist));
      return lookalikeIndex;
    },
  };
}

function* hostsOf(allowlist: Allowlist): Generator<string> {
  yield* allowlist.domains;
  for (const url of allowlist.urls) yield new URL(url).hostname;
}
