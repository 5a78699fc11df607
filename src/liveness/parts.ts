import { createHash } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { compareStrings } from '../util/strings.js';
import { InputError, describeError } from '../errors.js';
import { privateAddressPolicy } from './address.js';
import { DiskCache } from './cache.js';
import { Cancelled, Stop, untilAborted } from './cancel.js';
import { classify, networkNeeded, type Evidence } from './classify.js';
import { Crawler, type Crawled } from './crawl.js';
import { Deadlines } from './deadline.js';
import { HostVetting } from './hosts.js';
import { HttpClient, createAgent } from './http.js';
import { Limiter } from './limiter.js';
import { NetworkMonitor, type ProbeResult } from './network.js';
import { createSystemResolver, pinsFrom } from './resolve.js';
import { RETRY_BASE_DELAY_MS } from './retry.js';
import { Soft404Prober } from './soft404.js';
import { fetchTarget } from './target.js';
import type { ResolvedLivenessNumbers } from './options.js';
import type { LivenessOptions, LivenessOutcome, ResolveResult } from './types.js';

/** Seams for tests: waiting between retries and the clock (for the disk cache's TTL and Retry-After dates). */
export interface CheckerDeps {
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** The system resolver's own lookup (getaddrinfo); tests replace it to see what it is asked. */
  systemLookup?: (host: string) => Promise<ResolveResult>;
}

/** Options with every default filled in and validated. */
export interface ResolvedLivenessSettings extends ResolvedLivenessNumbers {
  maxBodyBytes: number;
  maxHeaderBytes: number;
  userAgent: string;
  accept: string;
  networkProbe: string | false;
}

/** The working parts of one checker, built once (`assembleParts`), used by every link. */
export interface CheckerParts {
  readonly hosts: HostVetting;
  readonly http: HttpClient;
  readonly crawler: Crawler;
  readonly soft404: Soft404Prober;
  readonly network: NetworkMonitor;
  readonly deadlines: Deadlines;
  readonly agent: ReturnType<typeof createAgent>;
  readonly diskCache: DiskCache | undefined;
  /** Aborts what belongs to no link (the network probe) when the checker closes. */
  readonly closing: Stop;
  isClosed(): boolean;
}

/** The address policy of the options; a bad `resolve` or address list is a config error. */
function addressPolicy(options: LivenessOptions): {
  pins: ReturnType<typeof pinsFrom>;
  mayFetchPrivate: (address: string) => boolean;
} {
  try {
    return {
      pins: pinsFrom(options.resolve),
      mayFetchPrivate: privateAddressPolicy(options.allowPrivateNetworks),
    };
  } catch (error) {
    throw new InputError('INVALID_CONFIG', `liveness: ${describeError(error)}`);
  }
}

/**
 * The CA certificates to trust, or undefined for the system's alone: `ca` replaces the trust store
 * in Node, so extra certificates are added to the system roots.
 */
function trustedCas(extra: LivenessOptions['ca']): string[] | undefined {
  const ca = [extra ?? []].flat();
  return ca.length > 0 ? [...rootCertificates, ...ca] : undefined;
}

