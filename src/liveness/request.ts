import type { Dispatcher } from 'undici';
import { untilAborted } from './cancel.js';

/**
 * One HTTP exchange on an undici dispatcher: its `request()`, of which a link check keeps the
 * status, the headers and at most the first `maxBodyBytes` of a body.
 *
 * The timeout bounds the whole exchange (undici's own timeouts bound each wait only); a body cut
 * off after the headers (timeout, reset, the limit) still answers with what was read.
 *
 * An exchange stopped before its request reached a socket (queued in the pool, or its connection
 * still being made to a host that drops packets) answers at once, where `request()` alone would
 * settle only once the request reached a socket: its slot in the limits is free again instead of
 * held until the connect timeout. undici drops the request when it reaches the socket, before a
 * byte is written, and the pool still opens no more connections to an origin than its cap, so a
 * host never sees more than the per-host limit.
 */

export interface RawRequest {
  method: 'HEAD' | 'GET';
  headers: Record<string, string>;
  timeoutMs: number;
  /** Most body bytes kept (`readBody`) or read and dropped so the connection can be reused. */
  maxBodyBytes: number;
  /** Keep the body (decoded as UTF-8) of a 2xx GET. */
  readBody: boolean;
  /** `reset: false` for a HEAD that keeps its connection (see `HttpClient.send`). */
  keepAlive: boolean;
  /** The link's abort; its reason is the error a request aborted before its headers fails with. */
  signal?: AbortSignal | undefined;
}

export type RawOutcome =
  | { type: 'response'; status: number; headers: Record<string, string>; body?: string }
  | { type: 'error'; error: unknown };

/** Never rejects. */
export async function requestOnce(
  dispatcher: Dispatcher,
  url: URL,
  options: RawRequest,
): Promise<RawOutcome> {
  const { signal: link, timeoutMs, maxBodyBytes } = options;
  // One signal for the exchange: the link's abort or the timeout, whichever comes first.
  const stop = new AbortController();
  const timer = setTimeout(
    () => stop.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')),
    timeoutMs,
  );
  const linkStopped = (): void => stop.abort(link?.reason);
  link?.addEventListener('abort', linkStopped, { once: true });
  try {
    link?.throwIfAborted();
    const { signal } = stop;
    const response = await untilAborted(
      dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: options.method,
        headers: options.headers,
        signal,
        ...(options.method === 'HEAD' && options.keepAlive ? { reset: false } : {}),
      }),
      signal,
      () => Promise.reject(signal.reason),
    );
    const status = response.statusCode;
    const keep = options.readBody && options.method === 'GET' && status >= 200 && status < 300;
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        if (keep) chunks.push(chunk);
        size += chunk.length;
        // Enough read: leaving the loop destroys the body, so what is left of a large page is
        // never downloaded (its connection is closed).
        if (size >= maxBodyBytes) break;
      }
    } catch {
      // After the status line, the status stands; the body read so far is what there is.
    }
    const body = keep
      ? Buffer.concat(chunks).subarray(0, maxBodyBytes).toString('utf8')
      : undefined;
    const headers = flattenHeaders(response.headers);
    return body === undefined
      ? { type: 'response', status, headers }
      : { type: 'response', status, headers, body };
  } catch (error) {
    return { type: 'error', error };
  } finally {
    clearTimeout(timer);
    link?.removeEventListener('abort', linkStopped);
  }
}

function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  // Header names come from the server: no prototype, so `__proto__` or `constructor` is a header.
  const out = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}
