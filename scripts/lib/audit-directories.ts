import { fileURLToPath } from 'node:url';
import { buildAllowlist } from '../../builders/build.js';
import { readCsvFile } from '../../builders/csv.js';
import type { Directory } from '../../builders/directory.js';
import { readDirectoryExport } from '../../builders/directory-files.js';
import type { Allowlist } from '../../src/allowlist/read.js';
import { formatPhone } from '../../src/normalize/phone.js';
import type { ListedRow } from './audit-layouts.js';

/** The HUD housing counselors fixture built as a user builds it: agency, website, phone. */
export async function hudCounselors(): Promise<Allowlist> {
  const csv = new URL(
    '../../test/fixtures/hud-counselors/hud-housing-counselors.csv',
    import.meta.url,
  );
  const table = await readCsvFile(fileURLToPath(csv), 'hud-housing-counselors.csv');
  return buildAllowlist([table], {
    columns: { org: 'Agency', urls: ['Website'], phones: ['Phone'], aliases: [], domains: [] },
  }).allowlist;
}

/** The 211 Miami slice (test/fixtures/211-miami): a real 211 region's Open Referral export. */
export async function miami211(): Promise<Allowlist> {
  const folder = fileURLToPath(new URL('../../test/fixtures/211-miami/', import.meta.url));
  return buildAllowlist((await readDirectoryExport(folder, '211-miami')) as Directory).allowlist;
}

/** Each organization with a number: its first listed number as a person writes it, its page. */
export function listedRows(allowlist: Allowlist): ListedRow[] {
  return allowlist.orgNames.flatMap((name) => {
    const phone = allowlist.orgPhones[name]?.[0];
    const url = allowlist.orgUrls?.[name]?.[0];
    if (phone === undefined) return [];
    return [{ name, phone: formatPhone(phone), ...(url === undefined ? {} : { url }) }];
  });
}
