import { randomBytes } from 'node:crypto';
import { isIP, type LookupFunction } from 'node:net';
import { LIVENESS_DEFAULTS } from '../defaults.js';
import { InputError, describeError } from '../errors.js';
import { classifyAddress, privateAddressPolicy, unbracket } from './address.js';
import { DiskCache } from './cache.js';
import { classify, networkNeeded, pageSaysNotFound, type Evidence, type Failure, type FailureEvidence, type ResponseEvidence, type Soft404Evidence } from './classify.js';
import { HttpClient, LookupRefused, createAgent, type Exchange } from './http.js';
import { Limiter } from './limiter.js';
import { livenessNumbers, parseLivenessOptions, type ResolvedLivenessNumbers } from './options.js';
import { fetchTarget } from './target.js';
import { NETWORK_PROBE_URL, NetworkMonitor, type ProbeResult } from './network.js';
import { createSystemResolver, hostKey, pinsFrom } from './resolve.js';
import { RETRY_BASE_DELAY_MS, retryDecision, type RetrySettings } from './retry.js';
import type { LinkChecker, LivenessOptions, LivenessOutcome, Resolver } from './types.js';

/** Paths probed for soft 404s start with this, so server logs say who asked. */
export const SOFT_404_PROBE_PREFIX = '/citation-verifier-soft-404-probe-';

/** Seams for tests: waiting between retries and the clock (for the disk cache's TTL and Retry-After dates). */
export interface CheckerDeps {
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Options with every default filled in and validated. */
export interface ResolvedLivenessSettings extends ResolvedLivenessNumbers {
  maxBodyBytes: number;
  userAgent: string;
  accept: string;
  networkProbe: string | false;
}

/**
 * Defaults from `LIVENESS_DEFAULTS`, validated by the one liveness schema (`parseLivenessOptions`).
 * Throws `InputError('INVALID_CONFIG')` naming the option.
 */
export function resolveLivenessSettings(options: LivenessOptions): ResolvedLivenessSettings {
  const { resolver: _resolver, ca: _ca, ...data } = options;
  const valid = parseLivenessOptions(stripUndefined(data));
  return {
    ...livenessNumbers(valid),
    maxBodyBytes: LIVENESS_DEFAULTS.maxBodyBytes,
    userAgent: valid.userAgent ?? LIVENESS_DEFAULTS.userAgent,
    accept: LIVENESS_DEFAULTS.accept,
    networkProbe: valid.networkProbe ?? NETWORK_PROBE_URL,
  };
}

function stripUndefined(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined));
}

type HostResolution = { ok: true; addresses: Array<{ address: string; family: 4 | 6 }>; source: 'dns' | 'pinned' | 'literal' } | { ok: false; failure: Failure };

/** One hop's final exchange after retries. */
interface HopResult {
  url: URL;
  exchange: Exchange;
  attempts: number;
  retryAfterMs?: number;
}

type Crawled = Evidence & { body?: string };

/**
 * A link checker: each link, as written, is checked once for the checker's lifetime (the promise is
 * memoized, so concurrent callers share one fetch), within the concurrency limits, and classified
 * by the verdict table (`classify`). Successes go to the on-disk cache when `cacheDir` is set.
 *
 * How one URL is checked:
 * 1. Each hop's host is resolved by the checker (`--resolve` pins first, then the resolver),
 *    once per host, and vetted: an address that is private, loopback, link-local, reserved or a
 *    metadata endpoint is not fetched unless `allowPrivateNetworks` allows it. Connections go only
 *    to those vetted addresses (the pool's lookup is the same memoized resolution).
 * 2. HEAD, then GET when HEAD is refused or unreliable; 429, 503 and timeouts are retried up to
 *    `retries` times honouring Retry-After up to `retryAfterCapMs`; a refused connection once.
 * 3. Redirects are followed by hand, at most `maxRedirects`, each hop vetted as in 1.
 * 4. The link is fetched as written (`fetchTarget`): a written scheme is followed exactly; a link
 *    written without one is tried over https, then over http when https is refused or the port
 *    speaks plain HTTP, as a browser does with a typed address.
 * 5. A 2xx below the root of a host is compared with one made-up path on the same host (probed
 *    once per host): if that answers 2xx too, the 200 proves nothing (soft 404).
 * 6. Verdicts that need the network to work wait for `NetworkMonitor`'s proof.
 *
 * Throws `InputError('INVALID_CONFIG')` for invalid options; `check` never rejects.
 */
