import { randomBytes } from 'node:crypto';
import type { ResponseEvidence, Soft404Evidence } from './classify.js';
import { pageSaysNotFound } from './page-signs.js';
import type { Crawled, Crawler } from './crawl.js';
import { SharedWork, type Stop } from './cancel.js';
import type { HttpClient } from './http.js';

/** Paths probed for soft 404s start with this, so server logs say who asked. */
export const SOFT_404_PROBE_PREFIX = '/citation-verifier-soft-404-probe-';

/**
 * Soft 404s: a 2xx below a host's root is compared with a made-up path on its origin (probed once
 * per origin). If that answers 2xx too, the page's own text decides: broken or inconclusive.
 */
export class Soft404Prober {
  private readonly probes = new Map<string, SharedWork<{ probeUrl: string; status?: number }>>();

  constructor(
    private readonly crawler: Crawler,
    private readonly http: HttpClient,
  ) {}

  /** `link` aborted: its page GET ends, and it stops waiting for the origin's probe. */
  async check(
    start: URL,
    evidence: Crawled & ResponseEvidence,
    link?: Stop,
  ): Promise<Soft404Evidence | undefined> {
    // A host's root that answers is the host itself: no soft 404 of anything.
    if (start.pathname === '/' && start.search === '') return undefined;
    const finalUrl = new URL(evidence.finalUrl);
    const probe = await this.probe(finalUrl, link);
    if (probe.status === undefined) return undefined;
    if (probe.status < 200 || probe.status >= 300)
      return { probeUrl: probe.probeUrl, probeStatus: probe.status };
    let body = evidence.body;
    if (body === undefined) {
      const page = await this.http.send(finalUrl, 'GET', true, true, link);
      if (page.type === 'response') body = page.body;
    }
    return {
      probeUrl: probe.probeUrl,
      probeStatus: probe.status,
      ...(body !== undefined ? { pageSaysNotFound: pageSaysNotFound(body) } : {}),
    };
  }

  /** What a made-up path on the origin answers; again only if every waiting link was aborted. */
  private probe(
    finalUrl: URL,
    link: Stop | undefined,
  ): Promise<{ probeUrl: string; status?: number }> {
    let pending = this.probes.get(finalUrl.origin);
    if (!pending || pending.abandoned) {
      const probeUrl = new URL(
        `${SOFT_404_PROBE_PREFIX}${randomBytes(8).toString('hex')}`,
        finalUrl.origin,
      );
      pending = new SharedWork(
        (shared) =>
          this.crawler
            .crawl(probeUrl, false, true, shared)
            .then((evidence) =>
              evidence.type === 'response'
                ? { probeUrl: probeUrl.href, status: evidence.status }
                : { probeUrl: probeUrl.href },
            ),
        link?.party,
      );
      this.probes.set(finalUrl.origin, pending);
    }
    return pending.join(link?.signal, () => ({ probeUrl: '' }));
  }
}
