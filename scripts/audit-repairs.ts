/**
 * The harmful-repair audit (issue 37), beside `audit-accusations.ts` and `audit-corrections.ts`: a
 * repair never sends a person to the wrong organization. On every directory at hand (the allowlist
 * given, e.g. the MA courts; the HUD housing counselors and 211 Miami fixtures; the bundled sample), every
 * organization with a number in every layout (`scripts/lib/audit-layouts.ts`, and the prose
 * layouts), with its own number, the next row's, and each part of a `PARENT - SITE` name alone:
 * for every number `check --fix` writes, it must belong to the organization the answer names by a
 * strong name, and a right number is never replaced (`scripts/lib/audit-repairs.ts`).
 *
 *   npx tsx src/cli/bin.ts build-allowlist ../shared/data/ma-courts/ma-courts-directory.csv \
 *     --org-column "Court Name" --url-column Website --phone-column Phone --no-derive-domains -o out/ma-courts.json
 *   npx tsx scripts/audit-repairs.ts out/ma-courts.json [--list]
 *
 * Offline, read-only. Prints one line per directory: answers, numbers written, harmful ones, right
 * numbers replaced, answers left for review; `--list` prints each harmful repair.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AllowlistIndex, buildIndex, loadAllowlistIndex } from '../src/match/index.js';
import { PROSE_LAYOUTS } from './lib/audit-corrections.js';
import { hudCounselors, listedRows, miami211 } from './lib/audit-directories.js';
import { LAYOUTS, OTHER_CASE_LAYOUTS } from './lib/audit-layouts.js';
import { auditRepairs } from './lib/audit-repairs.js';

const args = process.argv.slice(2).filter((arg) => arg !== '--list');
const list = process.argv.includes('--list');
const [allowlistPath] = args;
if (allowlistPath === undefined) {
  process.stderr.write('usage: npx tsx scripts/audit-repairs.ts ALLOWLIST.json [--list]\n');
  process.exit(3);
}
const SAMPLE = fileURLToPath(new URL('../sample-allowlist/allowlist.json', import.meta.url));
const directories: Array<[string, AllowlistIndex]> = [
  ['given', await loadAllowlistIndex(resolve(allowlistPath))],
  ['HUD counselors', buildIndex(await hudCounselors())],
  ['211 Miami (slice)', buildIndex(await miami211())],
  ['sample', await loadAllowlistIndex(SAMPLE)],
];
const layouts = [...LAYOUTS, ...OTHER_CASE_LAYOUTS, ...PROSE_LAYOUTS];
let harmfulTotal = 0;
for (const [name, index] of directories) {
  const rows = listedRows(index.allowlist);
  const audit = await auditRepairs(rows, index, layouts);
  harmfulTotal += audit.harmful.length + audit.rightReplaced.length;
  process.stdout.write(
    `${name}: ${rows.length} organizations, ${audit.answers} answers; ${audit.repairs} numbers written by --fix, ${audit.harmful.length} harmful, ${audit.rightReplaced.length} right numbers replaced; ${audit.reviewed} answers left for review\n`,
  );
  if (list)
    for (const line of [...audit.harmful, ...audit.rightReplaced])
      process.stdout.write(`  ${name}: ${line}\n`);
}
process.exitCode = harmfulTotal === 0 ? 0 : 2;
