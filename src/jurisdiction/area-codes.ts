import { readFileSync } from 'node:fs';
import { bundledDataPath } from '../util/bundled-data.js';

// The geographic area codes' states: suspicion only, as a number keeps its code when its owner moves.
let bundled: ReadonlyMap<string, string> | undefined;

/** `npa<TAB>area` lines after `#` comments. A line it cannot read is skipped: suspicion is optional. */
export function parseAreaCodes(text: string): ReadonlyMap<string, string> {
  const codes = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^([2-9]\d\d)\t([A-Z]{2})$/.exec(line);
    if (match) codes.set(match[1]!, match[2]!);
  }
  return codes;
}

/** The shipped table, read once per process; empty when the file cannot be read. */
export function loadAreaCodes(): ReadonlyMap<string, string> {
  if (bundled) return bundled;
  try {
    bundled = parseAreaCodes(readFileSync(bundledDataPath('area-codes.txt'), 'utf8'));
  } catch {
    bundled = new Map();
  }
  return bundled;
}

/** The area code of a normalized NANP number (`+1NPANXXXXXX`) and its state, when geographic. */
export function areaCodeArea(normalized: string): { npa: string; area: string } | null {
  const match = /^\+1([2-9]\d\d)\d{7}$/.exec(normalized);
  if (!match) return null;
  const area = loadAreaCodes().get(match[1]!);
  return area ? { npa: match[1]!, area } : null;
}
