import { rootCertificates } from 'node:tls';
import type { LookupFunction } from 'node:net';
import { Agent, request, type Dispatcher } from 'undici';
import type { Failure } from './classify.js';
import { Cancelled } from './cancel.js';
import { failureFromError } from './failure.js';
import { hostKey } from './resolve.js';
import type { Limiter } from './limiter.js';

/**
 * The IO edge of the liveness check: one HTTP request at a time, through a connection pool whose
 * DNS lookups are the checker's own (vetted) resolutions, inside the concurrency limits. Nothing
 * here decides a verdict.
 */

/** How many times a request is sent again after an invalid response that may be a HEAD's leftover body (see `HttpClient.send`). */
export const PROTOCOL_RETRIES = 2;

/** Sent with every request: some servers reject a request that names no language. */
const ACCEPT_LANGUAGE = 'en-US,en;q=0.9';

export interface HttpSettings {
  timeoutMs: number;
  maxBodyBytes: number;
  userAgent: string;
  accept: string;
}

/**
 * One request's result. `body` holds at most `maxBodyBytes` of a 2xx GET, decoded as UTF-8. A
 * failure's `startedAt` (the checker's clock) is when the request got its slot and asked for its
 * connection: a refused origin's retry is timed from it (`Crawler`).
 */
export type Exchange =
  | { type: 'response'; status: number; headers: Record<string, string>; body?: string; method: 'HEAD' | 'GET' }
  | { type: 'failure'; failure: Failure; startedAt?: number };

