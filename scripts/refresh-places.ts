/**
 * Writes the gazetteer shipped in `data/places.txt` from CISA's .gov registry (`current-full.csv`,
 * cisagov/dotgov-data), as `refresh-dotgov.ts` writes the registry itself:
 *
 *   npx tsx scripts/refresh-places.ts PATH/current-full.csv COMMIT YYYY-MM-DD > data/places.txt
 *
 * A place (a state, county, parish, borough or city) is never an organization on its own: a name
 * a directory's punctuation splits off (`WATER DISTRICT - MIAMI-DADE`) or an alias that is only a
 * place names no one (`isPlaceName`). The registry is the public list at hand that names them:
 * every US state and territory (src/jurisdiction/codes.ts), the `City` column of every row, and
 * the county of every County-type row (`Adams County Sheriff's Office` → `Adams County` and
 * `Adams`), less those made only of ordinary words. One folded name a line (`orgKey`), sorted; the snapshot and source in the header.
 */
import { readFileSync } from 'node:fs';
import { parseCsvText } from '../builders/csv.js';
import { JURISDICTIONS } from '../src/jurisdiction/codes.js';
import { isCommonWord } from '../src/normalize/common-words.js';
import { orgKey } from '../src/normalize/name.js';
import { compareStrings } from '../src/util/strings.js';

const [file, commit, date] = process.argv.slice(2);
if (!file || !commit || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
  process.stderr.write(
    'usage: npx tsx scripts/refresh-places.ts PATH/current-full.csv COMMIT YYYY-MM-DD\n',
  );
  process.exit(3);
}

const table = parseCsvText(readFileSync(file, 'utf8'), file);
const column = (name: string): number => {
  const at = table.header.indexOf(name);
  if (at === -1) throw new Error(`${file}: no column "${name}"`);
  return at;
};
const [type, organization, city] = [
  column('Domain type'),
  column('Organization name'),
  column('City'),
];
// `Adams County`, `County of Adair`, `St. Tammany Parish`, `Matanuska-Susitna Borough`.
const COUNTY =
  /^(?:(?:County|Parish|Borough) of ([\p{L}.' -]+?)$|([\p{Lu}][\p{L}.'-]*(?: [\p{Lu}][\p{L}.'-]*){0,2}) (County|Parish|Borough)\b)/u;
const places = new Set<string>();
// A place named only by ordinary words (the towns of North, SC, and Justice, IL) is left out: such
// a name is weak already, and listed as a place it would only add noise.
const add = (name: string): void => {
  const key = orgKey(name.trim());
  if (key.length > 0 && !key.split(' ').every(isCommonWord)) places.add(key);
};
for (const state of Object.values(JURISDICTIONS)) add(state);
for (const row of table.rows) {
  const cells = row.cells;
  if (cells[city]) add(cells[city]!);
  if (!cells[type]?.startsWith('County')) continue;
  const match = COUNTY.exec(cells[organization]?.replace(/^"|"$/g, '') ?? '');
  if (!match) continue;
  const name = match[1] ?? match[2]!;
  const kind = match[1] === undefined ? match[3]! : /^(\w+) of/.exec(match[0])![1]!;
  if (/^(?:city|town|village)$/i.test(name)) continue;
  add(name);
  add(`${name} ${kind}`);
}
process.stdout.write(
  [
    '# Places (US states and territories, counties, parishes, boroughs, cities), one folded name a line: a place is never an organization on its own (scripts/refresh-places.ts).',
    `# snapshot: ${date}`,
    `# source: cisagov/dotgov-data commit ${commit}, file current-full.csv (columns City, and the county of each County-type row's Organization name); state names from src/jurisdiction/codes.ts`,
    "# licence: CC0 1.0 Universal (the repository's LICENSE); a work of the US federal government",
    ...[...places].sort(compareStrings),
    '',
  ].join('\n'),
);
