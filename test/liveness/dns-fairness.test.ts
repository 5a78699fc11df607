import { describe, expect, it, onTestFinished } from 'vitest';
import { LIVENESS_DEFAULTS } from '../../src/defaults.js';
import { Stop } from '../../src/liveness/cancel.js';
import { createLinkChecker } from '../../src/liveness/checker.js';
import { createSystemResolver } from '../../src/liveness/resolve.js';
import type { ResolveResult } from '../../src/liveness/types.js';
import { verifyAnswerLive } from '../../src/verify.js';
import { makeIndex } from '../helpers/allowlist.js';
import { startHttpServer } from '../helpers/http-server.js';

/**
 * DNS lookup slots are shared fairly between answers (issue 28's last item). The system resolver
 * runs at most `dnsConcurrency` lookups at once; in arrival order, one answer citing many hosts
 * whose DNS is slow held the queue, and a lookup of another answer waited behind all of them until
 * its own timeout: its 404 link `inconclusive` (a DNS error), the answer passing. The lookups here
 * are scripted (`getaddrinfo` is the one part replaced), the site is a real server on 127.0.0.1.
 */

const SLOTS = LIVENESS_DEFAULTS.dnsConcurrency;
const NOT_FOUND: ResolveResult = { ok: false, notFound: true, error: 'ENOTFOUND' };

/** Lookups that end when the test says (`finish`), recording the order they started in. */
function heldLookups(): {
  lookup: (host: string) => Promise<ResolveResult>;
  started: string[];
  running: () => number;
  finish: (host: string) => void;
} {
  const started: string[] = [];
  const held = new Map<string, () => void>();
  const lookup = (host: string): Promise<ResolveResult> =>
    new Promise((resolve) => {
      started.push(host);
      held.set(host, () => resolve(NOT_FOUND));
    });
  const finish = (host: string): void => {
    held.get(host)?.();
    held.delete(host);
  };
  onTestFinished(() => {
    for (const host of [...held.keys()]) finish(host);
  });
  return { lookup, started, running: () => held.size, finish };
}

