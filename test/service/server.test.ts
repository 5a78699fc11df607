import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { SERVICE_DEFAULTS } from '../../src/defaults.js';
import { runService, type RunningService } from '../../src/service/lifecycle.js';
import { fakeIo } from '../helpers/cli.js';

const SAMPLE = fileURLToPath(new URL('../../sample-allowlist/allowlist.json', import.meta.url));
const ANSWERS = [
  'Call the Chelsea District Court at (617) 232-4660 or visit https://www.example.com/chelsea.',
  'For an eviction in Boston, contact the Eastern Housing Court at (617) 788-8600. Guidance is at https://www.mass.gov.eviction-help.org/boston-tenants.',
  'Call the Chelsea District Court at (617) 660-9200.',
];

let running: RunningService;
const logs: string[] = [];
beforeAll(async () => {
  running = await runService({
    allowlistPath: SAMPLE,
    host: '127.0.0.1',
    port: 0,
    threshold: 0.4,
    limits: { bodyLimitBytes: 10_000, requestDeadlineMs: 2_000 },
    log: (line) => logs.push(line),
  });
});
afterAll(() => running.drain());

async function post(
  path: string,
  body: string,
): Promise<{ status: number; json: any; headers: Headers }> {
  const response = await fetch(`${running.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, json: await response.json(), headers: response.headers };
}

async function check(argv: string[], answer: string): Promise<unknown> {
  const io = fakeIo({ stdin: answer });
  await runCli(['check', '--allowlist', SAMPLE, '--format', 'json', ...argv, '-'], io);
  return JSON.parse(io.out());
}

describe('serve: the same verdict as check, from the same function', () => {
  it('listens on 127.0.0.1 by default', () => {
    expect(SERVICE_DEFAULTS.host).toBe('127.0.0.1');
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it.each(ANSWERS)('POST /v1/verify = check --format json: %s', async (answer) => {
    const { status, json } = await post('/v1/verify', JSON.stringify({ answer }));
    expect(status).toBe(200);
    expect(json).toEqual(await check([], answer));
  });

  it.each(ANSWERS)('POST /v1/fix = check --fix --format json: %s', async (answer) => {
    const { status, json } = await post('/v1/fix', JSON.stringify({ answer }));
    expect(status).toBe(200);
    expect(json).toEqual(await check(['--fix'], answer));
  });

  it('a request’s threshold is used', async () => {
    const answer = 'See https://tenant-rights-ma.org/help.';
    const { json } = await post('/v1/verify', JSON.stringify({ answer, threshold: 0.6 }));
    expect(json).toEqual(await check(['--threshold', '0.6'], answer));
    expect(json.pass).toBe(false);
  });

  it('GET /healthz: the allowlist’s counts and when it loaded', async () => {
    const response = await fetch(`${running.url}/healthz`);
    const health = (await response.json()) as any;
    expect(response.status).toBe(200);
    // Counts only: no path, pid or file contents.
    expect(health.allowlist.path).toBeUndefined();
    expect(health.pid).toBeUndefined();
    expect(health.allowlist).toMatchObject({
      organizations: 172,
      urls: 89,
      reloads: 0,
    });
    expect(Date.parse(health.allowlist.loadedAt)).not.toBeNaN();
  });
});

describe('serve: every refusal has its status and says what to do', () => {
  it('400 for JSON that does not parse, with line and column', async () => {
    const { status, json } = await post('/v1/verify', '{"answer":');
    expect(status).toBe(400);
    expect(json.error.code).toBe('INVALID_JSON');
    expect(json.error.message).toMatch(/line 1, column 11/);
  });

  it.each([
    // Two problems: the missing answer is the field; the unknown key is named in the message too.
    ['{"text": "hi"}', '$.answer', /\$\.text: unknown key/],
    ['{"answer": 42}', '$.answer', /the answer text, a string/],
    ['{"answer": "x", "threshold": 2}', '$.threshold', /threshold/],
  ])('400 naming the field: %s', async (body, field, message) => {
    const { status, json } = await post('/v1/verify', body);
    expect(status).toBe(400);
    expect(json.error).toMatchObject({ code: 'INVALID_REQUEST', field });
    expect(json.error.message).toMatch(message);
  });

  it('413 for a body over the limit', async () => {
    const { status, json } = await post(
      '/v1/verify',
      JSON.stringify({ answer: 'x'.repeat(20_000) }),
    );
    expect(status).toBe(413);
    expect(json.error.code).toBe('BODY_TOO_LARGE');
  });

  it('413 for a body over the limit that streams in without a length, read no further', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(running.url);
      const streamed = request(
        {
          host: hostname,
          port,
          path: '/v1/verify',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      streamed.on('error', reject);
      // Chunked (no content-length): the limit (10,000 bytes) is seen while the body arrives.
      streamed.write(`{"answer": "${'x'.repeat(6_000)}`);
      streamed.write('y'.repeat(6_000));
    });
    expect(status).toBe(413);
    expect((await post('/v1/verify', JSON.stringify({ answer: ANSWERS[2] }))).status).toBe(200);
  });

  it('a client gone mid-body costs nothing but its own request', async () => {
    await new Promise<void>((resolve) => {
      const { hostname, port } = new URL(running.url);
      const gone = request({
        host: hostname,
        port,
        path: '/v1/verify',
        method: 'POST',
        headers: { 'content-length': '100', 'content-type': 'application/json' },
      });
      gone.on('error', () => resolve());
      gone.write('{"answer": "', () => setTimeout(() => gone.destroy(), 20));
    });
    expect((await post('/v1/verify', JSON.stringify({ answer: ANSWERS[2] }))).status).toBe(200);
  });

  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['another charset', 'application/json; charset=latin1'],
    ['none', undefined],
  ])('415 naming Content-Type for %s, before the body is read', async (_name, type) => {
    const response = await fetch(`${running.url}/v1/verify`, {
      method: 'POST',
      ...(type === undefined ? {} : { headers: { 'content-type': type } }),
      // A Blob with no type sends no Content-Type at all.
      body: new Blob([JSON.stringify({ answer: ANSWERS[2] })]),
    });
    expect(response.status).toBe(415);
    expect(response.headers.get('connection')).toBe('close');
    expect(((await response.json()) as any).error).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      field: 'Content-Type',
    });
  });

  it('application/json with a UTF-8 charset is taken', async () => {
    const response = await fetch(`${running.url}/v1/verify`, {
      method: 'POST',
      headers: { 'content-type': 'Application/JSON; charset="utf-8"' },
      body: JSON.stringify({ answer: ANSWERS[2] }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).action).toBeDefined();
  });

  it('405 with Allow for the wrong method, 404 for another path', async () => {
    const wrong = await fetch(`${running.url}/v1/verify`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    const missing = await fetch(`${running.url}/v2/verify`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as any).error.code).toBe('NOT_FOUND');
  });

  it('503 when the body does not arrive within the request deadline, and the service lives on', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(running.url);
      const slow = request(
        {
          host: hostname,
          port,
          path: '/v1/verify',
          method: 'POST',
          headers: { 'content-length': '100', 'content-type': 'application/json' },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      slow.on('error', reject);
      slow.write('{"answer": "');
      // The rest never comes: the 2 s deadline answers.
    });
    expect(status).toBe(503);
    expect((await post('/v1/verify', JSON.stringify({ answer: ANSWERS[2] }))).status).toBe(200);
  });
});
