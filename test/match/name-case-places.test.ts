import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAllowlist } from '../../builders/build.js';
import { readCsvFile } from '../../builders/csv.js';
import { buildIndex, type AllowlistIndex } from '../../src/match/index.js';
import { verifyAnswer } from '../../src/verify.js';

// Issue 22, the last swap misses: a court name made only of ordinary words ("Orange District
// Court", "Fall River Juvenile Court") is matched case-sensitively, so in a heading written in
// capitals it named nothing and a wrong number there went uncharged. Where its place proves it a
// name (the whole heading, the bold lead of a list item, a whole table cell) it is the name in any
// case; in prose, or inside a longer heading, the case rule stands.
// Real rows: the MA courts directory (test/fixtures/ma-courts/, SuffolkLITLab/docassemble-MACourts,
// MIT; see SOURCE.md there), built as `build-allowlist --org-column "Court Name" --url-column
// Website --phone-column Phone` builds it. The HUD housing counselors directory
// (test/fixtures/hud-counselors/, U.S. government work; SOURCE.md there). Expectations written first.
const fixtures = join(import.meta.dirname, '..', 'fixtures');
let courts: AllowlistIndex;
let hud: AllowlistIndex;
beforeAll(async () => {
  const ma = await readCsvFile(
    join(fixtures, 'ma-courts', 'ma-courts-directory.csv'),
    'ma-courts-directory.csv',
  );
  courts = buildIndex(
    buildAllowlist([ma], {
      columns: {
        org: 'Court Name',
        urls: ['Website'],
        phones: ['Phone'],
        aliases: [],
        domains: [],
      },
    }).allowlist,
  );
  const counselors = await readCsvFile(
    join(fixtures, 'hud-counselors', 'hud-housing-counselors.csv'),
    'hud-housing-counselors.csv',
  );
  hud = buildIndex(
    buildAllowlist([counselors], {
      columns: { org: 'Agency', urls: ['Website'], phones: ['Phone'], aliases: [], domains: [] },
    }).allowlist,
  );
});

const statuses = (answer: string, index = courts): Array<[string, string | undefined]> =>
  verifyAnswer(answer, index).phones.map((phone) => [phone.status, phone.organization]);

// Each court's listed main number, and a neighbour's (the audit's swap: the next court's number).
const ORANGE = 'Orange District Court'; // (978) 544-8277
const ORLEANS = 'Orleans District Court'; // (508) 255-4700
const FALL_RIVER_JUVENILE = 'Fall River Juvenile Court'; // (508) 676-0090
const FALMOUTH_JUVENILE = 'Falmouth Juvenile Court'; // (508) 495-1696
const ORANGE_JUVENILE = 'Orange Juvenile Court'; // (978) 544-5125
const FALL_RIVER_HOUSING = 'Southeast Housing Court - Fall River Session'; // (508) 677-1505
const FALL_RIVER_PROBATE = 'Fall River Probate and Family Court'; // (508) 672-1751