/** Slots are handed out once per turn of the event loop (`Limiter`): let one pass. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('the system resolver shares its slots between answers', () => {
  it('a freed slot goes to the answer with none running, not to the next of a long queue', async () => {
    const dns = heldLookups();
    const resolver = createSystemResolver(60_000, SLOTS, dns.lookup);
    onTestFinished(() => resolver.close());
    const many = Array.from({ length: 30 }, (_, i) => `many-${i}.org`);
    const answers = many.map((host) => resolver(host, { party: 'many' }));
    await nextTurn();
    // One answer alone uses every slot, and no more.
    expect(dns.started).toEqual(many.slice(0, SLOTS));
    const other = resolver('other.org', { party: 'other' });
    await nextTurn();
    expect(dns.running()).toBe(SLOTS);
    dns.finish('many-0.org');
    expect(await answers[0]).toEqual(NOT_FOUND);
    await nextTurn();
    // In arrival order this slot was many-3's; the other answer gets it, and the total holds.
    expect(dns.started[SLOTS]).toBe('other.org');
    expect(dns.running()).toBe(SLOTS);
    dns.finish('other.org');
    expect(await other).toEqual(NOT_FOUND);
    await nextTurn();
    expect(dns.started[SLOTS + 1]).toBe(`many-${SLOTS}.org`);
    expect(dns.running()).toBe(SLOTS);
  });

  it('as many busy answers as slots, their lookups ending together: a newcomer is served in the first round', async () => {
    const dns = heldLookups();
    const resolver = createSystemResolver(60_000, SLOTS, dns.lookup);
    onTestFinished(() => resolver.close());
    const busy = Array.from({ length: SLOTS }, (_, party) => `busy${party}`);
    for (let i = 0; i < 5; i++)
      for (const party of busy) void resolver(`${party}-${i}.org`, { party });
    await nextTurn();
    expect(dns.started).toEqual(busy.map((party) => `${party}-0.org`));
    const newcomer = resolver('new.org', { party: 'new' });
    for (const party of busy) dns.finish(`${party}-0.org`);
    await nextTurn();
    await nextTurn();
    // Every party has none running: the tie goes to the one never served, not to the older
    // queues (by arrival alone they took every slot again, each round, until its timeout).
    expect(dns.started.slice(SLOTS)).toContain('new.org');
    expect(dns.running()).toBe(SLOTS);
    dns.finish('new.org');
    expect(await newcomer).toEqual(NOT_FOUND);
  });

  it('lookups of no answer share one party, which counts like any other', async () => {
    const dns = heldLookups();
    const resolver = createSystemResolver(60_000, SLOTS, dns.lookup);
    onTestFinished(() => resolver.close());
    for (let i = 0; i < 10; i++) void resolver(`many-${i}.org`, { party: 'many' });
    await nextTurn();
    const shared = resolver('probe.org');
    dns.finish('many-0.org');
    await nextTurn();
    await nextTurn();
    expect(dns.started[SLOTS]).toBe('probe.org');
    dns.finish('probe.org');
    expect(await shared).toEqual(NOT_FOUND);
  });
});

describe('an answer is not starved of DNS by another answer', () => {
  it('one answer on 60 hosts with slow DNS: an honest 404 beside it is broken and the answer fails', async () => {
    const site = await startHttpServer({
      '/gone': { status: 404, body: '<title>Not Found</title>' },
    });
    const started: string[] = [];
    // Every name is answered here, never by the network: the honest site at once, the others
    // after 300 ms each, as a slow resolver does (60 of them at 3 at a time take 6 s).
    const systemLookup = async (host: string): Promise<ResolveResult> => {
      started.push(host);
      if (host === 'honest-help.org')
        return { ok: true, addresses: [{ address: '127.0.0.1', family: 4 }] };
      await new Promise((resolve) => setTimeout(resolve, 300));
      return NOT_FOUND;
    };
    const checker = createLinkChecker(
      { allowPrivateNetworks: true, timeoutMs: 2_000, retries: 0, networkProbe: false },
      { systemLookup },
    );
    onTestFinished(() => checker.close());
    const index = makeIndex({ domains: ['honest-help.org'] });
    const hostileLinks = Array.from({ length: 60 }, (_, i) => `- http://slow-${i}.org/page`);
    const hostile = verifyAnswerLive(`Sources:\n${hostileLinks.join('\n')}\n`, index, checker, {
      allowPrivateNetworks: true,
      deadlineMs: 20_000,
    });
    // The hostile answer holds every lookup slot, with the rest waiting, before the honest one asks.
    const until = Date.now() + 5_000;
    while (started.length < SLOTS && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const before = started.length;
    expect(before).toBeGreaterThanOrEqual(SLOTS);
    const report = await verifyAnswerLive(
      `Apply online at http://honest-help.org:${site.port}/gone for help.`,
      index,
      checker,
      { allowPrivateNetworks: true, deadlineMs: 4_000 },
    );
    expect(report.links[0]!.bucket).toBe('broken');
    expect(report.pass).toBe(false);
    // Among the first slots that freed after it asked (a tie goes to the older queue once), not
    // behind the hostile answer's whole queue (the 61st, in arrival order).
    expect(started.indexOf('honest-help.org')).toBeLessThan(before + 2 * SLOTS);
    await checker.close();
    await hostile;
  }, 15_000);
});

describe('a link whose lookup waited for a slot until its deadline', () => {
  it('says it was not tried because of load, as a link waiting for a request slot does', async () => {
    const started: string[] = [];
    // Every slot is held by a lookup that never returns (a silent resolver, a held thread).
    const systemLookup = (host: string): Promise<ResolveResult> => {
      started.push(host);
      return new Promise(() => {});
    };
    const checker = createLinkChecker(
      { allowPrivateNetworks: true, timeoutMs: 5_000, retries: 0, networkProbe: false },
      { systemLookup },
    );
    onTestFinished(() => checker.close());
    for (let i = 0; i < SLOTS; i++)
      void checker.check(`http://held-${i}.org/p`, { deadlineAt: Date.now() + 20_000 });
    const until = Date.now() + 5_000;
    while (started.length < SLOTS && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const outcome = await checker.check('http://late.org/p', { deadlineAt: Date.now() + 300 });
    expect(started).not.toContain('late.org');
    expect(outcome).toMatchObject({ kind: 'inconclusive', error: 'deadline' });
    expect(outcome.reason).toMatch(
      /not tried: every request slot it could use was busy with other links/,
    );
  });
});

describe('when a link counts as not tried because of load (Stop.starved)', () => {
  it.each([
    ['its lookup still waits for a DNS slot', ['lookup waits'], true],
    ['its lookup waited, then ran (slow DNS is no load)', ['lookup waits', 'lookup runs'], false],
    [
      'its lookup waited and ran, then a request waits for a slot',
      ['lookup waits', 'lookup runs', 'request waits'],
      true,
    ],
    ['a request waited, then ran', ['request waits', 'request runs'], false],
    ['nothing waited', [], false],
  ] as const)('%s', (_name, steps, starved) => {
    const stop = new Stop('answer');
    for (const step of steps) {
      if (step === 'lookup waits') stop.noteLookupWaiting(true);
      else if (step === 'lookup runs') stop.noteLookupWaiting(false);
      else if (step === 'request waits') stop.queued = true;
      else stop.tried = true;
    }
    expect(stop.starved).toBe(starved);
  });
});
