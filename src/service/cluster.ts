import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { RESPAWN_DEFAULTS } from '../defaults.js';

export type RespawnLimits = { -readonly [K in keyof typeof RESPAWN_DEFAULTS]: number };

/** What to do when a worker died unasked: start another after `delayMs`, or stop the service. */
export type RespawnStep =
  | { kind: 'respawn'; delayMs: number }
  | { kind: 'give-up'; reason: string };

/**
 * The respawn rule, pure: `deaths`, the times of the unasked deaths in the window, this one last.
 * The nth waits `baseDelayMs × 2^(n−1)`, at most `maxDelayMs`; the `maxFailures`th gives up.
 */
export function respawnStep(deaths: readonly number[], limits: RespawnLimits): RespawnStep {
  const n = deaths.length;
  if (n >= limits.maxFailures)
    return {
      kind: 'give-up',
      reason: `${n} workers died within ${limits.windowMs / 1000} s`,
    };
  return {
    kind: 'respawn',
    delayMs: Math.min(limits.baseDelayMs * 2 ** Math.max(0, n - 1), limits.maxDelayMs),
  };
}

/**
 * `--workers N`: N forks sharing the socket, one `listening on` line, SIGHUP forwarded, SIGTERM
 * drains them. A worker that dies unasked is replaced (`respawnStep`); past the limit, resolves
 * with the last death's exit code (1 for a signal), else 0 once every worker has gone.
 */
export function runPrimary(
  workers: number,
  host: string,
  announce: (line: string) => void,
  log: (line: string) => void,
): Promise<number> {
  let stopping = false;
  let exitCode = 0;
  let listening = 0;
  // Our own count: a worker leaves `cluster.workers` only after both its exit and its disconnect.
  const alive = new Set<number>();
  const waiting = new Set<NodeJS.Timeout>();
  let deaths: number[] = [];
  const fork = (): Worker => {
    const worker = cluster.fork({ CITATION_VERIFIER_WORKER: '1' });
    alive.add(worker.id);
    return worker;
  };
  return new Promise((resolve) => {
    const stop = (): void => {
      stopping = true;
      for (const timer of waiting) clearTimeout(timer);
      waiting.clear();
      if (alive.size === 0) resolve(exitCode);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    };
    cluster.on('listening', (_worker, address: AddressInfo | { port: number }) => {
      listening++;
      if (listening === workers) {
        const shown = host.includes(':') ? `[${host}]` : host;
        announce(`listening on http://${shown}:${address.port}`);
      }
    });
    cluster.on('exit', (worker, code, signal) => {
      alive.delete(worker.id);
      // Exited 0: told to stop (by us, or a signal to the whole process group), not replaced.
      if (stopping || code === 0) {
        if (alive.size === 0 && waiting.size === 0) resolve(exitCode);
        return;
      }
      const now = Date.now();
      deaths = [...deaths.filter((at) => now - at < RESPAWN_DEFAULTS.windowMs), now];
      const died = `citation-verifier serve: worker ${worker.process.pid} exited (${signal ?? code})`;
      const step = respawnStep(deaths, RESPAWN_DEFAULTS);
      if (step.kind === 'give-up') {
        log(
          `${died}; ${step.reason}, so the service stops instead of starting another: fix what the workers' lines above say, then start it again`,
        );
        exitCode = code !== null && code > 0 ? code : 1;
        stop();
        return;
      }
      log(`${died}; starting another in ${step.delayMs} ms`);
      const timer = setTimeout(() => {
        waiting.delete(timer);
        fork();
      }, step.delayMs);
      waiting.add(timer);
    });
    process.on('SIGHUP', () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGHUP');
    });
    process.once('SIGTERM', stop);
    for (let k = 0; k < workers; k++) fork();
  });
}
