import { describe, expect, it } from 'vitest';
import { compareVendors, renderComparison } from '../../src/compare/index.js';

/** A results file of an eval that never ran the verifier says so, not "every answer passed". */
describe('a comparison where the verifier never ran', () => {
  it('says the verifier graded nothing, in every text format', () => {
    const comparison = compareVendors(
      [{ vendor: 'echo', test: 'q1', testIdx: 0, promptIdx: 0, answer: 'See https://x.org' }],
      { source: 'results.json', mode: 'promptfoo' },
    );
    expect(comparison.verifierRan).toBe(0);
    for (const format of ['text', 'markdown'] as const) {
      const text = renderComparison(comparison, format);
      expect(text).toContain('the verifier ran on no row of this file');
      expect(text).not.toContain('every answer passed the verifier');
    }
  });
});
