import { LIVENESS_DEFAULTS } from '../defaults.js';
import { InputError, describeError } from '../errors.js';
import { privateAddressPolicy } from './address.js';
import { DiskCache } from './cache.js';
import { classify, networkNeeded, type Evidence } from './classify.js';
import { Crawler, type Crawled } from './crawl.js';
import { HostClock, byDeadline } from './deadline.js';
import { HostVetting } from './hosts.js';
import { HttpClient, createAgent } from './http.js';
import { Limiter } from './limiter.js';
import { livenessNumbers, parseLivenessOptions, type ResolvedLivenessNumbers } from './options.js';
import { fetchTarget } from './target.js';
import { NETWORK_PROBE_URL, NetworkMonitor, type ProbeResult } from './network.js';
import { createSystemResolver, hostKey, pinsFrom } from './resolve.js';
import { RETRY_BASE_DELAY_MS, type RetrySettings } from './retry.js';
import { Soft404Prober } from './soft404.js';
import type { CheckOptions, LinkChecker, LivenessOptions, LivenessOutcome } from './types.js';

export { SOFT_404_PROBE_PREFIX } from './soft404.js';

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

/**
 * A link checker: each link, as written, is checked once for the checker's lifetime (the promise is
 * memoized, so concurrent callers share one fetch), within the concurrency limits, and classified
 * by the verdict table (`classify`). Successes go to the on-disk cache when `cacheDir` is set.
 *
 * The parts, each in its own file:
 * - what to fetch: the link as written (`fetchTarget`);
 * - scheduling: the concurrency limits and their order (`Limiter`), deadlines (`deadline.ts`);
 * - resolving and vetting hosts, the SSRF guard (`HostVetting`, `classifyAddress`);
 * - fetching: HEAD then GET, retries, redirects, the scheme fallback of a link written without
 *   one (`HttpClient`, `Crawler`);
 * - probing: soft 404s (`Soft404Prober`), whether the network works (`NetworkMonitor`);
 * - classifying: the verdict table (`classify`);
 * - caching: the per-checker memo here, successes on disk (`DiskCache`).
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
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = deps.now ?? Date.now;
  const diskCache = options.cacheDir === undefined ? undefined : new DiskCache(options.cacheDir, settings.cacheTtlMs, now);
  const outcomes = new Map<string, Promise<LivenessOutcome>>();
  let closed = false;

  const network = new NetworkMonitor(settings.networkProbe === false ? null : () => probeNetwork(settings.networkProbe as string));
  const hosts = new HostVetting(pins, options.resolver ?? createSystemResolver(settings.timeoutMs), mayFetchPrivate, () => network.noteDns());
  const ca = options.ca === undefined ? [] : typeof options.ca === 'string' ? [options.ca] : [...options.ca];
  const agent = createAgent(hosts.lookup(), settings.timeoutMs, ca, settings.perHostConcurrency);
  const clock = new HostClock(now);
  const http = new HttpClient(agent, new Limiter(settings.concurrency, settings.perHostConcurrency), settings, () => network.noteResponse(), (host) => clock.noteStart(host), now);
  const retry: RetrySettings = { retries: settings.retries, retryAfterCapMs: settings.retryAfterCapMs, baseDelayMs: RETRY_BASE_DELAY_MS };
  const crawler = new Crawler(hosts, http, { maxRedirects: settings.maxRedirects, retry, sleep, now, isClosed: () => closed });
  const soft404 = new Soft404Prober(crawler, http);

  async function probeNetwork(probe: string): Promise<ProbeResult> {
    const url = new URL(probe);
    const resolution = await hosts.resolve(url.hostname);
    if (!resolution.ok) return { dnsWorks: false, egressWorks: false, detail: `the network probe (${url.href}) failed too: ${resolution.failure.message}` };
    const dnsWorks = resolution.source === 'dns';
    const exchange = await http.send(url, 'HEAD', false, true);
    if (exchange.type === 'failure') {
      return { dnsWorks, egressWorks: false, detail: `the network probe (${url.href}) failed too: ${exchange.failure.message}` };
    }
    return dnsWorks ? { dnsWorks, egressWorks: true } : { dnsWorks, egressWorks: true, detail: `the network probe's host ${url.hostname} is pinned, which does not test DNS` };
  }

  async function run(url: string): Promise<LivenessOutcome> {
    const target = fetchTarget(url);
    if (!target.ok) return { kind: 'inconclusive', error: target.error, reason: target.reason };
    const start = target.url;
    const cached = await diskCache?.get(url);
    if (cached) return cached;
    const crawled = await crawler.crawl(start, !target.schemeWritten);
    let evidence: Evidence = crawled;
    if (crawled.type === 'response' && crawled.status >= 200 && crawled.status < 300) {
      const soft = await soft404.check(start, crawled);
      if (soft) evidence = { ...crawled, soft404: soft };
    }
    const need = networkNeeded(evidence);
    const view = need === null ? network.view() : await network.confirm(need);
    const outcome = classify(stripBody(evidence), view);
    if (outcome.kind === 'live') await diskCache?.put(url, outcome);
    return outcome;
  }

  return {
    check(url: string, checkOptions: CheckOptions = {}): Promise<LivenessOutcome> {
      let pending = outcomes.get(url);
      if (!pending) {
        pending = closed
          ? Promise.resolve({ kind: 'inconclusive', error: 'closed', reason: 'the link checker was closed before this link was checked' })
          : run(url).catch((error: unknown): LivenessOutcome => ({ kind: 'inconclusive', error: 'internal', reason: `the checker failed unexpectedly: ${describeError(error)}` }));
        outcomes.set(url, pending);
      }
      if (checkOptions.deadlineAt !== undefined) pending = byDeadline(pending, checkOptions.deadlineAt - now());
      if (checkOptions.hostDeadline === true) {
        const target = fetchTarget(url);
        if (target.ok) pending = clock.byHostDeadline(pending, hostKey(target.url.hostname), settings.hostDeadlineMs);
      }
      return pending;
    },
    networkDown(): Promise<string | null> {
      return network.shownDown();
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

function stripBody(evidence: Crawled): Evidence {
  if (evidence.type !== 'response' || evidence.body === undefined) return evidence;
  const { body: _body, ...rest } = evidence;
  return rest;
}
