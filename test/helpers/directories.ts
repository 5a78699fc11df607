import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAllowlist } from '../../builders/build.js';
import { readCsvFile } from '../../builders/csv.js';
import type { BuildResult, ColumnNames } from '../../builders/types.js';
import { buildIndex, type AllowlistIndex } from '../../src/match/index.js';

/**
 * The real directories under test/fixtures that tests build allowlists from (each folder says its
 * source and licence in SOURCE.md), with the columns a user names for them, once: a test that
 * builds one names it here instead of repeating its path and columns.
 */
export interface Directory {
  /** The CSV's path. */
  file: string;
  columns: ColumnNames;
}

const fixture = (path: string): string =>
  fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));

const BASIC = { urls: ['Website'], phones: ['Phone'], aliases: [], domains: [] };

/** HUD's housing counselors (VA, MD, DC): an agency's website and phone. */
export const HUD: Directory = {
  file: fixture('hud-counselors/hud-housing-counselors.csv'),
  columns: { org: 'Agency', ...BASIC },
};

/** The Massachusetts trial courts: a court's website and phone. */
export const MA_COURTS: Directory = {
  file: fixture('ma-courts/ma-courts-directory.csv'),
  columns: { org: 'Court Name', ...BASIC },
};

/** The flags that name these columns on the command line, as a user types them. */
export function columnFlags(columns: ColumnNames): string[] {
  const flags = ['--org-column', columns.org];
  for (const [flag, names] of [
    ['--url-column', columns.urls],
    ['--phone-column', columns.phones],
    ['--alias-column', columns.aliases],
    ['--domain-column', columns.domains],
  ] as const)
    for (const name of names) flags.push(flag, name);
  if (columns.area !== undefined) flags.push('--area-column', columns.area);
  return flags;
}

/** The directory built as a user would (domains derived), its rows named by the file's name. */
export async function buildDirectory(directory: Directory): Promise<BuildResult> {
  const table = await readCsvFile(directory.file, basename(directory.file));
  return buildAllowlist([table], { columns: directory.columns });
}

/** The same build, as the verifier's index. */
export async function directoryIndex(directory: Directory): Promise<AllowlistIndex> {
  return buildIndex((await buildDirectory(directory)).allowlist);
}
