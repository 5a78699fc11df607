import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICE_DEFAULTS } from '../defaults.js';
import { jsonLine } from '../format/escape.js';
import { checkContentType, parseVerifyRequest, readBody, Refusal } from './request.js';
import type { Verifier } from './verifier.js';

/**
 * The HTTP service, on Node's own `http` (three routes need no router). Verifications run in the
 * verification thread through `guardWithIndex`, the function behind `check`: `check`'s verdicts.
 */
export interface ServiceOptions {
  verifier: Verifier;
  /** When a request names none; no jurisdiction: the allowlist's own, if any. */
  threshold: number;
  jurisdiction?: string;
  limits?: Partial<ServiceLimits>;
  /** Names a `Host` header may give besides the bound address and loopback (`--allowed-host`). */
  allowedHosts?: readonly string[];
  /** The address asked for (`--host`), also accepted as a `Host`. */
  host: string;
  log: (line: string) => void;
}

export type ServiceLimits = {
  -readonly [K in keyof typeof SERVICE_DEFAULTS]: (typeof SERVICE_DEFAULTS)[K] extends number
    ? number
    : string;
};

export interface Service {
  server: Server;
  limits: ServiceLimits;
  inFlight(): number;
}

const ROUTES: Record<string, string> = {
  '/healthz': 'GET',
  '/v1/verify': 'POST',
  '/v1/fix': 'POST',
};

export function createService(options: ServiceOptions): Service {
  const limits: ServiceLimits = { ...SERVICE_DEFAULTS, ...options.limits };
  let inFlight = 0;
  const started = Date.now();
  const server = createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      // Node checks both timeouts this often (30 s by default, which cut slow headers at 30 s).
      connectionsCheckingInterval: 1_000,
    },
    (request, response) => {
      inFlight++;
      response.once('close', () => inFlight--);
      handle(request, response).catch((error: unknown) => {
        options.log(`citation-verifier serve: unexpected error: ${String(error)}`);
        if (!response.headersSent)
          send(response, 500, {
            error: { code: 'INTERNAL', message: 'unexpected error; see the service log' },
          });
        else response.destroy();
      });
    },
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  const checkHost = hostGuard(server, options);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const arrived = Date.now();
    const path = (request.url ?? '/').split('?')[0]!;
    const method = ROUTES[path];
    try {
      checkHost(request.headers.host);
      if (method === undefined)
        throw new Refusal(
          404,
          'NOT_FOUND',
          `no route ${path}; the routes are ${Object.keys(ROUTES).join(', ')}`,
        );
      if (request.method !== method) {
        response.setHeader('allow', method);
        throw new Refusal(
          405,
          'METHOD_NOT_ALLOWED',
          `${path} takes ${method}, not ${request.method}`,
        );
      }
      if (path === '/healthz') {
        send(response, 200, health(server, options, limits, started, inFlight));
        return;
      }
      sendText(response, 200, await answer(options, limits, request, path, arrived));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      send(response, error.status, {
        error: {
          code: error.code,
          message: error.message,
          ...(error.field ? { field: error.field } : {}),
        },
      });
    }
  }

  return { server, limits, inFlight: () => inFlight };
}

/**
 * A `Host` naming none of the allowed names is refused (421): a page whose name an attacker points
 * at this machine (DNS rebinding) sends its own name, and could otherwise read the answers.
 */
function hostGuard(server: Server, options: ServiceOptions): (header: string | undefined) => void {
  // On the first request: the bound address is known only once listening.
  let allowed: Set<string> | undefined;
  return (header) => {
    allowed ??= new Set(
      [
        '127.0.0.1',
        'localhost',
        '::1',
        (server.address() as AddressInfo | null)?.address,
        options.host,
        ...(options.allowedHosts ?? []),
      ]
        .filter((name): name is string => name !== undefined && name !== '')
        .map(bareHost),
    );
    const name = header === undefined ? undefined : hostName(header);
    if (name !== undefined && allowed.has(name)) return;
    throw new Refusal(
      421,
      'HOST_NOT_ALLOWED',
      `the Host header ${header === undefined ? 'is missing' : `${JSON.stringify(header)} names no address this service answers for`}; use the address it listens on, or start it with --allowed-host NAME`,
      'Host',
    );
  };
}

/** The name of a `Host` header without its port, lower case, or undefined when it is not one. */
function hostName(header: string): string | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^:\s[\]]+)(?::\d{1,5})?$/i.exec(header.trim());
  return match ? bareHost(match[1]!) : undefined;
}

/** `[::1]` and `::1` are one name; names are case-insensitive. */
function bareHost(name: string): string {
  return name.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/** What `/healthz` says: what a caller needs to judge the service, no path, pid or contents. */
function health(
  server: Server,
  options: ServiceOptions,
  limits: ServiceLimits,
  started: number,
  inFlight: number,
): object {
  return {
    status: 'ok',
    // Which of `--workers N` answered (1 to N, never a pid); absent with one process.
    ...(cluster.worker ? { worker: cluster.worker.id } : {}),
    // The port bound, which differs from the one asked for when that was 0.
    port: (server.address() as AddressInfo | null)?.port ?? null,
    uptime_ms: Date.now() - started,
    in_flight: inFlight,
    allowlist: options.verifier.health,
    jurisdiction: options.jurisdiction ?? null,
    limits,
  };
}

/** A verification request's JSON answer, all within its deadline from `arrived`. */
async function answer(
  options: ServiceOptions,
  limits: ServiceLimits,
  request: IncomingMessage,
  path: string,
  arrived: number,
): Promise<string> {
  checkContentType(request.headers['content-type']);
  const text = await readBody(request, limits.bodyLimitBytes, limits.requestDeadlineMs);
  const body = parseVerifyRequest(text);
  const jurisdiction = body.jurisdiction ?? options.jurisdiction;
  return options.verifier.verify(
    {
      route: path === '/v1/fix' ? '/v1/fix' : '/v1/verify',
      answer: body.answer,
      settings: {
        threshold: body.threshold ?? options.threshold,
        liveness: false,
        ...(body.failOnMisattribution ? { failOnMisattribution: true } : {}),
        ...(jurisdiction === undefined ? {} : { jurisdiction }),
      },
    },
    limits.requestDeadlineMs - (Date.now() - arrived),
    limits.requestDeadlineMs,
  );
}

function send(response: ServerResponse, status: number, body: unknown): void {
  sendText(response, status, jsonLine(body));
}

function sendText(response: ServerResponse, status: number, text: string): void {
  // The rest of such a body is not read, so the connection cannot be reused.
  if (status === 413 || status === 415 || status === 503) response.setHeader('connection', 'close');
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
