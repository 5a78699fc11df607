import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SubstringIndex } from '../../src/chunks/substring-index.js';

/** The obvious quadratic answer, to check the automaton against. */
function naiveContains(text: readonly string[], query: readonly string[]): boolean {
  outer: for (let start = 0; start + query.length <= text.length; start += 1) {
    for (let offset = 0; offset < query.length; offset += 1)
      if (text[start + offset] !== query[offset]) continue outer;
    return true;
  }
  return query.length === 0;
}

function naiveLongest(text: readonly string[], query: readonly string[]): number {
  let best = 0;
  for (let start = 0; start < query.length; start += 1) {
    for (let end = start + 1; end <= query.length; end += 1)
      if (naiveContains(text, query.slice(start, end))) best = Math.max(best, end - start);
  }
  return best;
}

// A small alphabet makes repeats, and so clones in the automaton, likely.
const tokens = fc.array(fc.constantFrom('a', 'b', 'c', 'the', 'days'), { maxLength: 40 });

describe('SubstringIndex', () => {
  it.each([
    { text: 'tenants must respond within 14 days', query: 'respond within 14', contains: true },
    { text: 'tenants must respond within 14 days', query: 'respond within 15', contains: false },
    { text: 'a b a b a', query: 'b a b a', contains: true },
    { text: 'a b a b a', query: 'a a', contains: false },
    { text: 'x', query: '', contains: true },
  ])('$query in $text: $contains', ({ text, query, contains }) => {
    const index = new SubstringIndex(text.split(' '));
    expect(index.contains(query === '' ? [] : query.split(' '))).toBe(contains);
  });

  it('agrees with a naive search on random token sequences', () => {
    fc.assert(
      fc.property(tokens, tokens, (text, query) => {
        const index = new SubstringIndex(text);
        expect(index.contains(query)).toBe(naiveContains(text, query));
        const run = index.longestRun(query);
        expect(run.length).toBe(naiveLongest(text, query));
        if (run.length > 0) {
          // The reported occurrence really is that stretch of the query.
          expect(text.slice(run.indexStart, run.indexStart + run.length)).toEqual(
            query.slice(run.queryEnd - run.length, run.queryEnd),
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});
