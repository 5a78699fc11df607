import type { Stop } from './cancel.js';
import type { LivenessSettingsInput } from './options.js';

/**
 * What fetching one link found. A closed union; `bucketOf` (in the matcher) maps it to a link bucket.
 * Every outcome carries a human `reason` that says what was seen and why it lands where it does.
 * - `live`: 2xx after following redirects.
 * - `broken`: 404/410, a soft 404 page that says "not found", or a host that resolves but refuses
 *   connections (after one retry), once the network is known to work.
 * - `invented`: the host does not exist (NXDOMAIN, only while the network is known to work), or it
 *   resolves to a private/loopback/link-local/metadata address (not fetched).
 * - `inconclusive`: 401/403/429/5xx/999, timeout, TLS failure, too many redirects, soft 404 without
 *   a "not found" page, or the network is unavailable. Never fails an answer on its own.
 *
 * `error` is a short machine-readable code (`ECONNREFUSED`, `ENOTFOUND`, `timeout`,
 * `private-address`, `too-many-redirects`, `soft-404`, a TLS code, …); `status` the last HTTP status.
 * `networkUnavailable` marks an inconclusive failure that proves nothing only because this run has
 * not shown the network working (DNS, or any host answering): what `stale` asks the probe about.
 */
export type LivenessOutcome =
  | { kind: 'live'; status: number; finalUrl: string; redirects: number; reason: string }
  | { kind: 'broken'; status?: number; error?: string; finalUrl: string; reason: string }
  | { kind: 'invented'; error?: string; finalUrl?: string; address?: string; reason: string }
  | {
      kind: 'inconclusive';
      status?: number;
      error?: string;
      finalUrl?: string;
      networkUnavailable?: true;
      reason: string;
    };

export type LivenessKind = LivenessOutcome['kind'];

/**
 * Resolves a host name to addresses. Injectable so tests decide DNS without a network. Never
 * rejects. `asker`: the link that asked, for a resolver that bounds its lookups (one that does not
 * may ignore it); see `LookupAsker`.
 */
export type Resolver = (host: string, asker?: LookupAsker) => Promise<ResolveResult>;

/**
 * The side of a link a resolver sees: its answer (`party`), so lookups can be shared fairly between
 * answers, and its note of a lookup waiting for a slot (`noteLookupWaiting`), so a link whose lookup
 * still waits at its deadline says it was not tried (load).
 */
export type LookupAsker = Partial<Pick<Stop, 'party' | 'noteLookupWaiting'>>;
/** An address a host name resolves to. */
export type Address = { address: string; family: 4 | 6 };
export type ResolveResult =
  | { ok: true; addresses: Address[] }
  /** `notFound`: the name does not exist (NXDOMAIN / ENOTFOUND). `error`: DNS itself failed. */
  | { ok: false; notFound: boolean; error: string };

/**
 * Liveness options: the data options of the one schema (`LivenessOptionsSchema`, where each is
 * described), plus two that only code can give.
 */
export interface LivenessOptions extends LivenessSettingsInput {
  resolver?: Resolver;
  /** PEM certificates to trust in addition to the system roots (an intranet CA, a test CA). */
  ca?: string | readonly string[];
  /**
   * Told what the user should know but that changes no verdict (a cache folder not used, and why);
   * default a Node warning on standard error. A CLI gives its own standard error.
   */
  warn?: (message: string) => void;
}

/**
 * Deadlines for one call; a link unfinished by its deadline resolves to `inconclusive` with error
 * `deadline` for this caller. Its fetch goes on while another caller still waits for it, and is
 * aborted once none does.
 * - `deadlineAt`: a time in ms since the epoch (the answer's deadline).
 * - `hostDeadline`: `hostDeadlineMs` after the first request to the link's host started (`stale`).
 */
export interface CheckOptions {
  deadlineAt?: number;
  hostDeadline?: boolean;
}

/** Checks links; one instance per process shares its cache and limits across every answer. */
export interface LinkChecker {
  /**
   * `url` is the link as written (see `fetchTarget`: a written scheme is followed, a link without
   * one is tried over https then http). Never rejects: failures are outcomes.
   */
  check(url: string, options?: CheckOptions): Promise<LivenessOutcome>;
  /**
   * Why the network is shown to be unavailable (the network probe failed and no host has
   * answered), or null. Runs the probe if it has not run; null when probing is off.
   */
  networkDown(): Promise<string | null>;
  /** Ends every request in flight and releases connections. Checks started after `close` resolve to `inconclusive`. */
  close(): Promise<void>;
}
