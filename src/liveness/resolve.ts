import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { LIVENESS_DEFAULTS } from '../defaults.js';
import { unbracket } from './address.js';
import { Cancelled, Stop } from './cancel.js';
import { Limiter } from './limiter.js';
import type { Address, LookupAsker, Resolver, ResolveResult } from './types.js';

// getaddrinfo's codes for a name that does not exist or has no address; any other says nothing.
const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * The system's `getaddrinfo`, bounded by `timeoutMs`; never rejects. At most `concurrency` at once:
 * each holds a libuv thread until the system gives up. The rest wait, fairly between answers.
 */
export function createSystemResolver(
  timeoutMs: number,
  concurrency: number = LIVENESS_DEFAULTS.dnsConcurrency,
  lookupHost: (host: string) => Promise<ResolveResult> = systemLookup,
): Resolver & { close(): void } {
  // The bound is on libuv's threads, not on any one name: per host = overall.
  const slots = new Limiter(concurrency, concurrency);
  const waiting = new Set<Stop>();
  let closed = false;
  const resolver = (host: string, asker?: LookupAsker): Promise<ResolveResult> =>
    new Promise<ResolveResult>((resolve) => {
      if (closed) return resolve(dnsFailure('ECANCELLED'));
      const turn = new Stop(asker?.party);
      const leaveQueue = (): void => {
        if (waiting.delete(turn)) asker?.noteLookupWaiting?.(false);
      };
      const give = (answer: ResolveResult): void => {
        clearTimeout(timer);
        leaveQueue();
        resolve(answer);
      };
      // From the call: a waiting lookup leaves the queue; a running one keeps its slot until
      // getaddrinfo returns (its thread is held that long), but its caller goes on.
      const timer = setTimeout(() => {
        turn.abort(new Cancelled('deadline'));
        give(dnsFailure('ETIMEOUT'));
      }, timeoutMs);
      timer.unref();
      waiting.add(turn);
      asker?.noteLookupWaiting?.(true);
      const lookUp = (): Promise<ResolveResult> => {
        leaveQueue();
        return lookupHost(host);
      };
      slots.run(host, lookUp, false, turn).then(give, (reason: unknown) => give(failureOf(reason)));
    });
  return Object.assign(resolver, {
    close(): void {
      closed = true;
      for (const turn of [...waiting]) turn.abort(new Cancelled('closed'));
    },
  });
}

function dnsFailure(error: string): ResolveResult {
  return { ok: false, notFound: false, error };
}

/** Why a lookup ended without an answer: its timeout, the resolver closed, or the lookup threw. */
function failureOf(reason: unknown): ResolveResult {
  if (reason instanceof Cancelled)
    return dnsFailure(reason.why === 'closed' ? 'ECANCELLED' : 'ETIMEOUT');
  return dnsFailure((reason as NodeJS.ErrnoException | undefined)?.code ?? 'EDNS');
}

async function systemLookup(host: string): Promise<ResolveResult> {
  try {
    const found = await lookup(host, { all: true, verbatim: true });
    const addresses = found.map((entry) => ({
      address: entry.address,
      family: entry.family === 6 ? (6 as const) : (4 as const),
    }));
    if (addresses.length === 0) return { ok: false, notFound: true, error: 'ENODATA' };
    return { ok: true, addresses };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EDNS';
    return { ok: false, notFound: NOT_FOUND_CODES.has(code), error: code };
  }
}

/** The key a host is pinned and cached under: lower case, no trailing dot (like curl). */
export function hostKey(host: string): string {
  let key = unbracket(host).toLowerCase();
  while (key.endsWith('.')) key = key.slice(0, -1);
  return key;
}

/** `--resolve` pins keyed by `hostKey`. Throws `Error` naming an entry whose address is no IP. */
export function pinsFrom(
  resolve: Readonly<Record<string, string>> | undefined,
): Map<string, Address> {
  const pins = new Map<string, Address>();
  for (const [host, raw] of Object.entries(resolve ?? {})) {
    const address = unbracket(raw.trim());
    const family = isIP(address);
    if (family === 0 || hostKey(host).length === 0)
      throw new Error(
        `resolve ${JSON.stringify(host)} → ${JSON.stringify(raw)}: expected a host name and an IP address`,
      );
    pins.set(hostKey(host), { address, family: family === 6 ? 6 : 4 });
  }
  return pins;
}
