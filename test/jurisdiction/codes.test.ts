import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_FORMS,
  areaOf,
  JURISDICTIONS,
  jurisdictionOf,
  parseJurisdiction,
} from '../../src/jurisdiction/codes.js';

describe('jurisdictionOf: the accepted forms', () => {
  it.each([
    ['MA', 'MA'],
    ['ma', 'MA'],
    [' Tx ', 'TX'],
    ['Massachusetts', 'MA'],
    ['MASSACHUSETTS', 'MA'],
    ['new   york', 'NY'],
    ['District of Columbia', 'DC'],
    ['Washington, D.C.', 'DC'],
    ['dc', 'DC'],
    ['Puerto Rico', 'PR'],
    ['gu', 'GU'],
    ['U.S. Virgin Islands', 'VI'],
    ['Virgin Islands', 'VI'],
    ['American Samoa', 'AS'],
    ['Northern Mariana Islands', 'MP'],
    ['Commonwealth of Massachusetts', 'MA'],
  ])('%j → %s', (text, code) => {
    expect(jurisdictionOf(text)).toBe(code);
  });

  it.each(['Mass', 'US', 'national', 'XX', 'FM', '', 'Massachusets', 'M A'])(
    '%j is not a jurisdiction',
    (text) => {
      expect(jurisdictionOf(text)).toBeNull();
    },
  );

  it('holds the 50 states, DC and five territories, each name read back to its code', () => {
    expect(Object.keys(JURISDICTIONS)).toHaveLength(56);
    for (const [code, name] of Object.entries(JURISDICTIONS)) {
      expect(jurisdictionOf(name)).toBe(code);
      expect(jurisdictionOf(code.toLowerCase())).toBe(code);
    }
  });
});

describe('parseJurisdiction: anything else is an input error listing the accepted forms', () => {
  it.each([
    ['Mass', '"Mass"'],
    ['US', '"US"'],
    [7, 'number 7'],
    [['MA'], 'a list'],
  ])('%j', (value, shown) => {
    expect(() => parseJurisdiction(value, '--jurisdiction')).toThrow(
      `--jurisdiction: ${shown} is not a jurisdiction; write ${ACCEPTED_FORMS}`,
    );
  });

  it('names the place the value came from and carries the input-error code', () => {
    try {
      parseJurisdiction('Texass', 'vars.state');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: 'INVALID_CONFIG' });
      expect((error as Error).message).toMatch(/^vars\.state: "Texass" is not a jurisdiction/);
    }
  });
});

describe('areaOf: the areas a directory cell may give', () => {
  it.each([
    ['US', 'US'],
    ['national', 'US'],
    ['Nationwide', 'US'],
    ['United States', 'US'],
    ['u.s.a.', 'US'],
    ['NH', 'NH'],
    ['New Hampshire', 'NH'],
    ['Mass', null],
  ])('%j → %s', (text, area) => {
    expect(areaOf(text)).toBe(area);
  });
});
