import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';

/**
 * `--workers N`: the primary forks N copies of this same command (node:cluster), which share the
 * listening socket, and does no HTTP itself. It prints the one `listening on` line once every
 * worker listens (with `--port 0` they share the one port the first was given), forwards SIGHUP
 * (each worker reloads its allowlist) and on SIGTERM disconnects them, which lets each finish the
 * requests it holds. A worker that dies unasked (not a clean exit after draining) is replaced, so
 * one bad process does not shrink the service. Resolves with the exit code once every worker has gone.
 */
export function runPrimary(
  workers: number,
  host: string,
  announce: (line: string) => void,
  log: (line: string) => void,
): Promise<number> {
  let stopping = false;
  let listening = 0;
  // Our own count: a worker leaves `cluster.workers` only after both its exit and its disconnect.
  const alive = new Set<number>();
  const fork = (): Worker => {
    const worker = cluster.fork({ CITATION_VERIFIER_WORKER: '1' });
    alive.add(worker.id);
    return worker;
  };
  return new Promise((resolve) => {
    cluster.on('listening', (_worker, address: AddressInfo | { port: number }) => {
      listening++;
      if (listening === workers) {
        const shown = host.includes(':') ? `[${host}]` : host;
        announce(`listening on http://${shown}:${address.port}`);
      }
    });
    cluster.on('exit', (worker, code, signal) => {
      alive.delete(worker.id);
      // A worker that drained and exited 0 was told to stop (by us, or by a signal sent to the
      // whole process group): not replaced.
      if (stopping || code === 0) {
        if (alive.size === 0) resolve(0);
        return;
      }
      log(
        `citation-verifier serve: worker ${worker.process.pid} exited (${signal ?? code}); starting another`,
      );
      fork();
    });
    process.on('SIGHUP', () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGHUP');
    });
    process.once('SIGTERM', () => {
      stopping = true;
      const all = Object.values(cluster.workers ?? {});
      if (all.length === 0) resolve(0);
      for (const worker of all) worker?.process.kill('SIGTERM');
    });
    for (let k = 0; k < workers; k++) fork();
  });
}

export function isClusterWorker(): boolean {
  return cluster.isWorker;
}
