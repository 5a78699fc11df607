/**
 * The liveness benchmark's web server, in its own process so that serving does not compete with
 * the checkers being timed for the same event loop. Listens on 127.0.0.1, port 0, answers every
 * host name by the shared plan (`liveness-plan.ts`), and counts requests in flight per Host.
 *
 * IPC: sends `{type: 'ready', port}`; answers `{type: 'reset'}` and `{type: 'stats'}`; serves the
 * workload named by `{type: 'plan', workload, limits}` (none until told) and the HTML page listing
 * the links (for linkinator) once sent `{type: 'index', urls}`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  planLinks,
  type PlanLimits,
  type PlannedLink,
  type Workload,
} from '../lib/liveness-plan.js';

let plan: PlannedLink[] = [];
/** Emulated network round trip: every request waits one, a request on a new connection three more. */
let rttMs = 0;
const seenSockets = new WeakSet<object>();
let indexHtml = '<!doctype html><title>links</title>';
let inFlight = new Map<string, number>();
let maxima = new Map<string, number>();
let requests = 0;
let connections = 0;
let overall = 0;
let overallMax = 0;

function send(
  response: ServerResponse,
  status: number,
  headers: Record<string, string> = {},
  body = '',
): void {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
  response.end(body);
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (rttMs > 0) {
    const fresh = !seenSockets.has(request.socket);
    seenSockets.add(request.socket);
    // A new connection costs the TCP and the TLS handshake (one round trip each, TLS 1.3) first.
    await new Promise((resolve) => setTimeout(resolve, rttMs * (fresh ? 3 : 1)));
  }
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  if (path === '/__index') return send(response, 200, {}, indexHtml);
  // The stale row's links: /s/STATUS/N answers STATUS; a 301 goes to /s/200/N.
  const fixed = /^\/s\/(200|404|500|301)\/(\d+)$/.exec(path);
  if (fixed) {
    if (fixed[1] === '301') return send(response, 301, { location: `/s/200/${fixed[2]}` });
    return send(response, Number(fixed[1]), {}, `<title>Page ${fixed[2]}</title>`);
  }
  const match = /^\/p\/(\d+)(\/moved)?$/.exec(path);
  const link = match ? plan[Number(match[1])] : undefined;
  if (!link) return send(response, 404, {}, '<title>Not Found</title><h1>Not Found</h1>');
  if (match?.[2]) return send(response, 200, {}, `<title>Moved page ${link.index}</title>`);
  switch (link.kind) {
    case 'slow':
      await new Promise((resolve) => setTimeout(resolve, link.delayMs));
      return send(response, 200, {}, `<title>Slow page ${link.index}</title>`);
    case 'not-found':
      return send(response, 404, {}, '<title>Not Found</title><h1>Not Found</h1>');
    case 'gone':
      return send(response, 410, {}, '<title>Gone</title>');
    case 'redirect':
      return send(response, 301, { location: `${link.path}/moved` });
    case 'head-405':
      return request.method === 'HEAD'
        ? send(response, 405, { allow: 'GET' })
        : send(response, 200, {}, `<title>Page ${link.index}</title>`);
    default:
      return send(response, 200, {}, `<title>Page ${link.index}</title>`);
  }
}

const server = createServer((request, response) => {
  const host = (request.headers.host ?? '').replace(/:\d+$/, '');
  requests++;
  overall++;
  overallMax = Math.max(overallMax, overall);
  const now = (inFlight.get(host) ?? 0) + 1;
  inFlight.set(host, now);
  maxima.set(host, Math.max(maxima.get(host) ?? 0, now));
  let done = false;
  const finish = (): void => {
    if (done) return;
    done = true;
    overall--;
    inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
  };
  response.on('finish', finish);
  response.on('close', finish);
  handle(request, response).catch((error: unknown) => send(response, 500, {}, String(error)));
});
server.keepAliveTimeout = 30_000;
server.on('connection', () => {
  connections++;
});

process.on(
  'message',
  (message: {
    type: string;
    urls?: string[];
    workload?: Workload;
    limits?: PlanLimits;
    rttMs?: number;
  }) => {
    if (message.type === 'plan' && message.workload && message.limits) {
      plan = planLinks(message.workload, message.limits);
      rttMs = message.rttMs ?? 0;
      process.send?.({ type: 'plan-done' });
    } else if (message.type === 'reset') {
      inFlight = new Map();
      maxima = new Map();
      requests = 0;
      connections = 0;
      overall = 0;
      overallMax = 0;
      process.send?.({ type: 'reset-done' });
    } else if (message.type === 'index') {
      indexHtml = `<!doctype html><title>links</title><ul>${(message.urls ?? []).map((url) => `<li><a href="${url}">${url}</a></li>`).join('')}</ul>`;
      process.send?.({ type: 'index-done' });
    } else if (message.type === 'stats') {
      const perHostMax = Math.max(
        0,
        ...[...maxima.entries()].filter(([host]) => host.startsWith('h')).map(([, value]) => value),
      );
      process.send?.({ type: 'stats', requests, connections, overallMax, perHostMax });
    } else if (message.type === 'close') {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    }
  },
);

server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'ready', port: (server.address() as AddressInfo).port });
});
