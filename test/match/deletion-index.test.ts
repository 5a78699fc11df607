import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deletionHashes, HashMultimap, hashWithout } from '../../src/match/deletion-index.js';

describe('HashMultimap', () => {
  it('keeps every value of a hash, once, across growth', () => {
    const map = new HashMultimap();
    for (let i = 0; i < 5000; i++) map.add(i % 997, i);
    map.add(5, 5);
    const seen: number[] = [];
    map.addValuesTo(5, { add: (value) => seen.push(value) });
    expect(seen.sort((a, b) => a - b)).toEqual(
      Array.from({ length: 6 }, (_, k) => 5 + 997 * k).filter((value) => value < 5000),
    );
    const none: number[] = [];
    map.addValuesTo(998_000, { add: (value) => none.push(value) });
    expect(none).toEqual([]);
  });

  it('sized for what is coming, holds it all', () => {
    const map = new HashMultimap(3000);
    for (let i = 0; i < 3000; i++) map.add(i * 7919, i);
    const seen: number[] = [];
    for (let i = 0; i < 3000; i++) map.addValuesTo(i * 7919, { add: (value) => seen.push(value) });
    expect(seen).toEqual(Array.from({ length: 3000 }, (_, k) => k));
  });
});

describe('deletionHashes', () => {
  // The prefix-sharing hashes of the build and the lookup must be `hashWithout`'s, in its order
  // (the name's own first, then leaving out each position in turn), or a lookup misses a variant.
  const byHashWithout = (name: string): number[] => [
    hashWithout(name, -1),
    ...Array.from({ length: name.length }, (_, at) => hashWithout(name, at)),
  ];
  const written = (name: string): number[] => {
    const into = [7, 7, 7];
    return into.slice(0, deletionHashes(name, into));
  };

  it.each(['', 'a', 'ab', 'masslegalhelp', 'mаss', 'másslegálhëlp', '\u{1f600}x', 'xn--80ax0fa'])(
    '%s',
    (name) => {
      expect(written(name)).toEqual(byHashWithout(name));
    },
  );

  it('on random names', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40, unit: 'binary' }), (name) => {
        expect(written(name)).toEqual(byHashWithout(name));
      }),
      { numRuns: 2_000 },
    );
  });
});
