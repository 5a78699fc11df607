import type { LookupFunction } from 'node:net';
import type { Resolver } from '../../src/liveness/types.js';
import { NXDOMAIN_HOST } from './liveness-plan.js';

/**
 * The liveness bench's names resolved, for every checker it runs: each bench name is 127.0.0.1
 * except the one that does not exist (`NXDOMAIN_HOST`); nothing else resolves, so nothing leaves
 * the machine. One mapping, as our checker's resolver and as a socket lookup for the others.
 */
function knownHost(host: string): boolean {
  return host.endsWith('.bench.test') && host !== NXDOMAIN_HOST;
}

/** For our checker (`resolver` option). */
export const benchResolver: Resolver = async (host) =>
  knownHost(host)
    ? { ok: true, addresses: [{ address: '127.0.0.1', family: 4 }] }
    : { ok: false, notFound: true, error: 'ENOTFOUND' };

/** The same mapping as a socket lookup: the least checker, linkinator (through the global fetch dispatcher). */
export const benchLookup = ((
  host: string,
  options: { all?: boolean },
  callback: (...args: unknown[]) => void,
) => {
  if (!knownHost(host))
    return callback(
      Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }),
    );
  if (options.all) return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  return callback(null, '127.0.0.1', 4);
}) as unknown as LookupFunction;