/** Builds the parts: resolving and vetting, the limits, the HTTP client, crawler and probes. */
export function assembleParts(
  options: LivenessOptions,
  settings: ResolvedLivenessSettings,
  deps: CheckerDeps,
  isClosed: () => boolean,
): CheckerParts {
  const { pins, mayFetchPrivate } = addressPolicy(options);
  const now = deps.now ?? Date.now;
  const closing = new Stop();
  let parts: CheckerParts | undefined;
  const network = new NetworkMonitor(
    settings.networkProbe === false
      ? null
      : () => probeNetwork(parts!, settings.networkProbe as string),
  );
  const system = options.resolver
    ? undefined
    : createSystemResolver(settings.timeoutMs, undefined, deps.systemLookup);
  closing.hook(() => system?.close());
  const hosts = new HostVetting(
    pins,
    options.resolver ?? system!,
    mayFetchPrivate,
    () => network.noteDns(),
    system !== undefined,
  );
  const ca = trustedCas(options.ca);
  const lookup = hosts.lookup();
  const agent = createAgent(
    lookup,
    settings.timeoutMs,
    ca,
    settings.perHostConcurrency,
    settings.maxHeaderBytes,
  );
  const deadlines = new Deadlines(now);
  const http = new HttpClient(
    agent,
    new Limiter(settings.concurrency, settings.perHostConcurrency),
    settings,
    () => network.noteResponse(),
    (host) => deadlines.noteStart(host),
    now,
    { lookup, ca },
  );
  const crawler = new Crawler(hosts, http, {
    maxRedirects: settings.maxRedirects,
    retry: {
      retries: settings.retries,
      retryAfterCapMs: settings.retryAfterCapMs,
      baseDelayMs: RETRY_BASE_DELAY_MS,
    },
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
    now,
    isClosed,
  });
  const diskCache = diskCacheOf(options, settings.cacheTtlMs, now);
  parts = {
    hosts,
    http,
    crawler,
    soft404: new Soft404Prober(crawler, http),
    network,
    deadlines,
    agent,
    diskCache,
    closing,
    isClosed,
  };
  return parts;
}

/** The on-disk cache of successes, when `cacheDir` asks for one; keyed by the network policy. */
function diskCacheOf(
  options: LivenessOptions,
  ttlMs: number,
  now: () => number,
): DiskCache | undefined {
  if (options.cacheDir === undefined) return undefined;
  return new DiskCache(options.cacheDir, ttlMs, now, networkPolicy(options), options.warn);
}

/**
 * What a success depends on besides the URL: which private addresses may be fetched, the
 * `--resolve` pins and the extra CAs. Part of the disk cache's key.
 */
function networkPolicy(options: LivenessOptions): string {
  const pins = Object.entries(options.resolve ?? {}).sort(([a], [b]) => compareStrings(a, b));
  return JSON.stringify({
    allowPrivate: options.allowPrivateNetworks ?? false,
    pins,
    ca: [options.ca ?? []].flat().map((pem) => createHash('sha256').update(pem).digest('hex')),
  });
}

/** The network probe: one page known to exist, fetched once when a verdict needs the network shown. */
async function probeNetwork(parts: CheckerParts, probe: string): Promise<ProbeResult> {
  const url = new URL(probe);
  const resolution = await parts.hosts.resolve(url.hostname);
  if (!resolution.ok)
    return {
      dnsWorks: false,
      egressWorks: false,
      detail: `the network probe (${url.href}) failed too: ${resolution.failure.message}`,
    };
  const dnsWorks = resolution.source === 'dns';
  const exchange = await parts.http.send(url, 'HEAD', false, true, parts.closing);
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

/**
 * One link from start to verdict: the disk cache, the crawl (HEAD then GET, redirects, retries),
 * the soft-404 probe of a 2xx, the network shown to work when the verdict needs it, the verdict
 * table; a success goes to the disk cache.
 */
export async function checkLink(
  parts: CheckerParts,
  url: string,
  signal: Stop,
): Promise<LivenessOutcome> {
  const target = fetchTarget(url);
  if (!target.ok) return { kind: 'inconclusive', error: target.error, reason: target.reason };
  const start = target.url;
  const cached = await parts.diskCache?.get(url);
  if (cached) return cached;
  const crawled = await parts.crawler.crawl(start, !target.schemeWritten, false, signal);
  let evidence: Evidence = crawled;
  if (crawled.type === 'response' && crawled.status >= 200 && crawled.status < 300) {
    const soft = await parts.soft404.check(start, crawled, signal);
    if (soft) evidence = { ...crawled, soft404: soft };
  }
  const need = networkNeeded(evidence);
  const view =
    need === null
      ? parts.network.view()
      : await untilAborted(parts.network.confirm(need), signal, () => parts.network.view());
  const outcome = signal.aborted
    ? stoppedOutcome(signal.reason)
    : classify(stripBody(evidence), view);
  if (outcome.kind === 'live') await parts.diskCache?.put(url, outcome);
  return outcome;
}

/** What a link stopped before its verdict (`reason`: why its `Stop` aborted) answers. */
export function stoppedOutcome(reason: unknown): LivenessOutcome {
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
