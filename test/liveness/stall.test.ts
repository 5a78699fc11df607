import { describe, expect, it, onTestFinished } from 'vitest';
import { createLinkChecker } from '../../src/liveness/checker.js';
import { LoopStalls } from '../../src/liveness/deadline.js';
import { verifyAnswer, verifyAnswerLive } from '../../src/verify.js';
import { makeIndex } from '../helpers/allowlist.js';
import { startHttpServer } from '../helpers/http-server.js';

/**
 * CPU starvation: the offline part of a large answer runs synchronously; an honest answer graded
 * beside it used to reach its deadline while nothing of its own could run, and its 404 passed as
 * `inconclusive`. A deadline now counts only time the process could work (`stall.ts`). Real run
 * on 127.0.0.1; the large answer is a real one (30,000 phone numbers, about 800 KB, a second or
 * more of synchronous work), graded in the same process while the honest answer waits.
 */
const index = makeIndex({ domains: ['site.test'] });

function largeAnswer(numbers: number): string {
  const lines: string[] = [];
  for (let i = 0; i < numbers; i++)
    lines.push(`Call (617) 555-${String(i % 10_000).padStart(4, '0')} today.`);
  return lines.join('\n');
}

describe("an answer's deadline is not spent on another answer's offline work", () => {
  it('the honest 404 is broken and its answer fails while a large answer is checked beside it', async () => {
    const site = await startHttpServer({
      '/gone': { status: 404, body: '<title>Not Found</title>' },
    });
    const checker = createLinkChecker({
      allowPrivateNetworks: true,
      resolve: { 'site.test': '127.0.0.1' },
      timeoutMs: 2_000,
      networkProbe: false,
    });
    onTestFinished(() => checker.close());
    const honest = verifyAnswerLive(`See http://site.test:${site.port}/gone.`, index, checker, {
      allowPrivateNetworks: true,
      deadlineMs: 300,
    });
    // Synchronous work for at least twice the honest deadline whatever the machine's speed: one
    // large answer took 291 ms on a quiet machine, under the deadline, so it is checked again
    // (without yielding) until the loop has been held that long.
    const large = largeAnswer(30_000);
    const started = performance.now();
    do verifyAnswer(large, index);
    while (performance.now() - started < 600);
    const blocked = performance.now() - started;
    // The large answer held the process past the honest answer's whole deadline.
    expect(blocked).toBeGreaterThan(300);
    const report = await honest;
    expect(report.links[0]!.bucket).toBe('broken');
    expect(report.pass).toBe(false);
  }, 30_000);

  it('counts a synchronous stretch of the loop as stalled time', async () => {
    const stalls = new LoopStalls();
    stalls.acquire();
    onTestFinished(() => stalls.release());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = stalls.read();
    const until = performance.now() + 300;
    while (performance.now() < until) {
      // a synchronous stretch, as a large offline check is
    }
    expect(stalls.read() - before).toBeGreaterThan(200);
    stalls.release();
  });
});
