import { readFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { responseHead } from '../../src/liveness/request.js';
import { testChecker } from './support.js';

/**
 * Answers undici will not read although their status line is there: an unsolicited `100 Continue`,
 * a header block past its limit, and a server that drops HEAD. Raw `net` servers on 127.0.0.1
 * write them byte for byte; `raw.test` is pinned there.
 */
type Answer = (socket: Socket, request: { method: string; path: string }) => void;

async function rawServer(answer: Answer, tls?: { cert: string; key: string }): Promise<number> {
  const onSocket = (socket: Socket): void => {
    let buffer = '';
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (let end = buffer.indexOf('\r\n\r\n'); end >= 0; end = buffer.indexOf('\r\n\r\n')) {
        const [method = '', path = ''] = buffer.slice(0, end).split(' ');
        buffer = buffer.slice(end + 4);
        answer(socket, { method, path });
      }
    });
  };
  const server: Server = tls ? createTlsServer(tls, onSocket) : createServer(onSocket);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

const NOT_FOUND = 'HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n';
const OK = 'HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n';
const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';

describe('a status line undici will not read still decides', () => {
  it.each<[string, Answer, string]>([
    ['an unsolicited 100 Continue before a 404', (s) => s.write(CONTINUE + NOT_FOUND), 'broken'],
    [
      'two 1xx blocks before a 404',
      (s) => s.write(`${CONTINUE}HTTP/1.1 102 Processing\r\n\r\n${NOT_FOUND}`),
      'broken',
    ],
    [
      'an unsolicited 100 Continue before a 200',
      (s, r) => s.write(CONTINUE + (r.path.startsWith('/page') ? OK : NOT_FOUND)),
      'live',
    ],
    [
      'a 404 with a 60 KB header block',
      (s) =>
        s.write(
          `HTTP/1.1 404 Not Found\r\nx-big: ${'a'.repeat(60_000)}\r\ncontent-length: 0\r\n\r\n`,
        ),
      'broken',
    ],
    [
      'a 404 with a 1 MB header block (past the limit: the status line stands)',
      (s) =>
        s.write(`HTTP/1.1 404 Not Found\r\n${`x-pad: ${'b'.repeat(1000)}\r\n`.repeat(1000)}\r\n`),
      'broken',
    ],
    [
      'a HEAD closed without an answer, a GET answering 404',
      (s, r) => (r.method === 'HEAD' ? s.end() : s.write(NOT_FOUND)),
      'broken',
    ],
    [
      'a HEAD reset, a GET answering 404',
      (s, r) => (r.method === 'HEAD' ? s.resetAndDestroy() : s.write(NOT_FOUND)),
      'broken',
    ],
  ])('%s', async (_name, answer, kind) => {
    const port = await rawServer(answer);
    const checker = testChecker({ hosts: ['raw.test'] });
    const outcome = await checker.check(`http://raw.test:${port}/page`);
    expect(outcome.kind).toBe(kind);
  });

  it.each<[string, (socket: Socket) => void]>([
    ['destroyed', (s) => s.destroy()],
    ['reset', (s) => s.resetAndDestroy()],
  ])('a HEAD whose socket is %s without an answer is asked once with GET', async (_how, drop) => {
    const methods: string[] = [];
    const port = await rawServer((socket, request) => {
      // Only the page: the soft-404 probe's made-up path is not found.
      if (request.path !== '/page') return void socket.write(NOT_FOUND);
      methods.push(request.method);
      if (request.method === 'HEAD') drop(socket);
      else socket.write(OK);
    });
    const checker = testChecker({ hosts: ['raw.test'] });
    expect(await checker.check(`http://raw.test:${port}/page`)).toMatchObject({
      kind: 'live',
      status: 200,
    });
    expect(methods[0]).toBe('HEAD');
    expect(methods.filter((method) => method === 'GET')).toHaveLength(1);
  });

  it('a 100 Continue then a redirect: the Location is read and followed', async () => {
    const port = await rawServer((socket, request) =>
      socket.write(
        request.path === '/old'
          ? `${CONTINUE}HTTP/1.1 301 Moved\r\nlocation: /gone\r\ncontent-length: 0\r\n\r\n`
          : CONTINUE + NOT_FOUND,
      ),
    );
    const checker = testChecker({ hosts: ['raw.test'] });
    expect(await checker.check(`http://raw.test:${port}/old`)).toMatchObject({
      kind: 'broken',
      status: 404,
      finalUrl: `http://raw.test:${port}/gone`,
    });
  });

  it('over TLS too (the extra CA trusted for the request by hand as for the others)', async () => {
    const fixtures = join(import.meta.dirname, '../fixtures/liveness');
    const cert = await readFile(join(fixtures, 'test-cert.pem'), 'utf8');
    const key = await readFile(join(fixtures, 'test-key.pem'), 'utf8');
    const port = await rawServer((socket) => socket.write(CONTINUE + NOT_FOUND), { cert, key });
    const checker = testChecker({ hosts: ['tls.test'], options: { ca: cert } });
    expect(await checker.check(`https://tls.test:${port}/page`)).toMatchObject({ kind: 'broken' });
  });

  it('a header block that never ends is read only up to the limit, within the timeout', async () => {
    const port = await rawServer((socket) => {
      socket.write('HTTP/1.1 404 Not Found\r\n');
      const line = `x-more: ${'c'.repeat(4000)}\r\n`;
      const pump = (): void => {
        while (!socket.destroyed && socket.write(line));
        if (!socket.destroyed) socket.once('drain', pump);
      };
      pump();
    });
    const checker = testChecker({ hosts: ['raw.test'], options: { timeoutMs: 5000 } });
    const started = Date.now();
    expect(await checker.check(`http://raw.test:${port}/page`)).toMatchObject({ kind: 'broken' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('responseHead', () => {
  it.each<[string, string, boolean, ReturnType<typeof responseHead>]>([
    [
      'a status line and headers',
      'HTTP/1.1 404 Not Found\r\nA: 1\r\nb: 2\r\n\r\n',
      false,
      { status: 404, headers: { a: '1', b: '2' } },
    ],
    [
      'interim blocks skipped',
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early\r\nlink: x\r\n\r\nHTTP/1.0 410 Gone\r\n\r\n',
      false,
      { status: 410, headers: {} },
    ],
    ['bare line feeds', 'HTTP/1.1 200 OK\nx: y\n\n', false, { status: 200, headers: { x: 'y' } }],
    [
      'a repeated header joined',
      'HTTP/1.1 200 OK\r\nv: 1\r\nV: 2\r\n\r\n',
      false,
      { status: 200, headers: { v: '1, 2' } },
    ],
    ['a block still coming', 'HTTP/1.1 404 Not Found\r\nx: 1\r\n', false, 'more'],
    [
      'a block cut at the limit: the status and the whole lines stand',
      'HTTP/1.1 404 Not Found\r\nx: 1\r\ny: trunc',
      true,
      { status: 404, headers: { x: '1' } },
    ],
    ['only an interim block, then the end', 'HTTP/1.1 100 Continue\r\n\r\n', true, 'invalid'],
    ['not HTTP', 'SSH-2.0-OpenSSH\r\n', false, 'invalid'],
    ['no line end in 1 KB', 'x'.repeat(2000), false, 'invalid'],
  ])('%s', (_name, text, cut, expected) => {
    const head = responseHead(text, cut);
    expect(typeof head === 'string' ? head : { ...head, headers: { ...head.headers } }).toEqual(
      expected,
    );
  });
});
