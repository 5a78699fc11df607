import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAllowlist, renderAllowlist } from '../builders/build.js';
import { assertNoWarnings } from '../builders/messages.js';
import { readCsvFile } from '../builders/csv.js';
import { formatSummary } from '../builders/summary.js';
import type { BuildResult } from '../builders/types.js';
import { writeFileAtomic } from '../src/util/atomic-write.js';

/**
 * Regenerates `sample-allowlist/allowlist.json` from the bundled Massachusetts court directory
 * (`npm run build:sample`). The same two steps with the CLI:
 *
 *   citation-verifier build-allowlist sample-allowlist/directory.csv --org-column "Court Name" \
 *     --url-column Website --phone-column Phone --no-derive-domains --strict -o sample-allowlist/allowlist.json
 *   citation-verifier build-allowlist sample-allowlist/aliases.csv --org-column "Court Name" \
 *     --alias-column Alias --merge sample-allowlist/allowlist.json --strict -o sample-allowlist/allowlist.json
 *
 * Choices, so nobody has to rediscover them:
 * - `Fax` is not a phone column. `org_phones` is the list of numbers a person can call; a fax
 *   number offered as "call" is a dead end, so an answer giving it should not count as verified.
 * - Domains are not derived: every court page is on mass.gov, and deriving it would vouch for any
 *   mass.gov address a model invents (`mass.gov/locations/<made-up>-court`). Exact URLs only.
 * - Aliases come from a second, hand-written CSV (`aliases.csv`) merged onto the directory, as a
 *   team would keep one; it may only name courts the directory has.
 * - Strict: the sample must build without a single warning.
 */

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const SAMPLE_DIR = join(ROOT, 'sample-allowlist');

export interface SampleBuild {
  /** The allowlist file text, as committed. */
  text: string;
  directory: BuildResult;
  aliases: BuildResult;
}

/** Build the sample allowlist from `dir` (default `sample-allowlist/`). Reads, never writes. */
export async function buildSample(dir: string = SAMPLE_DIR): Promise<SampleBuild> {
  const directoryTable = await readCsvFile(
    join(dir, 'directory.csv'),
    'sample-allowlist/directory.csv',
  );
  const directory = buildAllowlist([directoryTable], {
    columns: { org: 'Court Name', urls: ['Website'], phones: ['Phone'], aliases: [], domains: [] },
    deriveDomains: false,
  });
  assertNoWarnings(directory);

  const aliasTable = await readCsvFile(join(dir, 'aliases.csv'), 'sample-allowlist/aliases.csv');
  const aliases = buildAllowlist([aliasTable], {
    columns: { org: 'Court Name', urls: [], phones: [], aliases: ['Alias'], domains: [] },
    deriveDomains: false,
    base: directory.allowlist,
    baseSource: 'sample-allowlist/directory.csv',
  });
  assertNoWarnings(aliases);
  // An alias row for a court the directory lacks would add a court with no number: a typo.
  const known = new Set(directory.allowlist.orgNames);
  const added = aliases.allowlist.orgNames.filter((name) => !known.has(name));
  if (added.length > 0)
    throw new Error(
      `sample-allowlist/aliases.csv names courts not in directory.csv: ${added.join('; ')}`,
    );

  return {
    text: renderAllowlist(aliases.allowlist, 'sample-allowlist/allowlist.json'),
    directory,
    aliases,
  };
}

async function main(): Promise<void> {
  const sample = await buildSample();
  process.stderr.write(formatSummary(sample.directory, 'build-sample'));
  process.stderr.write(formatSummary(sample.aliases, 'build-sample'));
  await writeFileAtomic(join(SAMPLE_DIR, 'allowlist.json'), sample.text);
  process.stderr.write('build-sample: wrote sample-allowlist/allowlist.json\n');
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `build-sample: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  });
}
