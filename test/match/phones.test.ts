import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/extract/links.js';
import { findOrganizations } from '../../src/match/orgs.js';
import { extractPhones } from '../../src/extract/phones.js';
import { prepareAnswer } from '../../src/text/prepared.js';
import { attributePhones } from '../../src/match/phones.js';
import type { PhoneStatus } from '../../src/types.js';
import { makeIndex } from '../helpers/allowlist.js';
import { growth, LINEAR } from '../helpers/growth.js';

const GBLS = 'Greater Boston Legal Services';
const MLRI = 'Massachusetts Law Reform Institute';
const CLA = 'Community Legal Aid';
const CLINIC = 'Neighborhood Legal Clinic';

// GBLS (617) 371-1234, MLRI (617) 357-0700, Community Legal Aid two numbers; two organizations
// share one hotline; the clinic has no numbers on file.
const index = makeIndex({
  org_names: [GBLS, MLRI, CLA, CLINIC, 'Shared Line North', 'Shared Line South'],
  org_phones: {
    [GBLS]: ['(617) 371-1234'],
    [MLRI]: ['617.357.0700'],
    [CLA]: ['1-855-252-5342', '508-752-3718'],
    'Shared Line North': ['800-555-0199'],
    'Shared Line South': ['+1 800 555 0199'],
  },
  org_aliases: { [GBLS]: ['GBLS'], [MLRI]: ['MLRI'] },
});

interface Judged {
  raw: string;
  status: PhoneStatus;
  organization: string | undefined;
  reason: string;
}

/** Run the real pipeline up to the phone verdicts. */
function judge(text: string): Judged[] {
  const links = extractLinks(text);
  const phones = extractPhones(text, links);
  const orgs = findOrganizations(text, index.orgMatcher, [...links, ...phones]);
  return attributePhones(phones, orgs, prepareAnswer(text), index).map((verdict) => ({
    raw: verdict.finding.raw,
    status: verdict.status,
    organization: verdict.organization,
    reason: verdict.reason,
  }));
}

const statusOf = (text: string): Array<[string, PhoneStatus, string | undefined]> =>
  judge(text).map((v) => [v.raw, v.status, v.organization]);

describe('attributePhones: each status', () => {
  it('verified: the number is listed for the organization named next to it', () => {
    expect(judge('Call GBLS at (617) 371-1234.')).toEqual([
      {
        raw: '(617) 371-1234',
        status: 'verified',
        organization: GBLS,
        reason: `(617) 371-1234 is listed for ${GBLS}`,
      },
    ]);
  });

  it('verified in any format, and with an extension', () => {
    expect(statusOf('Call GBLS at 617.371.1234 ext. 5 or +1 617 371 1234.')).toEqual([
      ['617.371.1234 ext. 5', 'verified', GBLS],
      ['+1 617 371 1234', 'verified', GBLS],
    ]);
  });

  it("misattributed: another listed organization's number, and the reason names the real owner", () => {
    expect(judge('Call GBLS at 617-357-0700.')).toEqual([
      {
        raw: '617-357-0700',
        status: 'misattributed',
        organization: GBLS,
        reason: `(617) 357-0700 is given for ${GBLS}, whose numbers are (617) 371-1234; it is the number of ${MLRI}`,
      },
    ]);
  });

  it('misattributed: a number nobody lists, given for an organization with numbers', () => {
    expect(judge('Call Community Legal Aid at 617-555-0100.')).toEqual([
      {
        raw: '617-555-0100',
        status: 'misattributed',
        organization: CLA,
        reason: `(617) 555-0100 is given for ${CLA}, whose numbers are (855) 252-5342, (508) 752-3718; the directory does not list it for anyone`,
      },
    ]);
  });

  it('known: no organization named near it, but the directory lists it', () => {
    expect(judge('For housing questions, call 617-371-1234.')).toEqual([
      {
        raw: '617-371-1234',
        status: 'known',
        organization: undefined,
        reason: `(617) 371-1234 is listed for ${GBLS}; no organization is named next to it`,
      },
    ]);
  });

  it('unlisted: no organization named near it and the directory does not know it', () => {
    expect(judge('Call 617-555-0100 for help.')).toEqual([
      {
        raw: '617-555-0100',
        status: 'unlisted',
        organization: undefined,
        reason: '(617) 555-0100 is not in the directory and no organization is named next to it',
      },
    ]);
  });

  it('unchecked: the organization named near it has no numbers on file', () => {
    expect(judge(`Call ${CLINIC} at 617-555-0100.`)).toEqual([
      {
        raw: '617-555-0100',
        status: 'unchecked',
        organization: CLINIC,
        reason: `(617) 555-0100 is given for ${CLINIC}, which has no numbers in the directory`,
      },
    ]);
  });

  it('service_line: valid anywhere, even next to an organization with other numbers', () => {
    expect(judge('GBLS says: call 211 or dial 988.')).toEqual([
      {
        raw: '211',
        status: 'service_line',
        organization: undefined,
        reason: '211 is a public service line',
      },
      {
        raw: '988',
        status: 'service_line',
        organization: undefined,
        reason: '988 is a public service line',
      },
    ]);
  });

  it('lists the owners of the number on every verdict', () => {
    const [verdict] = attributePhones(
      extractPhones('Call 800-555-0199.'),
      [],
      prepareAnswer('Call 800-555-0199.'),
      index,
    );
    expect(verdict?.owners).toEqual(['Shared Line North', 'Shared Line South']);
  });
});

