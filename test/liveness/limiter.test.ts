import { describe, expect, it } from 'vitest';
import { BACKLOG_CAP, BACKLOG_WEIGHT, Limiter } from '../../src/liveness/limiter.js';
import { startHttpServer, type Route } from '../helpers/http-server.js';
import { testChecker } from './support.js';

/**
 * Lets every pending promise callback run, then the limiter's dispatch (once per turn of the event
 * loop, `setImmediate`): a task that finished releases its slot in a promise callback, and the slot
 * is handed out on the turn after.
 */
const settle = async (): Promise<void> => {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
};

/**
 * A limiter driven by hand: each submitted task starts (is recorded in `started`) when the limiter
 * lets it, and finishes only when the test says so. Counts what runs at once, overall and per host.
 */
function scripted(concurrency: number, perHost: number) {
  const limiter = new Limiter(concurrency, perHost);
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const running = new Map<string, number>();
  const queued = new Map<string, number>();
  let maxOverall = 0;
  const maxPerHost = new Map<string, number>();
  const runningTotal = (): number => [...running.values()].reduce((sum, count) => sum + count, 0);

  function submit(host: string, label: string, followUp = false): void {
    queued.set(host, (queued.get(host) ?? 0) + 1);
    void limiter.run(
      host,
      async () => {
        queued.set(host, queued.get(host)! - 1);
        running.set(host, (running.get(host) ?? 0) + 1);
        maxOverall = Math.max(maxOverall, runningTotal());
        maxPerHost.set(host, Math.max(maxPerHost.get(host) ?? 0, running.get(host)!));
        started.push(label);
        await new Promise<void>((resolve) => finishers.set(label, resolve));
        running.set(host, running.get(host)! - 1);
      },
      followUp,
    );
  }

  async function finish(label: string): Promise<void> {
    const done = finishers.get(label);
    if (!done) throw new Error(`${label} is not running`);
    finishers.delete(label);
    done();
    await settle();
  }

  /** No slot left idle while a request that may use it waits. */
  function workConserving(): boolean {
    if (runningTotal() >= concurrency) return true;
    return [...queued].every(([host, count]) => count === 0 || (running.get(host) ?? 0) >= perHost);
  }

  return {
    limiter,
    submit,
    finish,
    started,
    running: () => [...finishers.keys()],
    maxOverall: () => maxOverall,
    maxPerHost,
    workConserving,
    runningTotal,
  };
}

