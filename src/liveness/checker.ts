import { LIVENESS_DEFAULTS } from '../defaults.js';
import { InputError, describeError } from '../errors.js';
import { privateAddressPolicy } from './address.js';
import { DiskCache } from './cache.js';
import { Cancelled, Stop, untilAborted, type StopSignal } from './cancel.js';
import { classify, networkNeeded, type Evidence } from './classify.js';
import { Crawler, type Crawled } from './crawl.js';
import { AnswerDeadlines, HostClock } from './deadline.js';
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

/** One link being checked, shared by every caller that asked for it (see `check`). */
interface LinkRun {
  readonly result: Promise<LivenessOutcome>;
  /** Aborts the link's requests and waits. */
  readonly controller: Stop;
  /** Callers with a deadline still waiting; the link is aborted when the last gives up. */
  limited: number;
  /** A caller without a deadline waits for it: never aborted before `close`. */
  unlimited: boolean;
  settled: boolean;
}

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
export function createLinkChecker(
  options: LivenessOptions = {},
  deps: CheckerDeps = {},
): LinkChecker {
  const settings = resolveLivenessSettings(options);
  let pins: ReturnType<typeof pinsFrom>;
  let mayFetchPrivate: (address: string) => boolean;
  try {
    pins = pinsFrom(options.resolve);
    mayFetchPrivate = privateAddressPolicy(options.allowPrivateNetworks);
  } catch (error) {
    throw new InputError('INVALID_CONFIG', `liveness: ${describeError(error)}`);
  }
  const now = deps.now ?? Date.now;
  const diskCache =
    options.cacheDir === undefined
      ? undefined
      : new DiskCache(options.cacheDir, settings.cacheTtlMs, now);
  const links = new Map<string, LinkRun>();
  // Aborts what belongs to no link (the network probe) when the checker closes.
  const closing = new Stop();
  let closed = false;

  const network = new NetworkMonitor(
    settings.networkProbe === false ? null : () => probeNetwork(settings.networkProbe as string),
  );
  const hosts = new HostVetting(
    pins,
    options.resolver ?? createSystemResolver(settings.timeoutMs),
    mayFetchPrivate,
    () => network.noteDns(),
  );
  const ca =
    options.ca === undefined ? [] : typeof options.ca === 'string' ? [options.ca] : [...options.ca];
  const agent = createAgent(hosts.lookup(), settings.timeoutMs, ca, settings.perHostConcurrency);
  const clock = new HostClock(now);
  const deadlines = new AnswerDeadlines(now);
  const http = new HttpClient(
    agent,
    new Limiter(settings.concurrency, settings.perHostConcurrency),
    settings,
    () => network.noteResponse(),
    (host) => clock.noteStart(host),
    now,
  );
  const retry: RetrySettings = {
    retries: settings.retries,
    retryAfterCapMs: settings.retryAfterCapMs,
    baseDelayMs: RETRY_BASE_DELAY_MS,
  };
  const crawler = new Crawler(hosts, http, {
    maxRedirects: settings.maxRedirects,
    retry,
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
    now,
    isClosed: () => closed,
  });
  const soft404 = new Soft404Prober(crawler, http);

  async function probeNetwork(probe: string): Promise<ProbeResult> {
    const url = new URL(probe);
    const resolution = await hosts.resolve(url.hostname);
    if (!resolution.ok)
      return {
        dnsWorks: false,
        egressWorks: false,
        detail: `the network probe (${url.href}) failed too: ${resolution.failure.message}`,
      };
    const dnsWorks = resolution.source === 'dns';
    const exchange = await http.send(url, 'HEAD', false, true, closing);
    if (exchange.type === 'failure') {
      return {
        dnsWorks,
        egressWorks: false,
        detail: `the network probe (${url.href}) failed too: ${exchange.failure.message}`,
      };
    }
    return dnsWorks
      ? { dnsWorks, egressWorks: true }
      : {
          dnsWorks,
          egressWorks: true,
          detail: `the network probe's host ${url.hostname} is pinned, which does not test DNS`,
        };
  }

  async function run(url: string, signal: StopSignal): Promise<LivenessOutcome> {
    const target = fetchTarget(url);
    if (!target.ok) return { kind: 'inconclusive', error: target.error, reason: target.reason };
    const start = target.url;
    const cached = await diskCache?.get(url);
    if (cached) return cached;
    const crawled = await crawler.crawl(start, !target.schemeWritten, false, signal);
    let evidence: Evidence = crawled;
    if (crawled.type === 'response' && crawled.status >= 200 && crawled.status < 300) {
      const soft = await soft404.check(start, crawled, signal);
      if (soft) evidence = { ...crawled, soft404: soft };
    }
    const need = networkNeeded(evidence);
    const view =
      need === null
        ? network.view()
        : await untilAborted(network.confirm(need), signal, () => network.view());
    const outcome = signal.aborted ? stoppedOutcome(signal) : classify(stripBody(evidence), view);
    if (outcome.kind === 'live') await diskCache?.put(url, outcome);
    return outcome;
  }

  function start(url: string): LinkRun {
    const controller = new Stop();
    const entry: LinkRun = {
      controller,
      limited: 0,
      unlimited: false,
      settled: false,
      result: run(url, controller).catch(
        (error: unknown): LivenessOutcome => ({
          kind: 'inconclusive',
          error: 'internal',
          reason: `the checker failed unexpectedly: ${describeError(error)}`,
        }),
      ),
    };
    void entry.result.then(() => (entry.settled = true));
    return entry;
  }

  /** A caller with a deadline gave up on `url`: when nobody else waits for it, it is aborted. */
  function giveUp(url: string, entry: LinkRun): void {
    entry.limited--;
    if (entry.limited > 0 || entry.unlimited || entry.settled) return;
    entry.controller.abort(new Cancelled('deadline'));
    // A later caller starts the link afresh rather than receiving the aborted one.
    if (links.get(url) === entry) links.delete(url);
  }

  return {
    check(url: string, checkOptions: CheckOptions = {}): Promise<LivenessOutcome> {
      if (closed)
        return Promise.resolve({
          kind: 'inconclusive',
          error: 'closed',
          reason: 'the link checker was closed before this link was checked',
        });
      let entry = links.get(url);
      if (!entry) {
        entry = start(url);
        links.set(url, entry);
      }
      const target = checkOptions.hostDeadline === true ? fetchTarget(url) : undefined;
      const hostLimited = target?.ok === true;
      if (checkOptions.deadlineAt === undefined && !hostLimited) {
        entry.unlimited = true;
        return entry.result;
      }
      const link = entry;
      link.limited++;
      let pending = link.result;
      if (checkOptions.deadlineAt !== undefined)
        pending = deadlines.race(pending, checkOptions.deadlineAt);
      if (target?.ok === true)
        pending = clock.byHostDeadline(
          pending,
          hostKey(target.url.hostname),
          settings.hostDeadlineMs,
        );
      return pending.then((outcome) => {
        // Not settled: a deadline answered first.
        if (link.settled) link.limited--;
        else giveUp(url, link);
        return outcome;
      });
    },
    networkDown(): Promise<string | null> {
      return network.shownDown();
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      // Every link still running is aborted: queued requests leave the queue, waits end, sockets
      // close, and each caller still waiting gets `inconclusive` (closed).
      for (const entry of links.values())
        if (!entry.settled) entry.controller.abort(new Cancelled('closed'));
      closing.abort(new Cancelled('closed'));
      // Destroyed, not drained: what is still in flight (a silent server) is no longer wanted, and
      // draining would wait for each request's timeout.
      await agent.destroy();
    },
  };
}

function stoppedOutcome(signal: StopSignal): LivenessOutcome {
  const reason: unknown = signal.reason;
  if (reason instanceof Cancelled && reason.why === 'deadline')
    return {
      kind: 'inconclusive',
      error: 'deadline',
      reason: 'deadline reached: the check was stopped before the link was finished',
    };
  return {
    kind: 'inconclusive',
    error: 'closed',
    reason: 'the link checker was closed before this link was checked',
  };
}

function stripBody(evidence: Crawled): Evidence {
  if (evidence.type !== 'response' || evidence.body === undefined) return evidence;
  const { body: _body, ...rest } = evidence;
  return rest;
}
