import { randomBytes } from 'node:crypto';
import {
  pageSaysNotFound,
  type Evidence,
  type Failure,
  type FailureEvidence,
  type ResponseEvidence,
  type Soft404Evidence,
} from './classify.js';
import type { HostVetting } from './hosts.js';
import { SharedWork, abortableSleep, type Stop } from './cancel.js';
import { stopped, type Exchange, type HttpClient } from './http.js';
import { retryDecision, type RetrySettings } from './retry.js';

/** What fetching a link saw; `body`: a 2xx GET's, for the soft-404 check. */
export type Crawled = Evidence & { body?: string };

interface HopResult {
  url: URL;
  exchange: Exchange;
  attempts: number;
  retryAfterMs?: number;
}

export interface CrawlerSettings {
  maxRedirects: number;
  retry: RetrySettings;
  sleep?: (ms: number) => Promise<void>;
  now: () => number;
}

/** Fetching one link: hops vetted, HEAD then GET, retries, redirects by hand, scheme fallback. */
export class Crawler {
  /**
   * Each refusing origin's one retry, shared by its links (20 links to a server that is down wait
   * for one retry), kept while it refuses. Timed from when the refused attempt asked for its
   * connection, not when the refusal was read: the proof is two attempts the wait apart.
   */
  private readonly refusals = new Map<string, SharedWork<Exchange>>();
  /** Origins whose https port speaks plain HTTP (or is closed while http works). */
  private readonly plainHttpOrigins = new Set<string>();

  constructor(
    private readonly hosts: HostVetting,
    private readonly http: HttpClient,
    private readonly settings: CrawlerSettings,
  ) {}

  /**
   * Follow a link through its redirects. `fallback`: no scheme was written. `followUp`: the whole
   * crawl continues a started link (the soft-404 probe). `link` aborted: a `closed` failure.
   */
  async crawl(start: URL, fallback: boolean, followUp = false, link?: Stop): Promise<Crawled> {
    const { maxRedirects } = this.settings;
    let current = start;
    let redirects = 0;
    const failed = (failure: Failure, attempts: number): FailureEvidence => ({
      type: 'failure',
      url: start.href,
      finalUrl: current.href,
      redirects,
      attempts,
      failure,
    });
    for (;;) {
      const resolution = await this.hosts.resolve(current.hostname, link);
      if (!resolution.ok) return failed(resolution.failure, 0);
      const later = followUp || redirects > 0;
      const step =
        fallback && redirects === 0
          ? await this.firstHop(current, later, link)
          : await this.hop(current, true, later, link);
      current = step.url;
      const { exchange } = step;
      if (exchange.type === 'failure') return failed(exchange.failure, step.attempts);
      const location = exchange.headers.location;
      if (exchange.status >= 300 && exchange.status < 400 && location !== undefined) {
        const next = redirectTarget(current, location, redirects, maxRedirects);
        if (!(next instanceof URL)) return failed(next, step.attempts);
        redirects++;
        current = next;
        continue;
      }
      return {
        type: 'response',
        url: start.href,
        finalUrl: current.href,
        redirects,
        attempts: step.attempts,
        status: exchange.status,
        headers: exchange.headers,
        ...(step.retryAfterMs !== undefined ? { retryAfterMs: step.retryAfterMs } : {}),
        ...(exchange.body !== undefined ? { body: exchange.body } : {}),
      };
    }
  }

  /** One hop with retries. `retryRefused: false` when another scheme will be tried instead. */
  private async hop(
    url: URL,
    retryRefused: boolean,
    followUp: boolean,
    link: Stop | undefined,
  ): Promise<HopResult> {
    const { retry, sleep, now } = this.settings;
    const aborted = (): boolean => link?.signal.aborted === true;
    let exchange = await this.http.exchange(url, followUp, link);
    for (let attempt = 0; ; attempt++) {
      const decision = retryDecision(
        exchange.type === 'response'
          ? {
              type: 'response',
              status: exchange.status,
              retryAfter: exchange.headers['retry-after'],
            }
          : {
              type: 'failure',
              kind:
                exchange.failure.kind === 'refused' && !retryRefused
                  ? 'no-retry'
                  : exchange.failure.kind,
            },
        attempt,
        retry,
        now(),
      );
      if (!decision.retry || aborted()) {
        return {
          url,
          exchange,
          attempts: attempt + 1,
          ...(!decision.retry && decision.retryAfterMs !== undefined
            ? { retryAfterMs: decision.retryAfterMs }
            : {}),
        };
      }
      if (isRefusal(exchange)) {
        const { startedAt } = exchange;
        const shared = this.retryOrigin(
          url,
          startedAt === undefined
            ? decision.delayMs
            : Math.max(0, startedAt + decision.delayMs - now()),
          link,
        );
        const retried = await shared.retried;
        // The origin's retry is this link's when it made it or the origin still refuses; when
        // the origin answers again, this link asks for itself.
        exchange =
          shared.mine || isRefusal(retried) || aborted()
            ? retried
            : await this.http.exchange(url, true, link);
      } else {
        await abortableSleep(sleep, decision.delayMs, link?.signal);
        exchange = await this.http.exchange(url, true, link);
      }
    }
  }

