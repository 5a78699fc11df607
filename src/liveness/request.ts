import type { Dispatcher } from 'undici';

/**
 * One HTTP exchange on an undici dispatcher, by its handler interface rather than `request()`.
 *
 * Why by hand: a link check needs the status, the headers and at most the first `maxBodyBytes` of
 * a body, then is done. `request()` wraps every response in a Readable stream, an async resource
 * and an abort listener, and our timeout needed an AbortController and a listener per request on
 * top; on the liveness bench (1,000 links, 1,175 requests) that bookkeeping and the garbage it
 * leaves were about a third of the checker's processor time, and processor time is what delays the
 * last links of a large run (docs/BENCHMARKS.md). A handler sees the same events with none of it.
 *
 * Semantics kept from the `request()` version: the timeout bounds the whole exchange (undici's own
 * timeouts bound each wait only); a body cut off after the headers (timeout, reset, the limit)
 * still answers with what was read.
 *
 * Unlike `request()`, an exchange stopped before its request reached a socket (queued in the pool,
 * or its connection still being made to a host that drops packets) answers at once: its slot in
 * the limits is free again instead of held until the connect timeout. The request itself is
 * dropped when it reaches the socket, before a byte is written, and the pool still opens no more
 * connections to an origin than its cap, so a host never sees more than the per-host limit.
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
export function requestOnce(
  dispatcher: Dispatcher,
  url: URL,
  options: RawRequest,
): Promise<RawOutcome> {
  if (options.signal?.aborted === true)
    return Promise.resolve({ type: 'error', error: abortReason(options.signal) });
  return new Promise((resolve) => {
    const handler = new ExchangeHandler(options, resolve);
    try {
      dispatcher.dispatch(
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: options.method,
          headers: options.headers,
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
          ...(options.method === 'HEAD' && options.keepAlive ? { reset: false } : {}),
        },
        handler,
      );
    } catch (error) {
      handler.fail(error);
    }
  });
}

class ExchangeHandler implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  /** Why the exchange is to stop, set before the request reached a socket. */
  private reason: Error | undefined;
  private status = 0;
  private headers: Record<string, string> | undefined;
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private settled = false;
  private readonly timer: NodeJS.Timeout;
  private readonly aborted = (): void => this.stop(abortReason(this.options.signal!));

  constructor(
    private readonly options: RawRequest,
    private readonly done: (outcome: RawOutcome) => void,
  ) {
    this.timer = setTimeout(
      () => this.stop(new DOMException(`no answer within ${options.timeoutMs} ms`, 'TimeoutError')),
      options.timeoutMs,
    );
    options.signal?.addEventListener('abort', this.aborted, { once: true });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.reason) controller.abort(this.reason);
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    status: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    // 1xx answers are interim: the real status line follows.
    if (status < 200) return;
    this.status = status;
    this.headers = flattenHeaders(headers);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    if (this.keepsBody()) this.chunks.push(chunk);
    this.size += chunk.length;
    // Enough read: what is left of a large page is never downloaded (its connection is closed).
    if (this.size >= this.options.maxBodyBytes) {
      this.finish();
      controller.abort(new Error('body limit reached'));
    }
  }

  onResponseEnd(): void {
    this.finish();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    // After the status line, the status stands; the body read so far is what there is.
    if (this.headers !== undefined) this.finish();
    else this.fail(error);
  }

  fail(error: unknown): void {
    this.settle({ type: 'error', error });
  }

  private stop(reason: Error): void {
    if (this.settled) return;
    if (this.controller) return this.controller.abort(reason);
    this.reason = reason;
    this.fail(reason);
  }

  private keepsBody(): boolean {
    return (
      this.options.readBody &&
      this.options.method === 'GET' &&
      this.status >= 200 &&
      this.status < 300
    );
  }

  private finish(): void {
    if (this.headers === undefined)
      return this.fail(new Error('the response ended before its headers'));
    const body = this.keepsBody()
      ? Buffer.concat(this.chunks).subarray(0, this.options.maxBodyBytes).toString('utf8')
      : undefined;
    this.settle({
      type: 'response',
      status: this.status,
      headers: this.headers,
      ...(body !== undefined ? { body } : {}),
    });
  }

  private settle(outcome: RawOutcome): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.options.signal?.removeEventListener('abort', this.aborted);
    this.done(outcome);
  }
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error
    ? reason
    : new DOMException('This operation was aborted', 'AbortError');
}

function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  // Header names come from the server: no prototype, so `__proto__` or `constructor` is a header.
  const out = Object.create(null) as Record<string, string>;
  // `for…in`, not `Object.entries`: no array of pairs on every response.
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined)
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
