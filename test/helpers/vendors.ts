import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from './cli.js';
import { columnFlags, MA_COURTS } from './directories.js';

/**
 * Two recorded vendors answering the same twelve small-claims questions from the real
 * Massachusetts court directory (test/fixtures/report/SOURCE.md): `careful-bot` gives each court's
 * own number and page; `sloppy-bot` gives eight courts another court's number, one a proven
 * lookalike site and one an unproven one, and five links to other states' resources.
 */
export const twoVendorAnswers = fileURLToPath(
  new URL('../fixtures/report/ma-courts-vendors.jsonl', import.meta.url),
);

/** The court directory built as a user would (`build-allowlist`), into a temporary allowlist file. */
export async function courtsAllowlist(): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'cv-courts-')), 'allowlist.json');
  const io = fakeIo();
  const code = await runCli(
    ['build-allowlist', MA_COURTS.file, ...columnFlags(MA_COURTS.columns), '-o', path],
    io,
  );
  if (code !== 0) throw new Error(`build-allowlist exited ${code}: ${io.err()}`);
  return path;
}
