import type { Subcommand } from './io.js';

/** A subcommand as `--help` lists it; its module is loaded only when the command runs. */
export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<Subcommand>;
}

/**
 * Every subcommand of the one bin, in the order `--help` lists them. Each lives in its own file,
 * imported only when it is run or its help is asked for: `check` of one answer should not pay for
 * the server, the report's charts or the builder. The CLI is a front like the builder, so it may
 * use the builder's command; the library under `src/` (everything but `src/cli/`) never imports a
 * front.
 */
export const SUBCOMMANDS: readonly CommandEntry[] = [
  {
    name: 'check',
    summary: 'verify answers against the allowlist and/or their [N] citations against chunks',
    load: async () => (await import('./check.js')).checkCommand,
  },
  {
    name: 'build-allowlist',
    summary: 'build the allowlist JSON from a directory spreadsheet (CSV export)',
    load: async () => (await import('./build-allowlist.js')).buildAllowlistCommand,
  },
  {
    name: 'report',
    summary: 'compare vendors: invented-link rate, pass rates, convincing-but-wrong answers',
    load: async () => (await import('./report.js')).reportCommand,
  },
  {
    name: 'stale',
    summary: 'fetch every allowlist link (and links cited in answers) and list the dead ones',
    load: async () => (await import('./stale.js')).staleCommand,
  },
  {
    name: 'calibrate',
    summary: 'measure the chunk check and its judge against labelled claim/chunk pairs',
    load: async () => (await import('./calibrate.js')).calibrateCommand,
  },
  {
    name: 'serve',
    summary: 'verify answers over HTTP (POST /v1/verify, /v1/fix; GET /healthz)',
    load: async () => (await import('./serve.js')).serveCommand,
  },
];
