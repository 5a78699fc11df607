import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deriveBareNames, isAcronymOf } from '../../src/normalize/bare-names.js';
import { isPlaceName } from '../../src/normalize/places.js';
import { verifyAnswer } from '../../src/verify.js';
import { makeIndex } from '../helpers/allowlist.js';

// Issue 37, item 1: a stand-alone name comes only from a true acronym and its full name, never
// from the parts of a `PARENT - SITE` name as 211 exports (iCarol, Open Referral) write programs
// and sites; a place is never an organization on its own.
const formsOf = (name: string): string[] =>
  deriveBareNames([], [name]).added.map((added) => added.name);

describe('an acronym and its full name, not a parent and its site', () => {
  it.each([
    ['SARC: Sexual Assault Resource Center', ['Sexual Assault Resource Center', 'SARC']],
    ['Sexual Assault Resource Center (SARC)', ['Sexual Assault Resource Center', 'SARC']],
    [
      'SARC: Sexual Assault/Spouse Abuse Resource Center, Inc',
      [
        'SARC: Sexual Assault/Spouse Abuse Resource Center',
        'Sexual Assault/Spouse Abuse Resource Center',
        'SARC',
      ],
    ],
    ['NYLAG - New York Legal Assistance Group', ['New York Legal Assistance Group', 'NYLAG']],
    ['SFWMD - MIAMI-DADE', []],
    ['CHARLEE - AVENTURA', []],
    ['LSMC - MONROE COUNTY', []],
    ['CREDIT360 - CUTLER BAY', []],
    ['Eastern Housing Court - Chelsea Session', []],
  ])('%s', (name, forms) => {
    expect(formsOf(name)).toEqual(forms);
  });

  it.each([
    ['GBLS', 'Greater Boston Legal Services', true],
    ['STOP', 'Southeastern Tidewater Opportunity Project of Hampton Roads', true],
    ['SFWMD', 'Miami-Dade', false],
    ['LSMC', 'Monroe County', false],
    ['WD', 'Water District', true],
  ])('isAcronymOf(%s, %s) is %s', (acronym, expansion, expected) => {
    expect(isAcronymOf(acronym, expansion)).toBe(expected);
  });
});

describe('the gazetteer: a place is never an organization on its own', () => {
  it.each([
    ['Miami-Dade', true],
    ['MIAMI-DADE COUNTY', true],
    ['Monroe County', true],
    ['Aventura', true],
    ['Massachusetts', true],
    ['Boston', true],
    ['Legal Aid', false],
    ['Greater Boston Legal Services', false],
  ])('%s: %s', (name, expected) => {
    expect(isPlaceName(name)).toBe(expected);
  });

  it('is generated, with its snapshot and source named', () => {
    const file = fileURLToPath(new URL('../../data/places.txt', import.meta.url));
    const header = readFileSync(file, 'utf8').split('\n').slice(0, 4);
    expect(header[0]).toMatch(/scripts\/refresh-places\.ts/);
    expect(header[1]).toMatch(/^# snapshot: \d{4}-\d{2}-\d{2}$/);
    expect(header[2]).toMatch(/^# source: cisagov\/dotgov-data commit [0-9a-f]{40}/);
  });

  it('a site name the directory splits off charges no number: the county clerk is not the water district', () => {
    const PROGRAM = 'SFWMD - MIAMI-DADE';
    const index = makeIndex({
      org_names: [PROGRAM],
      org_phones: { [PROGRAM]: ['(305) 377-7274'] },
      org_aliases: { [PROGRAM]: ['Miami-Dade'] },
    });
    const report = verifyAnswer('The Miami-Dade Clerk of Courts answers at (305) 275-1155.', index);
    expect(report.phones.map((phone) => phone.status)).toEqual(['unlisted']);
    expect(report.misattributedCount).toBe(0);
  });
});
