import { connect as connectTcp, isIP, type LookupFunction, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import type { Dispatcher } from 'undici';
import { unbracket } from './address.js';
import { untilAborted } from './cancel.js';
import { causeChain } from './failure.js';

/** One HTTP exchange: status, headers, at most `maxBodyBytes` of body; or by hand (see below). */

export interface RawRequest {
  method: 'HEAD' | 'GET';
  headers: Record<string, string>;
  timeoutMs: number;
  /** Most body bytes kept (`readBody`: of a 2xx GET) or read and dropped. */
  maxBodyBytes: number;
  readBody: boolean;
  /** `reset: false` for a HEAD that keeps its connection (see `HttpClient.send`). */
  keepAlive: boolean;
  /** The link's abort, whose reason a request aborted before its headers fails with. */
  signal?: AbortSignal | undefined;
}

export type RawOutcome =
  | { type: 'response'; status: number; headers: Record<string, string>; body?: string }
  | { type: 'error'; error: unknown };

/**
 * Never rejects. The timeout bounds the whole exchange (undici's, each wait). Stopped before it
 * reached a socket, it answers at once, not when `request()` settles: its slot is free again.
 */
export async function requestOnce(
  dispatcher: Dispatcher,
  url: URL,
  options: RawRequest,
): Promise<RawOutcome> {
  const { signal: link, timeoutMs, maxBodyBytes } = options;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = link ? AbortSignal.any([link, timeout]) : timeout;
  try {
    link?.throwIfAborted();
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
        // Leaving the loop destroys the body: the rest of a large page is never downloaded.
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
  }
}

function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  // No prototype: `__proto__` from a server is a header like any other.
  const out = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

/**
 * For an answer undici will not parse though its status line is there (a stray `100 Continue`,
 * headers over its limit): a dead page is still dead, so the request goes again by hand.
 */

export interface StatusLineSettings {
  /** The checker's vetted resolution and trusted CAs, as for every other connection. */
  lookup: LookupFunction;
  ca: string[] | undefined;
  timeoutMs: number;
  maxHeaderBytes: number;
  headers: Readonly<Record<string, string>>;
}

/** Whether a failed request's error is one `readStatusLine` can get past. */
export function statusLineMayAnswer(error: unknown): boolean {
  return causeChain(error).some(
    ({ code, message }) =>
      code === 'UND_ERR_HEADERS_OVERFLOW' ||
      (code === 'UND_ERR_SOCKET' && message === 'bad response'),
  );
}

/** One request by hand (see `StatusLineSettings`). Never rejects. */
export function readStatusLine(
  url: URL,
  method: 'HEAD' | 'GET',
  settings: StatusLineSettings,
  signal?: AbortSignal,
): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const socket = open(url, settings);
    const chunks: Buffer[] = [];
    let size = 0;
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const stop = signal ? AbortSignal.any([signal, timeout]) : timeout;
    // Settling again (the socket's own close after `destroy`) changes nothing.
    const settle = (outcome: RawOutcome): void => {
      stop.removeEventListener('abort', aborted);
      socket.destroy();
      resolve(outcome);
    };
    const read = (cut: boolean): void => {
      const head = responseHead(Buffer.concat(chunks).toString('latin1'), cut);
      if (head === 'more') return;
      if (head === 'invalid')
        return settle({ type: 'error', error: new Error('no status line in the response') });
      settle({ type: 'response', status: head.status, headers: head.headers });
    };
    const aborted = (): void => settle({ type: 'error', error: stop.reason });
    stop.addEventListener('abort', aborted, { once: true });
    if (stop.aborted) aborted();
    socket.on('data', (chunk: Buffer) => {
      const room = settings.maxHeaderBytes - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      read(size >= settings.maxHeaderBytes);
    });
    socket.on('end', () => read(true));
    socket.on('error', (error) => settle({ type: 'error', error }));
    socket.on('close', () => read(true));
    const target = `${url.pathname}${url.search}`;
    const lines = [`${method} ${target} HTTP/1.1`, `host: ${url.host}`];
    for (const [name, value] of Object.entries(settings.headers)) lines.push(`${name}: ${value}`);
    lines.push('connection: close', '', '');
    socket.write(lines.join('\r\n'));
  });
}

function open(url: URL, settings: StatusLineSettings): Socket {
  const host = unbracket(url.hostname);
  const secure = url.protocol === 'https:';
  const port = Number(url.port) || (secure ? 443 : 80);
  if (!secure) return connectTcp({ host, port, lookup: settings.lookup });
  return connectTls({
    host,
    port,
    lookup: settings.lookup,
    ALPNProtocols: ['http/1.1'],
    ...(isIP(host) === 0 ? { servername: host } : {}),
    ...(settings.ca ? { ca: settings.ca } : {}),
  });
}

/**
 * The final status line and headers of a response's start, `more`, or `invalid` (not HTTP/1.x).
 * `cut`: nothing more will come, so a status line stands with the headers so far. Pure.
 */
export function responseHead(
  text: string,
  cut: boolean,
): { status: number; headers: Record<string, string> } | 'more' | 'invalid' {
  let at = 0;
  for (;;) {
    const lineEnd = text.indexOf('\n', at);
    if (lineEnd < 0) return cut || text.length - at > 1024 ? 'invalid' : 'more';
    const match = /^HTTP\/1\.[01] ([1-9]\d\d)(?: |\r?$)/.exec(text.slice(at, lineEnd));
    if (!match) return 'invalid';
    const status = Number(match[1]);
    const blank = /\r?\n\r?\n/g;
    blank.lastIndex = Math.max(at, lineEnd - 1);
    const end = blank.exec(text);
    if (status < 200) {
      if (!end) return cut ? 'invalid' : 'more';
      at = end.index + end[0].length;
      continue;
    }
    if (!end && !cut) return 'more';
    const block = text.slice(lineEnd + 1, end ? end.index : text.lastIndexOf('\n') + 1);
    return { status, headers: headerFields(block) };
  }
}

function headerFields(block: string): Record<string, string> {
  // No prototype, as in `flattenHeaders`.
  const headers = Object.create(null) as Record<string, string>;
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}
