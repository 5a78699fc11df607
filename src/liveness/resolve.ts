import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { unbracket } from './address.js';
import type { Resolver, ResolveResult } from './types.js';

// getaddrinfo answers these when the name itself does not exist (or has no address at all); every
// other code means DNS could not answer, which says nothing about the name.
const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * The default resolver: the operating system's `getaddrinfo` (so `/etc/hosts` and the system's DNS
 * settings apply), bounded by `timeoutMs` because a lookup has no timeout of its own. `ENOTFOUND`
 * and `ENODATA` become `notFound`; `EAI_AGAIN`, `ECONNREFUSED`, `ESERVFAIL`, a timeout and anything
 * else become a DNS error. Never rejects.
 */
export function createSystemResolver(timeoutMs: number): Resolver {
  return async (host) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<ResolveResult>((resolve) => {
      timer = setTimeout(
        () => resolve({ ok: false, notFound: false, error: 'ETIMEOUT' }),
        timeoutMs,
      );
      timer.unref();
    });
    try {
      return await Promise.race([systemLookup(host), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
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
