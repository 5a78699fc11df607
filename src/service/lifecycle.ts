import { unwatchFile, watchFile } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SERVICE_DEFAULTS } from '../defaults.js';
import { createService, type Service, type ServiceLimits } from './server.js';
import { Verifier } from './verifier.js';

export interface RunOptions {
  allowlistPath: string;
  host: string;
  port: number;
  threshold: number;
  /** The jurisdiction when a request names none (`--jurisdiction`). */
  jurisdiction?: string;
  limits?: Partial<ServiceLimits>;
  /** Names a `Host` header may give besides the bound address and loopback (`--allowed-host`). */
  allowedHosts?: readonly string[];
  log: (line: string) => void;
}

export interface RunningService {
  service: Service;
  verifier: Verifier;
  /** `http://HOST:PORT` as bound (the real port when 0 was asked for). */
  url: string;
  /** Reload the allowlist now (what SIGHUP and a change of the file do). */
  reload(why: string): Promise<void>;
  /** Stop taking connections, let requests in flight finish (up to `drainTimeoutMs`), then close. */
  drain(): Promise<void>;
}

/**
 * Load the allowlist, listen, and keep the allowlist current: reloaded when its file changes
 * (polled every `watchIntervalMs`, which also sees an atomic rename) or when `reload` is called.
 * A reload that fails keeps the old allowlist and says why on the log and in `/healthz`. The
 * caller wires signals (`serve`: SIGHUP reloads, SIGTERM drains).
 */
export async function runService(options: RunOptions): Promise<RunningService> {
  const verifier = await Verifier.open(
    options.allowlistPath,
    options.limits?.loadTimeoutMs ?? SERVICE_DEFAULTS.loadTimeoutMs,
    options.log,
  );
  const service = createService({
    verifier,
    threshold: options.threshold,
    ...(options.jurisdiction === undefined ? {} : { jurisdiction: options.jurisdiction }),
    ...(options.limits ? { limits: options.limits } : {}),
    host: options.host,
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
    log: options.log,
  });
  const { server, limits } = service;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const reload = (why: string): Promise<void> => verifier.reload(why);
  const onChange = (
    now: { mtimeMs: number; size: number },
    before: { mtimeMs: number; size: number },
  ) => {
    if (now.mtimeMs !== before.mtimeMs || now.size !== before.size) void reload('file changed');
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
    reload,
    async drain() {
      unwatchFile(options.allowlistPath, onChange);
      await drainServer(service, limits.drainTimeoutMs);
      await verifier.close();
    },
  };
}

/** Close the listener and idle connections; wait for requests in flight, at most `timeoutMs`. */
async function drainServer(service: Service, timeoutMs: number): Promise<void> {
  const { server } = service;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
  await closed;
  clearTimeout(timer);
}
