import type { Subcommand } from './io.js';
import { checkCommand } from './check.js';

/** Every subcommand of the one bin, in the order `--help` lists them. Each lives in its own file. */
export const SUBCOMMANDS: readonly Subcommand[] = [checkCommand];
