import type { LookupFunction } from 'node:net';
import { Agent, type Dispatcher } from 'undici';

/**
 * The least a link checker can do at given limits, as a reference for the liveness bench: each
 * host's links in link order, at most `perHost` in flight to a host and `overall` in all, a HEAD
 * (a GET when the HEAD is not answered 2xx/3xx), redirects followed, and nothing else: no retry,
 * no soft-404 probe, no address vetting, no verdict beyond "answered below 400". What it costs
 * on this machine is what any checker at those limits pays for the requests themselves (the
 * processor time of the HTTP client and the network stack), which the bench's computed bound
 * counts as zero.
 *
 * Written for the bench only, as small as it can be: undici's handler interface directly, plain
 * arrays for queues, no abort, no timeouts beyond undici's own.
 */

export interface MinimalLimits {
  /** `Infinity` for none. */
  overall: number;
  perHost: number;
}

/** Checks every link; resolves with the links that did not answer below 400 (or failed). */
export async function minimalCheck(
  urls: readonly string[],
  limits: MinimalLimits,
  lookup: LookupFunction,
): Promise<Set<string>> {
  const agent = new Agent({ connections: limits.perHost, connect: { lookup } });
  const queues = new Map<string, string[]>();
  for (const url of urls) {
    const host = new URL(url).hostname;
    const queue = queues.get(host) ?? [];
    queue.push(url);
    queues.set(host, queue);
  }
  const activePerHost = new Map<string, number>();
  let active = 0;
  const dead = new Set<string>();
  const hosts = [...queues.keys()];
  let cursor = 0;
  await new Promise<void>((resolve) => {
    let left = urls.length;
    const pump = (): void => {
      // Round-robin over hosts with work and a free slot, while overall slots are free.
      let idle = 0;
      while (active < limits.overall && idle < hosts.length) {
        const host = hosts[cursor]!;
        cursor = (cursor + 1) % hosts.length;
        const queue = queues.get(host)!;
        const busy = activePerHost.get(host) ?? 0;
        if (queue.length === 0 || busy >= limits.perHost) {
          idle++;
          continue;
        }
        idle = 0;
        const url = queue.shift()!;
        active++;
        activePerHost.set(host, busy + 1);
        void checkOne(agent, url).then((ok) => {
          if (!ok) dead.add(url);
          active--;
          activePerHost.set(host, (activePerHost.get(host) ?? 1) - 1);
          if (--left === 0) resolve();
          else pump();
        });
      }
    };
    if (urls.length === 0) resolve();
    else pump();
  });
  await agent.destroy();
  return dead;
}

async function checkOne(agent: Dispatcher, link: string): Promise<boolean> {
  let url = new URL(link);
  for (let hop = 0; hop < 5; hop++) {
    let answer = await exchange(agent, url, 'HEAD');
    if (answer.status === 0) return false;
    if (answer.status >= 400 && answer.status !== 404 && answer.status !== 410)
      answer = await exchange(agent, url, 'GET');
    if (answer.status >= 300 && answer.status < 400 && answer.location !== undefined) {
      url = new URL(answer.location, url);
      continue;
    }
    return answer.status > 0 && answer.status < 400;
  }
  return false;
}

/** Status 0: no answer. The body is read and dropped. */
function exchange(
  agent: Dispatcher,
  url: URL,
  method: 'HEAD' | 'GET',
): Promise<{ status: number; location?: string }> {
  return new Promise((resolve) => {
    let status = 0;
    let location: string | undefined;
    try {
      agent.dispatch(
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method,
          ...(method === 'HEAD' ? { reset: false } : {}),
        },
        {
          onRequestStart: () => undefined,
          onResponseStart: (_controller, code, headers) => {
            status = code;
            const value = headers.location;
            location = Array.isArray(value) ? value[0] : value;
          },
          onResponseData: () => undefined,
          onResponseEnd: () => resolve(location === undefined ? { status } : { status, location }),
          onResponseError: () => resolve({ status: 0 }),
        },
      );
    } catch {
      resolve({ status: 0 });
    }
  });
}
