import { createServer, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createLinkChecker } from '../src/liveness/checker.js';
import type { LivenessOptions } from '../src/liveness/types.js';
import { verifyAnswerLive } from '../src/verify.js';
import { makeIndex } from './helpers/allowlist.js';
import { startHttpServer } from './helpers/http-server.js';

/**
 * `verifyAnswerLive` fetches what the answer wrote, keeps to the scheme written, and grades an
 * answer by its deadline. Real servers on 127.0.0.1; names are pinned, so nothing leaves the
 * machine.
 */
function checker(options: LivenessOptions) {
  const made = createLinkChecker({ allowPrivateNetworks: true, ...options });
  onTestFinished(() => made.close());
  return made;
}

/** A plain-HTTP server that resets any connection opening with a TLS handshake, as some do. */
async function plainServerResettingTls(): Promise<{ port: number; tlsAttempts: () => number }> {
  let tlsAttempts = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('data', (data) => {
      if (data[0] === 0x16) {
        tlsAttempts++;
        socket.resetAndDestroy();
        return;
      }
      const path = data.toString('latin1').split(' ')[1] ?? '/';
      const status = path === '/ok' ? '200 OK' : '404 Not Found';
      socket.end(`HTTP/1.1 ${status}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { port: (server.address() as AddressInfo).port, tlsAttempts: () => tlsAttempts };
}

describe('verifyAnswerLive fetches the link as written', () => {
  it('a directory link http://www.… is fetched with its www, though the bare host refuses', async () => {
    const server = await startHttpServer({
      '/help/housing': { status: 200, body: '<title>Housing</title>' },
    });
    const written = `http://www.legalaid.test:${server.port}/help/housing`;
    // www → the live server; the bare host → 127.0.0.2, where nothing listens on that port.
    const links = checker({
      resolve: {
        'www.legalaid.test': '127.0.0.1',
        'legalaid.test': '127.0.0.2',
        'probe.test': '127.0.0.1',
      },
      networkProbe: `http://probe.test:${server.port}/help/housing`,
    });
    const report = await verifyAnswerLive(
      `Apply at ${written}.`,
      makeIndex({ urls: [written] }),
      links,
      {
        allowPrivateNetworks: true,
      },
    );
    expect(report.links[0]).toMatchObject({ bucket: 'directory', liveness: { status: 200 } });
    expect(report.pass).toBe(true);
    expect(
      server.hits.filter((hit) => hit.path === '/help/housing').map((hit) => hit.host),
    ).toEqual(['www.legalaid.test']);
  });

  it('an http:// link is fetched over http, never tried over https first', async () => {
    const plain = await plainServerResettingTls();
    const links = checker({
      resolve: { 'plain.test': '127.0.0.1', 'probe.test': '127.0.0.1' },
      networkProbe: `http://probe.test:${plain.port}/`,
    });
    const report = await verifyAnswerLive(
      `See http://plain.test:${plain.port}/gone and http://plain.test:${plain.port}/ok.`,
      makeIndex(),
      links,
      { allowPrivateNetworks: true },
    );
    expect(report.links.map((link) => link.bucket)).toEqual(['broken', 'live']);
    expect(report.pass).toBe(false);
    expect(plain.tlsAttempts()).toBe(0);
  });
});

describe('verifyAnswerLive: a deadline per answer', () => {
  it('an answer of 100 links to a silent server is graded within the deadline + 1 s, unfinished links inconclusive', {
    timeout: 20_000,
  }, async () => {
    const silent = await startHttpServer({}, { fallback: () => undefined });
    const live = await startHttpServer({ '/ok': { status: 200 } });
    const links = Array.from(
      { length: 100 },
      (_, index) => `http://silent.test:${silent.port}/page/${index}`,
    );
    const fetcher = checker({
      resolve: { 'silent.test': '127.0.0.1', 'live.test': '127.0.0.1' },
      networkProbe: false,
      timeoutMs: 10_000,
    });
    const started = Date.now();
    const report = await verifyAnswerLive(
      `${links.join('\n')}\nand http://live.test:${live.port}/ok`,
      makeIndex(),
      fetcher,
      { allowPrivateNetworks: true, deadlineMs: 1500 },
    );
    expect(Date.now() - started).toBeLessThan(1500 + 1000);
    expect(report.links).toHaveLength(101);
    const silentLinks = report.links.slice(0, 100);
    expect(new Set(silentLinks.map((link) => link.bucket))).toEqual(new Set(['inconclusive']));
    expect(silentLinks[0]).toMatchObject({
      code: 'link.inconclusive',
      liveness: { error: 'deadline' },
    });
    expect(report.links[100]!.bucket).toBe('live');
    expect(report.pass).toBe(true);
  });
});
