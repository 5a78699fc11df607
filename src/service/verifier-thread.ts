import { parentPort, workerData } from 'node:worker_threads';
import { readAllowlistFile } from '../allowlist/load.js';
import { describeError, isInputError } from '../errors.js';
import { jsonLine } from '../format/escape.js';
import { toJson } from '../format/formatters.js';
import { fixJson } from '../format/repair.js';
import { buildIndex, type AllowlistIndex } from '../match/index.js';
import { guardWithIndex, type VerifierSettings } from '../run.js';

/**
 * The verification thread (see `Verifier`): loads the allowlist in `workerData` and answers one
 * job at a time. It never reloads, so no request sees the allowlist change under it.
 */

/** What `/healthz` says of the allowlist (no path). */
export interface AllowlistHealth {
  organizations: number;
  urls: number;
  domains: number;
  numbers: number;
  loadedAt: string;
  loadMs: number;
  reloads: number;
  /** The last reload that failed, until one succeeds (the old allowlist stays in service). */
  lastError?: { at: string; message: string };
}

export interface Job {
  id: number;
  route: '/v1/verify' | '/v1/fix';
  answer: string;
  settings: Omit<VerifierSettings, 'allowlist'>;
}

/** What the thread says: loaded, not loaded, or a job's answer. */
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
  // One answer first: what the first one loads and compiles is not paid by a request's deadline.
  await answer(index, WARM_UP).catch(() => undefined);
  say({ kind: 'loaded', health });
  port.on('message', (job: Job) => {
    answer(index, job).then(
      (text) => say({ kind: 'answer', id: job.id, text }),
      (error: unknown) => say({ kind: 'error', id: job.id, message: describeError(error) }),
    );
  });
}

/** The allowlist from its file, not the process-wide index cache (which has the old one). */
async function load(path: string): Promise<{ index: AllowlistIndex; health: AllowlistHealth }> {
  const started = performance.now();
  const { allowlist, tables } = await readAllowlistFile(path);
  const index = buildIndex(allowlist, tables);
  // Built now, not on the first unlisted link, which would pay as long as the load again.
  index.lookalikes();
  return {
    index,
    health: {
      organizations: allowlist.orgNames.length,
      urls: allowlist.urls.length,
      domains: allowlist.domains.length,
      // Distinct numbers, as build-allowlist's summary counts them.
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

/** A request's verdict (or `--fix`'s document) as the JSON text the service sends. */
async function answer(index: AllowlistIndex, job: Job): Promise<string> {
  const { report, repair } = await guardWithIndex(index, job.answer, job.settings);
  return jsonLine(job.route === '/v1/fix' ? fixJson(job.answer, report, repair) : toJson(report));
}

if (parentPort !== null) void main();
