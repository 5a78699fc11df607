import { describe, expect, it } from 'vitest';
import { editDistance } from '../../src/util/strings.js';

/** The whole table, no band and no early exit: what `editDistance` must agree with. */
function fullDistance(a: string, b: string): number {
  const table = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let value = Math.min(
        table[i - 1]![j]! + 1,
        table[i]![j - 1]! + 1,
        table[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, table[i - 2]![j - 2]! + 1);
      table[i]![j] = value;
    }
  }
  return table[a.length]![b.length]!;
}

describe('editDistance: within the limit exact, past it limit + 1', () => {
  it('agrees with the full table on 40,000 random pairs of small alphabets', () => {
    let state = 99;
    const roll = (below: number): number => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return (state >>> 8) % below;
    };
    for (let k = 0; k < 40_000; k++) {
      const alphabet = ['ab', 'abc', 'abcdefghij'][roll(3)]!;
      const word = (length: number): string =>
        Array.from({ length }, () => alphabet[roll(alphabet.length)]).join('');
      const a = word(roll(15));
      let b = roll(5) === 0 ? word(roll(15)) : a;
      for (let edits = roll(5); edits > 0; edits--) {
        const at = roll(b.length + 1);
        b = [
          b.slice(0, at) + alphabet[roll(alphabet.length)] + b.slice(at),
          b.slice(0, at) + b.slice(at + 1),
          b.slice(0, at) + b.slice(at + 2, at + 3) + b.slice(at + 1, at + 2) + b.slice(at + 3),
        ][roll(3)]!;
      }
      const limit = roll(5);
      const truth = fullDistance(a, b);
      expect(editDistance(a, b, limit), `${a} ${b} within ${limit}`).toBe(
        Math.min(truth, limit + 1),
      );
      expect(editDistance(a, b, Math.max(a.length, b.length)), `${a} ${b}`).toBe(truth);
    }
  });
});
