import { onTestFinished } from 'vitest';
import { createLinkChecker } from '../../src/liveness/checker.js';
import type { CheckerDeps } from '../../src/liveness/checker.js';
import { scratchDir } from '../helpers/scratch.js';
import type {
  LinkChecker,
  LivenessOptions,
  Resolver,
  ResolveResult,
} from '../../src/liveness/types.js';

/**
 * A resolver that never touches the network: names in `table` resolve to their address, names in
 * `notFound` are NXDOMAIN, names in `errors` fail with that DNS error, anything else is NXDOMAIN.
 * `calls` records every name asked for.
 */
export function fakeResolver(
  table: Record<string, string> = {},
  extra: { notFound?: string[]; errors?: Record<string, string>; everything?: ResolveResult } = {},
): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = async (host: string): Promise<ResolveResult> => {
    calls.push(host);
    if (extra.everything) return extra.everything;
    const address = table[host];
    if (address !== undefined)
      return { ok: true, addresses: [{ address, family: address.includes(':') ? 6 : 4 }] };
    const error = extra.errors?.[host];
    if (error !== undefined) return { ok: false, notFound: false, error };
    return { ok: false, notFound: true, error: 'ENOTFOUND' };
  };
  return Object.assign(resolver, { calls });
}

/** Records the waits between retries instead of waiting. */
export function recordingSleep(): ((ms: number) => Promise<void>) & { waits: number[] } {
  const waits: number[] = [];
  return Object.assign(
    async (ms: number) => {
      waits.push(ms);
    },
    { waits },
  );
}

/**
 * The one wait of a refused origin's retry: the rest of `LIVENESS_DEFAULTS.retryBaseDelayMs` after the refused
 * attempt asked for its connection, so a little less than the whole (the refusal is read a few
 * milliseconds after the attempt), never more.
 */
export function isRefusalRetryWait(waits: readonly number[], full: number): boolean {
  return waits.length === 1 && waits[0]! <= full && waits[0]! > full - 500;
}

export interface TestChecker extends LinkChecker {
  waits: number[];
  resolver: Resolver & { calls: string[] };
}

/**
 * A checker for tests against local servers: every `.test` name in `hosts` pinned to 127.0.0.1,
 * loopback allowed, a short timeout, retries that do not wait, and a network probe that goes to
 * `probe.test` on `probePort` through the fake resolver (so DNS and egress can be proven without
 * the internet). Closed when the test finishes.
 */
export function testChecker(
  setup: {
    hosts?: string[];
    probePort?: number;
    resolver?: Resolver & { calls: string[] };
    options?: LivenessOptions;
    deps?: CheckerDeps;
  } = {},
): TestChecker {
  const sleep = recordingSleep();
  const resolver = setup.resolver ?? fakeResolver({ 'probe.test': '127.0.0.1' });
  const resolve: Record<string, string> = {};
  for (const host of setup.hosts ?? []) resolve[host] = '127.0.0.1';
  const checker = createLinkChecker(
    {
      allowPrivateNetworks: true,
      resolve,
      resolver,
      timeoutMs: 2000,
      networkProbe: setup.probePort === undefined ? false : `http://probe.test:${setup.probePort}/`,
      ...setup.options,
    },
    { sleep, ...setup.deps },
  );
  onTestFinished(() => checker.close());
  return {
    check: (url, options) => checker.check(url, options),
    networkDown: () => checker.networkDown(),
    close: () => checker.close(),
    waits: sleep.waits,
    resolver,
  };
}

/** A fresh folder for cache tests, removed when the test finishes. */
export const cacheScratch = (): Promise<string> => scratchDir('cv-cache-');

/** The link and the success the cache tests store and read back. */
export const CACHED_URL = 'https://a.test/page';
export const CACHED_LIVE = {
  kind: 'live' as const,
  status: 200,
  finalUrl: CACHED_URL,
  redirects: 0,
  reason: '200 OK: the page resolves',
};
