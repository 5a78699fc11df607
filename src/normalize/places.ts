import { readFileSync } from 'node:fs';
import { bundledDataPath } from '../util/bundled-data.js';
import { orgKey } from './name.js';

/** Whether `name` is only a place of `data/places.txt`, naming no organization (`MIAMI-DADE`). */
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
