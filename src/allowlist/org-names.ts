import { cleanOrgName } from '../normalize/name.js';
import type { Fail } from './fields.js';

/**
 * The allowlist's organizations, each once, in the order first named: `org_names`, then the names
 * the other fields bring (`add`). Telling a repeat takes a set of every name, which for 100,000
 * names was a twentieth of load + index (33 ms in a fresh process); a directory whose `org_phones`
 * names the same organizations in the same order needs none, since a record's keys are distinct
 * (`readPhones` says so with `distinct`). So the set is made only when a name is added, or at the
 * end when nothing showed the names distinct, and `org_names` is read without one.
 */
export class OrgNames {
  /** The names so far; until checked, `org_names` as written may repeat one. */
  readonly list: string[] = [];
  #seen: Set<string> | undefined;
  #checked = false;
  /** Once `distinct` has shown the list to be a record's keys: that record, which tells a listed name. */
  #keys: Readonly<Record<string, unknown>> | undefined;

  /** `org_names`, each cleaned (an empty one handed to `fail`). */
  constructor(written: readonly string[], fail: Fail) {
    for (let index = 0; index < written.length; index++) {
      const name = cleanOrgName(written[index]!);
      if (name.length === 0) fail(['org_names', index], 'is empty; remove it');
      this.list.push(name);
    }
  }

  /** Adds `name` unless it is listed. */
  add(name: string): void {
    // The record hashed every listed name already; a set is made for the names added after it.
    if (this.#keys !== undefined && name in this.#keys) return;
    const seen = this.#keys === undefined ? this.#set() : (this.#seen ??= new Set());
    // One hash lookup a name (the set grows only for a new one), where `has` then `add` made two.
    const before = seen.size;
    seen.add(name);
    if (seen.size !== before) this.list.push(name);
  }

  /**
   * The list as written is exactly the keys of `record` (shown by the caller, before any `add`):
   * it holds no name twice, and the record, which has no prototype, tells a listed name.
   */
  distinct(record: Readonly<Record<string, unknown>>): void {
    if (this.#seen !== undefined) return;
    this.#checked = true;
    this.#keys = record;
  }

  /** Every name once, in the order first named. */
  names(): string[] {
    if (!this.#checked) this.#set();
    return this.list;
  }

  #set(): Set<string> {
    if (this.#seen !== undefined) return this.#seen;
    const seen = new Set(this.list);
    // The first of each repeated name is kept, in place: a reader holds the list.
    if (!this.#checked && seen.size !== this.list.length) {
      let k = 0;
      for (const name of seen) this.list[k++] = name;
      this.list.length = k;
    }
    this.#checked = true;
    this.#seen = seen;
    return seen;
  }
}