describe('Limiter: which request goes next', () => {
  it('an overall slot goes to the host with the longest backlog, not to the first in line', async () => {
    const run = scripted(1, 2);
    run.submit('z.test', 'blocker');
    await settle();
    // The light host asks first; first come, first served would give it the next slot.
    run.submit('light.test', 'a1');
    for (const label of ['b1', 'b2', 'b3', 'b4']) run.submit('heavy.test', label);
    await settle();
    expect(run.started).toEqual(['blocker']);
    for (const label of ['blocker', 'b1', 'b2', 'b3', 'a1']) await run.finish(label);
    // heavy.test goes while its backlog is longer; at one each the tie goes to the earlier arrival.
    expect(run.started).toEqual(['blocker', 'b1', 'b2', 'b3', 'a1', 'b4']);
  });

  it('the per-host limit still caps the busiest host: the other slots go to lighter hosts', async () => {
    const run = scripted(3, 2);
    for (let index = 1; index <= 6; index++) run.submit('heavy.test', `h${index}`);
    run.submit('light.test', 'l1');
    run.submit('other.test', 'o1');
    await settle();
    expect(run.started).toEqual(['h1', 'h2', 'l1']);
    await run.finish('l1');
    expect(run.started.at(-1)).toBe('o1');
    await run.finish('h1');
    expect(run.started.at(-1)).toBe('h3');
    expect(run.maxPerHost.get('heavy.test')).toBe(2);
    expect(run.maxOverall()).toBe(3);
  });

  it('hosts with equal backlogs are served first come, first served', async () => {
    const run = scripted(1, 2);
    run.submit('z.test', 'blocker');
    await settle();
    for (const host of ['x', 'y', 'w', 'v']) run.submit(`${host}.test`, host);
    await settle();
    for (const label of ['blocker', 'x', 'y', 'w']) await run.finish(label);
    expect(run.started).toEqual(['blocker', 'x', 'y', 'w', 'v']);
  });

  /**
   * Busy hosts that always have `backlog` requests waiting (a new one arrives whenever one starts)
   * and one host with a single request, arriving after the busy hosts' first `backlog` each: how
   * many requests start before it. Fails once more than `bound` have.
   */
  async function overtakenBeforeLonely(
    busyHosts: string[],
    backlog: number,
    bound: number,
  ): Promise<number> {
    const run = scripted(1, 1);
    run.submit('z.test', 'blocker');
    await settle();
    let next = 0;
    const refill = (): void => {
      for (const host of busyHosts) {
        while (run.limiter.stats(host).waiting < backlog) run.submit(host, `${host}#${next++}`);
      }
    };
    refill();
    run.submit('lonely.test', 'lonely');
    await settle();
    let overtaken = 0;
    for (;;) {
      await run.finish(run.running()[0]!);
      if (run.started.at(-1) === 'lonely') return overtaken;
      overtaken++;
      refill();
      expect(overtaken).toBeLessThanOrEqual(bound);
    }
  }

  it('no host starves while busier hosts keep receiving work', async () => {
    // Pure longest-backlog-first would never serve the lonely host here. It can be overtaken by the
    // 20 requests queued before it, and by those arriving fewer than BACKLOG_WEIGHT starts (per
    // request of backlog the busy hosts have beyond its one) after it.
    const overtaken = await overtakenBeforeLonely(
      ['busy1.test', 'busy2.test'],
      10,
      20 + BACKLOG_WEIGHT * 9,
    );
    // The backlog does count: the busy hosts went first for a while.
    expect(overtaken).toBeGreaterThan(20 + BACKLOG_WEIGHT);
  });

  it(`a backlog beyond ${BACKLOG_CAP} buys no more priority, so the wait stays bounded however long the queue`, async () => {
    const overtaken = await overtakenBeforeLonely(
      ['huge.test'],
      200,
      200 + BACKLOG_WEIGHT * (BACKLOG_CAP - 1),
    );
    expect(overtaken).toBeGreaterThan(200);
  });

  it('a seeded random workload: limits hold at every step, no slot idles while work waits, everything runs', async () => {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const run = scripted(5, 2);
    const hosts = [
      'big.test',
      'big.test',
      'big.test',
      'mid.test',
      'mid.test',
      ...Array.from({ length: 10 }, (_, index) => `small${index}.test`),
    ];
    let submitted = 0;
    for (let index = 0; index < 60; index++)
      run.submit(hosts[Math.floor(random() * hosts.length)]!, `t${submitted++}`);
    await settle();
    while (run.running().length > 0) {
      expect(run.runningTotal()).toBeLessThanOrEqual(5);
      expect(run.workConserving()).toBe(true);
      const running = run.running();
      await run.finish(running[Math.floor(random() * running.length)]!);
      // Follow-up work arrives while the batch runs, as GET confirmations and redirects do.
      if (submitted < 90 && random() < 0.5)
        run.submit(hosts[Math.floor(random() * hosts.length)]!, `t${submitted++}`);
      await settle();
    }
    expect(run.started).toHaveLength(submitted);
    expect(run.maxOverall()).toBe(5);
    expect(Math.max(...run.maxPerHost.values())).toBe(2);
    expect(run.limiter.stats()).toEqual({ active: 0, waiting: 0 });
  });
});

// Every page answers after a pause, so requests overlap and the server sees how many are in flight.
const slowPages: Route = (request, response) => {
  const path = request.url ?? '/';
  setTimeout(() => {
    response.writeHead(path.startsWith('/page/') ? 200 : 404).end();
  }, 30);
};

