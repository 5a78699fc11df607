import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LIVENESS_DEFAULTS } from '../../src/defaults.js';
import { SOFT_404_PROBE_PREFIX } from '../../src/liveness/crawl.js';
import { closedPort, startHttpServer, type Route } from '../helpers/http-server.js';
import { fakeResolver, isRefusalRetryWait, testChecker } from './support.js';

// Most links are written without a scheme and point at a plain-HTTP server on 127.0.0.1, so the
// https → http fallback for such links is exercised by every test; `plain` links name their scheme.
const link = (host: string, port: number, path = ''): string => `${host}:${port}${path}`;
const plain = (host: string, port: number, path = ''): string => `http://${host}:${port}${path}`;

function pathHits(
  server: { hits: Array<{ method: string; path: string }> },
  path: string,
): string[] {
  return server.hits.filter((hit) => hit.path === path).map((hit) => hit.method);
}

function redirectChain(prefix: string, redirects: number): Record<string, Route> {
  const routes: Record<string, Route> = {};
  for (let step = 0; step < redirects; step++)
    routes[`${prefix}/${step}`] = { status: 301, headers: { location: `${prefix}/${step + 1}` } };
  routes[`${prefix}/${redirects}`] = { status: 200, body: '<title>Arrived</title>' };
  return routes;
}

