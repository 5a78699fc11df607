import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LIVENESS_DEFAULTS } from '../../src/defaults.js';
import { SOFT_404_PROBE_PREFIX } from '../../src/liveness/crawl.js';
import {
  closedPort,
  startHttpServer,
  type Route,
  type TestServer,
} from '../helpers/http-server.js';
import { isRefusalRetryWait, testChecker } from './support.js';

// Plain http links: the https → http fallback opens (and fails) connections of its own, which would
// blur the connection counts these tests are about.
const plain = (host: string, port: number, path = ''): string => `http://${host}:${port}${path}`;

/** Every path is a page, except the soft-404 probe's: so a 200 is believed. */
const pages: Route = (request, response) => {
  response.writeHead(request.url?.startsWith(SOFT_404_PROBE_PREFIX) ? 404 : 200, {
    'content-type': 'text/html',
  });
  response.end('<title>Page</title>');
};

describe('connections are reused', () => {
  it('HEAD requests keep their connection: 12 links on one host use at most the per-host limit of connections', async () => {
    const server = await startHttpServer({}, { fallback: pages });
    const checker = testChecker({ hosts: ['live.test'] });
    const urls = Array.from({ length: 12 }, (_, i) =>
      plain('live.test', server.port, `/page/${i}`),
    );
    const outcomes = await Promise.all(urls.map((url) => checker.check(url)));
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(Array(12).fill('live'));
    // 12 HEADs and the soft-404 probe, over no more connections than may be open to one host.
    expect(server.hits.filter((hit) => hit.method === 'HEAD')).toHaveLength(13);
    expect(server.connections()).toBeLessThanOrEqual(LIVENESS_DEFAULTS.perHostConcurrency);
  });

  it('a server that sends a body after a HEAD response does not spoil the checks that follow on its connection', async () => {
    const port = await misbehavingServer();
    const checker = testChecker({ hosts: ['sloppy.test'] });
    const urls = Array.from({ length: 6 }, (_, i) => plain('sloppy.test', port, `/page/${i}`));
    const outcomes = await Promise.all(urls.map((url) => checker.check(url)));
    expect(outcomes.map((outcome) => [outcome.kind, outcome.reason])).toEqual(
      urls.map(() => ['live', expect.stringMatching(/200 OK/)]),
    );
  });
});

describe('a refused origin is retried once for all its links', () => {
  it('five links to a port that refuses: one wait, one retry, all broken', async () => {
    const probe = await startHttpServer({ '/': { status: 200 } });
    const port = await closedPort();
    const checker = testChecker({ hosts: ['down.test'], probePort: probe.port });
    const outcomes = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => checker.check(plain('down.test', port, `/p/${i}`))),
    );
    expect(outcomes).toEqual(
      Array(5).fill(expect.objectContaining({ kind: 'broken', error: 'ECONNREFUSED' })),
    );
    expect(isRefusalRetryWait(checker.waits, LIVENESS_DEFAULTS.retryBaseDelayMs)).toBe(true);
  });

  it('an origin that comes back during the wait: every link asks again for itself and is live', async () => {
    const port = await closedPort();
    let server: TestServer | undefined;
    const waits: number[] = [];
    const checker = testChecker({
      hosts: ['restart.test'],
      deps: {
        // The server "finishes restarting" while the checker waits to retry.
        sleep: async (ms) => {
          waits.push(ms);
          server ??= await startHttpServer({}, { fallback: pages, port });
        },
      },
    });
    const outcomes = await Promise.all(
      [1, 2, 3].map((i) => checker.check(plain('restart.test', port, `/p/${i}`))),
    );
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['live', 'live', 'live']);
    expect(isRefusalRetryWait(waits, LIVENESS_DEFAULTS.retryBaseDelayMs)).toBe(true);
    await server?.close();
  });
});

/**
 * A hand-written HTTP/1.1 server that keeps connections open and answers every request in order,
 * but sends a page body after HEAD responses too (30 ms after the headers, so the client has
 * already sent its next request on that connection): the misbehaviour undici closes connections
 * after HEAD to guard against. The soft-404 probe path answers 404.
 */
async function misbehavingServer(): Promise<number> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = '';
    let queue = Promise.resolve();
    socket.on('data', (data) => {
      buffered += data.toString('latin1');
      for (let end = buffered.indexOf('\r\n\r\n'); end !== -1; end = buffered.indexOf('\r\n\r\n')) {
        const [method = '', target = ''] = buffered.slice(0, end).split(' ');
        buffered = buffered.slice(end + 4);
        const status = target.startsWith(SOFT_404_PROBE_PREFIX) ? '404 Not Found' : '200 OK';
        const body = '<title>Page</title>';
        queue = queue.then(async () => {
          if (socket.destroyed) return;
          socket.write(
            `HTTP/1.1 ${status}\r\ncontent-type: text/html\r\ncontent-length: ${body.length}\r\nconnection: keep-alive\r\n\r\n`,
          );
          if (method === 'HEAD') await new Promise((resolve) => setTimeout(resolve, 30));
          if (!socket.destroyed) socket.write(body);
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return (server.address() as AddressInfo).port;
}
