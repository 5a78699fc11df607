import { createHash } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { LIVENESS_DEFAULTS } from '../defaults.js';
import { InputError, describeError } from '../errors.js';
import { normalizeUrl } from '../normalize/url.js';
import { compareStrings } from '../util/strings.js';
import { privateAddressPolicy } from './address.js';
import { DiskCache } from './cache.js';
import { Cancelled, Stop, untilAborted, type PartyKey } from './cancel.js';
import { classify, networkNeeded, type Evidence } from './classify.js';
import { Crawler, Soft404Prober } from './crawl.js';
import { Deadlines } from './deadline.js';
import { HostVetting } from './hosts.js';
import { HttpClient } from './http.js';
import { NETWORK_PROBE_URL, NetworkMonitor, type ProbeResult } from './network.js';
import { parseLivenessOptions } from './options.js';
import { createSystemResolver, hostKey, pinsFrom } from './resolve.js';
import type {
  CheckOptions,
  LinkChecker,
  LivenessOptions,
  LivenessOutcome,
  ResolveResult,
} from './types.js';

/** One link being checked, shared by every caller that asked for it. */
interface LinkRun {
  readonly result: Promise<LivenessOutcome>;
  readonly controller: Stop;
  /** Callers with a deadline still waiting: the link is aborted when the last gives up. */
  limited: number;
  /** A caller without a deadline waits for it: never aborted before `close`. */
  unlimited: boolean;
  settled: boolean;
}

/** The options validated, defaults filled in. Throws `InputError('INVALID_CONFIG')`. */
function resolveLivenessSettings(options: LivenessOptions) {
  const { resolver: _resolver, ca: _ca, warn: _warn, ...data } = options;
  const valid = parseLivenessOptions(data);
  return {
    concurrency: valid.concurrency ?? LIVENESS_DEFAULTS.concurrency,
    perHostConcurrency: valid.perHostConcurrency ?? LIVENESS_DEFAULTS.perHostConcurrency,
    timeoutMs: valid.timeoutMs ?? LIVENESS_DEFAULTS.timeoutMs,
    hostDeadlineMs: valid.hostDeadlineMs ?? LIVENESS_DEFAULTS.hostDeadlineMs,
    maxRedirects: valid.maxRedirects ?? LIVENESS_DEFAULTS.maxRedirects,
    retries: valid.retries ?? LIVENESS_DEFAULTS.retries,
    retryAfterCapMs: valid.retryAfterCapMs ?? LIVENESS_DEFAULTS.retryAfterCapMs,
    cacheTtlMs: valid.cacheTtlMs ?? LIVENESS_DEFAULTS.cacheTtlMs,
    maxBodyBytes: LIVENESS_DEFAULTS.maxBodyBytes,
    maxHeaderBytes: LIVENESS_DEFAULTS.maxHeaderBytes,
    userAgent: valid.userAgent ?? LIVENESS_DEFAULTS.userAgent,
    accept: LIVENESS_DEFAULTS.accept,
    networkProbe: valid.networkProbe ?? NETWORK_PROBE_URL,
  };
}

/**
 * A link checker: each link checked once for its lifetime (concurrent callers share the fetch);
 * successes cached on disk with `cacheDir`. Throws `InputError('INVALID_CONFIG')`.
 */
export function createLinkChecker(
  options: LivenessOptions = {},
  deps: CheckerDeps = {},
): LinkChecker {
  const settings = resolveLivenessSettings(options);
  let closed = false;
  const parts = assembleParts(options, settings, deps);
  const links = new Map<string, LinkRun>();
  return {
    check(url: string, checkOptions: CheckOptions = {}): Promise<LivenessOutcome> {
      if (closed) return Promise.resolve(stoppedOutcome(new Cancelled('closed')));
      let entry = links.get(url);
      if (!entry) {
        // An answer is known by its deadline; without one, the shared party.
        entry = startLink(parts, url, checkOptions.deadlineAt);
        links.set(url, entry);
      }
      return awaitLink(parts, settings, links, url, entry, checkOptions);
    },
    networkDown: () => parts.network.shownDown(),
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      for (const entry of links.values())
        if (!entry.settled) entry.controller.abort(new Cancelled('closed'));
      parts.closing.abort(new Cancelled('closed'));
      // Destroyed, not drained: draining would wait for each silent server's timeout.
      await parts.http.agent.destroy();
    },
  };
}

