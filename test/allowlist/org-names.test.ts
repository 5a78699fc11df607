import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAllowlist } from '../../src/allowlist/schema.js';
import { cleanOrgName } from '../../src/normalize/name.js';

// The organizations of an allowlist, whatever its fields hold: every name of `org_names`, then of
// `org_phones`, then of `org_aliases`, cleaned, each once where it is first named.

const NAME = fc.oneof(
  fc.constantFrom('Legal Aid', 'Legal  Aid', ' Legal Aid', 'Housing Court', 'Housing Court ', '12'),
  fc.constantFrom('constructor', '__proto__', 'Ｌｅｇａｌ Aid', 'Tenant\tUnion'),
  fc.stringMatching(/^[A-Z][a-z]{1,6}( [A-Z][a-z]{1,6})?$/),
);

/** What the list has always been: each cleaned name once, where first named, field by field. */
function expected(fields: ReadonlyArray<readonly string[]>): string[] {
  return [...new Set(fields.flat().map(cleanOrgName))];
}

/** A file whose records are written key by key, as a file holds them (`JSON.parse` keeps `__proto__`). */
function file(names: string[], phones: string[], aliases: string[]): unknown {
  const record = (keys: string[], value: string[]): string =>
    `{${[...new Set(keys)].map((key) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;
  return JSON.parse(
    `{"urls":[],"domains":[],"org_names":${JSON.stringify(names)},"org_phones":${record(phones, ['(617) 555-0100'])},"org_aliases":${record(aliases, ['Another Name'])}}`,
  );
}

const recordKeys = (keys: string[]): string[] =>
  Object.keys(
    JSON.parse(`{${[...new Set(keys)].map((key) => `${JSON.stringify(key)}:0`).join(',')}}`),
  );

describe('the organizations of an allowlist', () => {
  it('are org_names, then the names of org_phones and org_aliases, each once, cleaned', () => {
    fc.assert(
      fc.property(
        fc.array(NAME, { maxLength: 10 }),
        fc.array(NAME, { maxLength: 10 }),
        fc.array(NAME, { maxLength: 3 }),
        fc.boolean(),
        (names, phones, aliases, same) => {
          // Half the files name the same organizations in org_phones, in order: the quick case.
          const phoneNames = same ? names : phones;
          const read = parseAllowlist(file(names, phoneNames, aliases), 'allowlist.json');
          expect(read.orgNames).toEqual(
            expected([names, recordKeys(phoneNames), recordKeys(aliases)]),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('keeps the first of a repeated name when org_phones names each once in order', () => {
    const read = parseAllowlist(
      file(['Legal Aid', 'Legal Aid', 'Housing Court'], ['Legal Aid', 'Housing Court'], []),
      'allowlist.json',
    );
    expect(read.orgNames).toEqual(['Legal Aid', 'Housing Court']);
  });
});
