import { describe, expect, it } from 'vitest';
import { extractPhones } from '../../src/extract/phones.js';
import { otherLineLabel } from '../../src/match/phone-cues.js';

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
    ['the main number followed by "fax" and the fax number', 'Call 617-555-0100 fax 617-555-0199', 0],
    ['a fax clause ended by a semicolon', 'Fax filings to the court; call 617-555-0100.', 0],
    ['Ada is a name, ADA is the Act', 'Call Ada County Legal Aid at 617-555-0100.', 0],
    ['a word holding fax', 'Faxes are not accepted; the Faxon office answers at 617-555-0100.', 0],
    ['a phone column', '| Court | 617-555-0100 |', 0],
  ])('%s: none', (_name, text, which) => {
    expect(labelOf(text, which, text.startsWith('|') ? ' Phone ' : undefined)).toBeUndefined();
  });
});
