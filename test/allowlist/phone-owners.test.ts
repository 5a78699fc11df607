import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PhoneOwnerTable } from '../../src/allowlist/phone-owners.js';

// The table holds `+digits` numbers as doubles in open addressing written by hand, and the rest in
// a Map; it must answer exactly what a Map of each number to its owners (in the order added, each
// once) answers: for numbers that share a slot, that differ only by a leading zero, at the longest
// length a double holds exactly and one past it, service lines, and a table that grows from its
// smallest size.

/** The reference: what `addOwner` kept before the table, a Map of strings. */
function reference(pairs: ReadonlyArray<readonly [string, string]>) {
  const owners = new Map<string, string[]>();
  for (const [organization, number] of pairs) {
    const list = owners.get(number) ?? [];
    if (!list.includes(organization)) list.push(organization);
    owners.set(number, list);
  }
  return owners;
}

/** The table filled organization by organization, as `readPhones` fills it. */
function table(pairs: ReadonlyArray<readonly [string, string]>, expected = 0): PhoneOwnerTable {
  const owners = new PhoneOwnerTable(expected);
  const begun = new Map<string, number>();
  for (const [organization, number] of pairs) {
    let owner = begun.get(organization);
    if (owner === undefined) begun.set(organization, (owner = owners.begin(organization)));
    owners.add(number, owner);
  }
  return owners;
}

const asList = (owners: string | readonly string[] | undefined): readonly string[] | undefined =>
  typeof owners === 'string' ? [owners] : owners;

const EDGES = [
  '+16175550123',
  '+1617555012',
  '+016175550123',
  '+0',
  '+00',
  '+',
  '+9',
  '+999999999999999',
  '+9999999999999999',
  '+1000000000000000',
  '+12345678901234567',
  '211',
  '988',
  '+1 617',
  '+1617a',
  '',
];

const number = fc.oneof(
  fc.constantFrom(...EDGES),
  fc.stringMatching(/^\+1[2-9]\d{2}[2-9]\d{6}$/),
  fc.stringMatching(/^\+\d{1,16}$/),
  fc.stringMatching(/^\d{3}$/),
);
const pairs = fc.array(fc.tuple(fc.constantFrom('A', 'B', 'C', 'D', 'E'), number), {
  maxLength: 300,
});

describe('PhoneOwnerTable', () => {
  it('answers as a Map of each number to its owners, for every number and for ones not added', () => {
    fc.assert(
      fc.property(pairs, fc.array(number, { maxLength: 20 }), fc.nat(400), (added, asked, size) => {
        const expected = reference(added);
        const owners = table(added, size);
        for (const probe of [...expected.keys(), ...asked])
          expect(asList(owners.get(probe))).toEqual(expected.get(probe));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps apart numbers that differ by a leading zero or by one digit past fifteen', () => {
    const owners = table([
      ['A', '+1'],
      ['B', '+01'],
      ['C', '+001'],
      ['D', '+999999999999999'],
      ['E', '+9999999999999999'],
    ]);
    expect(
      ['+1', '+01', '+001', '+999999999999999', '+9999999999999999'].map(owners.get, owners),
    ).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('holds 200,000 numbers grown from its smallest size, a shared one as a list in the order added', () => {
    const added: Array<[string, string]> = [];
    for (let k = 0; k < 200_000; k++)
      added.push([`Org ${k >> 1}`, `+1${(2_002_000_000 + k * 7919).toString()}`]);
    added.push(['Org 7', added[0]![1]]);
    const owners = table(added);
    expect(owners.get(added[0]![1])).toEqual(['Org 0', 'Org 7']);
    const lost = added.slice(1, -1).filter(([organization, n]) => owners.get(n) !== organization);
    expect(lost).toEqual([]);
    expect(owners.get('+12002000001')).toBeUndefined();
  });
});
