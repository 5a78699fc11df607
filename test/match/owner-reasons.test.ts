import { describe, expect, it } from 'vitest';
import { ownersText } from '../../src/match/phone-verdicts.js';

/** A number's owners named once in its reason (issue 41), however many entries the directory has. */
describe('ownersText', () => {
  it('names an organization once and counts its offices', () => {
    expect(
      ownersText([
        'Collier County Legal Aid',
        ...[
          'Naples',
          'Immokalee',
          'Marco Island',
          'Golden Gate',
          'Everglades City',
          'Ave Maria',
          'Bonita',
        ].map((town) => `Collier County Legal Aid - ${town}`),
      ]),
    ).toBe('Collier County Legal Aid and 7 of its offices');
    expect(ownersText(['Legal Aid', 'Legal Aid (Salem)'])).toBe('Legal Aid and 1 of its office');
  });

  it('names a shared name none of the owners is once, then the first offices and how many more', () => {
    // The four sessions of the Housing Court sharing one number in the Massachusetts court directory.
    expect(
      ownersText([
        'Central Housing Court - Dudley Session',
        'Central Housing Court - Leominster Session',
        'Central Housing Court - Marlborough Session',
        'Central Housing Court - Worcester Session',
      ]),
    ).toBe(
      "Central Housing Court's 4 offices (Dudley Session, Leominster Session, Marlborough Session and 1 more)",
    );
    expect(
      ownersText([
        'Massachusetts Appeals Court (Panel)',
        'Massachusetts Appeals Court (Single Justice)',
      ]),
    ).toBe("Massachusetts Appeals Court's 2 offices (Panel, Single Justice)");
  });

  it('never cuts a name in the middle of a word, and folds unrelated owners with a count', () => {
    expect(ownersText(['Central Division, Boston Municipal Court'])).toBe(
      'Central Division, Boston Municipal Court',
    );
    expect(ownersText(['Lowell District Court', 'Lowell Superior Court'])).toBe(
      'Lowell District Court, Lowell Superior Court',
    );
    expect(ownersText(['A Court', 'B Court', 'C Court', 'D Court', 'E Court'])).toBe(
      'A Court, B Court, C Court and 2 more',
    );
  });
});
