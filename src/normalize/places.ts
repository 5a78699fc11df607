import { readFileSync } from 'node:fs';
import { bundledDataPath } from '../util/bundled-data.js';
import { orgKey } from './name.js';

/**
 * Whether `name` is only a place: a US state or territory, county, parish, borough or city of the
 * gazetteer shipped in `data/places.txt` (generated from the .gov registry by
 * scripts/refresh-places.ts, its snapshot in its header). A place is never an organization on its
 * own: `MIAMI-DADE` split off `WATER DISTRICT - MIAMI-DADE`, or an alias that is only a county,
 * names no one. Compared folded (`orgKey`); the list is read on the first call.
 */
export function isPlaceName(name: string): boolean {
  return places().has(orgKey(name));
}

let PLACES: ReadonlySet<string> | undefined;
function places(): ReadonlySet<string> {
  PLACES ??= new Set(
    readFileSync(bundledDataPath('places.txt'), 'utf8')
      .split('\n')
      .filter((line) => line.length > 0 && !line.startsWith('#')),
  );
  return PLACES;
}
