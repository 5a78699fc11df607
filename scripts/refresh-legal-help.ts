/**
 * Writes `data/legal-help-areas.txt`, the shipped table of statewide legal-help portals and
 * LSC-funded legal-aid programs with the areas they serve, from the facts transcribed in
 * `scripts/legal-help/` (see its SOURCE.md for where each came from):
 *
 *   npx tsx scripts/refresh-legal-help.ts YYYY-MM-DD > data/legal-help-areas.txt
 *
 * Rules, each for the false accusation it prevents:
 * - a host listed for two different areas is left out (the sources disagree, so neither is proof);
 * - a program the source tags `native-american` is left out: tribal service areas cross state
 *   lines and the source gives one state;
 * - `www.` is dropped, since a host matches the table at itself or any subdomain.
 * What it leaves out is reported on stderr.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { areaOf } from '../src/jurisdiction/codes.js';
import { normalizeUrl } from '../src/normalize/url.js';
import { compareStrings } from '../src/util/strings.js';

const date = process.argv[2];
if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
  process.stderr.write('usage: npx tsx scripts/refresh-legal-help.ts YYYY-MM-DD\n');
  process.exit(3);
}

interface Entry {
  areas: Set<string>;
  kinds: Set<string>;
  names: Set<string>;
}
const table = new Map<string, Entry>();
const conflicts = new Set<string>();

function read(file: string): Array<Record<string, string>> {
  return parse(readFileSync(new URL(`legal-help/${file}`, import.meta.url), 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  });
}

function add(row: Record<string, string>, kind: string, where: string): void {
  const area = areaOf(row.state ?? '');
  const url = normalizeUrl(row.website ?? '');
  if (area === null || !url.ok)
    throw new Error(`${where}: bad state or website ${JSON.stringify(row)}`);
  if (new URL(url.url).pathname !== '/') {
    process.stderr.write(`left out ${url.url}: a page on a shared site, not a site\n`);
    return;
  }
  const host = url.host.replace(/^www\./, '');
  const entry = table.get(host) ?? { areas: new Set(), kinds: new Set(), names: new Set() };
  entry.areas.add(area);
  entry.kinds.add(kind);
  if (row.name) entry.names.add(row.name);
  table.set(host, entry);
  if (entry.areas.size > 1) conflicts.add(host);
}

read('portals.csv').forEach((row, i) => add(row, 'portal', `portals.csv row ${i + 1}`));
read('lsc-grantees.csv').forEach((row, i) => {
  if ((row.tags ?? '').split(/\s+/).includes('native-american')) {
    process.stderr.write(`left out ${row.website} (${row.name}): tagged native-american\n`);
    return;
  }
  add(row, 'lsc', `lsc-grantees.csv row ${i + 1}`);
});
for (const host of conflicts) {
  process.stderr.write(
    `left out ${host}: listed for ${[...table.get(host)!.areas].join(' and ')}\n`,
  );
  table.delete(host);
}

const lines = [
  '# Statewide legal-help portals and LSC-funded legal-aid programs, with the areas they serve.',
  `# snapshot: ${date}`,
  '# source: facts transcribed in scripts/legal-help/ (see its SOURCE.md), built by scripts/refresh-legal-help.ts',
  '# licence: facts (a site and the state it serves), not expression; see scripts/legal-help/SOURCE.md',
  '# columns (tab-separated): host, areas (space-separated codes, US for nationwide), kinds, names',
];
for (const host of [...table.keys()].sort(compareStrings)) {
  const entry = table.get(host)!;
  lines.push(
    [
      host,
      [...entry.areas].join(' '),
      [...entry.kinds].sort().join(' '),
      [...entry.names].join('; '),
    ].join('\t'),
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