describe('attributePhones: two organizations, two numbers, in either order, never penalized', () => {
  it.each([
    ['name then number, in order', 'Call GBLS at 617-371-1234 or MLRI at 617-357-0700.'],
    ['names in the other order', 'Call MLRI at 617-357-0700 or GBLS at 617-371-1234.'],
    ['numbers before names', 'Call 617-371-1234 for GBLS and 617-357-0700 for MLRI.'],
    [
      'names first, numbers after in the same order',
      'GBLS and MLRI can help: 617-371-1234 and 617-357-0700.',
    ],
    [
      'names first, numbers after in the other order',
      'GBLS and MLRI can help: 617-357-0700 and 617-371-1234.',
    ],
    ['in parentheses', 'GBLS (617-371-1234) and MLRI (617-357-0700) can help.'],
    [
      'names in one sentence, numbers in the next',
      'GBLS and MLRI help tenants. Call 617-357-0700 or 617-371-1234.',
    ],
    ['as list items', `- ${GBLS}\n  Phone: 617-371-1234\n- MLRI\n  Phone: 617-357-0700`],
    [
      'as list items in the other order',
      `- MLRI\n  Phone: 617-357-0700\n- ${GBLS}\n  Phone: 617-371-1234`,
    ],
    [
      'as paragraphs',
      `${GBLS} helps tenants.\nCall 617-371-1234.\n\nMLRI works on policy.\nCall 617-357-0700.`,
    ],
    [
      'in a table',
      `| Organization | Phone |\n| --- | --- |\n| GBLS | 617-371-1234 |\n| MLRI | 617-357-0700 |`,
    ],
  ])('%s', (_name, text) => {
    const verdicts = judge(text);
    expect(verdicts).toHaveLength(2);
    expect(verdicts.map((v) => v.status)).toEqual(['verified', 'verified']);
    // Each number is credited to its own organization.
    for (const verdict of verdicts)
      expect(verdict.organization).toBe(verdict.raw.endsWith('1234') ? GBLS : MLRI);
  });
});

describe('attributePhones: a number shared by several organizations is valid for each', () => {
  it.each([
    ['north', 'Call Shared Line North at 800-555-0199.', 'Shared Line North'],
    ['south', 'Call Shared Line South at 800-555-0199.', 'Shared Line South'],
  ])('%s', (_name, text, organization) => {
    expect(statusOf(text)).toEqual([['800-555-0199', 'verified', organization]]);
  });

  it('both in one paragraph: each number is credited to the organization in its own sentence', () => {
    expect(
      statusOf('Call Shared Line North at 800-555-0199. Shared Line South: 800-555-0199.'),
    ).toEqual([
      ['800-555-0199', 'verified', 'Shared Line North'],
      ['800-555-0199', 'verified', 'Shared Line South'],
    ]);
  });

  it('a second number of an organization with several is valid', () => {
    expect(statusOf('Community Legal Aid: 508-752-3718 or 1-855-252-5342.')).toEqual([
      ['508-752-3718', 'verified', CLA],
      ['1-855-252-5342', 'verified', CLA],
    ]);
  });
});

