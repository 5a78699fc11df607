import { describe, expect, it } from 'vitest';
import { otherReference, type Mention } from '../../src/match/unlisted-names.js';

const named = 'Worcester District Court';
/** The reference in all of `text`, with the directory name written at its start (a mention). */
function referenceIn(text: string): string | undefined {
  const at = text.indexOf(named);
  const names: Mention[] = at === -1 ? [] : [{ start: at, end: at + named.length, name: named }];
  return otherReference(text, { start: 0, end: text.length }, names, named);
}

describe('otherReference: another body named by a common noun', () => {
  it.each([
    ['a determiner and a word the name lacks', 'call the housing court at', 'the housing court'],
    ['capitalized', 'For the Housing Court clerk, call', 'the Housing Court'],
    ['capitalized without a determiner', 'Housing Court (same building):', 'Housing Court'],
    ['a session', 'the housing session answers at', 'the housing session'],
    ['another', 'try another court at', 'another court'],
    ['a possessive, without its \'s', "the housing court's clerk", 'the housing court'],
  ])('%s', (_name, text, reference) => {
    expect(referenceIn(text)).toBe(reference);
  });

  it.each([
    ['the court', "the court's clerk answers at"],
    ['its office', "its clerk's office answers at"],
    ['the same court', 'call the same court at'],
    ['a word of the name itself', 'the district court answers at'],
    ['the directory name itself', `${named} answers at`],
    ['an organization word without a determiner', 'free services are offered; call'],
    ['a verb opening a sentence', 'Call Court Services at'],
  ])('none: %s', (_name, text) => {
    expect(referenceIn(text)).toBeUndefined();
  });
});