export function createLinkChecker(options: LivenessOptions = {}, deps: CheckerDeps = {}): LinkChecker {
  const settings = resolveLivenessSettings(options);
  let pins: ReturnType<typeof pinsFrom>;
  let mayFetchPrivate: (address: string) => boolean;
  try {
    pins = pinsFrom(options.resolve);
    mayFetchPrivate = privateAddressPolicy(options.allowPrivateNetworks);
  } catch (error) {
    throw new InputError('INVALID_CONFIG', `liveness: ${describeError(error)}`);
  }
  const resolver: Resolver = options.resolver ?? createSystemResolver(settings.timeoutMs);
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = deps.now ?? Date.now;
  const retrySettings: RetrySettings = { retries: settings.retries, retryAfterCapMs: settings.retryAfterCapMs, baseDelayMs: RETRY_BASE_DELAY_MS };
  const diskCache = options.cacheDir === undefined ? undefined : new DiskCache(options.cacheDir, settings.cacheTtlMs, now);

  const resolutions = new Map<string, Promise<HostResolution>>();
  const outcomes = new Map<string, Promise<LivenessOutcome>>();
  const softProbes = new Map<string, Promise<{ probeUrl: string; status?: number }>>();
  // Origins whose https port turned out to speak plain HTTP (or to be closed while http works).
  const plainHttpOrigins = new Set<string>();
  let closed = false;

  const network = new NetworkMonitor(settings.networkProbe === false ? null : () => probeNetwork(settings.networkProbe as string));

  function resolveHost(hostname: string): Promise<HostResolution> {
    const key = hostKey(hostname);
    if (isIP(key) !== 0) {
      const addressClass = classifyAddress(key);
      if (addressClass !== null && !mayFetchPrivate(key)) {
        return Promise.resolve({ ok: false, failure: { kind: 'private-address', code: 'private-address', host: key, address: key, addressClass, source: 'literal', message: `${key} is ${addressClass}` } });
      }
      return Promise.resolve({ ok: true, addresses: [{ address: key, family: isIP(key) === 6 ? 6 : 4 }], source: 'literal' });
    }
    let pending = resolutions.get(key);
    if (!pending) {
      pending = lookupAndVet(key);
      resolutions.set(key, pending);
      // A DNS error may be transient: the next hop or link on this host asks again.
      void pending.then((result) => {
        if (!result.ok && result.failure.kind === 'dns-error') resolutions.delete(key);
      });
    }
    return pending;
  }

  async function lookupAndVet(key: string): Promise<HostResolution> {
    const pin = pins.get(key);
    let source: 'dns' | 'pinned' = 'pinned';
    let addresses: Array<{ address: string; family: 4 | 6 }>;
    if (pin) {
      addresses = [pin];
    } else {
      source = 'dns';
      let answer;
      try {
        answer = await resolver(key);
      } catch (error) {
        answer = { ok: false as const, notFound: false, error: describeError(error) };
      }
      if (!answer.ok) {
        return answer.notFound
          ? { ok: false, failure: { kind: 'dns-not-found', code: answer.error, host: key, message: `${key} did not resolve (${answer.error})` } }
          : { ok: false, failure: { kind: 'dns-error', code: answer.error, host: key, message: `DNS lookup of ${key} failed (${answer.error})` } };
      }
      addresses = answer.addresses;
    }
    const allowed = addresses.filter((entry) => classifyAddress(entry.address) === null || mayFetchPrivate(entry.address));
    if (allowed.length === 0) {
      const first = addresses[0];
      if (!first) return { ok: false, failure: { kind: 'dns-not-found', code: 'ENODATA', host: key, message: `${key} has no address` } };
      const addressClass = classifyAddress(first.address) ?? 'reserved';
      return { ok: false, failure: { kind: 'private-address', code: 'private-address', host: key, address: first.address, addressClass, source, message: `${key} resolves to ${first.address}` } };
    }
    if (source === 'dns') network.noteDns();
    return { ok: true, addresses: allowed, source };
  }

  // The pool connects only where `resolveHost` says, so the address checked is the address used.
  const lookup = ((hostname: string, lookupOptions: { family?: number | string; all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolveHost(unbracket(hostname)).then(
      (result) => {
        if (!result.ok) return callback(new LookupRefused(result.failure));
        const family = lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : Number(lookupOptions.family ?? 0);
        const usable = family === 4 || family === 6 ? result.addresses.filter((entry) => entry.family === family) : result.addresses;
        const first = usable[0];
        if (!first) return callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }));
        if (lookupOptions.all) return callback(null, usable);
        return callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error),
    );
  }) as unknown as LookupFunction;

  const ca = options.ca === undefined ? [] : typeof options.ca === 'string' ? [options.ca] : [...options.ca];
  const agent = createAgent(lookup, settings.timeoutMs, ca, settings.perHostConcurrency);
  const limiter = new Limiter(settings.concurrency, settings.perHostConcurrency);
  const http = new HttpClient(agent, limiter, settings, () => network.noteResponse());

  async function probeNetwork(probe: string): Promise<ProbeResult> {
    const url = new URL(probe);
    const resolution = await resolveHost(url.hostname);
    if (!resolution.ok) return { dnsWorks: false, egressWorks: false, detail: `the network probe (${url.href}) failed too: ${resolution.failure.message}` };
    const dnsWorks = resolution.source === 'dns';
    const exchange = await http.send(url, 'HEAD', false, true);
    if (exchange.type === 'failure') {
      return { dnsWorks, egressWorks: false, detail: `the network probe (${url.href}) failed too: ${exchange.failure.message}` };
    }
    return dnsWorks ? { dnsWorks, egressWorks: true } : { dnsWorks, egressWorks: true, detail: `the network probe's host ${url.hostname} is pinned, which does not test DNS` };
  }

  /**
   * Origins that refused a connection, each with its one retry: shared by every link to that
   * origin. Refusal is a property of the host and port, not of the path, so 20 links to a server
   * that is down wait for one retry together instead of each sleeping and retrying on its own (which
   * also queued each retry behind the host's other requests). Kept while the origin still refuses,
   * so a later link to it is broken after that same retry; dropped once the origin answers.
   */
  const refusals = new Map<string, Promise<Exchange>>();

  function retryOrigin(url: URL, delayMs: number): { retried: Promise<Exchange>; mine: boolean } {
    const pending = refusals.get(url.origin);
    if (pending) return { retried: pending, mine: false };
    const retried = sleep(delayMs).then(() => http.exchange(url, true));
    refusals.set(url.origin, retried);
    void retried.then((exchange) => {
      if (!isRefusal(exchange)) refusals.delete(url.origin);
    });
    return { retried, mine: true };
  }

  /**
   * One hop with retries. `retryRefused: false` when another scheme will be tried instead.
   * `followUp`: the hop continues a link already started (anything but its first request).
   */
  async function hop(url: URL, retryRefused: boolean, followUp: boolean): Promise<HopResult> {
    let exchange = await http.exchange(url, followUp);
    for (let attempt = 0; ; attempt++) {
      const decision = retryDecision(
        exchange.type === 'response'
          ? { type: 'response', status: exchange.status, ...(exchange.headers['retry-after'] !== undefined ? { retryAfter: exchange.headers['retry-after'] } : {}) }
          : { type: 'failure', kind: exchange.failure.kind === 'refused' && !retryRefused ? 'no-retry' : exchange.failure.kind },
        attempt,
        retrySettings,
        now(),
      );
      if (!decision.retry || closed) {
        return { url, exchange, attempts: attempt + 1, ...(!decision.retry && decision.retryAfterMs !== undefined ? { retryAfterMs: decision.retryAfterMs } : {}) };
      }
      if (isRefusal(exchange)) {
        const shared = retryOrigin(url, decision.delayMs);
        const retried = await shared.retried;
        // The origin's retry is this link's retry when it made it, or when the origin still refuses;
        // when the origin answers again, this link asks for itself.
        exchange = shared.mine || isRefusal(retried) || closed ? retried : await http.exchange(url, true);
      } else {
        await sleep(decision.delayMs);
        exchange = await http.exchange(url, true);
      }
    }
  }

  /** The first hop of a cited link, with the http fallback described in step 4 above. */
  async function firstHop(url: URL, followUp: boolean): Promise<HopResult> {
    if (url.protocol !== 'https:') return hop(url, true, followUp);
    const plain = new URL(url.href);
    plain.protocol = 'http:';
    if (plainHttpOrigins.has(url.host)) return hop(plain, true, followUp);
    const secure = await hop(url, false, followUp);
    if (secure.exchange.type !== 'failure') return secure;
    const failure = secure.exchange.failure;
    if (!(failure.kind === 'refused' || (failure.kind === 'tls' && failure.plainHttp === true))) return secure;
    const fallback = await hop(plain, true, true);
    if (fallback.exchange.type === 'response') {
      plainHttpOrigins.add(url.host);
      return fallback;
    }
    // The port spoke neither TLS nor HTTP: the TLS failure is the better description. (A timeout
    // over http says more: the server speaks HTTP but is slow.)
    if (failure.kind === 'tls' && ['protocol', 'reset', 'other'].includes(fallback.exchange.failure.kind)) return secure;
    if (fallback.exchange.failure.kind === 'refused') {
      const both = { ...fallback.exchange.failure, message: `${fallback.exchange.failure.host ?? url.hostname} refused the connection on https and on http` };
      return { ...fallback, exchange: { type: 'failure', failure: both } };
    }
    return fallback;
  }

  /** Follow a link through its redirects, vetting every hop. `fallback`: the scheme may be http. */
  async function crawl(start: URL, fallback: boolean, followUp = false): Promise<Crawled> {
    let current = start;
    let redirects = 0;
    const failed = (failure: Failure, attempts: number, at: URL = current): FailureEvidence => ({ type: 'failure', url: start.href, finalUrl: at.href, redirects, attempts, failure });
    for (;;) {
      const resolution = await resolveHost(current.hostname);
      if (!resolution.ok) return failed(resolution.failure, 0);
      const later = followUp || redirects > 0;
      const step = fallback && redirects === 0 ? await firstHop(current, later) : await hop(current, true, later);
      current = step.url;
      const { exchange } = step;
      if (exchange.type === 'failure') return failed(exchange.failure, step.attempts);
      const location = exchange.headers.location;
      if (exchange.status >= 300 && exchange.status < 400 && location !== undefined) {
        if (redirects >= settings.maxRedirects) {
          return failed({ kind: 'too-many-redirects', code: 'too-many-redirects', host: current.hostname, message: `more than ${settings.maxRedirects} redirects (stopped at ${current.href}, which redirects again)` }, step.attempts);
        }
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          return failed({ kind: 'bad-redirect', code: 'bad-redirect', host: current.hostname, message: `${current.href} redirects to ${JSON.stringify(location)}, which is not an address` }, step.attempts);
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          return failed({ kind: 'bad-redirect', code: 'bad-redirect', host: current.hostname, message: `${current.href} redirects to a ${next.protocol} address` }, step.attempts);
        }
        next.hash = '';
        redirects++;
        current = next;
        continue;
      }
      const evidence: ResponseEvidence & { body?: string } = {
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
      return evidence;
    }
  }

  /** What a made-up path on `finalUrl`'s origin answers; probed once per origin. */
  function softProbe(finalUrl: URL): Promise<{ probeUrl: string; status?: number }> {
    let pending = softProbes.get(finalUrl.origin);
    if (!pending) {
      const probeUrl = new URL(`${SOFT_404_PROBE_PREFIX}${randomBytes(8).toString('hex')}`, finalUrl.origin);
      pending = crawl(probeUrl, false, true).then((evidence) => (evidence.type === 'response' ? { probeUrl: probeUrl.href, status: evidence.status } : { probeUrl: probeUrl.href }));
      softProbes.set(finalUrl.origin, pending);
    }
    return pending;
  }

  async function soft404(start: URL, evidence: Crawled & ResponseEvidence): Promise<Soft404Evidence | undefined> {
    // The root of a host that answers is the host itself; there is nothing for it to be a soft 404 of.
    if (start.pathname === '/' && start.search === '') return undefined;
    const finalUrl = new URL(evidence.finalUrl);
    const probe = await softProbe(finalUrl);
    if (probe.status === undefined) return undefined;
    if (probe.status < 200 || probe.status >= 300) return { probeUrl: probe.probeUrl, probeStatus: probe.status };
    let body = evidence.body;
    if (body === undefined) {
      const page = await http.send(finalUrl, 'GET', true, true);
      if (page.type === 'response') body = page.body;
    }
    return { probeUrl: probe.probeUrl, probeStatus: probe.status, ...(body !== undefined ? { pageSaysNotFound: pageSaysNotFound(body) } : {}) };
  }

  async function run(url: string): Promise<LivenessOutcome> {
    const target = fetchTarget(url);
    if (!target.ok) return { kind: 'inconclusive', error: target.error, reason: target.reason };
    const start = target.url;
    const cached = await diskCache?.get(url);
    if (cached) return cached;
    const crawled = await crawl(start, !target.schemeWritten);
    let evidence: Evidence = crawled;
    if (crawled.type === 'response' && crawled.status >= 200 && crawled.status < 300) {
      const soft = await soft404(start, crawled);
      if (soft) evidence = { ...crawled, soft404: soft };
    }
    const need = networkNeeded(evidence);
    const view = need === null ? network.view() : await network.confirm(need);
    const outcome = classify(stripBody(evidence), view);
    if (outcome.kind === 'live') await diskCache?.put(url, outcome);
    return outcome;
  }

  return {
    check(url: string, checkOptions: { deadlineAt?: number } = {}): Promise<LivenessOutcome> {
      let pending = outcomes.get(url);
      if (!pending) {
        pending = closed
          ? Promise.resolve({ kind: 'inconclusive', error: 'closed', reason: 'the link checker was closed before this link was checked' })
          : run(url).catch((error: unknown): LivenessOutcome => ({ kind: 'inconclusive', error: 'internal', reason: `the checker failed unexpectedly: ${describeError(error)}` }));
        outcomes.set(url, pending);
      }
      return checkOptions.deadlineAt === undefined ? pending : byDeadline(pending, checkOptions.deadlineAt - now());
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      // Destroyed, not drained: what is still in flight (links past their deadline, a silent
      // server) is no longer wanted, and draining would wait for each request's timeout.
      await agent.destroy();
    },
  };
}

function isRefusal(exchange: Exchange): boolean {
  return exchange.type === 'failure' && exchange.failure.kind === 'refused';
}

function stripBody(evidence: Evidence & { body?: string }): Evidence {
  if (evidence.type !== 'response' || evidence.body === undefined) return evidence;
  const { body: _body, ...rest } = evidence;
  return rest;
}

/** `pending`, or `inconclusive` ("deadline reached") if it is not settled within `remainingMs`. */
function byDeadline(pending: Promise<LivenessOutcome>, remainingMs: number): Promise<LivenessOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const reached = new Promise<LivenessOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'inconclusive', error: 'deadline', reason: 'deadline reached: the link was not finished in the time given to the answer' }), Math.max(0, remainingMs));
  });
  return Promise.race([pending, reached]).finally(() => clearTimeout(timer));
}