describe('a name of ordinary words filling a name’s place is the name in any case (failed before: known)', () => {
  it.each([
    ['heading in capitals', '## ORANGE DISTRICT COURT\nCall (508) 255-4700.', ORANGE],
    ['heading in lower case', '### orange district court\nFriday: (508) 255-4700', ORANGE],
    [
      'bold lead of a bullet',
      '- **FALL RIVER JUVENILE COURT**: (508) 495-1696',
      FALL_RIVER_JUVENILE,
    ],
    [
      'bold lead of a numbered item, colon inside the bold',
      '1. **FALL RIVER PROBATE AND FAMILY COURT:** (508) 999-5249',
      FALL_RIVER_PROBATE,
    ],
    ['line of bold text only', '**ORANGE JUVENILE COURT**\nPhone: (508) 240-5044', ORANGE_JUVENILE],
    [
      'whole table cell',
      '| Court | Phone |\n| --- | --- |\n| SOUTHEAST HOUSING COURT - FALL RIVER SESSION | (508) 994-0156 |',
      FALL_RIVER_HOUSING,
    ],
    [
      'whole table cell, bold',
      '| Court | Phone |\n| --- | --- |\n| **ORANGE DISTRICT COURT** | (508) 255-4700 |',
      ORANGE,
    ],
  ])('%s: a neighbour’s number is misattributed', (_layout, answer, court) => {
    expect(statuses(answer)).toEqual([['misattributed', court]]);
  });

  it('a name listed in capitals with its closing period, in lower case in a heading', () => {
    // HUD's "NEW RIVER COMMUNITY ACTION, INC." (all ordinary words), the next agency's number.
    expect(statuses('### new river community action, inc.\nFriday: (804) 901-3449', hud)).toEqual([
      ['misattributed', 'NEW RIVER COMMUNITY ACTION, INC.'],
    ]);
  });

  it.each([
    ['heading in capitals', '## ORANGE DISTRICT COURT\nCall (978) 544-8277.', ORANGE],
    ['bold lead', '- **FALL RIVER JUVENILE COURT**: (508) 676-0090', FALL_RIVER_JUVENILE],
    [
      'whole table cell',
      '| Court | Phone |\n| --- | --- |\n| SOUTHEAST HOUSING COURT - FALL RIVER SESSION | (508) 677-1505 |',
      FALL_RIVER_HOUSING,
    ],
  ])('%s: its own number is verified', (_layout, answer, court) => {
    expect(statuses(answer)).toEqual([['verified', court]]);
  });
});

describe('anywhere else the case rule stands (same before and after)', () => {
  it.each([
    ['prose, lower case', 'Call the orange district court clerk at (508) 255-4700.'],
    ['prose in capitals', 'CALL THE ORANGE DISTRICT COURT AT (508) 255-4700.'],
    [
      'inside a longer heading',
      '## WHEN THE FALL RIVER JUVENILE COURT IS CLOSED\nCall (508) 495-1696.',
    ],
    [
      'bold inside a sentence',
      'If you are near the **ORANGE DISTRICT COURT**, call (508) 255-4700.',
    ],
    ['bullet without bold', '- fall river juvenile court: (508) 495-1696'],
  ])('%s: the words name no court, the number is not charged', (_layout, answer) => {
    expect(statuses(answer).map(([status]) => status)).toEqual(['known']);
  });

  it.each([
    [
      'a list item under the heading',
      '## ORANGE DISTRICT COURT\n- Orleans District Court: (508) 255-4700',
      ORLEANS,
    ],
    [
      'a bold item under a bold heading line',
      '**FALL RIVER JUVENILE COURT**\n- **Falmouth Juvenile Court**: (508) 495-1696',
      FALMOUTH_JUVENILE,
    ],
    [
      'a table whose header cell holds the words',
      '| ORANGE DISTRICT COURT | Phone |\n| --- | --- |\n| Orleans District Court | (508) 255-4700 |',
      ORLEANS,
    ],
  ])('%s: another court’s right number stays verified', (_layout, answer, court) => {
    expect(statuses(answer)).toEqual([['verified', court]]);
  });
});

// The 3 HUD misses of the layout audit, kept on the safe side (docs/LINKS-AND-LABELS.md, "A word
// of the owner's name"): "counseling" is a word of the number's real owner's name, and the same
// words are how an answer gives a referral ("for credit counseling, call …" with the national
// foundation's own number), which is no wrong number.
describe('a word of the real owner’s name beside the number: reported, not charged', () => {
  const LEDC = 'LATINO ECONOMIC DEVELOPMENT CORPORATION';
  it.each([
    [
      'the audit’s layout',
      `- **${LEDC}**: counseling in English, Spanish, Chinese and Russian: (202) 667-7006`,
    ],
    [
      'a referral with the owner’s right number',
      `- **${LEDC}**: for credit counseling, call (202) 677-4345`,
    ],
  ])('%s', (_layout, answer) => {
    expect(statuses(answer, hud).map(([status]) => status)).toEqual(['known']);
  });

  it('its own number there is verified', () => {
    expect(
      statuses(
        `- **${LEDC}**: counseling in English, Spanish, Chinese and Russian: (202) 540-7402`,
        hud,
      ),
    ).toEqual([['verified', LEDC]]);
  });
});
