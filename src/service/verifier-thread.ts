import { parentPort, workerData } from 'node:worker_threads';
import { describeError, isInputError } from '../errors.js';
import { jsonLine } from '../format/escape.js';
import { toJson } from '../format/formatters.js';
import { fixJson } from '../format/repair.js';
import { guardWithIndex } from '../run.js';
import { AllowlistHolder } from './allowlist-holder.js';

/**
 * The verification thread (`verifier.ts` starts it): it loads the allowlist named in `workerData`
 * and answers one job at a time, off the service's event loop, so `/healthz` and the deadlines of
 * the HTTP side keep running while it works. A reload is a new thread: this one never reloads.
 */

/** What the service asks of the thread. */
export interface Job {
  id: number;
  route: '/v1/verify' | '/v1/fix';
  answer: string;
  threshold: number;
  failOnMisattribution: boolean;
  /** A jurisdiction code, the request's or the service's; absent: the allowlist's own, if any. */
  jurisdiction?: string;
}

/** What the thread says: loaded (with the counts `/healthz` shows), not loaded, or a job's answer. */
export type ThreadMessage =
  | { kind: 'loaded'; health: Omit<import('./allowlist-holder.js').AllowlistHealth, 'path'> }
  | { kind: 'failed'; code: string; message: string }
  | { kind: 'answer'; id: number; text: string }
  | { kind: 'error'; id: number; message: string };

async function main(): Promise<void> {
  const port = parentPort!;
  const say = (message: ThreadMessage): void => port.postMessage(message);
  let holder: AllowlistHolder;
  try {
    holder = await AllowlistHolder.open((workerData as { path: string }).path);
  } catch (error) {
    say({
      kind: 'failed',
      code: isInputError(error) ? error.code : 'UNEXPECTED',
      message: describeError(error),
    });
    return;
  }
  // One answer before the first request: the modules a verification loads on first use (the .gov
  // registry, the repair) and the first compilation are paid here, not by a request's deadline.
  await answer(holder, WARM_UP).catch(() => undefined);
  const { path: _path, ...health } = holder.health;
  say({ kind: 'loaded', health });
  port.on('message', (job: Job) => {
    answer(holder, job).then(
      (text) => say({ kind: 'answer', id: job.id, text }),
      (error: unknown) => say({ kind: 'error', id: job.id, message: describeError(error) }),
    );
  });
}

const WARM_UP: Job = {
  id: -1,
  route: '/v1/fix',
  answer: 'Call the court at (617) 555-0100 or visit https://www.example.gov/help.',
  threshold: 0.5,
  failOnMisattribution: false,
};

/** One request's verdict (or `--fix`'s document) as the JSON text the service sends. */
async function answer(holder: AllowlistHolder, job: Job): Promise<string> {
  const { report, repair } = await guardWithIndex(holder.current, job.answer, {
    threshold: job.threshold,
    liveness: false,
    ...(job.failOnMisattribution ? { failOnMisattribution: true } : {}),
    ...(job.jurisdiction === undefined ? {} : { jurisdiction: job.jurisdiction }),
  });
  return jsonLine(job.route === '/v1/fix' ? fixJson(job.answer, report, repair) : toJson(report));
}

if (parentPort !== null) void main();
