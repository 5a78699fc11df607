import { cleanOrgName } from '../normalize/name.js';
import { normalizePhone, plainE164 } from '../normalize/phone.js';
import type { OrgNames } from './org-names.js';
import { PhoneOwnerTable } from './phone-owners.js';
import { type AllowlistFile, dataRecord } from './schema.js';
import { type PhoneOwners, phoneOwnersOf } from './tables.js';
import type { Fail } from './fields.js';

/** How `readPhones` may treat the parsed file. */
export interface PhoneReadOptions {
  /** `org_phones`'s keys, when the shape check has them already (100,000 in a large directory). */
  names?: readonly string[] | undefined;
  /**
   * The file was parsed for this read alone (the loader's own `JSON.parse`): its `org_phones`
   * record and lists become the allowlist's, the numbers normalized in place. Building a second
   * record of 100,000 fresh lists was a third of reading the numbers (measured in a fresh
   * process: 140 of 400 ms). Never for an object a caller still holds (an inline allowlist).
   */
  adopt?: boolean;
}

/**
 * `org_phones`: each organization's numbers in E.164 (or a service line), once each, in order;
 * and who lists each number (`AllowlistTables`).
 */
export function readPhones(
  file: AllowlistFile,
  orgs: OrgNames,
  fail: Fail,
  options: PhoneReadOptions = {},
): { orgPhones: Record<string, string[]>; phoneOwners: PhoneOwners } {
  // Plain loops, not forEach with closures and Object.entries: this runs 200,000 times for a
  // 100,000-organization directory and its allocations are most of the load time.
  const given = file.org_phones;
  const rawNames = options.names ?? Object.keys(given);
  // The owners are gathered here, where each number is at hand, rather than by a second pass
  // over a record of 100,000 keys (measured: a tenth of load + index). That gives the record's
  // order only while every name is written clean: a name that cleaning changes may join another
  // (`A  B` and `A B`) or become an index-like key, which the record orders first; then the
  // owners are read from the record after all.
  const owners = new PhoneOwnerTable(2 * rawNames.length);
  let inRecordOrder = true;
  let orgPhones = options.adopt === true ? adoptRecord(given) : dataRecord<string[]>();
  const orgNames = orgs.list;
  let next = 0;
  // Whether each name so far was the listed name at its own place.
  let lockstep = true;
  for (let k = 0; k < rawNames.length; k++) {
    const rawName = rawNames[k]!;
    const numbers = given[rawName]!;
    // A name that is the next listed one is clean already (every listed name was cleaned, and a
    // clean name cleans to itself): most names of a directory, read without the char-code test.
    const name = rawName === orgNames[next] ? rawName : cleanOrgName(rawName);
    if (name.length === 0) fail(['org_phones', rawName], 'the organization name is empty');
    if (name !== rawName && inRecordOrder) {
      inRecordOrder = false;
      // The lists read so far are normalized already; the rest are read into a record of their own.
      if (orgPhones === given) orgPhones = recordOf(given, rawNames, k);
    }
    // A directory lists its numbers in the order of its names, most of them with numbers: a name
    // that is the next listed one (or the one after) is known, and `orgs.add` need not look it up.
    if (orgNames[next] === name) next++;
    else {
      lockstep = false;
      if (orgNames[next + 1] === name) next += 2;
      else orgs.add(name);
    }
    // While every name so far was clean, this one is new to the record (the file's keys are
    // distinct): stored without looking it up first, or, adopted, already there.
    const list = !inRecordOrder
      ? (orgPhones[name] ??= [])
      : orgPhones === given
        ? numbers
        : (orgPhones[name] = []);
    const start = list === numbers ? 0 : list.length;
    const end = readNumbers(numbers, list, rawName, fail);
    if (!inRecordOrder) continue;
    const owner = owners.begin(name);
    for (let index = start; index < end; index++) owners.add(list[index]!, owner);
  }
  // The record's keys, each clean, were `org_names` one for one: it repeats no name.
  if (lockstep && inRecordOrder && next === orgNames.length) orgs.distinct(orgPhones);
  return { orgPhones, phoneOwners: inRecordOrder ? owners : phoneOwnersOf(orgPhones) };
}

/**
 * Each of `numbers` normalized and written into `list` after its entries, once each; the new
 * length. `list` may be `numbers` itself (adopted), since each number is read before its place
 * can be written.
 */
function readNumbers(numbers: string[], list: string[], rawName: string, fail: Fail): number {
  let end = list === numbers ? 0 : list.length;
  for (let index = 0; index < numbers.length; index++) {
    const raw = numbers[index]!;
    // The common written forms as a string alone (`plainE164`), without a result object each.
    let e164 = plainE164(raw);
    if (e164 === null) {
      const result = normalizePhone(raw);
      if (!result.ok) {
        fail(
          ['org_phones', rawName, index],
          `${JSON.stringify(raw)} is not a phone number: ${result.reason}; write it like "(617) 555-0123", or remove it`,
        );
        continue;
      }
      e164 = result.e164;
    }
    if (!listedBefore(list, e164, end)) list[end++] = e164;
  }
  list.length = end;
  return end;
}

/** Whether `value` is among the first `end` entries of `list` (`includes` would read past them). */
function listedBefore(list: readonly string[], value: string, end: number): boolean {
  for (let k = 0; k < end; k++) if (list[k] === value) return true;
  return false;
}

/**
 * The parsed record as the allowlist's own: without a prototype, as `dataRecord` makes it, so a
 * name such as `constructor` reads as a key and not as an inherited function.
 */
function adoptRecord(record: Record<string, string[]>): Record<string, string[]> {
  Object.setPrototypeOf(record, null);
  return record;
}

/** A record of the first `count` of `names` of `record`. */
function recordOf(
  record: Record<string, string[]>,
  names: readonly string[],
  count: number,
): Record<string, string[]> {
  const copy = dataRecord<string[]>();
  for (let k = 0; k < count; k++) copy[names[k]!] = record[names[k]!]!;
  return copy;
}
