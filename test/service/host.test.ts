import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runService, type RunningService } from '../../src/service/lifecycle.js';

/** The service answers only a `Host` naming its own address or an `--allowed-host` (DNS rebinding). */
const SAMPLE = fileURLToPath(new URL('../../sample-allowlist/allowlist.json', import.meta.url));
let running: RunningService;
let port: number;
beforeAll(async () => {
  running = await runService({
    allowlistPath: SAMPLE,
    host: '127.0.0.1',
    port: 0,
    threshold: 0.4,
    allowedHosts: ['verifier.internal'],
    log: () => {},
  });
  port = Number(new URL(running.url).port);
});
afterAll(() => running.drain());

/** One raw HTTP/1.0 request with exactly the Host line given (none when null); status and body. */
function raw(
  host: string | null,
  method = 'GET',
  path = '/healthz',
): Promise<{ status: number; body: string }> {
  const body = method === 'POST' ? '{"answer":"Call 555-0100."}' : '';
  const head = [
    `${method} ${path} HTTP/1.0`,
    ...(host === null ? [] : [`Host: ${host}`]),
    ...(body ? ['Content-Type: application/json', `Content-Length: ${body.length}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`${head.join('\r\n')}\r\n\r\n${body}`),
    );
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    socket.on('error', reject);
  });
}

describe('serve: Host header', () => {
  it.each([
    '127.0.0.1',
    () => `127.0.0.1:${port}`,
    'localhost',
    () => `LOCALHOST:${port}`,
    '[::1]',
    () => `[::1]:${port}`,
    'verifier.internal',
    () => `verifier.internal:${port}`,
  ])('answers %s', async (host) => {
    const reply = await raw(typeof host === 'function' ? host() : host);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body).status).toBe('ok');
  });

  it.each([
    'attacker.example',
    () => `attacker.example:${port}`,
    '127.0.0.1.attacker.example',
    'localhost.attacker.example',
    'verifier.internal.example',
    '10.0.0.1',
    '',
  ])('refuses %s with 421 naming the header', async (host) => {
    const shown = typeof host === 'function' ? host() : host;
    for (const [method, path] of [
      ['GET', '/healthz'],
      ['POST', '/v1/verify'],
      ['POST', '/v1/fix'],
    ] as const) {
      const reply = await raw(shown, method, path);
      expect(reply.status).toBe(421);
      const error = JSON.parse(reply.body).error;
      expect(error.code).toBe('HOST_NOT_ALLOWED');
      expect(error.field).toBe('Host');
      expect(error.message).toContain('--allowed-host');
      expect(reply.body).not.toContain('"action"');
    }
  });

  it('refuses a request without a Host header', async () => {
    const reply = await raw(null);
    expect(reply.status).toBe(421);
    expect(JSON.parse(reply.body).error.message).toContain('Host header is missing');
  });

  it('a verification with an allowed Host is answered', async () => {
    const reply = await raw('localhost', 'POST', '/v1/verify');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body).action).toBeDefined();
  });
});
