import { Agent } from 'undici';
import type { Failure } from './classify.js';
import { Cancelled, type Stop } from './cancel.js';
import { causeChain, failureFromError } from './failure.js';
import { hostKey } from './resolve.js';
import { Limiter } from './limiter.js';
import {
  readStatusLine,
  requestOnce,
  statusLineMayAnswer,
  type StatusLineSettings,
} from './request.js';

/** Times a request is sent again after an invalid response that may be a HEAD's leftover body. */
export const PROTOCOL_RETRIES = 2;

/** Sent with every request: some servers reject a request that names no language. */
const ACCEPT_LANGUAGE = 'en-US,en;q=0.9';

export interface HttpSettings {
  timeoutMs: number;
  maxBodyBytes: number;
  maxHeaderBytes: number;
  userAgent: string;
  accept: string;
  concurrency: number;
  perHostConcurrency: number;
}

/**
 * One request's result. `body`: at most `maxBodyBytes` of a 2xx GET. A failure's `startedAt`: when
 * it asked for its connection, which a refused origin's retry is timed from (`Crawler`).
 */
export type Exchange =
  | {
      type: 'response';
      status: number;
      headers: Record<string, string>;
      body?: string;
      method: 'HEAD' | 'GET';
    }
  | { type: 'failure'; failure: Failure; startedAt?: number };

/** A lookup failure, carrying its `Failure` so the request's error reports it as is. */
export class LookupRefused extends Error {
  override readonly name = 'LookupRefused';
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

/** The IO edge: one request at a time, through the vetted pool, inside the limits. No verdicts. */
export class HttpClient {
  /** A pool resolving names only through the vetted `lookup`: no DNS rebinding. */
  readonly agent: Agent;
  private readonly limiter: Limiter;

  constructor(
    private readonly settings: HttpSettings,
    /** Any host answered with a status line (proof that egress works). */
    private readonly onResponse: () => void,
    /** A request of `host` got its slot (per-host deadlines run from the first). */
    private readonly onStart: (host: string) => void,
    private readonly now: () => number,
    private readonly byHand: Pick<StatusLineSettings, 'lookup' | 'ca'>,
  ) {
    const { lookup, ca } = byHand;
    this.agent = new Agent({
      maxHeaderSize: settings.maxHeaderBytes,
      // Uncapped, the pool opens a new connection for a request dispatched between a response's
      // end and its connection's return to the pool.
      connections: settings.perHostConcurrency,
      connect: {
        lookup,
        timeout: settings.timeoutMs,
        ...(ca ? { ca } : {}),
      },
    });
    this.limiter = new Limiter(settings.concurrency, settings.perHostConcurrency);
    this.headers = {
      'user-agent': settings.userAgent,
      accept: settings.accept,
      'accept-language': ACCEPT_LANGUAGE,
    };
  }

  /** Origins where a HEAD kept its connection open, and those where that went wrong (`send`). */
  private readonly headKeptAlive = new Set<string>();
  private readonly headCloses = new Set<string>();
  private readonly headers: Record<string, string>;

  /**
   * One request, within the limits and the timeout; never rejects. HEADs keep their connection
   * (undici closes it, in case of a stray body: a handshake per link); an invalid response after
   * one is taken as such a body, and the origin's HEADs close from then on (`PROTOCOL_RETRIES`).
   */
  async send(
    url: URL,
    method: 'HEAD' | 'GET',
    readBody: boolean,
    followUp = false,
    link?: Stop,
  ): Promise<Exchange> {
    const signal = link?.signal;
    const origin = url.origin;
    const host = hostKey(url.hostname);
    return this.limiter
      .run(
        host,
        async () => {
          this.onStart(host);
          for (let attempt = 0; ; attempt++) {
            const keepAlive = method === 'GET' || !this.headCloses.has(origin);
            const startedAt = this.now();
            const exchange = await this.once(url, host, method, readBody, keepAlive, signal);
            if (signal?.aborted) return stopped(signal.reason, host);
            if (exchange.type === 'response') {
              if (method === 'HEAD' && keepAlive) this.headKeptAlive.add(origin);
              return exchange;
            }
            exchange.startedAt = startedAt;
            if (
              exchange.failure.kind !== 'protocol' ||
              !this.headKeptAlive.has(origin) ||
              attempt >= PROTOCOL_RETRIES
            )
              return exchange;
            this.headCloses.add(origin);
          }
        },
        followUp,
        link,
      )
      .catch((error: unknown) =>
        signal?.aborted ? stopped(signal.reason, host) : Promise.reject(error),
      );
  }

  private async once(
    url: URL,
    host: string,
    method: 'HEAD' | 'GET',
    readBody: boolean,
    keepAlive: boolean,
    signal: AbortSignal | undefined,
  ): Promise<Exchange> {
    const { timeoutMs, maxBodyBytes, maxHeaderBytes } = this.settings;
    let outcome = await requestOnce(this.agent, url, {
      method,
      headers: this.headers,
      timeoutMs,
      maxBodyBytes,
      readBody,
      keepAlive,
      signal,
    });
    if (outcome.type === 'error' && statusLineMayAnswer(outcome.error))
      outcome = await readStatusLine(
        url,
        method,
        { ...this.byHand, timeoutMs, maxHeaderBytes, headers: this.headers },
        signal,
      );
    if (outcome.type === 'error')
      return {
        type: 'failure',
        failure:
          attachedFailure(outcome.error) ?? failureFromError(outcome.error, { host, timeoutMs }),
      };
    this.onResponse();
    // Built field by field: an object spread here was a measurable part of every request.
    const { status, headers, body } = outcome;
    return body === undefined
      ? { type: 'response', status, headers, method }
      : { type: 'response', status, headers, method, body };
  }

  /**
   * HEAD first; then GET (a follow-up) for any HEAD status but 2xx, 3xx and 429 (servers answer
   * HEAD with 405, 403, 501, even 404 for pages a GET finds), or a HEAD the server drops.
   */
  async exchange(url: URL, followUp = false, link?: Stop): Promise<Exchange> {
    const head = await this.send(url, 'HEAD', false, followUp, link);
    if (head.type === 'response') {
      if ((head.status >= 200 && head.status < 400) || head.status === 429) return head;
    } else if (!['reset', 'protocol', 'other'].includes(head.failure.kind)) {
      return head;
    }
    return this.send(url, 'GET', true, true, link);
  }
}

/** What a request of an aborted link (`reason`: why) answers: no verdict can rest on it. */
export function stopped(reason: unknown, host: string): Exchange {
  const message =
    reason instanceof Cancelled
      ? `not finished: ${reason.message}`
      : 'not finished: the check was stopped';
  return {
    type: 'failure',
    failure: {
      kind: 'closed',
      code: reason instanceof Cancelled && reason.why === 'deadline' ? 'deadline' : 'closed',
      host,
      message,
    },
  };
}

function attachedFailure(error: unknown): Failure | undefined {
  return causeChain(error).find((link) => link instanceof LookupRefused)?.failure;
}
