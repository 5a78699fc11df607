import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { Cancelled, SharedWork, Stop, abortableSleep } from '../../src/liveness/cancel.js';
import { createLinkChecker } from '../../src/liveness/checker.js';
import { Limiter } from '../../src/liveness/limiter.js';
import { findStaleLinks } from '../../src/stale.js';
import { testChecker } from './support.js';

/**
 * A link nobody waits for any more is stopped: past the answer's deadline, past its host's deadline
 * in `stale`, and on Ctrl-C. Against a real server on 127.0.0.1 that accepts every connection and
 * never answers (or answers late), counting the connections it holds open and the requests it saw.
 */
async function silentServer(
  answerAfterMs?: number,
): Promise<{ port: number; open: () => number; requests: () => number; answered: () => number }> {
  const sockets = new Set<Socket>();
  let requests = 0;
  let answered = 0;
  const server = createServer((_request: IncomingMessage, response: ServerResponse) => {
    requests++;
    if (answerAfterMs === undefined) return;
    const timer = setTimeout(() => {
      answered++;
      response.end('<title>Late page</title>');
    }, answerAfterMs);
    response.on('close', () => clearTimeout(timer));
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    port: (server.address() as AddressInfo).port,
    open: () => sockets.size,
    requests: () => requests,
    answered: () => answered,
  };
}

/** A server that answers every request 503 with `Retry-After: 20`: the checker waits 20 s to retry. */
async function busyServer(): Promise<{ port: number; hits: () => number }> {
  let hits = 0;
  const server = createServer((_request, response) => {
    hits++;
    response.writeHead(503, { 'retry-after': '20' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.address() as AddressInfo).port, hits: () => hits };
}

/** Timers the process holds (the checker's request timeouts and waits between retries among them). */
function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
}

/** Waits until `condition` holds, for at most `ms`; returns how long it took, or -1. */
async function within(ms: number, condition: () => boolean): Promise<number> {
  const started = Date.now();
  while (Date.now() - started <= ms) {
    if (condition()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return -1;
}

const page = (port: number, index: number, host = 'silent.test'): string =>
  `http://${host}:${port}/page/${index}`;

describe('a link past its answer’s deadline is aborted', () => {
  it('its connections close within 1 s, its queued requests never start, nothing is sent after', async () => {
    const server = await silentServer();
    const checker = testChecker({
      hosts: ['silent.test'],
      options: { timeoutMs: 10_000, perHostConcurrency: 4 },
    });
    const timersBefore = activeTimers();
    const deadlineAt = Date.now() + 300;
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        checker.check(page(server.port, index), { deadlineAt }),
      ),
    );
    expect(
      new Set(
        outcomes.map((outcome) => (outcome.kind === 'inconclusive' ? outcome.error : outcome.kind)),
      ),
    ).toEqual(new Set(['deadline']));
    expect(outcomes[0]!.reason).toMatch(/^deadline reached/);
    // Four in flight (the per-host limit), sixteen waiting: the four sockets close, the sixteen never go.
    expect(await within(1000, () => server.open() === 0)).toBeGreaterThanOrEqual(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.requests()).toBe(4);
    expect(server.open()).toBe(0);
    // The requests' 10 s timeouts and the deadline's timer are gone too, though the checker is open.
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
  });

  it('a link another caller still waits for (without a deadline) is not aborted', async () => {
    const server = await silentServer(400);
    const checker = testChecker({ hosts: ['slow.test'], options: { timeoutMs: 10_000 } });
    // The root: a page below it would be compared with a made-up path, which this server also answers.
    const url = `http://slow.test:${server.port}/`;
    const [hurried, patient] = await Promise.all([
      checker.check(url, { deadlineAt: Date.now() + 100 }),
      checker.check(url),
    ]);
    expect(hurried).toMatchObject({ kind: 'inconclusive', error: 'deadline' });
    expect(patient).toMatchObject({ kind: 'live', status: 200 });
    expect(server.answered()).toBeGreaterThanOrEqual(1);
  });

  it('a link aborted by one answer’s deadline is checked afresh for the next answer', async () => {
    const server = await silentServer(300);
    const checker = testChecker({ hosts: ['slow.test'], options: { timeoutMs: 10_000 } });
    // The root: a page below it would be compared with a made-up path, which this server also answers.
    const url = `http://slow.test:${server.port}/`;
    expect(await checker.check(url, { deadlineAt: Date.now() + 100 })).toMatchObject({
      error: 'deadline',
    });
    expect(await checker.check(url, { deadlineAt: Date.now() + 5000 })).toMatchObject({
      kind: 'live',
    });
  });
});

describe('stale: a host past its deadline, and Ctrl-C', () => {
  const allowlist = (urls: string[]) => ({
    urls,
    urlsAsWritten: new Map(urls.map((url) => [url, url])),
    domains: [],
    orgNames: [],
    orgPhones: {},
    orgAliases: {},
  });

  it('a host past its deadline: its links are inconclusive and its connections close within 1 s, the checker still open', async () => {
    const server = await silentServer();
    const checker = testChecker({
      hosts: ['silent.test'],
      options: { timeoutMs: 10_000, hostDeadlineMs: 300 },
    });
    const urls = Array.from({ length: 10 }, (_, index) => page(server.port, index));
    const report = await findStaleLinks({ allowlist: allowlist(urls), checker });
    expect(report.counts.inconclusive).toBe(10);
    expect(report.stale[0]!.outcome.reason).toMatch(/^deadline reached/);
    expect(await within(1000, () => server.open() === 0)).toBeGreaterThanOrEqual(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.requests()).toBe(4);
  });

  it('Ctrl-C: the report comes back at once, every connection closes within 1 s, no wait is left running', async () => {
    const server = await silentServer();
    const busy = await busyServer();
    const urls = [
      ...Array.from({ length: 10 }, (_, index) => page(server.port, index)),
      `http://busy.test:${busy.port}/x`,
    ];
    const timersBefore = activeTimers();
    const interrupt = new AbortController();
    const running = findStaleLinks({
      allowlist: allowlist(urls),
      liveness: {
        resolve: { 'silent.test': '127.0.0.1', 'busy.test': '127.0.0.1' },
        allowPrivateNetworks: ['127.0.0.1'],
        networkProbe: false,
        timeoutMs: 10_000,
      },
      signal: interrupt.signal,
    });
    // Four requests at the silent server (its per-host limit), and the busy link waiting out its 20 s.
    expect(
      await within(2000, () => server.requests() === 4 && busy.hits() === 2),
    ).toBeGreaterThanOrEqual(0);
    interrupt.abort();
    const report = await running;
    expect(report.interrupted).toBe(true);
    expect(await within(1000, () => server.open() === 0)).toBeGreaterThanOrEqual(0);
    // The 20 s wait before the busy link's retry was a timer; it is gone, as are the requests' own.
    expect(await within(1000, () => activeTimers() <= timersBefore)).toBeGreaterThanOrEqual(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.requests()).toBe(4);
    expect(busy.hits()).toBe(2);
  });
});

describe('closing the checker', () => {
  it('ends waits before retries at once: a link waiting out a 503’s Retry-After is inconclusive (closed)', async () => {
    const busy = await busyServer();
    // The checker's own sleep (the test helper's does not wait): the 20 s wait is a timer the close must clear.
    const checker = createLinkChecker({
      resolve: { 'busy.test': '127.0.0.1' },
      allowPrivateNetworks: ['127.0.0.1'],
      networkProbe: false,
    });
    onTestFinished(() => checker.close());
    const pending = checker.check(`http://busy.test:${busy.port}/x`);
    expect(await within(2000, () => busy.hits() === 2)).toBeGreaterThanOrEqual(0);
    const started = Date.now();
    await checker.close();
    expect(await pending).toMatchObject({ kind: 'inconclusive', error: 'closed' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(busy.hits()).toBe(2);
  });
});

describe('the pieces', () => {
  it('a limiter drops a waiting request whose link is aborted, and never runs it', async () => {
    const limiter = new Limiter(1, 1);
    const ran: string[] = [];
    let finish!: () => void;
    const first = limiter.run(
      'a.test',
      () => new Promise<void>((resolve) => ((finish = resolve), ran.push('first'))),
    );
    const link = new Stop();
    const second = limiter.run('a.test', async () => void ran.push('second'), false, link);
    const third = limiter.run('a.test', async () => void ran.push('third'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(limiter.stats('a.test')).toEqual({ active: 1, waiting: 2 });
    link.abort(new Cancelled('deadline'));
    await expect(second).rejects.toBeInstanceOf(Cancelled);
    expect(limiter.stats('a.test')).toEqual({ active: 1, waiting: 1 });
    finish();
    await Promise.all([first, third]);
    expect(ran).toEqual(['first', 'third']);
  });

  it('shared work is aborted once the last of its waiters stops waiting, not before', async () => {
    let seen: Stop | undefined;
    const work = new SharedWork<string>((link) => {
      seen = link;
      return new Promise((resolve) =>
        link.signal.addEventListener('abort', () => resolve('aborted')),
      );
    });
    const a = new AbortController();
    const b = new AbortController();
    const waits = [work.join(a.signal, () => 'a left'), work.join(b.signal, () => 'b left')];
    a.abort(new Cancelled('deadline'));
    expect(await waits[0]).toBe('a left');
    expect(seen!.signal.aborted).toBe(false);
    b.abort(new Cancelled('deadline'));
    expect(await waits[1]).toBe('b left');
    expect(seen!.signal.aborted).toBe(true);
    expect(work.abandoned).toBe(true);
  });

  it('an abortable sleep ends when its signal aborts', async () => {
    const stop = new AbortController();
    const started = Date.now();
    const sleeping = abortableSleep(undefined, 10_000, stop.signal);
    stop.abort(new Cancelled('deadline'));
    await sleeping;
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