function startLink(parts: CheckerParts, url: string, party: PartyKey | undefined): LinkRun {
  const controller = new Stop(party);
  const entry: LinkRun = {
    controller,
    limited: 0,
    unlimited: false,
    settled: false,
    result: checkLink(parts, url, controller).catch(
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

/** One caller's wait for a link: to its end, or to the caller's deadline (answer's or host's). */
function awaitLink(
  parts: CheckerParts,
  settings: ResolvedLivenessSettings,
  links: Map<string, LinkRun>,
  url: string,
  link: LinkRun,
  options: CheckOptions,
): Promise<LivenessOutcome> {
  const target = options.hostDeadline === true ? fetchTarget(url) : undefined;
  if (options.deadlineAt === undefined && target?.ok !== true) {
    link.unlimited = true;
    return link.result;
  }
  link.limited++;
  const starved = (): boolean => link.controller.starved;
  let pending = link.result;
  if (options.deadlineAt !== undefined)
    pending = parts.deadlines.byAnswer(pending, options.deadlineAt, starved);
  if (target?.ok === true)
    pending = parts.deadlines.byHost(
      pending,
      hostKey(target.url.hostname),
      settings.hostDeadlineMs,
      starved,
    );
  return pending.then((outcome) => {
    link.limited--;
    // A deadline answered first and nobody else waits: the link is aborted, and a later caller
    // starts it afresh.
    if (!link.settled && link.limited === 0 && !link.unlimited) {
      link.controller.abort(new Cancelled('deadline'));
      if (links.get(url) === link) links.delete(url);
    }
    return outcome;
  });
}

/** Seams for tests: the wait between retries, the clock, the system resolver's lookup. */
export interface CheckerDeps {
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  systemLookup?: (host: string) => Promise<ResolveResult>;
}

type ResolvedLivenessSettings = ReturnType<typeof resolveLivenessSettings>;
type CheckerParts = ReturnType<typeof assembleParts>;

/** A bad `resolve` or address list is a config error. */
function addressPolicy(options: LivenessOptions) {
  try {
    return {
      pins: pinsFrom(options.resolve),
      mayFetchPrivate: privateAddressPolicy(options.allowPrivateNetworks),
    };
  } catch (error) {
    throw new InputError('INVALID_CONFIG', `liveness: ${describeError(error)}`);
  }
}

/** The CAs to trust: Node's `ca` replaces the system roots, so extra ones are added to them. */
function trustedCas(extra: LivenessOptions['ca']): string[] | undefined {
  const ca = [extra ?? []].flat();
  return ca.length > 0 ? [...rootCertificates, ...ca] : undefined;
}

function assembleParts(
  options: LivenessOptions,
  settings: ResolvedLivenessSettings,
  deps: CheckerDeps,
) {
  const { pins, mayFetchPrivate } = addressPolicy(options);
  const now = deps.now ?? Date.now;
  // Aborts what belongs to no link (the network probe) when the checker closes.
  const closing = new Stop();
  const probe = settings.networkProbe;
  const network = new NetworkMonitor(
    probe === false ? null : () => probeNetwork(new URL(probe), hosts, http, closing),
  );
  const system = options.resolver
    ? undefined
    : createSystemResolver(settings.timeoutMs, undefined, deps.systemLookup);
  closing.signal.addEventListener('abort', () => system?.close(), { once: true });
  const hosts = new HostVetting(
    pins,
    options.resolver ?? system!,
    mayFetchPrivate,
    () => network.noteDns(),
    system !== undefined,
  );
  const ca = trustedCas(options.ca);
  const lookup = hosts.lookup();
  const deadlines = new Deadlines(now);
  const http = new HttpClient(
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
      baseDelayMs: LIVENESS_DEFAULTS.retryBaseDelayMs,
    },
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
    now,
  });
  const diskCache =
    options.cacheDir === undefined
      ? undefined
      : new DiskCache(
          options.cacheDir,
          settings.cacheTtlMs,
          now,
          networkPolicy(options),
          options.warn,
        );
  const soft404 = new Soft404Prober(crawler, http);
  return { crawler, soft404, network, deadlines, http, diskCache, closing };
}

/** What a success depends on besides the URL, part of the disk cache's key. */
function networkPolicy(options: LivenessOptions): string {
  const pins = Object.entries(options.resolve ?? {}).sort(([a], [b]) => compareStrings(a, b));
  return JSON.stringify({
    allowPrivate: options.allowPrivateNetworks ?? false,
    pins,
    ca: [options.ca ?? []].flat().map((pem) => createHash('sha256').update(pem).digest('hex')),
  });
}

/** The network probe (see `NetworkMonitor`). */
async function probeNetwork(
  url: URL,
  hosts: HostVetting,
  http: HttpClient,
  closing: Stop,
): Promise<ProbeResult> {
  const failed = (dnsWorks: boolean, why: string): ProbeResult => ({
    dnsWorks,
    egressWorks: false,
    detail: `the network probe (${url.href}) failed too: ${why}`,
  });
  const resolution = await hosts.resolve(url.hostname);
  if (!resolution.ok) return failed(false, resolution.failure.message);
  const dnsWorks = resolution.source === 'dns';
  const exchange = await http.send(url, 'HEAD', false, true, closing);
  if (exchange.type === 'failure') return failed(dnsWorks, exchange.failure.message);
  if (dnsWorks) return { dnsWorks, egressWorks: true };
  const detail = `the network probe's host ${url.hostname} is pinned, which does not test DNS`;
  return { dnsWorks, egressWorks: true, detail };
}

/** One link from start to verdict: disk cache, crawl, soft-404 probe, network proof, verdict. */
async function checkLink(parts: CheckerParts, url: string, link: Stop): Promise<LivenessOutcome> {
  const target = fetchTarget(url);
  if (!target.ok) return { kind: 'inconclusive', error: target.error, reason: target.reason };
  const start = target.url;
  const cached = await parts.diskCache?.get(url);
  if (cached) return cached;
  const crawled = await parts.crawler.crawl(start, !target.schemeWritten, false, link);
  let evidence: Evidence = crawled;
  if (crawled.type === 'response' && crawled.status >= 200 && crawled.status < 300) {
    const soft = await parts.soft404.check(start, crawled, link);
    if (soft) evidence = { ...crawled, soft404: soft };
  }
  const need = networkNeeded(evidence);
  const view =
    need === null
      ? parts.network.view()
      : await untilAborted(parts.network.confirm(need), link.signal, () => parts.network.view());
  const outcome = link.signal.aborted
    ? stoppedOutcome(link.signal.reason)
    : classify(evidence, view);
  if (outcome.kind === 'live') await parts.diskCache?.put(url, outcome);
  return outcome;
}

/** The outcome of a link stopped before its verdict (`reason`: why its `Stop` aborted). */
function stoppedOutcome(reason: unknown): LivenessOutcome {
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

/**
 * What is fetched: the link as written, never normalized (that may ask another server); its
 * scheme followed, or without one https then http. Else the normalizer's reading.
 */
export type FetchTarget =
  | { ok: true; url: URL; schemeWritten: boolean }
  | { ok: false; error: 'bad-url'; reason: string };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

export function fetchTarget(written: string): FetchTarget {
  const text = written.trim();
  const scheme = SCHEME.exec(text);
  const rest = scheme ? text.slice(scheme[0].length) : text;
  // `localhost:3000/x` and `x.org:8080` read as a scheme followed by digits: they have none.
  const hasScheme = scheme !== null && !/^\d/.test(rest);
  if (hasScheme && !/^https?$/i.test(scheme[1]!))
    return {
      ok: false,
      error: 'bad-url',
      reason: `${scheme[1]!.toLowerCase()}: addresses are not checked`,
    };
  const asWritten = URL.parse(hasScheme ? text : `https://${text.replace(/^\/\//, '')}`);
  const normalized = asWritten === null ? normalizeUrl(text) : undefined;
  const url = normalized?.ok ? URL.parse(normalized.url) : asWritten;
  if (url === null)
    return { ok: false, error: 'bad-url', reason: `${JSON.stringify(written)} is not an address` };
  const schemeWritten = hasScheme && asWritten !== null;
  url.hash = '';
  url.username = '';
  url.password = '';
  return { ok: true, url, schemeWritten };
}

/**
 * A normalized URL whose written form is unknown (an allowlist from before it kept it): its
 * `https://` is the normalizer's, so it is checked as a link written without a scheme.
 */
export function withoutScheme(normalizedUrl: string): string {
  return normalizedUrl.replace(/^https?:\/\//i, '');
}