describe('attributePhones: attribution by sentence, then block', () => {
  it('swapped numbers in two list items are both misattributed', () => {
    expect(statusOf(`- ${GBLS}\n  Phone: 617-357-0700\n- MLRI\n  Phone: 617-371-1234`)).toEqual([
      ['617-357-0700', 'misattributed', GBLS],
      ['617-371-1234', 'misattributed', MLRI],
    ]);
  });

  it('swapped numbers in two sentences of one paragraph are both misattributed', () => {
    expect(statusOf('GBLS: call 617-357-0700. MLRI: call 617-371-1234.')).toEqual([
      ['617-357-0700', 'misattributed', GBLS],
      ['617-371-1234', 'misattributed', MLRI],
    ]);
  });

  it('a sentence without a name takes the organization of its paragraph', () => {
    expect(statusOf('GBLS can help. Call them at 617-357-0700.')).toEqual([
      ['617-357-0700', 'misattributed', GBLS],
    ]);
  });

  it('the organization of the same sentence wins over a nearer one in the next sentence', () => {
    expect(statusOf('Call MLRI at 617-371-1234. GBLS is another option.')).toEqual([
      ['617-371-1234', 'misattributed', MLRI],
    ]);
  });

  it('the nearest organization of the sentence, either side', () => {
    // "at 617-555-0100" is 4 characters after MLRI and further from GBLS.
    expect(statusOf('GBLS works with MLRI at 617-555-0100.')).toEqual([
      ['617-555-0100', 'misattributed', MLRI],
    ]);
    expect(statusOf('Call 617-555-0100 (MLRI) or ask GBLS.')).toEqual([
      ['617-555-0100', 'misattributed', MLRI],
    ]);
  });

  it('a number does not reach into another paragraph', () => {
    expect(statusOf('GBLS can help.\n\nCall them at 617-357-0700.')).toEqual([
      ['617-357-0700', 'known', undefined],
    ]);
  });

  it('a number does not reach into another list item', () => {
    expect(statusOf(`- ${GBLS}\n- Call 617-555-0100 for anything else`)).toEqual([
      ['617-555-0100', 'unlisted', undefined],
    ]);
  });

  it('an owner named in the blocks just above verifies a number whose block names no one', () => {
    const text = `For eviction help, contact ${GBLS}.\n\n- Phone: 617-371-1234\n- Hours: 9 to 5`;
    expect(judge(text)).toEqual([
      {
        raw: '617-371-1234',
        status: 'verified',
        organization: GBLS,
        reason: `(617) 371-1234 is listed for ${GBLS}, named just above it`,
      },
    ]);
  });

  it('an organization named above never penalizes a number that is not its own', () => {
    expect(statusOf(`Contact ${GBLS}.\n\n- Phone: 617-357-0700\n- Other: 617-555-0100`)).toEqual([
      ['617-357-0700', 'known', undefined],
      ['617-555-0100', 'unlisted', undefined],
    ]);
  });

  it('looks no further than three blocks above', () => {
    const near = `${GBLS}\n\n- a\n- b\n- Phone: 617-371-1234`;
    const far = `${GBLS}\n\n- a\n- b\n- c\n- Phone: 617-371-1234`;
    expect(statusOf(near)).toEqual([['617-371-1234', 'verified', GBLS]]);
    expect(statusOf(far)).toEqual([['617-371-1234', 'known', undefined]]);
  });

  it('an organization with numbers is preferred to one without when attributing', () => {
    expect(statusOf(`Call ${CLINIC} or GBLS at 617-555-0100.`)).toEqual([
      ['617-555-0100', 'misattributed', GBLS],
    ]);
  });

  it('a number listed for an organization named in the paragraph is verified when its sentence names only organizations without numbers', () => {
    expect(statusOf(`${GBLS} partners with others. ${CLINIC} refers to 617-371-1234.`)).toEqual([
      ['617-371-1234', 'verified', GBLS],
    ]);
  });
});