  /** The origin's one shared retry; started afresh by the next link once no link waits for it. */
  private retryOrigin(
    url: URL,
    delayMs: number,
    link: Stop | undefined,
  ): { retried: Promise<Exchange>; mine: boolean } {
    const origin = url.origin;
    const onAbort = (): Exchange => stopped(link?.signal.reason, url.hostname);
    const pending = this.refusals.get(origin);
    if (pending && !pending.abandoned)
      return { retried: pending.join(link?.signal, onAbort), mine: false };
    const work = new SharedWork<Exchange>(async (shared) => {
      await abortableSleep(this.settings.sleep, delayMs, shared.signal);
      return this.http.exchange(url, true, shared);
    });
    this.refusals.set(origin, work);
    void work.result.then((exchange) => {
      if (!isRefusal(exchange) && this.refusals.get(origin) === work) this.refusals.delete(origin);
    });
    return { retried: work.join(link?.signal, onAbort), mine: true };
  }

  private async firstHop(url: URL, followUp: boolean, link: Stop | undefined): Promise<HopResult> {
    if (url.protocol !== 'https:') return this.hop(url, true, followUp, link);
    const plain = new URL(url.href);
    plain.protocol = 'http:';
    if (this.plainHttpOrigins.has(url.host)) return this.hop(plain, true, followUp, link);
    const secure = await this.hop(url, false, followUp, link);
    if (secure.exchange.type !== 'failure') return secure;
    const failure = secure.exchange.failure;
    if (!(failure.kind === 'refused' || (failure.kind === 'tls' && failure.plainHttp === true)))
      return secure;
    const fallback = await this.hop(plain, true, true, link);
    if (fallback.exchange.type === 'response') {
      this.plainHttpOrigins.add(url.host);
      return fallback;
    }
    // The port spoke neither TLS nor HTTP: the TLS failure is the better description. (A timeout
    // over http says more: the server speaks HTTP but is slow.)
    if (
      failure.kind === 'tls' &&
      ['protocol', 'reset', 'other'].includes(fallback.exchange.failure.kind)
    )
      return secure;
    if (fallback.exchange.failure.kind === 'refused') {
      const both = {
        ...fallback.exchange.failure,
        message: `${fallback.exchange.failure.host ?? url.hostname} refused the connection on https and on http`,
      };
      return { ...fallback, exchange: { type: 'failure', failure: both } };
    }
    return fallback;
  }
}

/** Where a redirect goes (no fragment), or the failure that ends the crawl there. */
function redirectTarget(
  current: URL,
  location: string,
  redirects: number,
  maxRedirects: number,
): URL | Failure {
  const failed = (kind: 'too-many-redirects' | 'bad-redirect', message: string): Failure => ({
    kind,
    code: kind,
    host: current.hostname,
    message,
  });
  if (redirects >= maxRedirects)
    return failed(
      'too-many-redirects',
      `more than ${maxRedirects} redirects (stopped at ${current.href}, which redirects again)`,
    );
  let next: URL;
  try {
    next = new URL(location, current);
  } catch {
    return failed(
      'bad-redirect',
      `${current.href} redirects to ${JSON.stringify(location)}, which is not an address`,
    );
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:')
    return failed('bad-redirect', `${current.href} redirects to a ${next.protocol} address`);
  next.hash = '';
  return next;
}

function isRefusal(exchange: Exchange): exchange is Extract<Exchange, { type: 'failure' }> {
  return exchange.type === 'failure' && exchange.failure.kind === 'refused';
}

/** Paths probed for soft 404s start with this, so server logs say who asked. */
export const SOFT_404_PROBE_PREFIX = '/citation-verifier-soft-404-probe-';

/**
 * Soft 404s: a 2xx below a host's root is compared with a made-up path on its origin (probed once
 * per origin). If that answers 2xx too, the page's own text decides: broken or inconclusive.
 */
export class Soft404Prober {
  private readonly probes = new Map<string, SharedWork<{ probeUrl: string; status?: number }>>();

  constructor(
    private readonly crawler: Crawler,
    private readonly http: HttpClient,
  ) {}

  async check(
    start: URL,
    evidence: Crawled & ResponseEvidence,
    link?: Stop,
  ): Promise<Soft404Evidence | undefined> {
    // A host's root that answers is the host itself: no soft 404 of anything.
    if (start.pathname === '/' && start.search === '') return undefined;
    const finalUrl = new URL(evidence.finalUrl);
    const probe = await this.probe(finalUrl, link);
    if (probe.status === undefined) return undefined;
    if (probe.status < 200 || probe.status >= 300)
      return { probeUrl: probe.probeUrl, probeStatus: probe.status };
    let body = evidence.body;
    if (body === undefined) {
      const page = await this.http.send(finalUrl, 'GET', true, true, link);
      if (page.type === 'response') body = page.body;
    }
    return {
      probeUrl: probe.probeUrl,
      probeStatus: probe.status,
      ...(body !== undefined ? { pageSaysNotFound: pageSaysNotFound(body) } : {}),
    };
  }

  /** What a made-up path on the origin answers; again only if every waiting link was aborted. */
  private probe(
    finalUrl: URL,
    link: Stop | undefined,
  ): Promise<{ probeUrl: string; status?: number }> {
    let pending = this.probes.get(finalUrl.origin);
    if (!pending || pending.abandoned) {
      const probeUrl = new URL(
        `${SOFT_404_PROBE_PREFIX}${randomBytes(8).toString('hex')}`,
        finalUrl.origin,
      );
      pending = new SharedWork(
        (shared) =>
          this.crawler
            .crawl(probeUrl, false, true, shared)
            .then((evidence) =>
              evidence.type === 'response'
                ? { probeUrl: probeUrl.href, status: evidence.status }
                : { probeUrl: probeUrl.href },
            ),
        link?.party,
      );
      this.probes.set(finalUrl.origin, pending);
    }
    return pending.join(link?.signal, () => ({ probeUrl: '' }));
  }
}
