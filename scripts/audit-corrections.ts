/**
 * The false-accusation audit of corrections (issue 25), beside `audit-accusations.ts`: every
 * directory at hand, every organization with a number, in every layout of issue 22
 * (`scripts/lib/audit-layouts.ts`: bullets, bold leads, headings, tables, labels before the number,
 * and names in another case where their place proves them names), and in prose (`PROSE_LAYOUTS`).
 *
 *   npx tsx src/cli/bin.ts build-allowlist ../shared/data/ma-courts/ma-courts-directory.csv \
 *     --org-column "Court Name" --url-column Website --phone-column Phone --no-derive-domains -o out/ma-courts.json
 *   npx tsx scripts/audit-corrections.ts out/ma-courts.json [--list]
 *
 * - A right answer (the row's own number, and its listed page as a markdown link when it has one)
 *   gets no correction, and the guardrail (`check --fix`) leaves it byte for byte.
 * - A swapped number (the next row's): each charged number's correction is one of the
 *   directory's numbers for the organization (counted right or wrong), and the repaired answer
 *   passes with no number charged; or, where the directory lists several numbers for it, a
 *   `review` (nothing written, action review).
 * Directories: the allowlist given (the MA courts) and the HUD housing counselors fixture.
 * Offline, read-only. Prints one summary per directory and layout set; `--list` prints each miss.
 */
import { resolve } from 'node:path';
import { buildIndex, loadAllowlistIndex, type AllowlistIndex } from '../src/match/index.js';
import { auditCorrections, type CorrectionAudit, PROSE_LAYOUTS } from './lib/audit-corrections.js';
import { hudCounselors, listedRows } from './lib/audit-directories.js';
import { LAYOUTS, OTHER_CASE_LAYOUTS } from './lib/audit-layouts.js';

const args = process.argv.slice(2).filter((arg) => arg !== '--list');
const list = process.argv.includes('--list');
const [allowlistPath] = args;
if (allowlistPath === undefined) {
  process.stderr.write('usage: npx tsx scripts/audit-corrections.ts ALLOWLIST.json [--list]\n');
  process.exit(3);
}

const directories: Array<[string, AllowlistIndex]> = [
  ['MA courts', await loadAllowlistIndex(resolve(allowlistPath))],
  ['HUD counselors', buildIndex(await hudCounselors())],
];
const layoutSets = [
  ['layouts', LAYOUTS],
  ['names in another case', OTHER_CASE_LAYOUTS],
  ['prose', PROSE_LAYOUTS],
] as const;
const misses: string[] = [];
const out: string[] = [];
for (const [name, index] of directories) {
  const rows = listedRows(index.allowlist);
  for (const [set, layouts] of layoutSets) {
    const audit: CorrectionAudit = await auditCorrections(rows, index, layouts);
    out.push(
      `${name}, ${set}: ${rows.length} organizations; right answers ${audit.right}: ${audit.corrected.length} corrected, ${audit.changed.length} changed by --fix; swapped numbers ${audit.swaps}: ${audit.caught} caught, correction the directory's number ${audit.correctedRight} right / ${audit.correctedTwin.length} a same-named entry's / ${audit.correctedWrong.length} wrong / ${audit.reviewed} left for review (several numbers listed), repaired answer passes ${audit.repairedPasses} / fails ${audit.repairFails.length}`,
    );
    const label = `${name}, ${set}`;
    misses.push(
      ...audit.corrected.map((line) => `${label}: right answer corrected: ${line}`),
      ...audit.changed.map((line) => `${label}: right answer changed: ${line}`),
      ...audit.correctedTwin.map((line) => `${label}: same-named entry: ${line}`),
      ...audit.correctedWrong.map((line) => `${label}: wrong correction: ${line}`),
      ...audit.repairFails.map((line) => `${label}: repair fails: ${line}`),
    );
  }
}
process.stdout.write(`${out.join('\n')}\n`);
if (list) process.stdout.write(misses.map((line) => `  ${line}\n`).join(''));
