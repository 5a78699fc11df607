import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runService, type RunningService } from '../../src/service/lifecycle.js';

/** Slow headers are cut at the documented `headersTimeout`, not at Node's 30 s check interval. */
const SAMPLE = fileURLToPath(new URL('../../sample-allowlist/allowlist.json', import.meta.url));
let running: RunningService;
beforeAll(async () => {
  running = await runService({
    allowlistPath: SAMPLE,
    host: '127.0.0.1',
    port: 0,
    threshold: 0.4,
    limits: { headersTimeoutMs: 1_000, requestTimeoutMs: 3_000 },
    log: () => {},
  });
});
afterAll(() => running.drain());

describe('serve: header timeout', () => {
  it('headers that never end are answered 408 and closed within about the limit', async () => {
    const { port } = new URL(running.url);
    const started = Date.now();
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write('POST /v1/verify HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n');
      });
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const elapsed = Date.now() - started;
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(4_000);
  });
});
