import cluster from 'node:cluster';
import { once } from 'node:events';
import { type Stats, unwatchFile, watchFile } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { DRAIN_SETTLE, SERVICE_DEFAULTS } from '../defaults.js';
import { createService, type Service, type ServiceOptions } from './server.js';
import { Verifier } from './verifier.js';

/** `ServiceOptions`, the port and the allowlist's file. */
export interface RunOptions extends Omit<ServiceOptions, 'verifier'> {
  allowlistPath: string;
  port: number;
}

export interface RunningService {
  service: Service;
  verifier: Verifier;
  /** `http://HOST:PORT` as bound (the real port when 0 was asked for). */
  url: string;
  /** Reload the allowlist now (as SIGHUP and a change of the file do). */
  reload(why: string): Promise<void>;
  /** Stop taking connections, let requests in flight finish (`drainTimeoutMs`), then close. */
  drain(): Promise<void>;
}

/**
 * Load the allowlist, listen, and reload when the file changes (polled, which also sees an atomic
 * rename) or on `reload`; a failed reload keeps the old one and says why. The caller wires signals.
 */
export async function runService(options: RunOptions): Promise<RunningService> {
  const verifier = await Verifier.open(
    options.allowlistPath,
    options.limits?.loadTimeoutMs ?? SERVICE_DEFAULTS.loadTimeoutMs,
    options.log,
  );
  const service = createService({ ...options, verifier });
  const { server, limits } = service;
  server.listen(options.port, options.host);
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const onChange = (now: Stats, before: Stats): void => {
    if (now.mtimeMs !== before.mtimeMs || now.size !== before.size)
      void verifier.reload('file changed');
  };
  watchFile(
    options.allowlistPath,
    { interval: limits.watchIntervalMs, persistent: false },
    onChange,
  );
  return {
    service,
    verifier,
    url: `http://${host}:${address.port}`,
    reload: (why) => verifier.reload(why),
    async drain() {
      unwatchFile(options.allowlistPath, onChange);
      await drainServer(service, limits.drainTimeoutMs);
      await verifier.close();
    },
  };
}

/** Read what was sent before the stop, close, and wait for requests in flight (`timeoutMs`). */
async function drainServer({ server, inFlight }: Service, timeoutMs: number): Promise<void> {
  await settle(server, cluster.isWorker ? () => inFlight() > 0 : () => false);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
  await closed;
  clearTimeout(timer);
}

/**
 * Turn the event loop until a poll accepts no connection and starts no request: Node counts a
 * backlog connection idle until read, so closing at once reset requests already sent. A worker's
 * connections come from the primary one at a time: it also waits `workerQuietMs`, and while `busy`.
 */
async function settle(server: Server, busy: () => boolean): Promise<void> {
  let arrived = 0;
  const count = (): void => {
    arrived++;
  };
  server.on('connection', count).on('request', count);
  try {
    let before = -1;
    for (let pass = 0; pass < DRAIN_SETTLE.maxPasses && (arrived !== before || busy()); pass++) {
      before = arrived;
      // Two check phases: the poll between them has run, with nothing scheduled to wait for.
      await nextTurn();
      await nextTurn();
      if (cluster.isWorker) await sleep(DRAIN_SETTLE.workerQuietMs);
    }
  } finally {
    server.off('connection', count).off('request', count);
  }
}
