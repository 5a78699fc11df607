import type { Allowlist } from './schema.js';

/**
 * What the index looks things up in besides the allowlist itself: the listed URLs and domains as
 * sets, and who lists each number. The loader builds them on its way (`readAllowlist`) and hands
 * them to `buildIndex` as they are, which at 100,000 organizations saves building two sets and a
 * map of 200,000 numbers again from the arrays and the record; `tablesOf` builds them for an
 * allowlist made any other way.
 */
export interface AllowlistTables {
  urls: ReadonlySet<string>;
  domains: ReadonlySet<string>;
  /** Number → the organizations that list it, in the order of `orgPhones`. */
  phoneOwners: PhoneOwners;
}

/**
 * Number → who lists it. Most numbers have one owner, stored as is; a list only for a shared
 * number, which saves an array per number (200,000 in a 100,000-organization directory).
 */
export type PhoneOwners = ReadonlyMap<string, string | readonly string[]>;

/** The tables of an allowlist from its arrays and records. */
export function tablesOf(allowlist: Allowlist): AllowlistTables {
  return {
    urls: new Set(allowlist.urls),
    domains: new Set(allowlist.domains),
    phoneOwners: phoneOwnersOf(allowlist.orgPhones),
  };
}

/** Records that `organization` lists `number`. */
export function addOwner(
  owners: Map<string, string | string[]>,
  number: string,
  organization: string,
): void {
  const listed = owners.get(number);
  if (listed === undefined) owners.set(number, organization);
  else if (typeof listed === 'string') {
    if (listed !== organization) owners.set(number, [listed, organization]);
  } else if (!listed.includes(organization)) listed.push(organization);
}

/** The owners of every number of `orgPhones`, organizations in the record's order. */
export function phoneOwnersOf(orgPhones: Record<string, readonly string[]>): PhoneOwners {
  const owners = new Map<string, string | string[]>();
  // `for…in`, not `Object.entries`: a pair array per organization was a tenth of building the
  // index at 100,000 organizations. parseAllowlist makes the record without a prototype, so only
  // its own keys come.
  for (const organization in orgPhones)
    for (const number of orgPhones[organization]!) addOwner(owners, number, organization);
  return owners;
}
