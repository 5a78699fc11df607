import type { Stop } from './cancel.js';
import type { LivenessSettingsInput } from './options.js';

/**
 * What fetching one link found, with a human `reason` (the table: docs/LIVENESS.md); `error`: a
 * short code. `networkUnavailable`: proves nothing only as the network is not shown working.
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
/** Resolves a host name (injectable: tests decide DNS). Never rejects. */
export type Resolver = (host: string, asker?: LookupAsker) => Promise<ResolveResult>;

/** The side of a link a resolver that bounds its lookups sees (see `createSystemResolver`). */
export type LookupAsker = Partial<Pick<Stop, 'party' | 'noteLookupWaiting'>>;
export type Address = { address: string; family: 4 | 6 };
export type ResolveResult =
  | { ok: true; addresses: Address[] }
  /** `notFound`: the name does not exist (NXDOMAIN / ENOTFOUND). `error`: DNS itself failed. */
  | { ok: false; notFound: boolean; error: string };

/** The data options of `LivenessOptionsSchema`, plus those only code can give. */
export interface LivenessOptions extends LivenessSettingsInput {
  resolver?: Resolver;
  /** PEM certificates to trust besides the system roots (an intranet CA, a test CA). */
  ca?: string | readonly string[];
  /** Told what changes no verdict but the user should know (a cache folder not used, and why). */
  warn?: (message: string) => void;
}

/**
 * A call's deadlines, past which its link is `inconclusive` (`deadline`) for it: `deadlineAt` (ms
 * since the epoch, the answer's); `hostDeadline`: `hostDeadlineMs` after the host's first request.
 */
export interface CheckOptions {
  deadlineAt?: number;
  hostDeadline?: boolean;
}

/** Checks links; one instance per process shares its cache and limits across every answer. */
export interface LinkChecker {
  /** `url`: the link as written (see `fetchTarget`). Never rejects: failures are outcomes. */
  check(url: string, options?: CheckOptions): Promise<LivenessOutcome>;
  /**
   * Why the network is shown unavailable (the probe, run now if not yet, failed and no host has
   * answered), or null; null when probing is off (then the network is only unproven).
   */
  networkDown(): Promise<string | null>;
  /** Ends every request in flight; checks after it resolve to `inconclusive`. */
  close(): Promise<void>;
}
