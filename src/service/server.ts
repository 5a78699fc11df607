import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { SERVICE_DEFAULTS } from '../defaults.js';
import { jsonLine } from '../format/escape.js';
import { toJson } from '../format/formatters.js';
import { fixJson } from '../format/repair.js';
import { guardWithIndex } from '../run.js';
import type { AllowlistHolder } from './allowlist-holder.js';
import { parseVerifyRequest, readBody, Refusal } from './request.js';

/**
 * The HTTP service over the library. Node's own `http` module: three routes need no router, and a
 * framework would add a dependency and a second idea of limits to what `http.Server` already
 * offers (`requestTimeout`, `headersTimeout`, `maxHeaderSize`). Each request calls
 * `guardWithIndex`, the function behind `check`, so the service's verdict is `check`'s.
 */
export interface ServiceOptions {
  holder: AllowlistHolder;
  /** The pass threshold when a request names none. */
  threshold: number;
  /** The jurisdiction (a code) when a request names none; absent: the allowlist's own, if any. */
  jurisdiction?: string;
  limits?: Partial<ServiceLimits>;
  /** Where the service says what happened (standard error). */
  log?: (line: string) => void;
}

export type ServiceLimits = {
  -readonly [K in keyof typeof SERVICE_DEFAULTS]: (typeof SERVICE_DEFAULTS)[K] extends number
    ? number
    : string;
};

export interface Service {
  server: Server;
  limits: ServiceLimits;
  /** Requests being answered now. */
  inFlight(): number;
}

const ROUTES: Record<string, string> = {
  '/healthz': 'GET',
  '/v1/verify': 'POST',
  '/v1/fix': 'POST',
};

export function createService(options: ServiceOptions): Service {
  const limits: ServiceLimits = { ...SERVICE_DEFAULTS, ...options.limits };
  const log = options.log ?? (() => {});
  let inFlight = 0;
  const started = Date.now();
  const server = createServer(
    { maxHeaderSize: limits.maxHeaderBytes, requestTimeout: limits.requestTimeoutMs },
    (request, response) => {
      inFlight++;
      response.once('close', () => inFlight--);
      handle(request, response).catch((error: unknown) => {
        // Nothing a request does may end the process: the last net under every route.
        log(`citation-verifier serve: unexpected error: ${String(error)}`);
        if (!response.headersSent)
          send(response, 500, {
            error: { code: 'INTERNAL', message: 'unexpected error; see the service log' },
          });
        else response.destroy();
      });
    },
  );
  server.headersTimeout = limits.headersTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0]!;
    const method = ROUTES[path];
    try {
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
        send(response, 200, {
          status: 'ok',
          pid: process.pid,
          uptime_ms: Date.now() - started,
          in_flight: inFlight,
          allowlist: options.holder.health,
          jurisdiction: options.jurisdiction ?? null,
          limits,
        });
        return;
      }
      send(response, 200, await answer(options, limits, request, path));
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

/** One verification request's answer: its body read and checked, then `check`'s verdict (or `--fix`'s). */
async function answer(
  options: ServiceOptions,
  limits: ServiceLimits,
  request: IncomingMessage,
  path: string,
): Promise<Record<string, unknown>> {
  const text = await readBody(request, limits.bodyLimitBytes, limits.requestDeadlineMs);
  const body = parseVerifyRequest(text);
  // Taken once: a reload while this request runs does not change its allowlist.
  const index = options.holder.current;
  const jurisdiction = body.jurisdiction ?? options.jurisdiction;
  const { report, repair } = await guardWithIndex(index, body.answer, {
    threshold: body.threshold ?? options.threshold,
    liveness: false,
    ...(jurisdiction === undefined ? {} : { jurisdiction }),
    ...(body.failOnMisattribution ? { failOnMisattribution: true } : {}),
  });
  return path === '/v1/fix' ? fixJson(body.answer, report, repair) : toJson(report);
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = jsonLine(body);
  // After a 413 the rest of the body is not read, so the connection cannot be reused.
  if (status === 413) response.setHeader('connection', 'close');
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
