import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildIndex, loadAllowlistIndex } from '../../src/match/index.js';
import { auditCorrections, PROSE_LAYOUTS } from '../../scripts/lib/audit-corrections.js';
import { hudCounselors, listedRows } from '../../scripts/lib/audit-directories.js';
import { LAYOUTS, OTHER_CASE_LAYOUTS } from '../../scripts/lib/audit-layouts.js';

// The audit of scripts/audit-corrections.ts on the directories that ship with the tests (the
// bundled MA courts sample, the HUD housing counselors fixture), every row in every layout: the
// figures the script prints for the full MA courts directory hold here too.
const SAMPLE = fileURLToPath(new URL('../../sample-allowlist/allowlist.json', import.meta.url));

describe('the corrections audit: no right answer corrected, every swap corrected to the directory', () => {
  it.each([
    ['MA courts sample', () => loadAllowlistIndex(SAMPLE)],
    ['HUD counselors', async () => buildIndex(await hudCounselors())],
  ])('%s', async (_name, open) => {
    const index = await open();
    const rows = listedRows(index.allowlist);
    expect(rows.length).toBeGreaterThan(10);
    for (const layouts of [LAYOUTS, OTHER_CASE_LAYOUTS, PROSE_LAYOUTS]) {
      const audit = await auditCorrections(rows, index, layouts);
      expect(audit.right).toBe(rows.length * layouts.length);
      expect(audit.corrected).toEqual([]);
      expect(audit.changed).toEqual([]);
      expect(audit.caught).toBeGreaterThan(audit.swaps * 0.9);
      expect(audit.correctedWrong).toEqual([]);
      // "the GREATER WASHINGTON URBAN LEAGUE" names two HUD entries (DC, and THE … in MD): a
      // swap there is corrected to the MD entry's number, right for the words written.
      expect(audit.correctedTwin.length).toBeLessThanOrEqual(1);
      // A court or agency with several numbers: which one a wrong number stood for is not
      // written, so the swap is left for a person (action review) rather than the first guessed.
      expect(audit.correctedRight + audit.correctedTwin.length + audit.reviewed).toBe(audit.caught);
      expect(audit.repairFails).toEqual([]);
      expect(audit.repairedPasses + audit.reviewed).toBe(audit.caught);
    }
  });
});