/** A lookup failure carries its `Failure` so that the request's error reports it as is. */
export class LookupRefused extends Error {
  override readonly name = 'LookupRefused';
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

/**
 * A connection pool that resolves names only through `lookup`: every connection, first hop or
 * redirect, goes to an address the checker has resolved and vetted itself, so a DNS answer that
 * changes between the check and the connection (rebinding) cannot reach a private address.
 */
export function createAgent(lookup: LookupFunction, timeoutMs: number, ca: readonly string[], perHost: number): Agent {
  return new Agent({
    // As many connections to an origin as requests may be in flight to its host. Without a cap the
    // pool opens a new connection whenever a request is dispatched in the moment between a
    // response ending and its connection going back to the pool.
    connections: perHost,
    connect: {
      lookup,
      timeout: timeoutMs,
      // `ca` replaces the trust store in Node, so extra certificates are added to the system roots.
      ...(ca.length > 0 ? { ca: [...rootCertificates, ...ca] } : {}),
    },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
}

export class HttpClient {
  constructor(
    private readonly agent: Dispatcher,
    private readonly limiter: Limiter,
    private readonly settings: HttpSettings,
    /** Called whenever any host answers with a status line (proof that egress works). */
    private readonly onResponse: () => void,
    /** Called as each request gets its slot, with its host (per-host deadlines run from the first). */
    private readonly onStart: (host: string) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Origins where a HEAD kept its connection open, and those where that went wrong (see `send`).
   * Keyed by origin because keep-alive is per connection, and connections are per origin.
   */
  private readonly headKeptAlive = new Set<string>();
  private readonly headCloses = new Set<string>();

  /**
   * One request, within the limits and the timeout. Never rejects.
   *
   * undici closes the connection after every HEAD by default, in case the server wrongly sends a
   * body after the headers: that body would be read as the start of the next response. Closing
   * means a new TCP (and TLS) handshake for every link checked, two to three round trips each on a
   * real network, so HEADs keep their connection here. The risk is handled where it shows: an
   * invalid response on an origin where a HEAD stayed open is taken as that leftover body, the
   * origin's HEADs close their connection from then on, and the request is sent again (at most
   * `PROTOCOL_RETRIES` times: each bad connection is destroyed by the parser error, and an origin
   * has at most as many open as its per-host limit).
   *
   * `signal` aborts the link this request belongs to: waiting, it leaves the queue; in flight, its
   * socket is closed. Either way the answer is a `closed` failure.
   */
  async send(url: URL, method: 'HEAD' | 'GET', readBody: boolean, followUp = false, signal?: AbortSignal): Promise<Exchange> {
    const origin = url.origin;
    const host = hostKey(url.hostname);
    if (signal?.aborted) return stopped(signal, host);
    return this.limiter.run(host, async () => {
      this.onStart(host);
      for (let attempt = 0; ; attempt++) {
        const keepAlive = method === 'GET' || !this.headCloses.has(origin);
        const startedAt = this.now();
        const exchange = await this.once(url, host, method, readBody, keepAlive, signal);
        if (signal?.aborted) return stopped(signal, host);
        if (exchange.type === 'response') {
          if (method === 'HEAD' && keepAlive) this.headKeptAlive.add(origin);
          return exchange;
        }
        exchange.startedAt = startedAt;
        if (exchange.failure.kind !== 'protocol' || !this.headKeptAlive.has(origin) || attempt >= PROTOCOL_RETRIES) return exchange;
        this.headCloses.add(origin);
      }
    }, followUp, signal).catch((error: unknown) => (signal?.aborted ? stopped(signal, host) : Promise.reject(error)));
  }

  private async once(url: URL, host: string, method: 'HEAD' | 'GET', readBody: boolean, keepAlive: boolean, signal: AbortSignal | undefined): Promise<Exchange> {
    const { timeoutMs, maxBodyBytes } = this.settings;
    // One signal for undici: the request's own timeout (the whole exchange, body included: undici's
    // timeouts only bound each wait) or its link's abort, whichever comes first. A timer cleared at
    // the end rather than `AbortSignal.timeout`, whose timers outlive the request.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
    const onAbort = (): void => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await request(url, {
        dispatcher: this.agent,
        method,
        headers: { 'user-agent': this.settings.userAgent, accept: this.settings.accept, 'accept-language': ACCEPT_LANGUAGE },
        signal: controller.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        // `reset: false` keeps the connection after a HEAD (undici's default closes it; see `send`).
        ...(method === 'HEAD' && keepAlive ? { reset: false } : {}),
      });
      this.onResponse();
      const status = response.statusCode;
      const headers = flattenHeaders(response.headers);
      if (readBody && method === 'GET' && status >= 200 && status < 300) {
        return { type: 'response', status, headers, method, body: await readLimited(response.body, maxBodyBytes) };
      }
      // Reading (a little of) what is left lets the connection be reused; more than that is not worth it.
      await response.body.dump({ limit: maxBodyBytes }).catch(() => undefined);
      return { type: 'response', status, headers, method };
    } catch (error) {
      return { type: 'failure', failure: attachedFailure(error) ?? failureFromError(error, { host, timeoutMs }) };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * HEAD first; GET when HEAD is refused or unreliable: any status but 2xx, 3xx and 429 (servers
   * answer HEAD with 405, 403, 501, even 404 for pages a GET finds), or a HEAD the server drops.
   * The GET is a follow-up (see `Limiter`); so is the HEAD when `followUp`.
   */
  async exchange(url: URL, followUp = false, signal?: AbortSignal): Promise<Exchange> {
    const head = await this.send(url, 'HEAD', false, followUp, signal);
    if (head.type === 'response') {
      if ((head.status >= 200 && head.status < 400) || head.status === 429) return head;
    } else if (!['reset', 'protocol', 'other'].includes(head.failure.kind)) {
      return head;
    }
    return this.send(url, 'GET', true, true, signal);
  }
}

/** What a request of an aborted link answers: no verdict can rest on it. */
export function stopped(signal: AbortSignal, host: string): Exchange {
  const reason: unknown = signal.reason;
  const message = reason instanceof Cancelled ? `not finished: ${reason.message}` : 'not finished: the check was stopped';
  return { type: 'failure', failure: { kind: 'closed', code: reason instanceof Cancelled && reason.why === 'deadline' ? 'deadline' : 'closed', host, message } };
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  // Header names come from the server: no prototype, so `__proto__` or `constructor` is a header.
  const out = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

async function readLimited(body: AsyncIterable<Buffer | Uint8Array>, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    // Leaving the loop early destroys the stream: the rest of a large page is never downloaded.
    for await (const chunk of body) {
      chunks.push(Buffer.from(chunk));
      size += chunk.length;
      if (size >= limit) break;
    }
  } catch {
    // A body cut off by the timeout still tells what its first bytes said.
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

function attachedFailure(error: unknown): Failure | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    if (current instanceof LookupRefused) return current.failure;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
