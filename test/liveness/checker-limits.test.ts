import { describe, expect, it, onTestFinished } from 'vitest';
import { closeSharedLinkCheckers, sharedLinkChecker } from '../../src/liveness/index.js';
import { startHttpServer, type Route } from '../helpers/http-server.js';
import { fakeResolver, testChecker } from './support.js';

// Every page answers after a pause, so requests overlap and the server sees how many are in flight.
const slowPages: Route = (request, response) => {
  const path = request.url ?? '/';
  setTimeout(() => {
    response.writeHead(path.startsWith('/page/') ? 200 : 404).end();
  }, 40);
};

describe('concurrency limits, measured on the server', () => {
  it('never more than perHostConcurrency requests in flight to one host', async () => {
    const server = await startHttpServer({}, { fallback: slowPages });
    const checker = testChecker({
      hosts: ['busy.test'],
      options: { perHostConcurrency: 2, concurrency: 16 },
    });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        checker.check(`http://busy.test:${server.port}/page/${index}`),
      ),
    );
    expect(outcomes.every((outcome) => outcome.kind === 'live')).toBe(true);
    expect(server.maxInFlight('busy.test')).toBe(2);
  });

  it('never more than concurrency requests in flight overall, and each host within its own limit', async () => {
    const server = await startHttpServer({}, { fallback: slowPages });
    const hosts = ['a.test', 'b.test', 'c.test', 'd.test'];
    const checker = testChecker({ hosts, options: { perHostConcurrency: 2, concurrency: 3 } });
    // a.test has twice the pages of the others, so the scheduler (longest backlog first) gives it
    // both of its slots and the per-host limit is reached, not merely respected; with equal hosts
    // it spreads the three slots over three hosts.
    const urls = hosts.flatMap((host) =>
      Array.from(
        { length: host === 'a.test' ? 12 : 6 },
        (_, index) => `http://${host}:${server.port}/page/${index}`,
      ),
    );
    const outcomes = await Promise.all(urls.map((url) => checker.check(url)));
    expect(outcomes.every((outcome) => outcome.kind === 'live')).toBe(true);
    expect(server.maxInFlight()).toBe(3);
    for (const host of hosts) expect(server.maxInFlight(host)).toBeLessThanOrEqual(2);
    expect(Math.max(...hosts.map((host) => server.maxInFlight(host)))).toBe(2);
  });
});

describe('sharedLinkChecker', () => {
  it('one instance per set of options, so 1,000 concurrent assertions fetch a URL once', async () => {
    onTestFinished(() => closeSharedLinkCheckers());
    const server = await startHttpServer({ '/': { status: 200, delayMs: 20 } });
    const resolver = fakeResolver();
    const options = {
      allowPrivateNetworks: true,
      resolve: { 'live.test': '127.0.0.1' },
      resolver,
      networkProbe: false as const,
    };
    const same = sharedLinkChecker({
      networkProbe: false,
      resolver,
      resolve: { 'live.test': '127.0.0.1' },
      allowPrivateNetworks: true,
    });
    expect(sharedLinkChecker(options)).toBe(same);
    expect(sharedLinkChecker({ ...options, timeoutMs: 5000 })).not.toBe(same);
    expect(sharedLinkChecker({ ...options, resolver: fakeResolver() })).not.toBe(same);

    const url = `http://live.test:${server.port}`;
    const outcomes = await Promise.all(
      Array.from({ length: 1000 }, () => sharedLinkChecker({ ...options }).check(url)),
    );
    expect(outcomes.every((outcome) => outcome.kind === 'live')).toBe(true);
    expect(server.hits.filter((hit) => hit.path === '/')).toHaveLength(1);
  });

  it('closing a shared checker removes it; the next call builds a fresh one', async () => {
    onTestFinished(() => closeSharedLinkCheckers());
    const first = sharedLinkChecker({ networkProbe: false });
    await first.close();
    const second = sharedLinkChecker({ networkProbe: false });
    expect(second).not.toBe(first);
    expect(await first.check('https://after-close.test')).toMatchObject({
      kind: 'inconclusive',
      error: 'closed',
    });
  });
});