describe('live', () => {
  it('a 200 is live, fetched with HEAD, a browser-like Accept and a user agent naming the tool', async () => {
    const server = await startHttpServer({
      '/page': { status: 200, body: '<title>Housing court</title>' },
    });
    const checker = testChecker({ hosts: ['live.test'] });
    const outcome = await checker.check(link('live.test', server.port, '/page'));
    expect(outcome).toMatchObject({
      kind: 'live',
      status: 200,
      redirects: 0,
      finalUrl: plain('live.test', server.port, '/page'),
    });
    expect(outcome.reason).toMatch(/200 OK/);
    expect(pathHits(server, '/page')).toEqual(['HEAD']);
    const hit = server.hits.find((entry) => entry.path === '/page')!;
    expect(hit.headers['user-agent']).toBe(LIVENESS_DEFAULTS.userAgent);
    expect(hit.headers['user-agent']).toMatch(/citation-verifier/);
    expect(hit.headers.accept).toBe(LIVENESS_DEFAULTS.accept);
    expect(hit.host).toBe('live.test');
  });

  it('a chain of 301, 302 and 307 across hosts is followed to the 200', async () => {
    const target = await startHttpServer({
      '/c': { status: 307, headers: { location: '/d' } },
      '/d': { status: 200 },
    });
    const start = await startHttpServer({
      '/a': { status: 301, headers: { location: '/b' } },
      '/b': { status: 302, headers: { location: `http://other.test:${target.port}/c` } },
    });
    const checker = testChecker({ hosts: ['live.test', 'other.test'] });
    const outcome = await checker.check(link('live.test', start.port, '/a'));
    expect(outcome).toMatchObject({
      kind: 'live',
      status: 200,
      redirects: 3,
      finalUrl: plain('other.test', target.port, '/d'),
    });
    expect(outcome.reason).toMatch(/after 3 redirects/);
    expect(
      start.hits
        .filter((hit) => !hit.path.startsWith(SOFT_404_PROBE_PREFIX))
        .map((hit) => `${hit.host}${hit.path}`),
    ).toEqual(['live.test/a', 'live.test/b']);
    expect(
      target.hits
        .filter((hit) => !hit.path.startsWith(SOFT_404_PROBE_PREFIX))
        .map((hit) => `${hit.host}${hit.path}`),
    ).toEqual(['other.test/c', 'other.test/d']);
  });

  it(`follows exactly ${LIVENESS_DEFAULTS.maxRedirects} redirects`, async () => {
    const server = await startHttpServer(redirectChain('/r', LIVENESS_DEFAULTS.maxRedirects));
    const checker = testChecker({ hosts: ['live.test'] });
    const outcome = await checker.check(link('live.test', server.port, '/r/0'));
    expect(outcome).toMatchObject({ kind: 'live', redirects: LIVENESS_DEFAULTS.maxRedirects });
  });

  it('HEAD answered 405, then GET 200: live', async () => {
    const server = await startHttpServer({
      '/form': {
        byMethod: { HEAD: { status: 405 }, GET: { status: 200, body: '<title>Form</title>' } },
      },
    });
    const checker = testChecker({ hosts: ['live.test'] });
    const outcome = await checker.check(link('live.test', server.port, '/form'));
    expect(outcome).toMatchObject({ kind: 'live', status: 200 });
    expect(pathHits(server, '/form')).toEqual(['HEAD', 'GET']);
  });

  it('reads at most maxBodyBytes of a body', async () => {
    const total = 64 * 1024 * 1024;
    let written = 0;
    const stream = (response: ServerResponse): void => {
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = (): void => {
        while (written < total && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        if (!response.destroyed) response.end();
      };
      pump();
    };
    // HEAD is refused, so the page is fetched with GET; the checker must stop reading after maxBodyBytes.
    const big = await startHttpServer({
      '/big': (request, response) =>
        request.method === 'HEAD' ? void response.writeHead(405).end() : stream(response),
    });
    const checker = testChecker({ hosts: ['live.test'] });
    const outcome = await checker.check(link('live.test', big.port, '/big'));
    expect(outcome.kind).toBe('live');
    expect(written).toBeLessThan(total / 2);
  });
});

describe('broken', () => {
  it.each([
    [404, /does not exist/],
    [410, /was removed/],
  ])('%i is broken (confirmed with GET after HEAD)', async (status, reason) => {
    const server = await startHttpServer({ '/gone': { status } });
    const checker = testChecker({ hosts: ['gone.test'] });
    const outcome = await checker.check(link('gone.test', server.port, '/gone'));
    expect(outcome).toMatchObject({
      kind: 'broken',
      status,
      finalUrl: plain('gone.test', server.port, '/gone'),
    });
    expect(outcome.reason).toMatch(reason);
    expect(pathHits(server, '/gone')).toEqual(['HEAD', 'GET']);
    expect(checker.waits).toEqual([]);
  });

  it('a host that refuses connections is broken after one retry, once the network is shown to work', async () => {
    const probe = await startHttpServer({ '/': { status: 200 } });
    const port = await closedPort();
    const checker = testChecker({ hosts: ['refused.test'], probePort: probe.port });
    const outcome = await checker.check(link('refused.test', port, '/x'));
    expect(outcome).toMatchObject({ kind: 'broken', error: 'ECONNREFUSED' });
    expect(outcome.reason).toMatch(/refused the connection on https and on http/);
    // https once (http is tried instead of a retry), http twice: one retry.
    expect(isRefusalRetryWait(checker.waits, LIVENESS_DEFAULTS.retryBaseDelayMs)).toBe(true);
    // Nothing else had answered, so the probe proved egress.
    expect(probe.hits.map((hit) => `${hit.method} ${hit.host}${hit.path}`)).toEqual([
      'HEAD probe.test/',
    ]);
  });
});

describe('inconclusive', () => {
  it.each<[string, Route, RegExp]>([
    ['401', { status: 401 }, /needs a login/],
    [
      '403 behind bot protection',
      { status: 403, headers: { 'cf-mitigated': 'challenge', server: 'cloudflare' } },
      /bot protection \(cf-mitigated: challenge\)/,
    ],
    [
      '403 without a bot-protection header',
      { status: 403 },
      /refuses the checker \(often bot protection\)/,
    ],
    ['500', { status: 500 }, /server error/],
    ['999', { status: 999 }, /refuses automated requests/],
  ])('%s is inconclusive, not retried', async (_name, route, reason) => {
    const server = await startHttpServer({ '/p': route });
    const checker = testChecker({ hosts: ['weak.test'] });
    const outcome = await checker.check(link('weak.test', server.port, '/p'));
    expect(outcome.kind).toBe('inconclusive');
    expect(outcome.reason).toMatch(reason);
    expect(checker.waits).toEqual([]);
    expect(pathHits(server, '/p')).toEqual(['HEAD', 'GET']);
  });

  it('the bot-protection reason is only given when a header shows it', async () => {
    const server = await startHttpServer({ '/p': { status: 403 } });
    const checker = testChecker({ hosts: ['weak.test'] });
    const outcome = await checker.check(link('weak.test', server.port, '/p'));
    expect(outcome.reason).not.toMatch(/cf-mitigated|cloudflare/);
  });

  it('429 with Retry-After is retried after the time it asks for, then inconclusive', async () => {
    const server = await startHttpServer({
      '/busy': { status: 429, headers: { 'retry-after': '2' } },
    });
    const checker = testChecker({ hosts: ['busy.test'] });
    const outcome = await checker.check(link('busy.test', server.port, '/busy'));
    expect(outcome).toMatchObject({ kind: 'inconclusive', status: 429 });
    expect(outcome.reason).toMatch(/rate limited/);
    expect(outcome.reason).toMatch(/3 attempts/);
    expect(checker.waits).toEqual([2000, 2000]);
    // 429 on HEAD is an answer: no GET that would only add to the load.
    expect(pathHits(server, '/busy')).toEqual(['HEAD', 'HEAD', 'HEAD']);
  });

  it('429 then 200: live after one wait', async () => {
    const server = await startHttpServer({
      '/busy': [{ status: 429, headers: { 'retry-after': '1' } }, { status: 200 }],
    });
    const checker = testChecker({ hosts: ['busy.test'] });
    expect(await checker.check(link('busy.test', server.port, '/busy'))).toMatchObject({
      kind: 'live',
    });
    expect(checker.waits).toEqual([1000]);
  });

  it('a Retry-After beyond the cap is not waited for', async () => {
    const server = await startHttpServer({
      '/busy': { status: 429, headers: { 'retry-after': '3600' } },
    });
    const checker = testChecker({ hosts: ['busy.test'] });
    const outcome = await checker.check(link('busy.test', server.port, '/busy'));
    expect(outcome.kind).toBe('inconclusive');
    expect(outcome.reason).toMatch(/wait 3600 s/);
    expect(checker.waits).toEqual([]);
    expect(pathHits(server, '/busy')).toEqual(['HEAD']);
  });

  it('503 is retried with backoff and can recover', async () => {
    // HEAD 503, then GET 503 (HEAD is not trusted), then the retry's HEAD 200.
    const server = await startHttpServer({
      '/flaky': [{ status: 503 }, { status: 503 }, { status: 200 }],
    });
    const checker = testChecker({ hosts: ['flaky.test'] });
    expect(await checker.check(link('flaky.test', server.port, '/flaky'))).toMatchObject({
      kind: 'live',
      status: 200,
    });
    expect(checker.waits).toEqual([LIVENESS_DEFAULTS.retryBaseDelayMs]);
  });

  it('503 every time: inconclusive after the retries, waits doubling', async () => {
    const server = await startHttpServer({ '/down': { status: 503 } });
    const checker = testChecker({ hosts: ['down.test'] });
    const outcome = await checker.check(link('down.test', server.port, '/down'));
    expect(outcome).toMatchObject({ kind: 'inconclusive', status: 503 });
    expect(checker.waits).toEqual([
      LIVENESS_DEFAULTS.retryBaseDelayMs,
      2 * LIVENESS_DEFAULTS.retryBaseDelayMs,
    ]);
  });

  it('a slow response times out, is retried, then inconclusive', async () => {
    const server = await startHttpServer({ '/slow': { status: 200, delayMs: 1500 } });
    const checker = testChecker({ hosts: ['slow.test'], options: { timeoutMs: 150 } });
    const started = Date.now();
    const outcome = await checker.check(link('slow.test', server.port, '/slow'));
    expect(outcome).toMatchObject({ kind: 'inconclusive', error: 'timeout' });
    expect(outcome.reason).toMatch(/within 150 ms/);
    expect(checker.waits).toHaveLength(LIVENESS_DEFAULTS.retries);
    expect(pathHits(server, '/slow')).toEqual(['HEAD', 'HEAD', 'HEAD']);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it(`more than ${LIVENESS_DEFAULTS.maxRedirects} redirects is inconclusive`, async () => {
    const server = await startHttpServer(redirectChain('/r', LIVENESS_DEFAULTS.maxRedirects + 1));
    const checker = testChecker({ hosts: ['loop.test'] });
    const outcome = await checker.check(link('loop.test', server.port, '/r/0'));
    expect(outcome).toMatchObject({ kind: 'inconclusive', error: 'too-many-redirects' });
    expect(outcome.reason).toMatch(/more than 5 redirects/);
    expect(pathHits(server, `/r/${LIVENESS_DEFAULTS.maxRedirects + 1}`)).toEqual([]);
  });

  it('a TLS failure (untrusted certificate) is inconclusive; trusting the CA makes it live', async () => {
    const fixtures = join(import.meta.dirname, '../fixtures/liveness');
    const cert = await readFile(join(fixtures, 'test-cert.pem'), 'utf8');
    const key = await readFile(join(fixtures, 'test-key.pem'), 'utf8');
    const server = await startHttpServer({ '/': { status: 200 } }, { tls: { cert, key } });
    const untrusted = testChecker({ hosts: ['tls.test'] });
    const outcome = await untrusted.check(link('tls.test', server.port));
    expect(outcome.kind).toBe('inconclusive');
    expect(outcome.reason).toMatch(/TLS failure/);
    expect((outcome as { error?: string }).error).toMatch(/CERT|SELF_SIGNED|DEPTH_ZERO/);
    const trusted = testChecker({ hosts: ['tls.test'], options: { ca: cert } });
    expect(await trusted.check(link('tls.test', server.port))).toMatchObject({
      kind: 'live',
      finalUrl: `https://${link('tls.test', server.port, '/')}`,
    });
  });
});

describe('soft 404', () => {
  it('a 200 on a host that answers 200 for a made-up path, with a "not found" page, is broken', async () => {
    const server = await startHttpServer(
      {},
      {
        fallback: {
          status: 200,
          body: '<html><head><title>Page Not Found | Legal Aid</title></head><body>Sorry.</body></html>',
        },
      },
    );
    const checker = testChecker({ hosts: ['soft.test'] });
    const outcome = await checker.check(link('soft.test', server.port, '/eviction-help'));
    expect(outcome).toMatchObject({ kind: 'broken', status: 200, error: 'soft-404' });
    expect(outcome.reason).toMatch(/says it was not found/);
  });

  it('without "not found" text it is inconclusive', async () => {
    const server = await startHttpServer(
      {},
      { fallback: { status: 200, body: '<title>Welcome to Legal Aid</title><h1>Get help</h1>' } },
    );
    const checker = testChecker({ hosts: ['spa.test'] });
    const outcome = await checker.check(link('spa.test', server.port, '/eviction-help'));
    expect(outcome).toMatchObject({ kind: 'inconclusive', status: 200, error: 'soft-404' });
    expect(outcome.reason).toMatch(/made-up path/);
  });

  it('probes one made-up path per host, once; a host answering it 404 keeps its pages live; the root is never probed', async () => {
    const server = await startHttpServer({
      '/a': { status: 200 },
      '/b': { status: 200 },
      '/': { status: 200 },
    });
    const checker = testChecker({ hosts: ['real.test'] });
    const outcomes = await Promise.all(
      ['/a', '/b', ''].map((path) => checker.check(link('real.test', server.port, path))),
    );
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['live', 'live', 'live']);
    const probes = server.hits.filter((hit) => hit.path.startsWith(SOFT_404_PROBE_PREFIX));
    expect(probes.map((hit) => hit.method)).toEqual(['HEAD', 'GET']);
    expect(new Set(probes.map((hit) => hit.path)).size).toBe(1);
  });

  it('a real 404 elsewhere on the host does not stand in for the probe: such hosts can still soft-404', async () => {
    // The common WordPress set-up: unknown pages redirect to the home page (200), while missing
    // files are answered 404 by the web server itself. A 404 for the PDF says nothing about pages,
    // so the made-up page must still be compared with the probe, even when the 404 came first.
    const server = await startHttpServer(
      {
        '/wp-content/uploads/guide.pdf': { status: 404 },
        '/': { status: 200, body: '<title>Legal Aid Society</title>' },
      },
      { fallback: { status: 301, headers: { location: '/' } } },
    );
    const checker = testChecker({ hosts: ['wp.test'] });
    expect(
      await checker.check(link('wp.test', server.port, '/wp-content/uploads/guide.pdf')),
    ).toMatchObject({ kind: 'broken', status: 404 });
    const page = await checker.check(link('wp.test', server.port, '/services/eviction-help'));
    expect(page).toMatchObject({ kind: 'inconclusive', status: 200, error: 'soft-404' });
    expect(server.hits.some((hit) => hit.path.startsWith(SOFT_404_PROBE_PREFIX))).toBe(true);
  });

  it('the root of a soft-404 host is live', async () => {
    const server = await startHttpServer(
      {},
      { fallback: { status: 200, body: '<title>Home</title>' } },
    );
    const checker = testChecker({ hosts: ['spa.test'] });
    expect(await checker.check(link('spa.test', server.port))).toMatchObject({ kind: 'live' });
    expect(server.hits.some((hit) => hit.path.startsWith(SOFT_404_PROBE_PREFIX))).toBe(false);
  });
});

describe('invented: private addresses', () => {
  it('a host pinned to a loopback address is invented and never fetched when private networks are not allowed', async () => {
    const server = await startHttpServer({ '/': { status: 200 } });
    const checker = testChecker({
      hosts: ['local.test'],
      options: { allowPrivateNetworks: false },
    });
    const outcome = await checker.check(link('local.test', server.port));
    expect(outcome).toMatchObject({
      kind: 'invented',
      error: 'private-address',
      address: '127.0.0.1',
    });
    expect(outcome.reason).toMatch(/loopback address.*not fetched/);
    expect(server.hits).toEqual([]);
  });

  it.each([
    ['a metadata address (pinned)', 'metadata.test', '169.254.169.254', /cloud metadata address/],
    ['a private-network address (pinned)', 'intranet.test', '10.1.2.3', /private-network address/],
  ])('a redirect to %s is invented and not followed', async (_name, host, address, reason) => {
    const server = await startHttpServer({
      '/go': { status: 302, headers: { location: `http://${host}/latest/meta-data` } },
    });
    const checker = testChecker({
      options: {
        allowPrivateNetworks: ['127.0.0.1'],
        resolve: { 'live.test': '127.0.0.1', [host]: address },
      },
    });
    const outcome = await checker.check(link('live.test', server.port, '/go'));
    expect(outcome).toMatchObject({
      kind: 'invented',
      address,
      finalUrl: `http://${host}/latest/meta-data`,
    });
    expect(outcome.reason).toMatch(reason);
    expect(outcome.reason).toMatch(/redirect 1 went to/);
  });

  // Each DNS answer is an IPv6 form carrying a private IPv4 address. The answers come from an
  // injected resolver, and a refused address is never connected to, so nothing leaves the machine.
  it.each([
    ['IPv4-compatible', '::127.0.0.1', 'loopback'],
    ['IPv4-translated', '::ffff:0:10.0.0.1', 'private-network'],
    ['NAT64 well-known prefix', '64:ff9b::a9fe:a9fe', 'cloud metadata'],
    ['NAT64 local-use prefix', '64:ff9b:1:c0a8:1:100::', 'private-network'],
    ['6to4', '2002:a00:1::1', 'private-network'],
    ['Teredo (client 127.0.0.1)', '2001:0:808:808::80ff:fffe', 'loopback'],
  ])(
    'a host whose DNS answer is %s (%s) is refused by the private-address rule',
    async (_form, address, described) => {
      const probe = await startHttpServer({ '/': { status: 200 } });
      const resolver = fakeResolver({ 'probe.test': '127.0.0.1', 'sneaky.test': address });
      const checker = testChecker({
        resolver,
        probePort: probe.port,
        options: { allowPrivateNetworks: ['127.0.0.1'] },
      });
      const outcome = await checker.check('http://sneaky.test/page');
      expect(outcome).toMatchObject({ kind: 'invented', error: 'private-address', address });
      expect(outcome.reason).toContain(`${described} address`);
    },
  );

  it('a redirect to a literal private IP is invented', async () => {
    const server = await startHttpServer({
      '/go': { status: 301, headers: { location: 'http://192.168.1.1/admin' } },
    });
    const checker = testChecker({
      options: { allowPrivateNetworks: ['127.0.0.1'], resolve: { 'live.test': '127.0.0.1' } },
    });
    expect(await checker.check(link('live.test', server.port, '/go'))).toMatchObject({
      kind: 'invented',
      address: '192.168.1.1',
    });
  });

  it('a redirect to a host whose DNS answer is private is invented once DNS is shown to give real answers', async () => {
    const probe = await startHttpServer({ '/': { status: 200 } });
    const server = await startHttpServer({
      '/go': { status: 302, headers: { location: 'http://internal.test/' } },
    });
    const resolver = fakeResolver({ 'probe.test': '127.0.0.1', 'internal.test': '10.9.8.7' });
    const checker = testChecker({
      resolver,
      probePort: probe.port,
      options: { allowPrivateNetworks: ['127.0.0.1'], resolve: { 'live.test': '127.0.0.1' } },
    });
    const outcome = await checker.check(link('live.test', server.port, '/go'));
    expect(outcome).toMatchObject({ kind: 'invented', address: '10.9.8.7' });
    expect(resolver.calls).toContain('internal.test');
  });

  it('connects only to the address it vetted: each host is resolved once however many connections follow (no rebinding)', async () => {
    const server = await startHttpServer({
      '/start': { status: 301, headers: { location: '/form' } },
      '/form': { byMethod: { HEAD: { status: 405 }, GET: { status: 200 } } },
    });
    // A rebinding DNS: the first answer is allowed, every later one points at a metadata address.
    let answers = 0;
    const rebinding = Object.assign(
      async (host: string) => {
        rebinding.calls.push(host);
        answers++;
        return {
          ok: true as const,
          addresses: [
            { address: answers === 1 ? '127.0.0.1' : '169.254.169.254', family: 4 as const },
          ],
        };
      },
      { calls: [] as string[] },
    );
    const checker = testChecker({
      resolver: rebinding,
      options: { allowPrivateNetworks: ['127.0.0.1'] },
    });
    const outcome = await checker.check(link('rebind.test', server.port, '/start'));
    expect(outcome).toMatchObject({ kind: 'live', redirects: 1 });
    expect(rebinding.calls).toEqual(['rebind.test']);
    expect(server.hits.length).toBeGreaterThanOrEqual(3);
  });
});

describe('invented: NXDOMAIN, and the network-unavailable rule', () => {
  it('NXDOMAIN is invented once a known name resolves (one probe for many links)', async () => {
    const probe = await startHttpServer({ '/': { status: 200 } });
    const resolver = fakeResolver(
      { 'probe.test': '127.0.0.1' },
      { notFound: ['nope.test', 'fake.test'] },
    );
    const checker = testChecker({ resolver, probePort: probe.port });
    const outcomes = await Promise.all([
      checker.check('https://nope.test/page'),
      checker.check('https://fake.test'),
      checker.check('https://nope.test/other'),
    ]);
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ kind: 'invented', error: 'ENOTFOUND' });
      expect(outcome.reason).toMatch(/does not exist/);
    }
    expect(probe.hits).toHaveLength(1);
    // Each host is resolved once.
    expect(resolver.calls.filter((host) => host === 'nope.test')).toHaveLength(1);
  });

  it('DNS down (every lookup fails): every link is inconclusive, "network unavailable"', async () => {
    const resolver = fakeResolver(
      {},
      { everything: { ok: false, notFound: false, error: 'EAI_AGAIN' } },
    );
    const checker = testChecker({ resolver, probePort: 1 });
    const outcomes = await Promise.all(
      ['https://mass.test/housing', 'https://nope.test', 'https://legal.test/a?b=1'].map((url) =>
        checker.check(url),
      ),
    );
    for (const outcome of outcomes) {
      expect(outcome.kind).toBe('inconclusive');
      expect(outcome.reason).toMatch(/network unavailable/);
    }
  });

  it('a sandbox whose DNS answers NXDOMAIN for every name: nothing is called invented', async () => {
    const resolver = fakeResolver(
      {},
      { everything: { ok: false, notFound: true, error: 'ENOTFOUND' } },
    );
    const checker = testChecker({ resolver, probePort: 1 });
    const outcome = await checker.check('https://mass.test/housing');
    expect(outcome.kind).toBe('inconclusive');
    expect(outcome.reason).toMatch(/network unavailable/);
    expect(outcome.reason).toMatch(/network probe \(http:\/\/probe\.test:1\/\) failed too/);
    expect(resolver.calls).toEqual(['mass.test', 'probe.test']);
  });

  it('with the probe off and no other evidence, NXDOMAIN stays inconclusive', async () => {
    const checker = testChecker({ resolver: fakeResolver({}, { notFound: ['nope.test'] }) });
    const outcome = await checker.check('https://nope.test');
    expect(outcome.kind).toBe('inconclusive');
    expect(outcome.reason).toMatch(/network unavailable.*network probe disabled/);
  });

  it('evidence from other links proves DNS without a probe', async () => {
    const server = await startHttpServer({ '/': { status: 200 } });
    const resolver = fakeResolver({ 'real.test': '127.0.0.1' }, { notFound: ['nope.test'] });
    const checker = testChecker({ resolver });
    expect(await checker.check(link('real.test', server.port))).toMatchObject({ kind: 'live' });
    expect(await checker.check('https://nope.test')).toMatchObject({ kind: 'invented' });
  });

  it('refused while nothing has answered and the probe fails: inconclusive, not broken', async () => {
    const port = await closedPort();
    const checker = testChecker({ hosts: ['refused.test'], probePort: port });
    const outcome = await checker.check(link('refused.test', port, '/x'));
    expect(outcome.kind).toBe('inconclusive');
    expect(outcome.reason).toMatch(/network unavailable/);
  });
});

