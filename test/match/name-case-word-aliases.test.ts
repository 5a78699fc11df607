import { describe, expect, it } from 'vitest';
import { verifyAnswer } from '../../src/verify.js';
import { makeIndex } from '../helpers/allowlist.js';

// Issue 22, item 3: an alias that is an ordinary English word matches only where it is written as
// a name. Real rows of the HUD housing counselors directory
// (test/fixtures/hud-counselors/hud-housing-counselors.csv, U.S. government work): the agency
// "SOUTHEASTERN TIDEWATER OPPORTUNITY PROJECT OF HAMPTON ROADS (STOP)", its acronym given as an
// alias, as a directory's alias column does (the SF export's `AND` for Asian Neighborhood Design).
// Expectations written first.
const STOP = 'SOUTHEASTERN TIDEWATER OPPORTUNITY PROJECT OF HAMPTON ROADS';
const ULHR = 'URBAN LEAGUE OF HAMPTON ROADS';
const index = makeIndex({
  org_names: [STOP, ULHR],
  org_phones: { [STOP]: ['757-858-1360'], [ULHR]: ['757-673-0851'] },
  org_aliases: { [STOP]: ['STOP'] },
});
const statuses = (answer: string): Array<[string, string | undefined]> =>
  verifyAnswer(answer, index).phones.map((phone) => [phone.status, phone.organization]);

describe('inside a heading or a sentence in capitals, the word is the word', () => {
  it.each([
    [
      'heading',
      `## HOW TO STOP A FORECLOSURE\n- **Urban League of Hampton Roads**: (757) 673-0851`,
    ],
    [
      'bold heading line',
      `**STOP FORECLOSURE NOW**\nUrban League of Hampton Roads: (757) 673-0851`,
    ],
    [
      'table header',
      `| WHERE TO STOP | PHONE |\n| --- | --- |\n| Urban League of Hampton Roads | (757) 673-0851 |`,
    ],
  ])('%s: the right number of another agency is verified, not charged to STOP', (_name, answer) => {
    expect(statuses(answer)).toEqual([['verified', ULHR]]);
  });
});

describe('written as a name, the alias still names the agency', () => {
  it.each([
    ['bullet, bold', '- **STOP**: (757) 858-1360', 'verified'],
    ['prose', 'Call STOP at (757) 858-1360.', 'verified'],
    [
      'numbered list',
      '1. STOP (Southeastern Tidewater Opportunity Project): (757) 858-1360',
      'verified',
    ],
    ['wrong number', '- **STOP**: (757) 673-0851', 'misattributed'],
  ])('%s', (_name, answer, status) => {
    expect(statuses(answer)).toEqual([[status, STOP]]);
  });
});
