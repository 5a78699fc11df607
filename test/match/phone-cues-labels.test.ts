import { beforeAll, describe, expect, it } from 'vitest';
import type { AllowlistIndex } from '../../src/match/index.js';
import { verifyAnswer } from '../../src/verify.js';
import { directoryIndex, HUD } from '../helpers/directories.js';

// Issue 22, item 2: a language, a day, a time or a kind of line before a colon labels the entry's
// number; it is not an organization. Real rows of the HUD housing counselors directory
// (test/fixtures/hud-counselors/SOURCE.md, U.S. government work). Expectations written first:
// the right number is verified, a number of another agency is misattributed, in every layout.
let index: AllowlistIndex;
beforeAll(async () => {
  index = await directoryIndex(HUD);
});

const ORG = 'Urban League of Hampton Roads';
const LISTED = 'URBAN LEAGUE OF HAMPTON ROADS';
const RIGHT = '(757) 673-0851';
// VIRGINIA HOUSING DEVELOPMENT AUTHORITY's number.
const WRONG = '(804) 343-5534';

const LAYOUTS: Record<string, (label: string, phone: string) => string> = {
  'bullet, bold name': (label, phone) => `- **${ORG}**: counseling and ${label}: ${phone}`,
  'numbered list': (label, phone) => `1. ${ORG} — ${label}: ${phone}`,
  heading: (label, phone) => `### ${ORG}\n${label}: ${phone}`,
  'nested bullets': (label, phone) => `- **${ORG}**\n  - ${label}: ${phone}`,
  'bold label': (label, phone) => `**${ORG}**. **${label}:** ${phone}`,
};
const LABELS = [
  'English, Spanish, Chinese and Russian',
  'Vietnamese and Tagalog',
  'Friday',
  'En Español',
  'Toll-free Hotline',
  'Spanish Hotline',
  'Voice',
  'Intake',
];
const cases = Object.entries(LAYOUTS).flatMap(([layout, write]) =>
  LABELS.map((label) => ({ layout, label, write })),
);

describe('a label before the number: the number is the entry organization’s', () => {
  it.each(cases)('$layout, "$label:" right number → verified', ({ label, write }) => {
    const report = verifyAnswer(write(label, RIGHT), index);
    expect(report.phones.map((phone) => [phone.status, phone.organization])).toEqual([
      ['verified', LISTED],
    ]);
  });

  it.each(cases)('$layout, "$label:" wrong number → misattributed', ({ label, write }) => {
    const report = verifyAnswer(write(label, WRONG), index);
    expect(report.phones.map((phone) => [phone.status, phone.organization])).toEqual([
      ['misattributed', LISTED],
    ]);
  });
});

describe('what stays as it was', () => {
  it.each(Object.entries(LAYOUTS))(
    '%s, "TTY:" a wrong number is another line, not charged',
    (_layout, write) => {
      const report = verifyAnswer(write('TTY', WRONG), index);
      expect(report.phones.map((phone) => phone.status)).not.toContain('misattributed');
    },
  );

  it.each(Object.entries(LAYOUTS))(
    '%s, a name of its own before the number ("Korean Community Center:") is not charged to the entry',
    (_layout, write) => {
      const report = verifyAnswer(write('Korean Community Center', WRONG), index);
      expect(report.phones.map((phone) => phone.status)).not.toContain('misattributed');
    },
  );
});
