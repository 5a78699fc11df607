/**
 * Writes the .gov registry shipped in `data/dotgov-domains.txt` from CISA's `current-full.csv`
 * (cisagov/dotgov-data), so a newer snapshot is one command:
 *
 *   npx tsx scripts/refresh-dotgov.ts PATH/current-full.csv COMMIT YYYY-MM-DD > data/dotgov-domains.txt
 *
 * One domain a line, sorted, with `,AREA` where the registry's type proves the area it serves
 * (`areaOfRegistryType`: the state of a State, County, City or district domain, `US` for a
 * Federal one). The snapshot line and the source go in the header, as `parseGovRegistry` reads them.
 */
import { readFileSync } from 'node:fs';
import { parseGovRegistry } from '../src/match/dotgov.js';
import { compareStrings } from '../src/util/strings.js';

const [file, commit, date] = process.argv.slice(2);
if (!file || !commit || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
  process.stderr.write(
    'usage: npx tsx scripts/refresh-dotgov.ts PATH/current-full.csv COMMIT YYYY-MM-DD\n',
  );
  process.exit(3);
}
const registry = parseGovRegistry(readFileSync(file, 'utf8'), date);
const lines = [
  "# Registered .gov domains: the domain column of CISA's .gov registry (cisagov/dotgov-data, current-full.csv).",
  `# snapshot: ${date}`,
  `# source: cisagov/dotgov-data commit ${commit}, file current-full.csv`,
  "# licence: CC0 1.0 Universal (the repository's LICENSE); a work of the US federal government",
  '# columns: domain[,area]; area = the state a State, County, City or district domain belongs to, US for a Federal domain (scripts/refresh-dotgov.ts)',
];
for (const domain of [...registry.domains].sort(compareStrings)) {
  const area = registry.areas.get(domain);
  lines.push(area === undefined ? domain : `${domain},${area}`);
}
process.stdout.write(`${lines.join('\n')}\n`);