describe('caching', () => {
  it('each URL is fetched once per checker, however many callers ask at once', async () => {
    const server = await startHttpServer({ '/': { status: 200, delayMs: 30 } });
    const checker = testChecker({ hosts: ['live.test'] });
    const url = link('live.test', server.port);
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => checker.check(url)));
    expect(new Set(outcomes).size).toBe(1);
    await checker.check(url);
    expect(pathHits(server, '/')).toEqual(['HEAD']);
  });

  it('the on-disk cache keeps successes only, within the TTL', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'liveness-cache-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const server = await startHttpServer({ '/': { status: 200 }, '/gone': { status: 404 } });
    const live = link('live.test', server.port);
    const gone = link('live.test', server.port, '/gone');

    const first = testChecker({ hosts: ['live.test'], options: { cacheDir: dir } });
    expect((await first.check(live)).kind).toBe('live');
    expect((await first.check(gone)).kind).toBe('broken');
    const files = (await readdir(dir)).filter((name) => name.endsWith('.json'));
    expect(files).toHaveLength(1);
    expect(JSON.parse(await readFile(join(dir, files[0]!), 'utf8'))).toMatchObject({
      url: live,
      outcome: { kind: 'live' },
    });
    expect(await readdir(dir)).toEqual(files);

    const before = server.hits.length;
    const second = testChecker({ hosts: ['live.test'], options: { cacheDir: dir } });
    const cached = await second.check(live);
    expect(cached).toMatchObject({ kind: 'live', status: 200 });
    expect(cached.reason).toMatch(/cached/);
    expect(server.hits.length).toBe(before);
    expect((await second.check(gone)).kind).toBe('broken');
    expect(pathHits(server, '/gone').length).toBeGreaterThan(2);

    const later = testChecker({
      hosts: ['live.test'],
      options: { cacheDir: dir },
      deps: { now: () => Date.now() + LIVENESS_DEFAULTS.cacheTtlMs + 1 },
    });
    const hitsBefore = pathHits(server, '/').length;
    expect((await later.check(live)).reason).not.toMatch(/cached/);
    expect(pathHits(server, '/').length).toBe(hitsBefore + 1);
  });
});

describe('configuration', () => {
  it.each([
    [{ concurrency: 0 }, /concurrency/],
    [{ timeoutMs: 1.5 }, /timeoutMs/],
    [{ resolve: { 'a.test': 'not-an-ip' } }, /expected a host name and an IP address/],
    [{ allowPrivateNetworks: ['10.0.0.0/33'] }, /not an IP address or CIDR block/],
    [{ networkProbe: 'ftp://x' }, /networkProbe/],
  ])('rejects %j', (options, message) => {
    expect(() => testChecker({ options })).toThrow(message);
  });
});
