import { describe, expect, it } from 'vitest';
import { loadAllowlistIndex, type AllowlistIndex } from '../../src/match/index.js';
import { findOrganizations } from '../../src/match/orgs.js';
import type { Report } from '../../src/types.js';
import { verifyAnswer } from '../../src/verify.js';
import { fixturePath } from '../helpers/check-cli.js';
import { directoryIndex, HUD, MA_COURTS } from '../helpers/directories.js';

/**
 * Phone attribution and organization names as real directories and chatbots write them: whole
 * answers through `verifyAnswer`, against a Maryland directory (test/fixtures/issue-14) and the
 * HUD housing counselors.
 */
const index = await loadAllowlistIndex(fixturePath('issue-14', 'allowlist.json'));

const check = (answer: string, on: AllowlistIndex = index): Report => verifyAnswer(answer, on);

const statuses = (report: Report): Array<[string, string, string | undefined]> =>
  report.phones.map((phone) => [phone.finding.raw, phone.status, phone.organization]);

const CLC = 'Community Law Center, Inc.';
const WLC = "Women's Law Center, Inc.";
const HPRP = 'Homeless Persons Representation Project, Inc.';
const MVLS = 'Maryland Volunteer Lawyers Service';

describe('1. attribution weighs what the sentence says', () => {
  it('the sentence from the issue: the number is at the second name, not the first', () => {
    const report = check(
      "If the Women's Law Center is busy, call (410) 366-0922 at the Community Law Center.",
    );
    expect(statuses(report)).toEqual([['(410) 366-0922', 'verified', CLC]]);
    expect(report).toMatchObject({ pass: true, score: 1, misattributedCount: 0 });
  });

  it.each([
    ["If the Women's Law Center is busy, call 410-366-0922 for the Community Law Center.", CLC],
    ["The Community Law Center's number is (410) 366-0922; the Women's Law Center is busy.", CLC],
    ["Women's Law Center: (410) 321-8761. Community Law Center: (410) 366-0922.", WLC],
    [
      "When the Women's Law Center cannot help, the Community Law Center at (410) 366-0922 can.",
      CLC,
    ],
  ])('variant %j', (text, first) => {
    const report = check(text);
    expect(report.misattributedCount).toBe(0);
    expect(report.phones[0]).toMatchObject({ status: 'verified', organization: first });
  });

  it('still catches the wrong number given "at" a name', () => {
    const report = check(
      "If the Community Law Center is busy, call (410) 366-0922 at the Women's Law Center.",
    );
    expect(statuses(report)).toEqual([['(410) 366-0922', 'misattributed', WLC]]);
  });

  it.each([
    [
      "Call the Community Law Center at (410) 366-0922 or the Women's Law Center at (410) 321-8761.",
      0,
    ],
    [
      "Call (410) 366-0922 for the Community Law Center or (410) 321-8761 for the Women's Law Center.",
      0,
    ],
    [
      "The Community Law Center and the Women's Law Center answer at (410) 366-0922 and (410) 321-8761.",
      0,
    ],
    ["Call the Women's Law Center or the Community Law Center at (410) 366-0922.", 0],
    [
      "Call the Community Law Center at (410) 321-8761 or the Women's Law Center at (410) 366-0922.",
      2,
    ],
    [
      "Call (410) 321-8761 for the Community Law Center or (410) 366-0922 for the Women's Law Center.",
      2,
    ],
    ["Community Law Center: call (410) 321-8761. Women's Law Center: call (410) 366-0922.", 2],
  ])(
    '"A at 1 or B at 2" and the README table still hold: %j → %i misattributed',
    (text, misattributed) => {
      expect(check(text).misattributedCount).toBe(misattributed);
    },
  );

  it.each([
    ['verified', 'Call the Community Law Center at (410) 366-0922.', 'verified'],
    ['misattributed', 'Call the Community Law Center at (410) 685-6589.', 'misattributed'],
    ['known', 'You can also call (410) 366-0922.', 'known'],
    ['unlisted', 'You can also call (410) 235-9999.', 'unlisted'],
    ['unchecked', 'Call the Tenant Clinic at (410) 366-0922.', 'unchecked'],
    ['service_line', 'Call the Community Law Center, or dial 211.', 'service_line'],
  ])('README phone table: %s', (_name, text, status) => {
    const report = check(text);
    expect(report.phones.at(-1)!.status).toBe(status);
  });
});

