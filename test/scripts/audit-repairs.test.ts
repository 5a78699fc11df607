import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildIndex, loadAllowlistIndex } from '../../src/match/index.js';
import { guardAnswer } from '../../src/repair/index.js';
import { verifyAnswer } from '../../src/verify.js';
import { PROSE_LAYOUTS } from '../../scripts/lib/audit-corrections.js';
import { hudCounselors, listedRows, miami211 } from '../../scripts/lib/audit-directories.js';
import { LAYOUTS, OTHER_CASE_LAYOUTS } from '../../scripts/lib/audit-layouts.js';
import { auditRepairs } from '../../scripts/lib/audit-repairs.js';

// Issue 37, item 4: the harmful-repair audit of scripts/audit-repairs.ts on the real directories
// the tests hold (the bundled MA courts sample; the HUD housing counselors fixture, whose
// `PARENT - SITE` entries such as "UNITED PLANNING ORGANIZATION - SHAW COMMUNITY SVC. CENTER" are
// a 211-style parent and site): no number --fix writes belongs to another organization than the
// one the answer names, and no right number is replaced.
const SAMPLE = fileURLToPath(new URL('../../sample-allowlist/allowlist.json', import.meta.url));

describe('the harmful-repair audit: zero harmful repairs', () => {
  it.each([
    // The floor keeps an audit that writes nothing from passing. Most of 211 Miami's agencies list
    // several numbers, so most of its fixes are left for review, not written.
    ['MA courts sample', () => loadAllowlistIndex(SAMPLE), 10],
    ['HUD counselors', async () => buildIndex(await hudCounselors()), 10],
    ['211 Miami', async () => buildIndex(await miami211()), 4],
  ] as const)('%s', async (_name, open, floor) => {
    const index = await open();
    const rows = listedRows(index.allowlist);
    const audit = await auditRepairs(rows, index, [
      ...LAYOUTS,
      ...OTHER_CASE_LAYOUTS,
      ...PROSE_LAYOUTS,
    ]);
    expect(audit.repairs).toBeGreaterThan(rows.length * floor);
    expect(audit.harmful).toEqual([]);
    expect(audit.rightReplaced).toEqual([]);
  });

  it("the parent named with its site's number: not charged, nothing written (it used to be replaced with the parent's)", async () => {
    const index = buildIndex(await hudCounselors());
    const text = '- **UNITED PLANNING ORGANIZATION**: (202) 610-5861';
    const report = verifyAnswer(text, index);
    expect(report.phones.map((phone) => phone.status)).toEqual(['known']);
    const { repair } = await guardAnswer(text, report, (again) => verifyAnswer(again, index));
    expect(report.recommendation?.action ?? 'pass').toBe('pass');
    expect(repair).toBeUndefined();
  });
});
