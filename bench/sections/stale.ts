import { LIVENESS_DEFAULTS } from '../../src/defaults.js';
import { normalizeUrl } from '../../src/normalize/url.js';
import { findStaleLinks } from '../../src/stale.js';
import type { Resolver } from '../../src/liveness/types.js';
import { median } from '../lib/measure.js';
import type { Row, SectionResult } from '../lib/report.js';
import { ServerProcess, runLinkinator } from './liveness.js';

/** Links of the `stale` row: 300 across 10 hosts, a fixed mix of answers (see `staleMix`). */
export const STALE_LINKS = 300;
export const STALE_HOSTS = 10;

/** The answer of link `index`: 60 % 200, 15 % 404, 10 % 500, 15 % a 301 to a 200. */
export function staleMix(index: number): '200' | '404' | '500' | '301' {
  const slot = index % 20;
  if (slot < 12) return '200';
  if (slot < 15) return '404';
  if (slot < 17) return '500';
  return '301';
}

const resolver: Resolver = async (host) =>
  host.endsWith('.bench.test')
    ? { ok: true, addresses: [{ address: '127.0.0.1', family: 4 }] }
    : { ok: false, notFound: true, error: 'ENOTFOUND' };

/**
 * `stale` on a directory of 300 links across 10 hosts of a local server, against linkinator on the
 * same links in the same run (alternating, median of each). Ours is the library function the CLI
 * calls (`findStaleLinks`) at the default limits, from the allowlist to the report.
 */
export async function runStaleSection(options: {
  quick: boolean;
  log: (line: string) => void;
}): Promise<SectionResult> {
  const server = await ServerProcess.start();
  try {
    const urls = Array.from(
      { length: STALE_LINKS },
      (_, index) =>
        `http://s${index % STALE_HOSTS}.bench.test:${server.port}/s/${staleMix(index)}/${index}`,
    );
    await server.setIndex(urls);
    const normalized = urls.map((url) => (normalizeUrl(url) as { url: string }).url);
    const allowlist = {
      urls: normalized,
      urlsAsWritten: new Map(normalized.map((url, index) => [url, urls[index]!])),
      domains: [],
      orgNames: [],
      orgPhones: {},
      orgAliases: {},
    };
    const expectedDead = urls.filter((_, index) => staleMix(index) === '404').length;
    const rounds = options.quick ? 1 : 2;
    const ours: Array<{ ms: number; dead: number }> = [];
    const theirs: Array<{ ms: number; dead: number }> = [];
    for (let round = 0; round < rounds; round++) {
      await server.reset();
      const start = performance.now();
      const report = await findStaleLinks({
        allowlist,
        liveness: { resolver, allowPrivateNetworks: ['127.0.0.1'], networkProbe: false },
      });
      const ms = performance.now() - start;
      ours.push({ ms, dead: report.counts.broken + report.counts.invented });
      const linkinator = await runLinkinator(
        urls,
        `http://index.bench.test:${server.port}/__index`,
        server,
      );
      theirs.push({ ms: linkinator.ms, dead: linkinator.dead.size });
      options.log(
        `  stale round ${round + 1}/${rounds}: ours ${ms.toFixed(0)} ms, linkinator ${linkinator.ms.toFixed(0)} ms`,
      );
    }
    const oursMs = median(ours.map((run) => run.ms));
    const theirMs = median(theirs.map((run) => run.ms));
    const row: Row = {
      id: 'stale.time',
      figure: `stale, ${STALE_LINKS} links / ${STALE_HOSTS} hosts`,
      value: `${oursMs.toFixed(0)} ms`,
      baseline: `linkinator 7.6.1: ${theirMs.toFixed(0)} ms`,
      ratio: `${(theirMs / oursMs).toFixed(2)}×`,
      detail: `allowlist links as written (http), 60 % 200, 15 % 404, 10 % 500, 15 % 301 → 200; ours: \`findStaleLinks\` (what the CLI runs) at ${LIVENESS_DEFAULTS.concurrency} overall, ${LIVENESS_DEFAULTS.perHostConcurrency} per host, so at most ${STALE_HOSTS * LIVENESS_DEFAULTS.perHostConcurrency} in flight here; linkinator: its defaults (100 overall, none per host); dead links: ours ${ours.at(-1)!.dead} (the ${expectedDead} 404s; a 500 is inconclusive), linkinator ${theirs.at(-1)!.dead} (it counts a 500 as broken); median of ${rounds} alternating runs`,
      data: { ours, linkinator: theirs, expectedDead },
    };
    return {
      name: 'stale',
      rows: [row],
      targets: [
        {
          id: 'stale.speed',
          name: 'stale within 3× linkinator on 300 links / 10 hosts',
          pass: oursMs <= 3 * theirMs,
          actual: `ours ${oursMs.toFixed(0)} ms, linkinator ${theirMs.toFixed(0)} ms (${(oursMs / theirMs).toFixed(2)}× its time)`,
        },
      ],
    };
  } finally {
    await server.close();
  }
}