describe('attributePhones: cost', () => {
  /** What `attributePhones` reads, found in `text` before any timing. */
  const found = (text: string) => {
    const phones = extractPhones(text, extractLinks(text));
    return {
      phones,
      orgs: findOrganizations(text, index.orgMatcher, phones),
      segments: prepareAnswer(text),
    };
  };
  const attribute = ({ phones, orgs, segments }: ReturnType<typeof found>) =>
    attributePhones(phones, orgs, segments, index);

  it('stays linear with thousands of list items under one introduction (20,000 against 2,500)', () => {
    const list = (scale: number) =>
      found(`Contact ${GBLS}.\n\n${'- Phone: 617-371-1234\n'.repeat(2_500 * scale)}`);
    const verdicts = attribute(list(LINEAR.factor));
    // Only the first three items are within three blocks of the introduction.
    expect(verdicts.filter((verdict) => verdict.status === 'verified')).toHaveLength(3);
    expect(growth(list, attribute, LINEAR)).toBeLessThan(LINEAR.limit);
  });

  it('stays linear when one paragraph names thousands of organizations (20,000 against 2,500)', () => {
    const paragraph = (scale: number) =>
      found('GBLS can help, or call MLRI at 617-357-0700; '.repeat(2_500 * scale));
    const verdicts = attribute(paragraph(LINEAR.factor));
    expect(verdicts).toHaveLength(20_000);
    expect(verdicts.every((verdict) => verdict.status === 'verified')).toBe(true);
    // Quadratic attribution took seconds here; linear takes tens of milliseconds.
    expect(growth(paragraph, attribute, LINEAR)).toBeLessThan(LINEAR.limit);
  });
});

describe('a sentence that alternates names and numbers pairs them in the order written', () => {
  it.each([
    [
      'number then name, right',
      `Call (617) 371-1234 for ${GBLS} or 617-357-0700 for ${MLRI}.`,
      [
        ['(617) 371-1234', 'verified', GBLS],
        ['617-357-0700', 'verified', MLRI],
      ],
    ],
    [
      'number then name, swapped',
      `Call 617-357-0700 for ${GBLS} or (617) 371-1234 for ${MLRI}.`,
      [
        ['617-357-0700', 'misattributed', GBLS],
        ['(617) 371-1234', 'misattributed', MLRI],
      ],
    ],
    [
      'name then number, right',
      `${GBLS} at (617) 371-1234 or ${MLRI} at 617-357-0700.`,
      [
        ['(617) 371-1234', 'verified', GBLS],
        ['617-357-0700', 'verified', MLRI],
      ],
    ],
    [
      'name then number, swapped',
      `${GBLS} at 617-357-0700 or ${MLRI} at (617) 371-1234.`,
      [
        ['617-357-0700', 'misattributed', GBLS],
        ['(617) 371-1234', 'misattributed', MLRI],
      ],
    ],
    // Each number is nearer to the other organization, but the sentence pairs them: this is a swap.
    [
      'swapped with aliases',
      'Call MLRI at 617-371-1234 or GBLS at 617-357-0700.',
      [
        ['617-371-1234', 'misattributed', MLRI],
        ['617-357-0700', 'misattributed', GBLS],
      ],
    ],
    [
      'names, then numbers (parallel lists)',
      `${GBLS} and ${MLRI} answer at 617-357-0700 and (617) 371-1234.`,
      [
        ['617-357-0700', 'verified', MLRI],
        ['(617) 371-1234', 'verified', GBLS],
      ],
    ],
    [
      'two names, one number',
      `${GBLS} or ${MLRI}: 617-357-0700.`,
      [['617-357-0700', 'verified', MLRI]],
    ],
    [
      'one name, two numbers, then another name',
      `${CLA} at 1-855-252-5342 or 508-752-3718, ${GBLS} at (617) 371-1234.`,
      [
        ['1-855-252-5342', 'verified', CLA],
        ['508-752-3718', 'verified', CLA],
        ['(617) 371-1234', 'verified', GBLS],
      ],
    ],
  ] as const)('%s', (_name, text, expected) => {
    expect(statusOf(text)).toEqual(expected);
  });
});
