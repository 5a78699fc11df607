import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAllowlist } from '../../builders/build.js';
import { readCsvFile } from '../../builders/csv.js';
import { buildIndex, type AllowlistIndex } from '../../src/match/index.js';
import { verifyAnswer } from '../../src/verify.js';

// The HUD housing counselors fixture lists one organization's offices as two entries whose names
// differ only by an article or a legal form: GREATER WASHINGTON URBAN LEAGUE (DC, 202-265-8200)
// and THE GREATER WASHINGTON URBAN LEAGUE (MD, 301-985-3519); CLEARPOINT FINANCIAL SOLUTIONS, INC.
// (VA, 434-792-2227 among others) and CLEARPOINT FINANCIAL SOLUTIONS (Hampton, 757-874-2900).
// CARECEN's 202-328-9799 belongs to neither. Found by scripts/audit-corrections.ts (prose layouts).
const CSV = fileURLToPath(
  new URL('../fixtures/hud-counselors/hud-housing-counselors.csv', import.meta.url),
);
let index: AllowlistIndex;
beforeAll(async () => {
  const table = await readCsvFile(CSV, 'hud-housing-counselors.csv');
  const columns = { org: 'Agency', urls: ['Website'], phones: ['Phone'], aliases: [], domains: [] };
  index = buildIndex(buildAllowlist([table], { columns }).allowlist);
});

const statusOf = (text: string) => verifyAnswer(text, index).phones.map((phone) => phone.status);

describe('two entries of one name (with and without its article or legal form)', () => {
  it.each([
    [
      '"the X" matched as THE X, with X’s number, as the next sentence’s subject',
      "Your case belongs in the GREATER WASHINGTON URBAN LEAGUE. Its clerk's office answers at (202) 265-8200.",
    ],
    [
      '"the X" with X’s number in one sentence',
      'Call the GREATER WASHINGTON URBAN LEAGUE at (202) 265-8200.',
    ],
    ['X, INC. with X’s number', '- **CLEARPOINT FINANCIAL SOLUTIONS, INC.**: 757-874-2900'],
  ])('%s: the number is not charged (known, and why)', (_name, text) => {
    const [phone] = verifyAnswer(text, index).phones;
    expect(phone?.status).toBe('known');
    expect(phone?.code).toBe('phone.uncharged.same-bare-name');
  });

  it.each([
    "Your case belongs in the GREATER WASHINGTON URBAN LEAGUE. Its clerk's office answers at (202) 328-9799.",
    'Call the GREATER WASHINGTON URBAN LEAGUE at (202) 328-9799.',
    '- **CLEARPOINT FINANCIAL SOLUTIONS, INC.**: (202) 328-9799',
  ])('a number of neither entry is still charged: %s', (text) => {
    expect(statusOf(text)).toEqual(['misattributed']);
  });

  it('each entry’s own number is verified', () => {
    expect(statusOf('Call the Greater Washington Urban League at (301) 985-3519.')).toEqual([
      'verified',
    ]);
    expect(statusOf('- **GREATER WASHINGTON URBAN LEAGUE**: 202-265-8200')).toEqual(['verified']);
  });
});
