import { connect as connectTcp, isIP, type LookupFunction, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { unbracket } from './address.js';
import { causeChain } from './failure.js';
import type { RawOutcome } from './request.js';

/**
 * The last resort for an answer undici will not parse although its status line is there to read:
 * an unsolicited `100 Continue` before the real status (undici destroys the socket on any 100 it
 * did not ask for), or a header block longer than its limit. A dead page that answers either way
 * is still a dead page, so one more request of the same method goes out by hand on a fresh
 * connection to the same vetted address (`Connection: close`), and reads until the first final
 * status line and its headers: interim 1xx blocks skipped, at most `maxHeaderBytes` read, within
 * `timeoutMs`. Past the limit the status stands with the headers read so far. No body is read.
 * Written by hand because it is small and ours: no HTTP library reads a response it calls invalid.
 */

export interface StatusLineSettings {
  /** The checker's vetted resolution (`HostVetting.lookup`), as for every other connection. */
  lookup: LookupFunction;
  /** The trusted CA certificates (PEM) when not only the system's (`trustedCas`). */
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

/** One request by hand (see the top of this file). Never rejects. */
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
    let settled = false;
    const settle = (outcome: RawOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', aborted);
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
    const timer = setTimeout(
      () =>
        settle({
          type: 'error',
          error: new DOMException(`no answer within ${settings.timeoutMs} ms`, 'TimeoutError'),
        }),
      settings.timeoutMs,
    );
    const aborted = (): void =>
      settle({ type: 'error', error: new DOMException('aborted', 'AbortError') });
    signal?.addEventListener('abort', aborted, { once: true });
    if (signal?.aborted) aborted();
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
 * The final status line of a response's start and its headers; `more` while it may still come;
 * `invalid` when what came is not HTTP/1.x. `cut`: nothing more will be read (the limit, or the
 * connection ended), so a final status line stands with the headers complete so far. Pure.
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
  // Names come from the server: no prototype, so `__proto__` is a header like any other.
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
