import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowlistFile, generateOrgs } from '../../bench/lib/generate.js';
import { fileShape, readAllowlist } from '../../src/allowlist/schema.js';
import { cleanOrgName } from '../../src/normalize/name.js';

// The loader's own parse is adopted: `org_phones` and its lists become the allowlist's, the
// numbers normalized in place (`readPhones`). The allowlist and its owners must be exactly what a
// copied read gives, for every fixture and for generated records whose names are unclean at any
// place (the read then falls back to a record of its own from that name on), join one another,
// are index-like or prototype names, and whose numbers repeat, are shared or are invalid. And an
// object the caller keeps (an inline allowlist) is never changed.

const FIXTURES = fileURLToPath(new URL('../fixtures/allowlists/', import.meta.url));

/** What a read gives, as plain data: the allowlist, and the owners of each of its numbers. */
function readOf(text: string, adopt: boolean): unknown {
  const data = JSON.parse(text) as unknown;
  const shape = fileShape(data);
  try {
    const { allowlist, tables } = readAllowlist(data, 'allowlist.json', {
      adopt,
      ...(shape === null ? {} : { shape }),
    });
    const numbers = Object.values(allowlist.orgPhones).flat();
    return {
      allowlist: { ...allowlist, orgPhones: { ...allowlist.orgPhones } },
      prototype: Object.getPrototypeOf(allowlist.orgPhones),
      owners: [...numbers, '+16175550100', '211'].map((number) => [
        number,
        tables.phoneOwners.get(number),
      ]),
      keys: Object.keys(allowlist.orgPhones),
    };
  } catch (error) {
    return { error: String(error) };
  }
}

const NAMES = [
  'Legal Aid',
  'Legal  Aid',
  ' Legal Aid',
  'Legal Aid ',
  'Housing Court',
  '12',
  '007',
  '__proto__',
  'constructor',
  '',
  'Ｌｅｇａｌ Aid',
];
const NUMBERS = [
  '(617) 555-0100',
  '617-555-0100',
  '+16175550100',
  '617.555.0101',
  '1-800-555-0199',
  '211',
  'not a number',
  '(617) 555-01',
];

const record = fc.array(
  fc.tuple(
    fc.oneof(
      fc.constantFrom(...NAMES),
      fc.stringMatching(/^[A-Z][a-z]{2,8}( [A-Z][a-z]{2,8}){0,2}$/),
    ),
    fc.array(fc.constantFrom(...NUMBERS), { maxLength: 4 }),
  ),
  { maxLength: 12 },
);

/** The file as JSON text, written key by key so repeated names stay as a file would hold them. */
function fileText(entries: ReadonlyArray<readonly [string, readonly string[]]>): string {
  const seen = new Set<string>();
  const phones = entries
    .filter(([name]) => !seen.has(name) && seen.add(name))
    .map(([name, numbers]) => `${JSON.stringify(name)}:${JSON.stringify(numbers)}`);
  return `{"urls":[],"domains":[],"org_names":["Legal Aid"],"org_phones":{${phones.join(',')}}}`;
}

describe('an adopted parse', () => {
  it('reads every allowlist fixture as a copied read does', () => {
    const files = readdirSync(FIXTURES).filter((file) => file.endsWith('.json'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = readFileSync(join(FIXTURES, file), 'utf8').replace(/^\uFEFF/, '');
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      if (parses) expect(readOf(text, true), file).toEqual(readOf(text, false));
    }
  });

  it('reads a generated 2,000-organization directory as a copied read does', () => {
    const text = JSON.stringify(allowlistFile(generateOrgs(2_000)));
    expect(readOf(text, true)).toEqual(readOf(text, false));
  });

  it('reads generated records with unclean, joined, index-like and prototype names as a copied read does', () => {
    fc.assert(
      fc.property(record, (entries) => {
        const text = fileText(entries);
        const read = readOf(text, true) as { allowlist?: { orgPhones: Record<string, string[]> } };
        expect(read).toEqual(readOf(text, false));
        // Each number once in its list: held apart from the shared reader the two reads run.
        for (const list of Object.values(read.allowlist?.orgPhones ?? {}))
          expect(new Set(list).size).toBe(list.length);
        // And every organization under its clean name, however the shortcuts for clean names go.
        for (const name of Object.keys(read.allowlist?.orgPhones ?? {}))
          expect(name).toBe(cleanOrgName(name));
      }),
      { numRuns: 500 },
    );
  });

  it('leaves an object the caller keeps as it was', () => {
    const inline = JSON.parse(
      fileText([
        ['Legal Aid', ['(617) 555-0100', '617-555-0100']],
        ['Housing Court', ['617.555.0101']],
      ]),
    ) as Record<string, unknown>;
    const before = structuredClone(inline);
    readAllowlist(inline, undefined, { root: 'config.allowlist' });
    expect(inline).toEqual(before);
    expect(Object.getPrototypeOf(inline.org_phones)).toBe(Object.prototype);
  });
});