describe('2. ordinary words are not organization names', () => {
  it('the sentence from the issue is not charged to "Concern"', () => {
    const report = check('If you have a concern, call (410) 366-0922.');
    expect(report.organizations).toEqual([]);
    expect(statuses(report)).toEqual([['(410) 366-0922', 'known', undefined]]);
    expect(report.misattributedCount).toBe(0);
  });

  it.each([
    'Ask about family connections, or call (410) 366-0922.',
    'There are creative options: call (410) 366-0922.',
    'After recovery, inc. fees may apply; call (410) 366-0922.',
  ])('%j names no organization', (text) => {
    const report = check(text);
    expect(report.organizations).toEqual([]);
    expect(report.misattributedCount).toBe(0);
  });

  it('written as listed, capitals included, they count', () => {
    const report = check('Family Connections answers at (410) 366-0922.');
    expect(report.organizations.map((org) => org.normalized)).toEqual(['Family Connections']);
    expect(statuses(report)).toEqual([['(410) 366-0922', 'misattributed', 'Family Connections']]);
  });
});

describe("2. on a directory's worth of names (HUD housing counselors, Massachusetts courts)", () => {
  const directories = () => Promise.all([directoryIndex(HUD), directoryIndex(MA_COURTS)]);

  it('every name written as listed is found; ordinary sentences name none', async () => {
    const ordinary = [
      'If you have a concern, call the housing authority about family connections and creative options.',
      'After recovery, inc. fees and community action programs may help; the urban league of tenants met.',
      'A development corporation, a housing partnership and legal aid services are all options for the family.',
      'The court said the district court and the superior court, the land court and the housing court agree.',
    ];
    for (const index of await directories()) {
      for (const name of index.allowlist.orgNames) {
        const found = findOrganizations(`Contact ${name} today.`, index.orgMatcher).map(
          (org) => org.normalized,
        );
        expect(found, name).toContain(name);
      }
      for (const text of ordinary)
        expect(findOrganizations(text, index.orgMatcher), text).toEqual([]);
    }
  });
});

describe('3. chatbot layout: a number belongs to the item it sits under', () => {
  const layout = (
    first: string,
    second: string,
    style: 'numbered' | 'heading' | 'bold' | 'deep' | 'linked',
  ): string => {
    const parts: Record<typeof style, string> = {
      numbered: `Here are some options:\n\n1. **Community Law Center**\n   - Phone: ${first}\n   - Website: https://communitylaw.org\n2. **Women's Law Center**\n   - Phone: ${second}\n   - Website: https://wlcmd.org\n`,
      heading: `## Where to get help\n\n### Community Law Center\n- Phone: ${first}\n- Website: https://communitylaw.org\n\n### Women's Law Center\n- Phone: ${second}\n- Website: https://wlcmd.org\n`,
      bold: `**Community Law Center**\n- Phone: ${first}\n- Website: https://communitylaw.org\n\n**Women's Law Center**\n- Phone: ${second}\n`,
      linked: `1. **[Community Law Center](https://communitylaw.org)**\n   - Phone: ${first}\n2. **[Women's Law Center](https://wlcmd.org)**\n   - Phone: ${second}\n`,
      deep: `- Baltimore\n  - Community Law Center\n    - Contact\n      - Phone: ${first}\n  - Women's Law Center\n    - Phone: ${second}\n`,
    };
    return parts[style];
  };

  it.each(['numbered', 'heading', 'bold', 'deep', 'linked'] as const)(
    '%s: right numbers verified, swapped numbers both caught',
    (style) => {
      const right = check(layout('(410) 366-0922', '(410) 321-8761', style));
      expect(statuses(right)).toEqual([
        ['(410) 366-0922', 'verified', CLC],
        ['(410) 321-8761', 'verified', WLC],
      ]);
      const swapped = check(layout('(410) 321-8761', '(410) 366-0922', style));
      expect(statuses(swapped)).toEqual([
        ['(410) 321-8761', 'misattributed', CLC],
        ['(410) 366-0922', 'misattributed', WLC],
      ]);
    },
  );

  it('a heading that names two organizations charges neither with a number neither lists', () => {
    const report = check(
      "### Community Law Center and Women's Law Center\n- Phone: (410) 685-6589\n",
    );
    expect(report.misattributedCount).toBe(0);
    expect(statuses(report)).toEqual([['(410) 685-6589', 'known', undefined]]);
  });

  it('an introduction ending in a colon still never penalizes the list under it', () => {
    const report = check(
      'If the Community Law Center cannot help, try:\n\n- Phone: (410) 321-8761\n',
    );
    expect(report.misattributedCount).toBe(0);
  });
});

