import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildAllowlist } from '../../builders/build.js';
import { readCsvFile } from '../../builders/csv.js';
import { buildIndex, loadAllowlistIndex, type AllowlistIndex } from '../../src/match/index.js';
import { formatPhone } from '../../src/normalize/phone.js';
import { auditCorrections, PROSE_LAYOUTS } from '../../scripts/lib/audit-corrections.js';
import { LAYOUTS, type ListedRow, OTHER_CASE_LAYOUTS } from '../../scripts/lib/audit-layouts.js';

// The audit of scripts/audit-corrections.ts on the directories that ship with the tests (the
// bundled MA courts sample, the HUD housing counselors fixture), every row in every layout: the
// figures the script prints for the full MA courts directory hold here too.
const SAMPLE = fileURLToPath(new URL('../../sample-allowlist/allowlist.json', import.meta.url));
const HUD = fileURLToPath(
  new URL('../fixtures/hud-counselors/hud-housing-counselors.csv', import.meta.url),
);

function rowsOf(index: AllowlistIndex): ListedRow[] {
  const { allowlist } = index;
  return allowlist.orgNames.flatMap((name) => {
    const phone = allowlist.orgPhones[name]?.[0];
    const url = allowlist.orgUrls?.[name]?.[0];
    if (phone === undefined) return [];
    return [{ name, phone: formatPhone(phone), ...(url === undefined ? {} : { url }) }];
  });
}

async function hud(): Promise<AllowlistIndex> {
  const table = await readCsvFile(HUD, 'hud-housing-counselors.csv');
  const columns = { org: 'Agency', urls: ['Website'], phones: ['Phone'], aliases: [], domains: [] };
  return buildIndex(buildAllowlist([table], { columns }).allowlist);
}

describe('the corrections audit: no right answer corrected, every swap corrected to the directory', () => {
  it.each([
    ['MA courts sample', () => loadAllowlistIndex(SAMPLE)],
    ['HUD counselors', hud],
  ])('%s', async (_name, open) => {
    const index = await open();
    const rows = rowsOf(index);
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
      expect(audit.correctedRight + audit.correctedTwin.length).toBe(audit.caught);
      expect(audit.repairFails).toEqual([]);
      expect(audit.repairedPasses).toBe(audit.caught);
    }
  });
});
