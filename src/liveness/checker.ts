import { LIVENESS_DEFAULTS } from '../defaults.js';
import { describeError } from '../errors.js';
import { Cancelled, Stop, type PartyKey } from './cancel.js';
import { NETWORK_PROBE_URL } from './network.js';
import { livenessNumbers, parseLivenessOptions } from './options.js';
import {
  assembleParts,
  type CheckerDeps,
  type CheckerParts,
  checkLink,
  type ResolvedLivenessSettings,
  stoppedOutcome,
} from './parts.js';
import { hostKey } from './resolve.js';
import { fetchTarget } from './target.js';
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

/**
 * Defaults from `LIVENESS_DEFAULTS`, validated by the one liveness schema (`parseLivenessOptions`).
 * Throws `InputError('INVALID_CONFIG')` naming the option.
 */
export function resolveLivenessSettings(options: LivenessOptions): ResolvedLivenessSettings {
  const { resolver: _resolver, ca: _ca, warn: _warn, ...data } = options;
  const valid = parseLivenessOptions(data);
  return {
    ...livenessNumbers(valid),
    maxBodyBytes: LIVENESS_DEFAULTS.maxBodyBytes,
    maxHeaderBytes: LIVENESS_DEFAULTS.maxHeaderBytes,
    userAgent: valid.userAgent ?? LIVENESS_DEFAULTS.userAgent,
    accept: LIVENESS_DEFAULTS.accept,
    networkProbe: valid.networkProbe ?? NETWORK_PROBE_URL,
  };
}

/**
 * A link checker: each link, as written, is checked once for the checker's lifetime (the promise is
 * memoized, so concurrent callers share one fetch), within the concurrency limits, and classified
 * by the verdict table (`classify`). Successes go to the on-disk cache when `cacheDir` is set.
 *
 * The parts, each in its own file (assembled in `parts.ts`):
 * - what to fetch: the link as written (`fetchTarget`);
 * - scheduling: the concurrency limits, shared fairly between answers (`Limiter`), deadlines
 *   (`deadline.ts`);
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
  let closed = false;
  const parts = assembleParts(options, settings, deps, () => closed);
  const links = new Map<string, LinkRun>();
  return {
    check(url: string, checkOptions: CheckOptions = {}): Promise<LivenessOutcome> {
      if (closed) return Promise.resolve(stoppedOutcome(new Cancelled('closed')));
      let entry = links.get(url);
      if (!entry) {
        entry = startLink(parts, url, partyOf(checkOptions));
        links.set(url, entry);
      }
      return awaitLink(parts, settings, links, url, entry, checkOptions);
    },
    networkDown: () => parts.network.shownDown(),
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      // Every link still running is aborted: queued requests leave the queue, waits end, sockets
      // close, and each caller still waiting gets `inconclusive` (closed).
      for (const entry of links.values())
        if (!entry.settled) entry.controller.abort(new Cancelled('closed'));
      parts.closing.abort(new Cancelled('closed'));
      // Destroyed, not drained: what is still in flight (a silent server) is no longer wanted, and
      // draining would wait for each request's timeout.
      await parts.agent.destroy();
    },
  };
}

/**
 * Whose share of the slots a link's requests count in: its answer's (an answer is known by its
 * deadline), else the shared one (`stale`, a caller without a deadline).
 */
function partyOf(options: CheckOptions): PartyKey | undefined {
  return options.deadlineAt;
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
    // Not settled: a deadline answered first.
    if (link.settled) link.limited--;
    else giveUp(links, url, link);
    return outcome;
  });
}

/** A caller with a deadline gave up on `url`: when nobody else waits for it, it is aborted. */
function giveUp(links: Map<string, LinkRun>, url: string, entry: LinkRun): void {
  entry.limited--;
  if (entry.limited > 0 || entry.unlimited || entry.settled) return;
  entry.controller.abort(new Cancelled('deadline'));
  // A later caller starts the link afresh rather than receiving the aborted one.
  if (links.get(url) === entry) links.delete(url);
}
