import { beforeAll, describe, expect, it } from 'vitest';
import type { AllowlistIndex } from '../../src/match/index.js';
import { verifyAnswer } from '../../src/verify.js';
import { directoryIndex, HUD } from '../helpers/directories.js';
import { makeIndex } from '../helpers/allowlist.js';

// Issue 22, item 4: acronym + (expansion), expansion + (acronym) and "ACRONYM: Name" name one
// organization. Real rows: the HUD housing counselors directory lists
// "SOUTHEASTERN TIDEWATER OPPORTUNITY PROJECT OF HAMPTON ROADS (STOP)" (U.S. government work,
// test/fixtures/hud-counselors/SOURCE.md), built as a user would; the issue quotes the San
// Francisco 211 export's "SARC: Sexual Assault/Spouse Abuse Resource Center, Inc".
// Expectations written first.
const STOP = 'SOUTHEASTERN TIDEWATER OPPORTUNITY PROJECT OF HAMPTON ROADS (STOP)';
const ULHR = 'URBAN LEAGUE OF HAMPTON ROADS';
let hud: AllowlistIndex;
beforeAll(async () => {
  hud = await directoryIndex(HUD);
});
const statuses = (answer: string, index: AllowlistIndex): Array<[string, string | undefined]> =>
  verifyAnswer(answer, index).phones.map((phone) => [phone.status, phone.organization]);

describe('the directory writes "Name (ACRONYM)"', () => {
  it.each([
    [
      'acronym + (expansion), bullet',
      '- **STOP (Southeastern Tidewater Opportunity Project of Hampton Roads)**: (757) 858-1360',
    ],
    [
      'expansion alone, numbered',
      '1. Southeastern Tidewater Opportunity Project of Hampton Roads — (757) 858-1360',
    ],
    ['acronym alone, table', '| Agency | Phone |\n| --- | --- |\n| STOP | (757) 858-1360 |'],
    [
      'as listed, heading',
      '### Southeastern Tidewater Opportunity Project of Hampton Roads (STOP)\nCall (757) 858-1360.',
    ],
  ])('%s: right number verified', (_name, answer) => {
    expect(statuses(answer, hud)).toEqual([['verified', STOP]]);
  });

  it('a wrong number is charged, whichever form names it', () => {
    for (const name of [
      'STOP (Southeastern Tidewater Opportunity Project of Hampton Roads)',
      'Southeastern Tidewater Opportunity Project of Hampton Roads',
      'STOP',
    ])
      expect(statuses(`- **${name}**: (757) 673-0851`, hud), name).toEqual([
        ['misattributed', STOP],
      ]);
  });

  it('a shortened expansion is a name the directory does not list: not charged (written first as charged; the safe side kept)', () => {
    const answer = '- **STOP (Southeastern Tidewater Opportunity Project)**: (757) 673-0851';
    expect(statuses(answer, hud).map(([status]) => status)).toEqual(['known']);
  });

  it('the acronym is an ordinary word: inside a heading in capitals it names no one', () => {
    const answer =
      '## HOW TO STOP A FORECLOSURE\n- **Urban League of Hampton Roads**: (757) 673-0851';
    expect(statuses(answer, hud)).toEqual([['verified', ULHR]]);
  });
});

describe('the directory writes "ACRONYM: Name, Inc"', () => {
  const SARC = 'SARC: Sexual Assault/Spouse Abuse Resource Center, Inc';
  const index = makeIndex({
    org_names: [SARC, ULHR],
    org_phones: { [SARC]: ['(415) 555-0140'], [ULHR]: ['757-673-0851'] },
  });
  it.each([
    ['acronym + (expansion)', 'SARC (Sexual Assault/Spouse Abuse Resource Center): (415) 555-0140'],
    [
      'expansion + (acronym)',
      '- **Sexual Assault/Spouse Abuse Resource Center (SARC)** — (415) 555-0140',
    ],
    ['acronym alone', '1. **SARC**: (415) 555-0140'],
  ])('%s: right number verified', (_name, answer) => {
    expect(statuses(answer, index)).toEqual([['verified', SARC]]);
  });
  it('a wrong number is charged', () => {
    expect(
      statuses('SARC (Sexual Assault/Spouse Abuse Resource Center): (757) 673-0851', index),
    ).toEqual([['misattributed', SARC]]);
  });
});
