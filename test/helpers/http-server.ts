import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/**
 * A real HTTP server on 127.0.0.1, port 0, with scripted routes, torn down when the test that
 * started it finishes. Links in tests use made-up reserved names (`live.test`) pinned to
 * 127.0.0.1 with this server's port, so nothing ever leaves the machine.
 */

/** A scripted answer. `delayMs` holds the response back (for timeouts). */
export interface Scripted {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}

/**
 * How a path answers: one scripted answer; a list answered in turn (the last one repeats), counted
 * per path over every method; a per-method table; or a handler.
 */
export type Route =
  | Scripted
  | Scripted[]
  | { byMethod: Partial<Record<'HEAD' | 'GET', Scripted>> }
  | ((request: IncomingMessage, response: ServerResponse) => void | Promise<void>);

export interface Hit {
  method: string;
  path: string;
  /** The Host header without its port. */
  host: string;
  headers: IncomingMessage['headers'];
}

export interface TestServer {
  /** `http://127.0.0.1:PORT` (or https). */
  url: string;
  port: number;
  /** Every request received, in order. */
  hits: Hit[];
  /** The most requests that were in flight at once, for one Host or (no argument) overall. */
  maxInFlight(host?: string): number;
  /** TCP connections accepted so far (keep-alive reuses them). */
  connections(): number;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Answer for paths without a route (default 404). */
  fallback?: Route;
  /** Serve HTTPS with this certificate and key (PEM). */
  tls?: { cert: string; key: string };
  /** Listen on this port instead of a free one (a server coming back where one refused). */
  port?: number;
}

/** Start a server; call it inside a test (it registers its own teardown with `onTestFinished`). */
export async function startHttpServer(
  routes: Record<string, Route>,
  options: ServerOptions = {},
): Promise<TestServer> {
  const hits: Hit[] = [];
  const counters = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const maxima = new Map<string, number>();
  let overall = 0;
  let overallMax = 0;

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    hits.push({ method: request.method ?? 'GET', path, host, headers: request.headers });
    overall++;
    overallMax = Math.max(overallMax, overall);
    const now = (inFlight.get(host) ?? 0) + 1;
    inFlight.set(host, now);
    maxima.set(host, Math.max(maxima.get(host) ?? 0, now));
    response.on('close', () => {
      overall--;
      inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
    });

    const route = routes[path] ?? options.fallback ?? { status: 404, body: 'no route' };
    if (typeof route === 'function') {
      await route(request, response);
      return;
    }
    let scripted: Scripted;
    if (Array.isArray(route)) {
      const index = counters.get(path) ?? 0;
      counters.set(path, index + 1);
      scripted = route[Math.min(index, route.length - 1)] ?? {};
    } else if ('byMethod' in route) {
      scripted = route.byMethod[(request.method ?? 'GET') as 'HEAD' | 'GET'] ?? { status: 405 };
    } else {
      scripted = route;
    }
    if (scripted.delayMs) await new Promise((resolve) => setTimeout(resolve, scripted.delayMs));
    if (response.destroyed) return;
    response.writeHead(scripted.status ?? 200, {
      'content-type': 'text/html; charset=utf-8',
      ...scripted.headers,
    });
    response.end(scripted.body ?? '');
  };

  const listener = (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  };
  const server: Server = options.tls
    ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, listener)
    : createHttpServer(listener);
  let connections = 0;
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  onTestFinished(close);

  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    hits,
    maxInFlight: (host) => (host === undefined ? overallMax : (maxima.get(host) ?? 0)),
    connections: () => connections,
    close,
  };
}

/** A port on 127.0.0.1 with nothing listening (bound, then released), for "connection refused". */
export async function closedPort(): Promise<number> {
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
