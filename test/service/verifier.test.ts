import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runService, type RunningService } from '../../src/service/lifecycle.js';
import { Verifier } from '../../src/service/verifier.js';

/**
 * A request's work is bounded by its deadline, not only its body: the verification runs in a
 * thread, so `/healthz` answers while it works, and a verification past the deadline gets 503 and
 * ends with its thread (a new one loads), the service going on. A real service on 127.0.0.1.
 */
const SAMPLE = fileURLToPath(new URL('../../sample-allowlist/allowlist.json', import.meta.url));
// Well under what the heavy request takes (half a second to 1.5 s on 2 cores, quiet or loaded),
// over what /healthz and the small request need.
const DEADLINE_MS = 250;
// One line of invented links, 900 KB: every link removed by the repair, seconds of work.
const HEAVY = Array.from({ length: 22_000 }, (_, i) => `See https://l${i}.invented.example/p now.`)
  .join(' ')
  .slice(0, 900_000);

let running: RunningService;
const logs: string[] = [];
beforeAll(async () => {
  running = await runService({
    allowlistPath: SAMPLE,
    host: '127.0.0.1',
    port: 0,
    threshold: 0.4,
    limits: { requestDeadlineMs: DEADLINE_MS },
    log: (line) => logs.push(line),
  });
});
afterAll(() => running.drain());

describe('serve: one request cannot stall the service', () => {
  it('a verification past its deadline is 503; /healthz answers meanwhile; the service goes on', async () => {
    const started = Date.now();
    const heavy = fetch(`${running.url}/v1/fix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answer: HEAVY }),
    }).then(async (response) => ({
      status: response.status,
      json: (await response.json()) as { error: { code: string; message: string } },
      ms: Date.now() - started,
    }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const healthStarted = Date.now();
    const health = await fetch(`${running.url}/healthz`);
    expect(health.status).toBe(200);
    // Answered while the heavy request works, not after it.
    expect(Date.now() - healthStarted).toBeLessThan(1_000);
    expect(((await health.json()) as { in_flight: number }).in_flight).toBe(2);

    const { status, json, ms } = await heavy;
    expect(status).toBe(503);
    expect(json.error.code).toBe('DEADLINE');
    expect(json.error.message).toBe(
      `not answered within ${DEADLINE_MS} ms; try again, or send a shorter answer`,
    );
    expect(ms).toBeLessThan(DEADLINE_MS + 1_000);

    // The thread that held it was ended and a new one loads: a small request gets its verdict.
    let answered = 0;
    for (let k = 0; k < 100 && answered !== 200; k++) {
      const small = await fetch(`${running.url}/v1/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answer: 'Call the Chelsea District Court at (617) 660-9200.' }),
      });
      answered = small.status;
      await small.arrayBuffer();
      if (answered !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(answered).toBe(200);
    expect(
      logs.some((line) => line.includes('allowlist reloaded (a request ran out of time)')),
    ).toBe(true);
  });
});

describe('serve: a load that does not end', () => {
  it('is ended at the load timeout and is an input error naming the file', async () => {
    // No thread starts, reads and indexes a file within 1 ms.
    await expect(Verifier.open(SAMPLE, 1, () => undefined)).rejects.toMatchObject({
      code: 'FILE_UNREADABLE',
      message: `${SAMPLE}: the allowlist did not load within 1 ms; check that the path names a regular file`,
    });
  });
});
