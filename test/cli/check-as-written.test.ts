import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import { startHttpServer } from '../helpers/http-server.js';

/**
 * `check --live` fetches what the answer wrote, keeps to the scheme written, and grades an answer
 * by its deadline. Real servers on 127.0.0.1; names are pinned with --resolve, so nothing leaves
 * the machine.
 */
function allowlistFile(urls: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'cv-written-'));
  const path = join(dir, 'allowlist.json');
  writeFileSync(path, JSON.stringify({ urls, domains: [], org_names: [], org_phones: {} }));
  return path;
}

async function check(answer: string, allowlist: string, flags: string[]) {
  const io = fakeIo({ stdin: answer });
  const code = await runCli(
    [
      'check',
      '--allowlist',
      allowlist,
      '--live',
      '--allow-private',
      '--format',
      'json',
      ...flags,
      '-',
    ],
    io,
  );
  return {
    code,
    report: JSON.parse(io.out() || '{}') as {
      pass: boolean;
      links: Array<{ bucket: string; reason: string; liveness?: { error?: string } }>;
    },
    io,
  };
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

describe('check --live fetches the link as written', () => {
  it('a directory link http://www.… is fetched with its www, though the bare host refuses', async () => {
    const server = await startHttpServer({
      '/help/housing': { status: 200, body: '<title>Housing</title>' },
    });
    const p = server.port;
    // www → the live server; the bare host → 127.0.0.2, where nothing listens on that port.
    const pins = [
      '--resolve',
      'www.legalaid.test:127.0.0.1',
      '--resolve',
      'legalaid.test:127.0.0.2',
      '--resolve',
      'probe.test:127.0.0.1',
      '--network-probe',
      `http://probe.test:${p}/help/housing`,
    ];
    const written = `http://www.legalaid.test:${p}/help/housing`;
    const { code, report } = await check(`Apply at ${written}.`, allowlistFile([written]), pins);
    expect(report.links[0]).toMatchObject({ bucket: 'directory' });
    expect(report.links[0]!.liveness).toMatchObject({ status: 200 });
    expect(code).toBe(0);
    expect(
      server.hits.filter((hit) => hit.path === '/help/housing').map((hit) => hit.host),
    ).toEqual(['www.legalaid.test']);
  });

  it('an http:// link is fetched over http, never tried over https first', async () => {
    const plain = await plainServerResettingTls();
    const pins = [
      '--resolve',
      'plain.test:127.0.0.1',
      '--resolve',
      'probe.test:127.0.0.1',
      '--network-probe',
      `http://probe.test:${plain.port}/`,
    ];
    const { code, report } = await check(
      `See http://plain.test:${plain.port}/gone and http://plain.test:${plain.port}/ok.`,
      allowlistFile([]),
      pins,
    );
    expect(report.links.map((link) => link.bucket)).toEqual(['broken', 'live']);
    expect(code).toBe(2);
    expect(plain.tlsAttempts()).toBe(0);
  });
});

describe('check --live: a deadline per answer', () => {
  it('an answer of 100 links to a silent server is graded within the deadline + 1 s, unfinished links inconclusive', {
    timeout: 20_000,
  }, async () => {
    const silent = await startHttpServer({}, { fallback: () => undefined });
    const live = await startHttpServer({ '/ok': { status: 200 } });
    const links = Array.from(
      { length: 100 },
      (_, index) => `http://silent.test:${silent.port}/page/${index}`,
    );
    const pins = [
      '--resolve',
      'silent.test:127.0.0.1',
      '--resolve',
      'live.test:127.0.0.1',
      '--network-probe',
      'off',
      '--timeout',
      '10000',
      '--deadline',
      '1500',
    ];
    const started = Date.now();
    const { code, report } = await check(
      `${links.join('\n')}\nand http://live.test:${live.port}/ok`,
      allowlistFile([]),
      pins,
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(1500 + 1000);
    expect(report.links).toHaveLength(101);
    const silentLinks = report.links.slice(0, 100);
    expect(new Set(silentLinks.map((link) => link.bucket))).toEqual(new Set(['inconclusive']));
    expect(silentLinks[0]).toMatchObject({
      code: 'link.inconclusive',
      liveness: { error: 'deadline' },
    });
    expect(report.links[100]!.bucket).toBe('live');
    expect(code).toBe(0);
  });

  it('--deadline is validated by the liveness options schema', async () => {
    const { code, io } = await check('x', allowlistFile([]), ['--deadline', 'soon']);
    expect(code).toBe(3);
    expect(io.err()).toMatch(
      /--deadline: must be a whole number of milliseconds from 1 to 2147483647 \(24\.8 days\), got the string "soon"/,
    );
  });
});
