import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { LIVENESS_DEFAULTS } from '../defaults.js';
import { unbracket } from './address.js';
import { Cancelled, Stop } from './cancel.js';
import { Limiter } from './limiter.js';
import type { Address, LookupAsker, Resolver, ResolveResult } from './types.js';

// getaddrinfo answers these when the name itself does not exist (or has no address at all); every
// other code means DNS could not answer, which says nothing about the name.
const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * The default resolver: the operating system's `getaddrinfo` (so `/etc/hosts` and the system's DNS
 * settings apply), bounded by `timeoutMs` because a lookup has no timeout of its own. `ENOTFOUND`
 * and `ENODATA` become `notFound`; `EAI_AGAIN`, `ECONNREFUSED`, `ESERVFAIL`, a timeout and anything
 * else become a DNS error. Never rejects.
 *
 * At most `concurrency` lookups run at once. Each holds one of libuv's threads (4 by default,
 * shared with file IO) until the system resolver gives up, whatever our timeout says: unbounded,
 * an answer citing hundreds of hosts whose DNS does not answer queued hundreds of lookups there,
 * the verdict came at the deadline and the process lived on for hosts × resolver timeout / 4. So
 * the rest wait here, a waiting lookup leaves the queue when its timeout passes (it never reaches
 * the thread pool), and `close` empties the queue: at most `concurrency` lookups outlive a run.
 *
 * **Fair between answers.** In arrival order, one answer citing 60 hosts whose DNS is slow filled
 * the queue, and a lookup of an answer graded beside it waited behind all of them until its own
 * timeout: its link `inconclusive` (a DNS error) whatever the site says. So the slots are shared
 * as request slots are, by the same scheduler (`Limiter`): each lookup counts in its asker's `party`
 * (the answer of the link that asked; none, the shared one), and a freed slot goes to the party with
 * the fewest lookups running. The asker is told while its lookup waits, so a link whose lookup
 * still waits at its deadline says it was not tried (load), as for a request slot. A party that asks while every slot is busy gets the first slot that
 * frees, so it waits for at most one lookup in flight, not behind the others' queues. The total
 * stays `concurrency`, and one party alone still uses every slot.
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
      // The timeout runs from the call: a waiting lookup leaves the queue, a running one keeps
      // its slot until getaddrinfo returns (the thread is held that long) but its caller goes on.
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

/** The key a host is pinned and cached under: lower case, no trailing dot (exact otherwise, like curl). */
export function hostKey(host: string): string {
  let key = unbracket(host).toLowerCase();
  while (key.endsWith('.')) key = key.slice(0, -1);
  return key;
}

/**
 * Validate `--resolve` pins: every address must be an IP address. Returns the pins keyed by
 * `hostKey`. Throws `Error` naming the bad entry (the checker turns that into an input error).
 */
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
