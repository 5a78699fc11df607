import { PhoneOwnerTable } from './phone-owners.js';
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
 * Number → who lists it: one organization as is, several (a shared number) as a list in the order
 * of `orgPhones`. A `PhoneOwnerTable` (see there why not a `Map`).
 */
export interface PhoneOwners {
  get(number: string): string | readonly string[] | undefined;
}

/** The tables of an allowlist from its arrays and records. */
export function tablesOf(allowlist: Allowlist): AllowlistTables {
  return {
    urls: new Set(allowlist.urls),
    domains: new Set(allowlist.domains),
    phoneOwners: phoneOwnersOf(allowlist.orgPhones),
  };
}

/** The owners of every number of `orgPhones`, organizations in the record's order. */
export function phoneOwnersOf(orgPhones: Record<string, readonly string[]>): PhoneOwners {
  const owners = new PhoneOwnerTable();
  // `for…in`, not `Object.entries`: a pair array per organization was a tenth of building the
  // index at 100,000 organizations. parseAllowlist makes the record without a prototype, so only
  // its own keys come.
  for (const organization in orgPhones) {
    const owner = owners.begin(organization);
    for (const number of orgPhones[organization]!) owners.add(number, owner);
  }
  return owners;
}
