import { describe, expect, it } from 'vitest';
import { Crawler } from '../../src/liveness/crawl.js';
import type { HostVetting } from '../../src/liveness/hosts.js';
import type { Exchange, HttpClient } from '../../src/liveness/http.js';

/**
 * The Crawler's refusal retry, with its collaborators replaced by hand-written ones (a clock the
 * test moves, an HTTP client that answers from a script), so the time of each wait is exact.
 */
function crawlerWith(answers: Array<(at: number) => Exchange>, clock: { now: number }) {
  const waits: number[] = [];
  const asked: number[] = [];
  const http = {
    exchange: async (): Promise<Exchange> => {
      asked.push(clock.now);
      const answer = answers.shift();
      if (!answer) throw new Error('no more answers scripted');
      return answer(clock.now);
    },
  } as unknown as HttpClient;
  const hosts = {
    resolve: async () => ({
      ok: true,
      addresses: [{ address: '127.0.0.1', family: 4 }],
      source: 'pinned',
    }),
  } as unknown as HostVetting;
  const crawler = new Crawler(hosts, http, {
    maxRedirects: 5,
    retry: { retries: 2, retryAfterCapMs: 30_000, baseDelayMs: 1000 },
    sleep: async (ms) => {
      waits.push(ms);
      clock.now += ms;
    },
    now: () => clock.now,
  });
  return { crawler, waits, asked };
}

const refused = (startedAt: number): Exchange => ({
  type: 'failure',
  failure: {
    kind: 'refused',
    code: 'ECONNREFUSED',
    host: 'down.test',
    message: 'down.test refused the connection',
  },
  startedAt,
});

describe('a refused origin’s retry is timed from the refused attempt', () => {
  it('a refusal read 300 ms after its attempt started waits the remaining 700 ms', async () => {
    const clock = { now: 10_000 };
    const { crawler, waits, asked } = crawlerWith(
      [
        // The attempt asked for its connection at 10,000; the busy checker reads the refusal at 10,300.
        (at) => {
          clock.now = at + 300;
          return refused(at);
        },
        (at) => refused(at),
      ],
      clock,
    );
    const evidence = await crawler.crawl(new URL('http://down.test/p'), false);
    expect(evidence).toMatchObject({ type: 'failure', attempts: 2, failure: { kind: 'refused' } });
    expect(waits).toEqual([700]);
    // The two attempts are the whole second apart: the proof the origin is down.
    expect(asked[1]! - asked[0]!).toBe(1000);
  });

  it('a refusal read later than the wait itself retries at once', async () => {
    const clock = { now: 0 };
    const { crawler, waits } = crawlerWith(
      [
        (at) => {
          clock.now = at + 1500;
          return refused(at);
        },
        (at) => refused(at),
      ],
      clock,
    );
    await crawler.crawl(new URL('http://down.test/p'), false);
    expect(waits).toEqual([0]);
  });
});
