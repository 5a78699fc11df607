import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AllowlistIndex } from '../src/match/index.js';
import { loadAllowlistIndex } from '../src/match/index.js';
import type { Report } from '../src/types.js';
import { extract, matchPhones, verifyAnswer } from '../src/verify.js';
import { growth, LINEAR } from './helpers/growth.js';

const ALLOWLIST = fileURLToPath(new URL('./fixtures/allowlists/small.json', import.meta.url));
const GBLS = 'Greater Boston Legal Services';
const MLRI = 'Massachusetts Law Reform Institute';

let index: AllowlistIndex;
beforeAll(async () => {
  index = await loadAllowlistIndex(ALLOWLIST);
});

/** The parts of a report a reader checks first. */
function summary(report: Report): {
  pass: boolean;
  score: number;
  links: string[];
  phones: string[];
  organizations: string[];
} {
  return {
    pass: report.pass,
    score: report.score,
    links: report.links.map((link) => `${link.bucket} ${link.finding.normalized}`),
    phones: report.phones.map(
      (phone) =>
        `${phone.status} ${phone.finding.normalized}${phone.organization ? ` ${phone.organization}` : ''}`,
    ),
    organizations: report.organizations.map((org) => org.normalized),
  };
}

describe('verifyAnswer: whole answers', () => {
  it('a good answer: directory links, the right number for the organization named', () => {
    const answer = [
      'For an eviction in Boston, contact **Greater Boston Legal Services** at (617) 371-1234.',
      'Their guide: [Eviction help](https://www.gbls.org/eviction?utm_source=chatgpt.com).',
      'The court: https://www.mass.gov/orgs/housing-court.',
    ].join('\n');
    const report = verifyAnswer(answer, index);
    // (1 + 1) / 2 = 1, no penalty
    expect(summary(report)).toEqual({
      pass: true,
      score: 1,
      links: [
        'directory https://gbls.org/eviction',
        'directory https://mass.gov/orgs/housing-court',
      ],
      phones: [`verified +16173711234 ${GBLS}`],
      organizations: [GBLS],
    });
    expect(report.reasons).toEqual([]);
    expect(report.linkScore).toBe(1);
    expect(report.misattributedCount).toBe(0);
    expect(report.threshold).toBe(0.4);
    expect(report.liveness).toBe(false);
  });

  it('a mixed answer: directory + unverified link and one misattributed number → 0.45, passes', () => {
    const answer =
      'See https://mass.gov/courts and tenantrights.org/guide. Call MLRI at 617-371-1234.';
    const report = verifyAnswer(answer, index);
    // (1 + 0.5) / 2 = 0.75; − 0.3 for the misattributed number = 0.45 > 0.4
    expect(summary(report)).toEqual({
      pass: true,
      score: 0.45,
      links: ['directory https://mass.gov/courts', 'unverified https://tenantrights.org/guide'],
      phones: [`misattributed +16173711234 ${MLRI}`],
      organizations: [MLRI],
    });
    expect(report.reasons).toEqual([
      `misattributed number 617-371-1234: (617) 371-1234 is given for ${MLRI}, whose numbers are (617) 357-0700; it is the number of ${GBLS}`,
      'unverified link tenantrights.org/guide: not in the directory; liveness is off, so nothing shows the page exists',
    ]);
  });

  it('the same answer fails at threshold 0.45 (strictly above is required)', () => {
    const report = verifyAnswer(
      'See https://mass.gov/courts and tenantrights.org/guide. Call MLRI at 617-371-1234.',
      index,
      { threshold: 0.45 },
    );
    expect(report.score).toBe(0.45);
    expect(report.threshold).toBe(0.45);
    expect(report.pass).toBe(false);
  });

  it('one invented link fails the answer even with a score above the threshold', () => {
    // lawhe1p.org: a digit for a letter, the same confusable skeleton as lawhelp.org, proven.
    const answer =
      'Start at https://www.mass.gov/courts, https://lawhelp.org/ma and https://www.masslegalhelp.org/housing/eviction. Or try https://lawhe1p.org/eviction.';
    const report = verifyAnswer(answer, index);
    // (1 + 1 + 1 + 0) / 4 = 0.75 > 0.4, but an invented link fails outright
    expect(report.score).toBe(0.75);
    expect(report.pass).toBe(false);
    expect(report.links.map((link) => link.bucket)).toEqual([
      'directory',
      'directory',
      'directory',
      'invented',
    ]);
    expect(report.reasons[0]).toMatch(
      /^invented link https:\/\/lawhe1p\.org\/eviction: lawhe1p\.org is a lookalike/,
    );
  });

  it('invented links of each kind, and the reasons most serious first', () => {
    const answer = [
      'Forms at http://192.168.1.10/forms, https://example.com/eviction and https://mass.gov.help-center.com/apply.',
      'Call GBLS at 617-357-0700.',
      '',
      'For anything else: 617-555-0100. More at https://tenantrights.org.',
    ].join('\n');
    const report = verifyAnswer(answer, index);
    // (0 + 0 + 0 + 0.5) / 4 = 0.125 − 0.3 → floored at 0
    expect(report.score).toBe(0);
    expect(report.pass).toBe(false);
    expect(report.reasons.map((line) => line.split(':')[0])).toEqual([
      'invented link http',
      'invented link https',
      'invented link https',
      'misattributed number 617-357-0700',
      'unverified link https',
      'unlisted number 617-555-0100 ((617) 555-0100)',
    ]);
  });

  it('counts a link once per normalized URL', () => {
    const answer =
      'See https://mass.gov/courts?utm_source=chatgpt.com, http://www.mass.gov/courts/ and [courts](https://mass.gov/courts#top).';
    const report = verifyAnswer(answer, index);
    expect(report.links).toHaveLength(1);
    expect(report.links[0]?.finding.raw).toBe('https://mass.gov/courts?utm_source=chatgpt.com');
  });

  it('counts a misattributed number once however often it is given', () => {
    const answer = 'Call MLRI at 617-371-1234.\n\nAgain: MLRI, 617-371-1234.';
    const report = verifyAnswer(answer, index);
    // 1 − 0.3 × 1 = 0.7
    expect(report.phones.map((phone) => phone.status)).toEqual(['misattributed', 'misattributed']);
    expect(report.misattributedCount).toBe(1);
    expect(report.score).toBe(0.7);
  });

  it('two organizations with their two numbers, in either order, cost nothing', () => {
    for (const answer of [
      'Call GBLS at 617-371-1234 or MLRI at 617-357-0700.',
      'Call 617-357-0700 (MLRI) or 617-371-1234 (GBLS).',
    ]) {
      const report = verifyAnswer(answer, index);
      expect(report.phones.map((phone) => phone.status)).toEqual(['verified', 'verified']);
      expect(report.score).toBe(1);
    }
  });

  it('a vanity number given for its organization is verified', () => {
    expect(summary(verifyAnswer('Legal Aid: call 1-800-LAW-HELP.', index)).phones).toEqual([
      'verified +18005294357 Legal Aid',
    ]);
  });

  it('"legal aid" in a sentence is not the organization Legal Aid', () => {
    expect(
      summary(verifyAnswer('You may qualify for free legal aid; call 1-800-LAW-HELP.', index))
        .phones,
    ).toEqual(['known +18005294357']);
  });

  it('service lines are valid anywhere; an unknown number alone is a warning without penalty', () => {
    const report = verifyAnswer(
      'In a crisis, dial 988. For other help call 211 or 617-555-0100.',
      index,
    );
    expect(summary(report)).toMatchObject({
      pass: true,
      score: 1,
      phones: ['service_line 988', 'service_line 211', 'unlisted +16175550100'],
    });
    expect(report.reasons).toEqual([
      'unlisted number 617-555-0100 ((617) 555-0100): (617) 555-0100 is not in the directory and no organization is named next to it',
    ]);
  });

  it('digits and names inside links are neither phones nor organizations', () => {
    const report = verifyAnswer(
      'See https://mass.gov/gbls/617-371-1234/Greater-Boston-Legal-Services today.',
      index,
    );
    expect(summary(report)).toEqual({
      pass: true,
      score: 1,
      links: ['directory https://mass.gov/gbls/617-371-1234/Greater-Boston-Legal-Services'],
      phones: [],
      organizations: [],
    });
  });

  it('an empty answer scores 1 and passes', () => {
    expect(summary(verifyAnswer('', index))).toEqual({
      pass: true,
      score: 1,
      links: [],
      phones: [],
      organizations: [],
    });
  });

  it('is a pure function of the text and the allowlist', () => {
    const answer = 'Call MLRI at 617-371-1234; see lawhelp.net and https://mass.gov/x.';
    expect(verifyAnswer(answer, index)).toEqual(verifyAnswer(answer, index));
  });

  it('extract keeps every phone but one link per normalized URL, and judges none of them', () => {
    const found = extract(
      'https://mass.gov/x https://mass.gov/x/ 617-371-1234 617-371-1234',
      index,
    );
    expect(found.links).toHaveLength(1);
    expect(found.phones).toHaveLength(2);
    expect(Object.keys(found).sort()).toEqual(['links', 'organizations', 'phones']);
    expect(
      matchPhones('https://mass.gov/x https://mass.gov/x/ 617-371-1234 617-371-1234', found, index),
    ).toHaveLength(2);
  });
});

describe('verifyAnswer: hostile answers stay fast', () => {
  it.each([
    [
      'ordinary text',
      'Greater Boston Legal Services can help; see https://mass.gov/x or call 617-371-1234. ',
    ],
    ['one paragraph naming thousands of organizations and numbers', 'GBLS, MLRI, 617-357-0700, '],
    ['10,000 distinct links', '[t](https://site-number-00000.org/x) '],
    ['digits with separators', '617-555-'],
    ['service lines', 'call 211 '],
  ])('%s (1 MB against 128 KB)', (_name, unit) => {
    const text = (scale: number) => unit.repeat(Math.ceil((scale * 2 ** 17) / unit.length));
    // A second or two for 1 MB on a loaded machine; quadratic work takes minutes.
    expect(growth(text, (input) => verifyAnswer(input, index), LINEAR)).toBeLessThan(LINEAR.limit);
  });
});
