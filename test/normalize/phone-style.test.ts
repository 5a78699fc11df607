import { describe, expect, it } from 'vitest';
import { writePhoneLike } from '../../src/normalize/phone-style.js';

describe('writePhoneLike: the directory number in the answer’s own format', () => {
  it.each([
    ['(617) 555-0100', '(413) 555-1234'],
    ['617-555-0100', '413-555-1234'],
    ['617.555.0100', '413.555.1234'],
    ['+1 617 555 0100', '+1 413 555 1234'],
    ['1-617-555-0100', '1-413-555-1234'],
    ['6175550100', '4135551234'],
    // The extension belonged to the wrong number.
    ['617-555-0100 ext. 4', '413-555-1234'],
    ['(617) 555-0100 x12', '(413) 555-1234'],
    // Letters: no digit layout to follow, so the house form.
    ['1-800-LAW-HELP', '(413) 555-1234'],
  ])('%s → %s', (example, expected) => {
    expect(writePhoneLike(example, '+14135551234')).toBe(expected);
  });

  it('a number outside the North American plan is written as E.164', () => {
    expect(writePhoneLike('617-555-0100', '+442079460000')).toBe('+442079460000');
  });
});
