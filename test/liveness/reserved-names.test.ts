import { describe, expect, it, onTestFinished } from 'vitest';
import { createLinkChecker } from '../../src/liveness/checker.js';
import type { LivenessOptions, ResolveResult } from '../../src/liveness/types.js';
import { startHttpServer } from '../helpers/http-server.js';

/**
 * Special-use names are never sent to the system resolver, whatever `allowPrivateNetworks` says.
 * The system resolver's own lookup is replaced by one that records what it is asked and answers
 * nothing, so no name reaches the machine's DNS.
 */
function checkerWithSystemResolver(options: LivenessOptions = {}) {
  const asked: string[] = [];
  const systemLookup = async (host: string): Promise<ResolveResult> => {
    asked.push(host);
    return { ok: false, notFound: true, error: 'ENOTFOUND' };
  };
  const checker = createLinkChecker(
    { allowPrivateNetworks: true, networkProbe: false, timeoutMs: 2000, ...options },
    { systemLookup },
  );
  onTestFinished(() => checker.close());
  return { checker, asked };
}

describe('special-use names and the system resolver', () => {
  it.each([
    ['http://portal.invalid/forms', 'portal.invalid', '.invalid'],
    ['http://court.test/help', 'court.test', '.test'],
    ['http://legal.example/', 'legal.example', '.example'],
    ['http://hidden3abc.onion/', 'hidden3abc.onion', '.onion'],
    ['http://deep.name.test./x', 'deep.name.test', '.test'],
  ])(
    '%s is never looked up, even with --allow-private: invented, saying why',
    async (url, host, suffix) => {
      const { checker, asked } = checkerWithSystemResolver();
      const outcome = await checker.check(url);
      expect(asked).toEqual([]);
      expect(outcome).toMatchObject({ kind: 'invented', error: 'reserved-name' });
      expect(outcome.reason).toBe(
        `${host} is a special-use name (${suffix}, RFC 6761): it is never looked up, since no public site can have it; pin it with --resolve to check a test server`,
      );
    },
  );

  it('a redirect to a special-use name is not looked up either', async () => {
    const server = await startHttpServer({
      '/go': { status: 302, headers: { location: 'http://intranet.test/page' } },
    });
    const { checker, asked } = checkerWithSystemResolver();
    const outcome = await checker.check(`http://127.0.0.1:${server.port}/go`);
    expect(asked).toEqual([]);
    expect(outcome).toMatchObject({ kind: 'invented', error: 'reserved-name' });
    expect(outcome.reason).toMatch(/^intranet\.test is a special-use name .* \(redirect 1 went to/);
  });

  it('a pinned special-use name is checked (tests pin their servers)', async () => {
    const server = await startHttpServer({ '/ok': { status: 200 } });
    const { checker, asked } = checkerWithSystemResolver({
      resolve: { 'court.test': '127.0.0.1' },
    });
    expect(await checker.check(`http://court.test:${server.port}/ok`)).toMatchObject({
      kind: 'live',
    });
    expect(asked).toEqual([]);
  });

  it('localhost names are the loopback address without a lookup: fetched under --allow-private', async () => {
    const server = await startHttpServer({ '/ok': { status: 200 } });
    const { checker, asked } = checkerWithSystemResolver();
    for (const host of ['localhost', 'app.localhost', 'LOCALHOST.']) {
      expect(await checker.check(`http://${host}:${server.port}/ok`)).toMatchObject({
        kind: 'live',
      });
    }
    expect(asked).toEqual([]);
  });

  it('and refused as loopback without it, still without a lookup', async () => {
    const { checker, asked } = checkerWithSystemResolver({ allowPrivateNetworks: false });
    const outcome = await checker.check('http://app.localhost:8080/admin');
    expect(asked).toEqual([]);
    expect(outcome).toMatchObject({ kind: 'invented', error: 'private-address' });
    expect(outcome.reason).toMatch(/^app\.localhost resolves to 127\.0\.0\.1, a loopback address/);
  });

  it('an ordinary name still goes to the system resolver', async () => {
    const { checker, asked } = checkerWithSystemResolver();
    await checker.check('http://court.lan/help');
    expect(asked).toEqual(['court.lan']);
  });
});