describe('Limiter: limits measured on a real server, with a heavy host among light ones', () => {
  it('exactly concurrency in flight overall and perHostConcurrency on the heavy host, never more on any', async () => {
    const server = await startHttpServer({}, { fallback: slowPages });
    const light = Array.from({ length: 8 }, (_, index) => `light${index}.test`);
    const checker = testChecker({
      hosts: ['heavy.test', ...light],
      options: { perHostConcurrency: 2, concurrency: 4 },
    });
    // The light hosts ask first, then the heavy host with twelve pages.
    const urls = [
      ...light.map((host) => `http://${host}:${server.port}/page/only`),
      ...Array.from({ length: 12 }, (_, index) => `http://heavy.test:${server.port}/page/${index}`),
    ];
    const outcomes = await Promise.all(urls.map((url) => checker.check(url)));
    expect(outcomes.every((outcome) => outcome.kind === 'live')).toBe(true);
    expect(server.maxInFlight()).toBe(4);
    expect(server.maxInFlight('heavy.test')).toBe(2);
    for (const host of light) expect(server.maxInFlight(host)).toBeLessThanOrEqual(2);
    // The heavy host was not left until the light ones were done: it had a request on the server
    // before the last light host did.
    const firstHeavy = server.hits.findIndex((hit) => hit.host === 'heavy.test');
    const lastLightPage = Math.max(
      ...light.map((host) =>
        server.hits.findIndex((hit) => hit.host === host && hit.path === '/page/only'),
      ),
    );
    expect(firstHeavy).toBeLessThan(lastLightPage);
  });
});

describe('Limiter: follow-ups of started links go first on their host', () => {
  it('a GET after a HEAD (a follow-up) runs before new links queued earlier on the same host', async () => {
    const run = scripted(8, 1);
    for (let index = 0; index < 5; index++) run.submit('a.test', `head ${index}`);
    await settle();
    expect(run.started).toEqual(['head 0']);
    // The first link's HEAD is answered 405: its GET joins the queue behind heads 1–4, yet goes next.
    run.submit('a.test', 'get 0', true);
    await run.finish('head 0');
    expect(run.started).toEqual(['head 0', 'get 0']);
    await run.finish('get 0');
    expect(run.started).toEqual(['head 0', 'get 0', 'head 1']);
  });

  it('a follow-up that asks just after its own request freed the slot still goes before new links', async () => {
    // As the checker does it: the HEAD's slot is released, and only then, a few promise callbacks
    // later, does its link ask for the GET. Handing the freed slot out at once gave it to head 1.
    const limiter = new Limiter(8, 1);
    const started: string[] = [];
    let answerHead!: () => void;
    const head0 = limiter.run(
      'a.test',
      () =>
        new Promise<void>((resolve) => {
          started.push('head 0');
          answerHead = resolve;
        }),
    );
    const heads = [1, 2].map((index) =>
      limiter.run('a.test', async () => void started.push(`head ${index}`)),
    );
    const get0 = head0.then(() =>
      limiter.run('a.test', async () => void started.push('get 0'), true),
    );
    await settle();
    expect(started).toEqual(['head 0']);
    answerHead();
    await Promise.all([get0, ...heads]);
    expect(started).toEqual(['head 0', 'get 0', 'head 1', 'head 2']);
  });
});

describe('Limiter: a batch that arrives in one turn is ranked as one', () => {
  it('the first slots go one to each host before any host gets a second', async () => {
    const run = scripted(4, 4);
    // Host by host, as links arrive once their host resolves: all of a.test's first.
    for (const host of ['a', 'b', 'c', 'd'])
      for (let index = 0; index < 4; index++) run.submit(`${host}.test`, `${host}${index}`);
    await settle();
    expect(run.started).toEqual(['a0', 'b0', 'c0', 'd0']);
  });
});
