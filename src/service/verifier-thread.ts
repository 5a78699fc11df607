import { parentPort, workerData } from 'node:worker_threads';
import { readAllowlistFile } from '../allowlist/load.js';
import { describeError, isInputError } from '../errors.js';
import { jsonLine } from '../format/escape.js';
import { toJson } from '../format/formatters.js';
import { fixJson } from '../format/repair.js';
import { buildIndex, type AllowlistIndex } from '../match/index.js';
import { guardWithIndex, type VerifierSettings } from '../run.js';

/**
 * The verification thread (`verifier.ts` starts it): it loads the allowlist named in `workerData`
 * and answers one job at a time, off the service's event loop, so `/healthz` and the deadlines of
 * the HTTP side keep running while it works. A reload is a new thread: this one never reloads, so
 * a request never sees the allowlist change under it, and a reload that fails keeps the old thread.
 */

/** What `/healthz` says of the allowlist: its counts, when it loaded, and the last failed reload. No path. */
export interface AllowlistHealth {
  organizations: number;
  urls: number;
  domains: number;
  numbers: number;
  loadedAt: string;
  loadMs: number;
  reloads: number;
  /** The last reload that failed, kept until one succeeds: the old allowlist stays in service. */
  lastError?: { at: string; message: string };
}

/** What the service asks of the thread. */
export interface Job {
  id: number;
  route: '/v1/verify' | '/v1/fix';
  answer: string;
  /** The request's settings, else the service's; no jurisdiction: the allowlist's own, if any. */
  settings: Omit<VerifierSettings, 'allowlist'>;
}

/** What the thread says: loaded (with the counts `/healthz` shows), not loaded, or a job's answer. */
export type ThreadMessage =
  | { kind: 'loaded'; health: AllowlistHealth }
  | { kind: 'failed'; code: string; message: string }
  | { kind: 'answer'; id: number; text: string }
  | { kind: 'error'; id: number; message: string };

async function main(): Promise<void> {
  const port = parentPort!;
  const say = (message: ThreadMessage): void => port.postMessage(message);
  let loaded: { index: AllowlistIndex; health: AllowlistHealth };
  try {
    loaded = await load((workerData as { path: string }).path);
  } catch (error) {
    say({
      kind: 'failed',
      code: isInputError(error) ? error.code : 'UNEXPECTED',
      message: describeError(error),
    });
    return;
  }
  const { index, health } = loaded;
  // One answer before the first request: the modules a verification loads on first use (the .gov
  // registry, the repair) and the first compilation are paid here, not by a request's deadline.
  await answer(index, WARM_UP).catch(() => undefined);
  say({ kind: 'loaded', health });
  port.on('message', (job: Job) => {
    answer(index, job).then(
      (text) => say({ kind: 'answer', id: job.id, text }),
      (error: unknown) => say({ kind: 'error', id: job.id, message: describeError(error) }),
    );
  });
}

/**
 * The allowlist read from its file itself rather than through the process-wide index cache, which
 * would hand back the old index.
 */
async function load(path: string): Promise<{ index: AllowlistIndex; health: AllowlistHealth }> {
  const started = performance.now();
  // The tables the loader builds on its way go to the index as they are (not built twice).
  const { allowlist, tables } = await readAllowlistFile(path);
  const index = buildIndex(allowlist, tables);
  // Built now rather than on the first unlisted link: at 100,000 organizations it takes about as
  // long as the load, and a service would otherwise stall its first request after each (re)load
  // on it; the old index keeps serving until this one is whole.
  index.lookalikes();
  return {
    index,
    health: {
      organizations: allowlist.orgNames.length,
      urls: allowlist.urls.length,
      domains: allowlist.domains.length,
      // Distinct numbers, as build-allowlist's summary counts them: one shared by four courts is one.
      numbers: tables.phoneOwners.size,
      loadedAt: new Date().toISOString(),
      loadMs: Math.round(performance.now() - started),
      reloads: 0,
    },
  };
}

const WARM_UP: Job = {
  id: -1,
  route: '/v1/fix',
  answer: 'Call the court at (617) 555-0100 or visit https://www.example.gov/help.',
  settings: { threshold: 0.5, liveness: false },
};

/** One request's verdict (or `--fix`'s document) as the JSON text the service sends. */
async function answer(index: AllowlistIndex, job: Job): Promise<string> {
  const { report, repair } = await guardWithIndex(index, job.answer, job.settings);
  return jsonLine(job.route === '/v1/fix' ? fixJson(job.answer, report, repair) : toJson(report));
}

if (parentPort !== null) void main();
