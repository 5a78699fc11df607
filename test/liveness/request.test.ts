import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { Cancelled } from '../../src/liveness/cancel.js';
import { requestOnce, type RawRequest } from '../../src/liveness/request.js';

/**
 * One exchange, against real servers on 127.0.0.1: the timeout bounds the whole exchange, a body
 * cut off after the status line still answers, at most `maxBodyBytes` kept, interim 1xx skipped,
 * and a stopped exchange answers at once.
 */

const open: Array<{ server: Server; agent: Agent }> = [];
afterEach(async () => {
  for (const { server, agent } of open.splice(0)) {
    await agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: (path: string) => URL; agent: Agent }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent();
  open.push({ server, agent });
  return { url: (path) => new URL(`http://127.0.0.1:${port}${path}`), agent };
}

const base: RawRequest = {
  method: 'GET',
  headers: {},
  timeoutMs: 2000,
  maxBodyBytes: 1000,
  readBody: true,
  keepAlive: true,
};

describe('requestOnce', () => {
  it('keeps the body of a 2xx GET, at most maxBodyBytes of it', async () => {
    const { url, agent } = await serve((_request, response) =>
      response.end(`<title>x</title>${'a'.repeat(5000)}`),
    );
    const outcome = await requestOnce(agent, url('/'), base);
    expect(outcome.type).toBe('response');
    if (outcome.type !== 'response') return;
    expect(outcome.status).toBe(200);
    expect(outcome.body?.length).toBe(1000);
    expect(outcome.body?.startsWith('<title>x</title>')).toBe(true);
  });

  it('keeps no body of a HEAD, of a non-2xx, or when not asked to', async () => {
    const { url, agent } = await serve((request, response) => {
      response.statusCode = request.url === '/missing' ? 404 : 200;
      response.end('<title>Not here</title>');
    });
    for (const [path, options] of [
      ['/', { ...base, method: 'HEAD' }],
      ['/missing', base],
      ['/', { ...base, readBody: false }],
    ] as const) {
      const outcome = await requestOnce(agent, url(path), options);
      expect(outcome).toMatchObject({ type: 'response' });
      expect(outcome.type === 'response' && outcome.body).toBeUndefined();
    }
  });

  it('answers with the status and what was read when the body stops coming before the timeout ends', async () => {
    const { url, agent } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<title>Slow page</title>');
      // The rest never comes.
    });
    const started = performance.now();
    const outcome = await requestOnce(agent, url('/'), { ...base, timeoutMs: 300 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(outcome).toEqual({
      type: 'response',
      status: 200,
      headers: expect.objectContaining({ 'content-type': 'text/html' }),
      body: '<title>Slow page</title>',
    });
  });

  it('bounds the whole exchange: a body that trickles forever ends at the timeout', async () => {
    const { url, agent } = await serve((_request, response) => {
      response.writeHead(200);
      // A byte every 50 ms: undici's own body timeout (one wait) never fires.
      const timer = setInterval(() => response.write('a'), 50);
      response.on('close', () => clearInterval(timer));
    });
    const started = performance.now();
    const outcome = await requestOnce(agent, url('/'), { ...base, timeoutMs: 400 });
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(350);
    expect(took).toBeLessThan(2000);
    expect(outcome.type).toBe('response');
  });

  it('fails with a TimeoutError when no status line comes', async () => {
    const { url, agent } = await serve(() => undefined);
    const outcome = await requestOnce(agent, url('/'), { ...base, timeoutMs: 300 });
    expect(outcome.type).toBe('error');
    expect(outcome.type === 'error' && (outcome.error as Error).name).toBe('TimeoutError');
  });

  it('skips interim 1xx answers', async () => {
    const { url, agent } = await serve((_request, response) => {
      response.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' });
      response.end('<title>After hints</title>');
    });
    const outcome = await requestOnce(agent, url('/'), base);
    expect(outcome).toMatchObject({
      type: 'response',
      status: 200,
      body: '<title>After hints</title>',
    });
  });

  it('keeps header names such as __proto__ as headers', async () => {
    const { url, agent } = await serve((_request, response) => {
      response.setHeader('__proto__', 'x');
      response.setHeader('constructor', 'y');
      response.setHeader('set-cookie', ['a=1', 'b=2']);
      response.end();
    });
    const outcome = await requestOnce(agent, url('/'), base);
    expect(outcome.type === 'response' && Object.getPrototypeOf(outcome.headers)).toBeNull();
    expect(outcome.type === 'response' && { ...outcome.headers }).toMatchObject({
      ['__proto__']: 'x',
      constructor: 'y',
      'set-cookie': 'a=1, b=2',
    });
  });

  it("fails with the link's abort reason when the link is aborted before the status line, and its socket closes", async () => {
    let closed = false;
    const { url, agent } = await serve((request) =>
      request.socket.on('close', () => (closed = true)),
    );
    const controller = new AbortController();
    const pending = requestOnce(agent, url('/'), { ...base, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort(new Cancelled('deadline'));
    const outcome = await pending;
    expect(outcome.type === 'error' && outcome.error).toBeInstanceOf(Cancelled);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(true);
  });

  it('does not send a request whose link was aborted before it started', async () => {
    let seen = 0;
    const { url, agent } = await serve((_request, response) => {
      seen++;
      response.end();
    });
    const controller = new AbortController();
    controller.abort(new Cancelled('closed'));
    const outcome = await requestOnce(agent, url('/'), { ...base, signal: controller.signal });
    expect(outcome.type === 'error' && outcome.error).toBeInstanceOf(Cancelled);
    expect(seen).toBe(0);
  });

  it('answers at once when stopped while still queued in the pool, and that request is never sent', async () => {
    let seen = 0;
    const server = createServer(() => {
      seen++;
      // Never answers: the one connection stays busy.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ connections: 1 });
    open.push({ server, agent });
    const url = new URL(`http://127.0.0.1:${port}/`);
    void requestOnce(agent, url, base);
    const controller = new AbortController();
    const queued = requestOnce(agent, url, { ...base, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = performance.now();
    controller.abort(new Cancelled('deadline'));
    const outcome = await queued;
    expect(performance.now() - stopped).toBeLessThan(50);
    expect(outcome.type === 'error' && outcome.error).toBeInstanceOf(Cancelled);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toBe(1);
  });
});
