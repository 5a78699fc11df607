import { readFileSync } from 'node:fs';
import { InputError } from '../errors.js';
import { bundledDataPath } from '../util/bundled-data.js';
import { areaOf } from './codes.js';

/** The shipped table of statewide legal-help sites and LSC programs: host (and below) → areas. */
export interface LegalHelpTable {
  /** `YYYY-MM-DD` of the snapshot. */
  readonly date: string;
  readonly hosts: ReadonlyMap<string, readonly string[]>;
}

/** `# snapshot: …`, then `host<TAB>areas<TAB>…` lines; `InputError` names a line it cannot read. */
export function parseLegalHelpTable(text: string, where: string): LegalHelpTable {
  const hosts = new Map<string, readonly string[]>();
  let date = 'unknown';
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim().length === 0) return;
    if (line.startsWith('#')) {
      const snapshot = /^#\s*snapshot:\s*(\d{4}-\d{2}-\d{2})/.exec(line);
      if (snapshot) date = snapshot[1]!;
      return;
    }
    const [host = '', written = ''] = line.split('\t');
    const areas = written.split(' ').map(areaOf);
    if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(host) || areas.length === 0 || areas.includes(null))
      throw new InputError(
        'INVALID_CONFIG',
        `line ${index + 1}: expected "host<TAB>areas", got ${JSON.stringify(line)}; rebuild it with scripts/refresh-legal-help.ts`,
        { where },
      );
    hosts.set(host, areas as string[]);
  });
  return { date, hosts };
}

let bundled: LegalHelpTable | undefined;

/** The table shipped in the package's `data/` folder, read once per process. */
export function loadLegalHelpTable(): LegalHelpTable {
  if (bundled) return bundled;
  const file = bundledDataPath('legal-help-areas.txt');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(
      'FILE_UNREADABLE',
      `cannot read the legal-help table: ${(error as Error).message}; reinstall the package`,
      { where: file, cause: error },
    );
  }
  bundled = parseLegalHelpTable(text, file);
  return bundled;
}
