import { createRng } from './prng.js';

/**
 * The liveness workload, shared by the bench and its server process: 1,000 links over 50 made-up
 * host names under `.test` (reserved, never resolvable on the internet). Every name is mapped to
 * 127.0.0.1 by the bench's own resolvers; nothing leaves the machine.
 *
 * Host 48 does not exist (NXDOMAIN) and host 49 refuses connections (a closed port); on the other
 * 48 hosts each link is, by a seeded roll: 404 (6 %), 410 (2 %), a slow candidate, 150–900 ms
 * (6 %), a 301 to a live page (3 %), HEAD refused with 405 but GET 200 (3 %), else 200 at once.
 *
 * Two workloads share those rolls and differ only in which slow candidates are slow:
 *
 * - `planned`: all 60, the workload the bench was written with and the one its target is read on
 *   (32 s of waiting; one host has 4 slow routes, another 3 totalling 2.4 s).
 * - `absorbable`: candidates in link order are kept slow while the limits can still absorb them,
 *   the rest answer at once: the total waiting stays within `overall × SLOW_MAX_MS` and each host's
 *   within `perHost × SLOW_MAX_MS`. That is the most slow work a checker at those limits could
 *   finish within the time of the slowest route (which an unlimited checker needs anyway), were it
 *   to know in advance which links are slow. Reported beside `planned` (not a target) to show how
 *   much of the gap to an unlimited checker is the limits and how much the workload.
 */
export type LinkKind =
  | 'ok'
  | 'slow'
  | 'not-found'
  | 'gone'
  | 'redirect'
  | 'head-405'
  | 'nxdomain'
  | 'refused';
export type Workload = 'planned' | 'absorbable';

export interface PlannedLink {
  index: number;
  host: string;
  path: string;
  kind: LinkKind;
  delayMs: number;
}

/** Limits the `absorbable` workload is cut to: requests in flight overall and per host. */
export interface PlanLimits {
  overall: number;
  perHost: number;
}

export const LIVENESS_HOSTS = 50;
export const LIVENESS_LINKS = 1000;
export const SLOW_MIN_MS = 150;
export const SLOW_MAX_MS = 900;
export const NXDOMAIN_HOST = 'h48.bench.test';
export const REFUSED_HOST = 'h49.bench.test';
export const INDEX_HOST = 'index.bench.test';

export function hostName(n: number): string {
  return `h${String(n).padStart(2, '0')}.bench.test`;
}

export function planLinks(workload: Workload, limits: PlanLimits): PlannedLink[] {
  const rng = createRng(4242);
  const links: PlannedLink[] = [];
  let slowTotal = 0;
  const slowPerHost = new Map<string, number>();
  for (let index = 0; index < LIVENESS_LINKS; index++) {
    const host = hostName(index % LIVENESS_HOSTS);
    const path = `/p/${index}`;
    const roll = rng.next();
    const delay = rng.int(SLOW_MIN_MS, SLOW_MAX_MS);
    let kind: LinkKind;
    if (host === NXDOMAIN_HOST) kind = 'nxdomain';
    else if (host === REFUSED_HOST) kind = 'refused';
    else if (roll < 0.06) kind = 'not-found';
    else if (roll < 0.08) kind = 'gone';
    else if (roll < 0.14) kind = 'slow';
    else if (roll < 0.17) kind = 'redirect';
    else if (roll < 0.2) kind = 'head-405';
    else kind = 'ok';
    if (kind === 'slow' && workload === 'absorbable') {
      const onHost = (slowPerHost.get(host) ?? 0) + delay;
      if (
        slowTotal + delay <= limits.overall * SLOW_MAX_MS &&
        onHost <= limits.perHost * SLOW_MAX_MS
      ) {
        slowTotal += delay;
        slowPerHost.set(host, onHost);
      } else {
        kind = 'ok';
      }
    }
    links.push({ index, host, path, kind, delayMs: kind === 'slow' ? delay : 0 });
  }
  return links;
}

export function isDeadKind(kind: LinkKind): boolean {
  return kind === 'not-found' || kind === 'gone' || kind === 'nxdomain' || kind === 'refused';
}

/**
 * The least time any checker within `limits` needs for the plan's slow routes, treating every
 * other response as instant: the overall bound (all waiting spread over every slot), the busiest
 * host's bound (its waiting over its slots), and the slowest single route. A lower bound, not a
 * prediction: reaching it needs knowing in advance which links are slow.
 */
export function lowerBoundMs(
  plan: readonly PlannedLink[],
  limits: PlanLimits,
): { ms: number; binding: 'overall' | 'per host' | 'slowest route' } {
  let total = 0;
  let slowest = 0;
  const perHost = new Map<string, number>();
  for (const link of plan) {
    if (link.kind !== 'slow') continue;
    total += link.delayMs;
    slowest = Math.max(slowest, link.delayMs);
    perHost.set(link.host, (perHost.get(link.host) ?? 0) + link.delayMs);
  }
  const overall = total / limits.overall;
  const host = Math.max(0, ...perHost.values()) / limits.perHost;
  if (overall >= host && overall >= slowest) return { ms: overall, binding: 'overall' };
  if (host >= slowest) return { ms: host, binding: 'per host' };
  return { ms: slowest, binding: 'slowest route' };
}

/**
 * The time each host's slow routes need when its links are fetched in link order, `perHost` at a
 * time, every other response instant: the busiest host's. What a checker that cannot know which
 * links are slow pays for the per-host limit alone, however many requests it may have in flight
 * overall.
 */
export function inOrderHostBoundMs(plan: readonly PlannedLink[], perHost: number): number {
  const slots = new Map<string, number[]>();
  for (const link of plan) {
    const free = slots.get(link.host) ?? Array<number>(perHost).fill(0);
    slots.set(link.host, free);
    const earliest = free.indexOf(Math.min(...free));
    free[earliest] = free[earliest]! + link.delayMs;
  }
  let worst = 0;
  for (const free of slots.values()) worst = Math.max(worst, ...free);
  return worst;
}
