import { describe, expect, it } from 'vitest';
import { extractPhones } from '../../src/extract/phones.js';
import { otherLineLabel, ownLabel } from '../../src/match/phone-cues.js';

/** The label of the `which`th number of `text`, its clause starting after the number before it. */
function labelOf(text: string, which: number, cell?: string): string | undefined {
  const phones = extractPhones(text);
  return otherLineLabel(phones[which]!, phones[which - 1]?.end ?? 0, text, cell);
}

describe('otherLineLabel: a number labelled as a line of another kind', () => {
  it.each([
    ['fax before, after the main number', 'Phone 617-555-0100, fax 617-555-0199.', 1, 'fax'],
    ['Fax: in a list item', '  - Fax: 617-555-0199', 0, 'fax'],
    ['facsimile', 'Facsimile: 617-555-0199', 0, 'fax'],
    ['TTY in parentheses', 'Call 617-555-0100 (TTY: 617-555-0142).', 1, 'TTY'],
    ['TDD', 'TDD 617-555-0142', 0, 'TDD'],
    ['(fax) after it', 'Or send it to 617-555-0199 (fax).', 0, 'fax'],
    ['fax after it, ending the sentence', 'Papers go to 617-555-0199 fax.', 0, 'fax'],
    ['an ADA coordinator', 'ADA coordinator: Denise Donovan, 617-555-0168.', 0, 'ADA'],
    ['a table column', '| Court | 617-555-0199 |', 0, 'fax'],
  ])('%s', (_name, text, which, label) => {
    expect(labelOf(text, which, text.startsWith('|') ? ' Fax ' : undefined)).toBe(label);
  });

  it.each([
    ['the main number before a fax', 'Phone 617-555-0100, fax 617-555-0199.', 0],
    [
      'the main number followed by "fax" and the fax number',
      'Call 617-555-0100 fax 617-555-0199',
      0,
    ],
    ['a fax clause ended by a semicolon', 'Fax filings to the court; call 617-555-0100.', 0],
    ['Ada is a name, ADA is the Act', 'Call Ada County Legal Aid at 617-555-0100.', 0],
    ['a word holding fax', 'Faxes are not accepted; the Faxon office answers at 617-555-0100.', 0],
    ['a phone column', '| Court | 617-555-0100 |', 0],
  ])('%s: none', (_name, text, which) => {
    expect(labelOf(text, which, text.startsWith('|') ? ' Phone ' : undefined)).toBeUndefined();
  });
});

describe('ownLabel: a label of its own after another number of the entry', () => {
  const named = 'Worcester District Court';
  /** The label of the second number of `text`, read from the end of the first. */
  const labelOfSecond = (text: string): string | undefined => {
    const [first, second] = extractPhones(text);
    return ownLabel(text, first!.end, second!, named);
  };
  it.each([
    [
      'a topic label',
      'Worcester District Court: 508-831-2010; Legal aid: 855-252-5342',
      'Legal aid',
    ],
    [
      'a parenthesized label after it',
      'Worcester District Court: 508-831-2010 (clerk), 508-831-2040 (ADA coordinator)',
      'ADA coordinator',
    ],
    [
      'a sentence of its own',
      'Worcester District Court: 508-831-2010. If you cannot afford a lawyer, call 855-252-5342',
      'If you cannot afford a lawyer call',
    ],
  ])('%s', (_name, text, label) => {
    expect(labelOfSecond(text)).toBe(label);
  });
  it.each([
    ['or', 'Worcester District Court: 508-831-2010 or 508-831-2011'],
    ['a comma', 'Worcester District Court: 508-831-2010, 508-831-2011'],
    ['a line label', 'Worcester District Court: main line 508-831-2010; toll-free: 800-555-0199'],
    ['a menu choice', 'Worcester District Court: 508-831-2010, press 5, or 508-831-2011'],
    [
      'words of the name itself',
      'Worcester District Court: 508-831-2010; Worcester court clerk: 508-831-2011',
    ],
  ])('none: %s', (_name, text) => {
    expect(labelOfSecond(text)).toBeUndefined();
  });
});
