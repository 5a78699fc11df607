import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { LIVENESS_DEFAULTS } from '../defaults.js';
import { unbracket } from './address.js';
import { Fifo } from './fifo.js';
import type { Resolver, ResolveResult } from './types.js';

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
 */
export function createSystemResolver(
  timeoutMs: number,
  concurrency: number = LIVENESS_DEFAULTS.dnsConcurrency,
  lookupHost: (host: string) => Promise<ResolveResult> = systemLookup,
): Resolver & { close(): void } {
  const waiting = new Fifo<Turn>();
  let active = 0;
  let closed = false;
  const next = (): void => {
    while (active < concurrency) {
      const turn = waiting.shift();
      if (!turn) return;
      if (!turn.gone) turn.start();
    }
  };
  const resolver = (host: string): Promise<ResolveResult> =>
    new Promise<ResolveResult>((resolve) => {
      if (closed) return resolve({ ok: false, notFound: false, error: 'ECANCELLED' });
      const give = (error: string): void => {
        turn.gone = true;
        clearTimeout(timer);
        resolve({ ok: false, notFound: false, error });
      };
      const turn: Turn = { gone: false, start: () => {}, cancel: () => give('ECANCELLED') };
      const timer = setTimeout(() => give('ETIMEOUT'), timeoutMs);
      timer.unref();
      turn.start = () => {
        active++;
        void lookupHost(host).then((answer) => {
          active--;
          clearTimeout(timer);
          resolve(answer);
          next();
        });
      };
      waiting.push(turn);
      next();
    });
  return Object.assign(resolver, {
    close(): void {
      closed = true;
      for (let turn = waiting.shift(); turn; turn = waiting.shift()) if (!turn.gone) turn.cancel();
    },
  });
}

/** A lookup waiting for its turn: `gone` once it timed out or was cancelled (skipped when reached). */
interface Turn {
  gone: boolean;
  start: () => void;
  cancel: () => void;
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
): Map<string, { address: string; family: 4 | 6 }> {
  const pins = new Map<string, { address: string; family: 4 | 6 }>();
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
