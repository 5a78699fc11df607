import { describe, expect, it } from 'vitest';
import { otherReference, ownerWordIn, type Mention } from '../../src/match/unlisted-names.js';

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
    ["a possessive, without its 's", "the housing court's clerk", 'the housing court'],
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

describe('ownerWordIn: a word of the real owner that the named organization lacks', () => {
  const owners = [
    'Central Housing Court - Worcester Session',
    'Central Housing Court - Dudley Session',
  ];
  const word = (text: string): string | undefined => {
    const at = text.indexOf(named);
    const names: Mention[] = at === -1 ? [] : [{ start: at, end: at + named.length, name: named }];
    return ownerWordIn(text, { start: 0, end: text.length }, names, owners, named);
  };
  it.each([
    ['lower case', 'For housing, skip Worcester District Court and call 1.', 'housing'],
    ['opening a label', 'Worcester District Court: 2; Housing: 1.', 'Housing'],
    ['opening a sentence', 'Housing cases: 1.', 'Housing'],
    ['in parentheses', 'Worcester District Court: 2 (criminal), 1 (housing)', 'housing'],
  ])('%s', (_name, text, found) => {
    expect(word(text)).toBe(found);
  });
  it.each([
    [
      'only words the named organization holds too',
      'Worcester District Court, the court in Worcester: 1.',
    ],
    ['an organization word alone', 'Call the court session at 1.'],
    [
      'a capitalized word inside a sentence (a town)',
      'The court is at 1 Main St., Dudley, MA; call 1.',
    ],
  ])('none: %s', (_name, text) => {
    expect(word(text)).toBeUndefined();
  });
});
