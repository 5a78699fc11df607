/**
 * Builds data/area-codes.txt, the geographic area codes and the state each serves, from the
 * `areacodes` npm package's lib/data.json (MIT, BlueRival Software; compiled from NANPA's public
 * NPA report). Not a dependency: install it anywhere, then
 *
 *   npx tsx scripts/refresh-area-codes.ts path/to/areacodes/lib/data.json 0.2.1 > data/area-codes.txt
 *
 * Only codes of type `local` whose state is a US jurisdiction are kept: toll-free, non-geographic
 * and Canadian or Caribbean codes say nothing about a US state.
 */
import { readFileSync } from 'node:fs';
import { areaOf } from '../src/jurisdiction/codes.js';

const [file, version] = process.argv.slice(2);
if (!file || !version) {
  process.stderr.write('usage: refresh-area-codes.ts DATA.json VERSION > data/area-codes.txt\n');
  process.exit(3);
}
const data = JSON.parse(readFileSync(file, 'utf8')) as Record<
  string,
  { type?: string; stateCode?: string | null }
>;
const rows = Object.entries(data)
  .filter(([npa, entry]) => /^[2-9]\d\d$/.test(npa) && entry.type === 'local' && entry.stateCode)
  .map(([npa, entry]) => [npa, areaOf(entry.stateCode ?? '')] as const)
  .filter((row): row is readonly [string, string] => row[1] !== null && row[1] !== 'US')
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
process.stdout.write(
  [
    '# Geographic NANP area codes and the US state or territory each serves.',
    `# source: the areacodes npm package ${version} (lib/data.json), compiled from NANPA's NPA report`,
    '# licence: MIT, Copyright (c) 2014 BlueRival Software (data/LICENSE-areacodes)',
    '# built by scripts/refresh-area-codes.ts; columns (tab-separated): area code, area',
    ...rows.map(([npa, area]) => `${npa}\t${area}`),
    '',
  ].join('\n'),
);
