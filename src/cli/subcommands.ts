import { buildAllowlistCommand } from './build-allowlist.js';
import { calibrateCommand } from './calibrate.js';
import type { Subcommand } from './io.js';
import { checkCommand } from './check.js';
import { staleCommand } from './stale.js';
import { reportCommand } from './report.js';
import { serveCommand } from './serve.js';

/**
 * Every subcommand of the one bin, in the order `--help` lists them. Each lives in its own file.
 * The CLI is a front like the builder, so it may use the builder's command; the library under
 * `src/` (everything but `src/cli/`) never imports a front.
 */
export const SUBCOMMANDS: readonly Subcommand[] = [
  checkCommand,
  buildAllowlistCommand,
  reportCommand,
  staleCommand,
  calibrateCommand,
  serveCommand,
];
