import { describe, expect, it } from 'vitest';
import { buildAllowlist, renderAllowlist, tableFromRows } from '../../builders/build.js';
import { buildIndex } from '../../src/match/index.js';
import { parseAllowlist } from '../../src/allowlist/schema.js';
import { verifyAnswer } from '../../src/verify.js';

/**
 * Organization names are keys of `org_phones` and `org_aliases`; a name that is also a property of
 * every JavaScript object must be an ordinary name in the verifier, the builder and `--merge`.
 * `JSON.parse` is used on purpose: it keeps `__proto__` as an own key, as reading a file does.
 */
const NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'] as const;

const fileWith = (name: string) =>
  JSON.parse(
    JSON.stringify({
      urls: [],
      domains: [],
      org_names: ['Other Org'],
      org_phones: { 'Other Org': ['(617) 555-0199'] },
      org_aliases: {},
    })
      .replace('"org_phones":{', `"org_phones":{${JSON.stringify(name)}:["(617) 555-0100"],`)
      .replace(
        '"org_aliases":{',
        `"org_aliases":{${JSON.stringify(name)}:["The ${name.replace(/_/g, '')} Office"]`,
      ),
  ) as unknown;

describe.each(NAMES)('an organization named %s', (name) => {
  it('loads, and its number is verified, a wrong one misattributed, its alias found', () => {
    const allowlist = parseAllowlist(fileWith(name), 'allowlist.json');
    expect(allowlist.orgPhones[name]).toEqual(['+16175550100']);
    expect(allowlist.orgAliases[name]).toEqual([`The ${name.replace(/_/g, '')} Office`]);
    const index = buildIndex(allowlist);
    const right = verifyAnswer(`Call ${name} at (617) 555-0100.`, index);
    expect(right.phones.map((phone) => phone.status)).toEqual(['verified']);
    const wrong = verifyAnswer(`Call ${name} at (617) 555-0199.`, index);
    expect(wrong.phones.map((phone) => phone.status)).toEqual(['misattributed']);
    const alias = verifyAnswer(`Ask The ${name.replace(/_/g, '')} Office.`, index);
    expect(alias.organizations.map((org) => org.normalized)).toEqual([name]);
  });

  it('keeps its number through the builder and through --merge', () => {
    const table = tableFromRows(
      'directory.csv',
      ['Name', 'Phone'],
      [
        [name, '(617) 555-0100'],
        ['Other Org', '(617) 555-0199'],
      ],
    );
    const columns = { org: 'Name', urls: [], phones: ['Phone'], aliases: [], domains: [] };
    const built = buildAllowlist([table], { columns });
    const file = JSON.parse(renderAllowlist(built.allowlist)) as {
      org_phones: Record<string, string[]>;
    };
    expect(Object.hasOwn(file.org_phones, name) && file.org_phones[name]).toEqual(['+16175550100']);

    const base = parseAllowlist(fileWith(name), 'base.json');
    const merged = buildAllowlist(
      [tableFromRows('more.csv', ['Name', 'Phone'], [[name, '(617) 555-0101']])],
      { columns, base },
    );
    const mergedFile = JSON.parse(renderAllowlist(merged.allowlist)) as {
      org_phones: Record<string, string[]>;
      org_aliases: Record<string, string[]>;
    };
    expect(Object.hasOwn(mergedFile.org_phones, name) && mergedFile.org_phones[name]).toEqual([
      '+16175550100',
      '+16175550101',
    ]);
    expect(Object.hasOwn(mergedFile.org_aliases, name)).toBe(true);
  });
});
