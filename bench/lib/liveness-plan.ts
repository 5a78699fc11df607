import { createRng } from './prng.js';

/**
 * The liveness workload, shared by the bench and its server process: 1,000 links over 50 made-up
 * host names under `.test` (reserved, never resolvable on the internet). Every name is mapped to
 * 127.0.0.1 by the bench's own resolvers; nothing leaves the machine.
 *
 * Host 48 does not exist (NXDOMAIN) and host 49 refuses connections (a closed port); on the other
 * 48 hosts each link is, by a seeded roll: 404 (6 %), 410 (2 %), slow, 150–900 ms (6 %), a 301
 * to a live page (3 %), HEAD refused with 405 but GET 200 (3 %), else 200 at once.
 */
export type LinkKind = 'ok' | 'slow' | 'not-found' | 'gone' | 'redirect' | 'head-405' | 'nxdomain' | 'refused';

export interface PlannedLink {
  index: number;
  host: string;
  path: string;
  kind: LinkKind;
  delayMs: number;
}

export const LIVENESS_HOSTS = 50;
export const LIVENESS_LINKS = 1000;
export const NXDOMAIN_HOST = 'h48.bench.test';
export const REFUSED_HOST = 'h49.bench.test';
export const INDEX_HOST = 'index.bench.test';

export function hostName(n: number): string {
  return `h${String(n).padStart(2, '0')}.bench.test`;
}

export function planLinks(): PlannedLink[] {
  const rng = createRng(4242);
  const links: PlannedLink[] = [];
  for (let index = 0; index < LIVENESS_LINKS; index++) {
    const host = hostName(index % LIVENESS_HOSTS);
    const path = `/p/${index}`;
    const roll = rng.next();
    const delay = rng.int(150, 900);
    let kind: LinkKind;
    if (host === NXDOMAIN_HOST) kind = 'nxdomain';
    else if (host === REFUSED_HOST) kind = 'refused';
    else if (roll < 0.06) kind = 'not-found';
    else if (roll < 0.08) kind = 'gone';
    else if (roll < 0.14) kind = 'slow';
    else if (roll < 0.17) kind = 'redirect';
    else if (roll < 0.2) kind = 'head-405';
    else kind = 'ok';
    links.push({ index, host, path, kind, delayMs: kind === 'slow' ? delay : 0 });
  }
  return links;
}

export function isDeadKind(kind: LinkKind): boolean {
  return kind === 'not-found' || kind === 'gone' || kind === 'nxdomain' || kind === 'refused';
}
