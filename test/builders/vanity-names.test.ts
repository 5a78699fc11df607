import { describe, expect, it } from 'vitest';
import { buildAllowlist } from '../../builders/build.js';
import { parseCsvText } from '../../builders/csv.js';
import { formatSummary } from '../../builders/summary.js';
import { buildIndex } from '../../src/match/index.js';
import { guardAnswer } from '../../src/repair/index.js';
import { verifyAnswer } from '../../src/verify.js';

// Issue 37, item 5: a row is misaligned only on evidence from its cells against their columns. A
// 211 export's names hold digits and vanity-like words (the names below are as a Florida 211
// export writes them, with the lines' published numbers: the state's abuse hotline is
// 1-800-96-ABUSE, (800) 962-2873; Switchboard of Miami's helpline (305) 358-4357); with a number
// in the phone column they are names, and were dropped before.
const CSV = [
  'Name,Phone,Website',
  'FLORIDA DEPARTMENT OF CHILDREN AND FAMILIES - FLORIDA ABUSE HOTLINE 1-800 96-ABUSE HOTLINE,(800) 962-2873,https://www.myflfamilies.com/services/abuse',
  'SWITCHBOARD OF MIAMI - 24 HOUR 358-HELPLINE,(305) 358-4357,',
  'CREDIT360 - CUTLER BAY,(305) 555-0142,',
  'SHIFTED ROW 305-555-0199,,',
  'LEGAL AID OF THE KEYS,https://keys-legal.example.org,',
].join('\n');
const result = buildAllowlist([parseCsvText(CSV, 'fl-211.csv')], {
  columns: { org: 'Name', urls: ['Website'], phones: ['Phone'], aliases: [], domains: [] },
});

describe('the builder keeps rows that fit', () => {
  it('a name with digits or a vanity word is kept when the phone column holds a number', () => {
    expect([...result.allowlist.orgNames].sort()).toEqual([
      'CREDIT360 - CUTLER BAY',
      'FLORIDA DEPARTMENT OF CHILDREN AND FAMILIES - FLORIDA ABUSE HOTLINE 1-800 96-ABUSE HOTLINE',
      'SWITCHBOARD OF MIAMI - 24 HOUR 358-HELPLINE',
    ]);
  });

  it('drops a row only on its cells: a number in the name with none in the phone column, a URL in the phone column; the summary lists dropped rows first, by row and name', () => {
    const summary = formatSummary(result);
    const dropped = summary.slice(summary.indexOf('dropped rows:'));
    expect(dropped.split('\n').slice(0, 3)).toEqual([
      'dropped rows:',
      `  fl-211.csv row 5 "SHIFTED ROW 305-555-0199": its cells do not fit their columns ('Name' holds a phone number ("SHIFTED ROW 305-555-0199")); row skipped, so nothing from it was added; put each value under its own column, and quote any cell that holds a ','`,
      `  fl-211.csv row 6 "LEGAL AID OF THE KEYS": its cells do not fit their columns ('Phone' holds a web address ("https://keys-legal.example.org")); row skipped, so nothing from it was added; put each value under its own column, and quote any cell that holds a ','`,
    ]);
  });

  it('--fix on the kept rows: the hotline wrongly numbered is repaired word for word', async () => {
    const index = buildIndex(result.allowlist);
    const text =
      'Report abuse to the Switchboard of Miami - 24 Hour 358-Helpline at (800) 962-2873.';
    const report = verifyAnswer(text, index);
    const { repair } = await guardAnswer(text, report, (again) => verifyAnswer(again, index));
    expect(report.recommendation?.action ?? 'repair').toBe('repair');
    expect(repair?.text).toBe(
      'Report abuse to the Switchboard of Miami - 24 Hour 358-Helpline at (305) 358-4357.',
    );
  });
});
