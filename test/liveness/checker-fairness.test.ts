import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createLinkChecker } from '../../src/liveness/checker.js';
import type { LinkChecker } from '../../src/liveness/types.js';
import { verifyAnswerLive } from '../../src/verify.js';
import { makeIndex } from '../helpers/allowlist.js';
import { startHttpServer } from '../helpers/http-server.js';

/**
 * One answer's verdict never depends on what else is graded. A hostile answer citing links on
 * many distinct silent hosts used to hold every overall slot of the shared checker until its own
 * deadline; an honest answer graded beside it then had its 404 link `inconclusive` ("deadline
 * reached") and passed. Real runs on 127.0.0.1: a TCP server that accepts and never answers, a
 * web server whose page is gone; every made-up `.test` name pinned to loopback.
 */

/** Accepts connections and never answers: each request to it costs its whole timeout. */
async function silentServer(): Promise<{ port: number; accepted: () => number }> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server: Server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { port: (server.address() as AddressInfo).port, accepted: () => accepted };
}

const index = makeIndex({ domains: ['site.test'] });

function hostileAnswer(name: string, hosts: number, port: number): string {
  const links: string[] = [];
  for (let i = 0; i < hosts; i++) links.push(`- http://${name}-${i}.test:${port}/page`);
  return `Sources:\n${links.join('\n')}\n`;
}

async function setUp(hostNames: string[]): Promise<{
  checker: LinkChecker;
  silent: number;
  accepted: () => number;
  honest: string;
}> {
  const silent = await silentServer();
  const site = await startHttpServer({
    '/gone': { status: 404, body: '<title>Not Found</title>' },
  });
  const resolve: Record<string, string> = { 'site.test': '127.0.0.1' };
  for (const host of hostNames) resolve[host] = '127.0.0.1';
  const checker = createLinkChecker({
    allowPrivateNetworks: true,
    resolve,
    timeoutMs: 1_000,
    retries: 0,
    networkProbe: false,
  });
  onTestFinished(() => checker.close());
  return {
    checker,
    silent: silent.port,
    accepted: silent.accepted,
    honest: `Apply online at http://site.test:${site.port}/gone for help.`,
  };
}

function names(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}-${i}.test`);
}

describe('an answer is not starved of slots by other answers', () => {
  it('one hostile answer on 500 silent hosts: the honest 404 is broken and the answer fails', async () => {
    const { checker, silent, honest } = await setUp(names('silent', 500));
    const hostile = verifyAnswerLive(hostileAnswer('silent', 500, silent), index, checker, {
      allowPrivateNetworks: true,
      deadlineMs: 20_000,
    });
    // The hostile answer has taken every slot before the honest one asks.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const report = await verifyAnswerLive(honest, index, checker, {
      allowPrivateNetworks: true,
      deadlineMs: 4_000,
    });
    expect(report.links).toHaveLength(1);
    expect(report.links[0]!.bucket).toBe('broken');
    expect(report.pass).toBe(false);
    // Served within about one request timeout (1 s) of the slots it waited behind, not after 500.
    expect(Date.now() - started).toBeLessThan(4_000);
    await checker.close();
    await hostile;
  }, 15_000);

  it('a stream of hostile answers: every honest answer graded among them fails on its 404', async () => {
    const { checker, silent, honest } = await setUp(
      ['a', 'b', 'c', 'd'].flatMap((name) => names(name, 150)),
    );
    const hostile: Promise<unknown>[] = [];
    const honestReports: ReturnType<typeof verifyAnswerLive>[] = [];
    for (const name of ['a', 'b', 'c', 'd']) {
      hostile.push(
        verifyAnswerLive(hostileAnswer(name, 150, silent), index, checker, {
          allowPrivateNetworks: true,
          deadlineMs: 20_000,
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      honestReports.push(
        verifyAnswerLive(honest.replace('for help', `for help (${name})`), index, checker, {
          allowPrivateNetworks: true,
          deadlineMs: 4_000,
        }),
      );
    }
    for (const report of await Promise.all(honestReports)) {
      expect(report.links[0]!.bucket).toBe('broken');
      expect(report.pass).toBe(false);
    }
    await checker.close();
    await Promise.all(hostile);
  }, 15_000);

  it('a link never tried because every slot was busy says so', async () => {
    const { checker, silent, accepted } = await setUp([...names('busy', 200), 'busy-late.test']);
    const hostile = verifyAnswerLive(hostileAnswer('busy', 200, silent), index, checker, {
      allowPrivateNetworks: true,
      deadlineMs: 20_000,
    });
    // Every slot is held by a request to the silent server (64, the default) before the link asks.
    const until = Date.now() + 5_000;
    while (accepted() < 64 && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(accepted()).toBeGreaterThanOrEqual(64);
    // Shorter than any request can take to free a slot: the link cannot be tried in time.
    const outcome = await checker.check(`http://busy-late.test:${silent}/x`, {
      deadlineAt: Date.now() + 200,
    });
    expect(outcome).toMatchObject({ kind: 'inconclusive', error: 'deadline' });
    expect(outcome.reason).toMatch(
      /not tried: every request slot it could use was busy with other links/,
    );
    await checker.close();
    await hostile;
  }, 15_000);
});
