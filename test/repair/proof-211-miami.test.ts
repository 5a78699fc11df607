import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAllowlist } from '../../builders/build.js';
import type { Directory } from '../../builders/directory.js';
import { readDirectoryExport } from '../../builders/directory-files.js';
import { type AllowlistIndex, buildIndex } from '../../src/match/index.js';
import { guardAnswer } from '../../src/repair/index.js';
import { verifyAnswer } from '../../src/verify.js';

// Issue 37 on a real 211 region's Open Referral export (211 Miami, test/fixtures/211-miami, its
// source and licence in README.md there), with names as 211s write them: `PARENT - SITE`
// (`FLORIDA DEPARTMENT OF EDUCATION - VOCATIONAL REHABILITATION SERVICES`), a role as an alias
// (`STATE ATTORNEY'S OFFICE` for the 16th circuit's office), a vanity number (1-800-96-ABUSE).
// Directory facts: the Miami-Dade County Public Defender lists (305) 545-1600 only; Vocational
// Rehabilitation (305) 227-7580 among 17; REHABILITATION SERVICES, INC. (888) 300-4548; the
// Miami-Dade Office of the State Attorney (305) 547-0100 among 9; the 16th circuit's office
// (305) 292-3400, (305) 289-2593, (305) 852-7170; Legal Services of Greater Miami (305) 576-0080
// and (866) 686-2760; Children and Families 1-800-962-2873.
const MIAMI = fileURLToPath(new URL('../fixtures/211-miami/', import.meta.url));
let index: AllowlistIndex;
beforeAll(async () => {
  const directory = (await readDirectoryExport(MIAMI, '211-miami')) as Directory;
  index = buildIndex(buildAllowlist(directory).allowlist);
});

async function guard(text: string) {
  return guardAnswer(text, verifyAnswer(text, index), (again) => verifyAnswer(again, index));
}

describe('211 Miami: a right number is never charged to another organization', () => {
  it.each([
    // A strong name inside a longer one: "Rehabilitation Services" (Inc.) in "Vocational
    // Rehabilitation Services", in capitals and in lower case.
    'Call Vocational Rehabilitation Services at (305) 227-7580.',
    '- **vocational rehabilitation services**: (305) 227-7580',
    // A role alias inside a longer name: the 16th circuit's "State Attorney's Office".
    "For victim services, contact the Miami-Dade State Attorney's Office at (305) 547-0100.",
    // A county is no organization: "Miami-Dade" names neither the water district nor the clerk.
    'Ask the Miami-Dade Clerk of Courts: (305) 275-1155.',
    // The role alias alone may verify nothing it does not list, and charges nothing.
    "Call the State Attorney's Office at (305) 545-1600.",
  ])('%s: not misattributed, nothing written', async (text) => {
    const { report, repair } = await guard(text);
    expect(report.phones.map((phone) => phone.status)).not.toContain('misattributed');
    expect(report.recommendation?.action).toBe('pass');
    expect(repair === undefined || repair.text === text).toBe(true);
  });

  it('the vanity hotline row is kept: 1-800-96-ABUSE verifies for Children and Families', async () => {
    const { report } = await guard(
      'Report abuse to the Florida Department of Children and Families at 1-800-96-ABUSE.',
    );
    expect(report.phones.map((phone) => [phone.status, phone.organization])).toEqual([
      ['verified', 'FLORIDA DEPARTMENT OF CHILDREN AND FAMILIES'],
    ]);
  });
});

describe('211 Miami: a fix only where the directory proves it', () => {
  it('the public defender named in full, one listed number: replaced, word for word', async () => {
    const { report, repair } = await guard(
      'The Miami-Dade County Public Defender can be reached at (305) 545-1700.',
    );
    expect(report.recommendation?.action).toBe('repair');
    expect(repair?.text).toBe(
      'The Miami-Dade County Public Defender can be reached at (305) 545-1600.',
    );
  });

  it.each([
    [
      'Call the Office of the State Attorney - 16th Circuit at (305) 545-1600.',
      ['+13052892593', '+13058527170', '+13052923400'],
    ],
    ['Legal Services of Greater Miami: (305) 576-0081.', ['+13055760080', '+18666862760']],
  ])(
    '%s: several listed numbers, so review with them as suggestions',
    async (text, suggestions) => {
      const { report, repair } = await guard(text);
      expect(report.phones[0]!.status).toBe('misattributed');
      expect(report.phones[0]!.correction).toMatchObject({ action: 'review', suggestions });
      expect(report.recommendation?.action).toBe('review');
      expect(repair?.text).toBe(text);
    },
  );
});