describe('4. a name that is not in the directory takes its number with it', () => {
  it('the sentence from the issue', () => {
    const report = check(
      'Call the Homeless Persons Representation Project at (410) 685-6589. Maryland Legal Aid also has a benefits unit at (410) 951-7750.',
    );
    expect(statuses(report)).toEqual([
      ['(410) 685-6589', 'verified', HPRP],
      ['(410) 951-7750', 'unlisted', undefined],
    ]);
    expect(report.phones[1]!.code).toBe('phone.uncharged.unlisted-name');
    expect(report.misattributedCount).toBe(0);
  });

  it('known when the directory lists the number for someone', () => {
    const report = check(
      'The Homeless Persons Representation Project helps. Maryland Legal Aid has a unit at (410) 366-0922.',
    );
    expect(statuses(report)).toEqual([['(410) 366-0922', 'known', undefined]]);
    expect(report.phones[0]!.code).toBe('phone.uncharged.unlisted-name');
  });
});

describe('5. names without legal-form suffixes and articles', () => {
  it.each([
    ['Call the Community Law Center at (410) 366-0922.', CLC],
    ['The Arc of Baltimore answers at (410) 296-2272.', 'Arc of Baltimore, The'],
    ['Homeless Persons Representation Project: (410) 685-6589', HPRP],
  ])('%j', (text, organization) => {
    const report = check(text);
    expect(report.organizations.map((org) => org.normalized)).toEqual([organization]);
    expect(report.phones[0]).toMatchObject({ status: 'verified', organization });
  });
});

describe('6. a misattribution reason a person can read', () => {
  it('lists at most three of the organization numbers, then how many more', () => {
    const report = check('Call the Maryland Volunteer Lawyers Service at (410) 366-0922.');
    expect(statuses(report)).toEqual([['(410) 366-0922', 'misattributed', MVLS]]);
    expect(report.phones[0]!.reason).toBe(
      `(410) 366-0922 is given for ${MVLS}, whose numbers are (410) 547-6537, (800) 510-0050, (410) 547-6538 and 8 more; it is the number of ${CLC}`,
    );
  });
});

describe('HUD housing counselors: names written as people write them', () => {
  it('without their legal form, in any case but lower', async () => {
    const hud = await directoryIndex(HUD);
    const right = check(
      'For housing counseling in DC, call Housing Counseling Services at 202-667-7006, or Operation Hope at 202-582-2212.',
      hud,
    );
    expect(statuses(right)).toEqual([
      ['202-667-7006', 'verified', 'HOUSING COUNSELING SERVICES, INCORPORATED'],
      ['202-582-2212', 'verified', 'OPERATION HOPE, INC'],
    ]);
    // A one-word name in capitals (`MANNA, INC.`) reads as an acronym; `Manna` is then a name the
    // directory does not know, and its number is charged to no one else.
    const unknown = check(
      'Call Housing Counseling Services at 202-667-7006, or Manna at 202-832-1845.',
      hud,
    );
    expect(statuses(unknown)).toEqual([
      ['202-667-7006', 'verified', 'HOUSING COUNSELING SERVICES, INCORPORATED'],
      ['202-832-1845', 'known', undefined],
    ]);
    const swapped = check('Call Operation Hope at 202-667-7006.', hud);
    expect(statuses(swapped)).toEqual([['202-667-7006', 'misattributed', 'OPERATION HOPE, INC']]);
    const plain = check('In lower case, ask housing counseling services or operation hope.', hud);
    expect(plain.organizations).toEqual([]);
  });
});
