/**
 * Before and after for the liveness checker: this checkout's checker, another checkout's, and the
 * least checker (`lib/minimal-checker.ts`), alternating in one process on the bench's workloads,
 * so that load on the machine hits all three alike. Not part of `npm run bench`: it is how a change
 * to the request path is measured against the code before it.
 *
 *   npx tsx bench/liveness-ab.ts OTHER_CHECKOUT [ROUNDS]
 *
 * OTHER_CHECKOUT is another working tree of this project (for example `git worktree add --detach
 * ../before <commit>`, with node_modules). Prints, for each: the median time on `planned` and its
 * ratio to the least checker's, and the median processor time on the 920 links of `planned` that
 * answer at once (every slow route, the refusing host and the missing one left out) with the
 * requests the server counted. Nothing leaves the machine.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ServerProcess, closedPort } from './sections/liveness.js';
import { REFUSED_HOST, planLinks } from './lib/liveness-plan.js';
import { benchLookup as lookup, benchResolver as resolver } from './lib/liveness-resolve.js';
import { median } from './lib/measure.js';
import { minimalCheck } from './lib/minimal-checker.js';
import { LIVENESS_DEFAULTS } from '../src/defaults.js';
import { createLinkChecker } from '../src/liveness/index.js';

type Factory = typeof createLinkChecker;

const [other, roundsArg] = process.argv.slice(2);
if (other === undefined) {
  process.stderr.write('usage: npx tsx bench/liveness-ab.ts OTHER_CHECKOUT [ROUNDS]\n');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 8);
const theirs = (
  (await import(pathToFileURL(resolve(other, 'src/liveness/index.ts')).href)) as {
    createLinkChecker: Factory;
  }
).createLinkChecker;

const server = await ServerProcess.start();
try {
  const refused = await closedPort();
  const limits = {
    overall: LIVENESS_DEFAULTS.concurrency,
    perHost: LIVENESS_DEFAULTS.perHostConcurrency,
  };
  await server.setPlan('planned', limits);
  const plan = planLinks('planned', limits);
  const all = plan.map(
    (link) =>
      `http://${link.host}:${link.host === REFUSED_HOST ? refused : server.port}${link.path}`,
  );
  const fast = plan
    .filter((link) => link.kind !== 'slow' && link.kind !== 'refused' && link.kind !== 'nxdomain')
    .map((link) => `http://${link.host}:${server.port}${link.path}`);

  /** Wall time over `urls`, processor time, requests served. */
  const run = async (
    check: (urls: string[]) => Promise<unknown>,
    urls: string[],
  ): Promise<{ ms: number; cpuMs: number; requests: number }> => {
    await server.reset();
    const cpu = process.cpuUsage();
    const started = performance.now();
    await check(urls);
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return {
      ms,
      cpuMs: (used.user + used.system) / 1000,
      requests: (await server.stats()).requests,
    };
  };
  const checker =
    (factory: Factory) =>
    async (urls: string[]): Promise<void> => {
      const instance = factory({
        resolver,
        allowPrivateNetworks: ['127.0.0.1'],
        networkProbe: false,
      });
      try {
        await Promise.all(urls.map((url) => instance.check(url)));
      } finally {
        await instance.close();
      }
    };
  const sides = {
    least: (urls: string[]) =>
      minimalCheck(urls, { overall: Number.POSITIVE_INFINITY, perHost: limits.perHost }, lookup),
    other: checker(theirs),
    this: checker(createLinkChecker),
  };
  const results: Record<string, { planned: number[]; cpu: number[]; requests: number }> = {};
  // The first two rounds compile the code paths and are not counted.
  for (let round = 0; round < rounds + 2; round++) {
    for (const [name, check] of Object.entries(sides)) {
      const planned = await run(check, all);
      const quick = await run(check, fast);
      if (round < 2) continue;
      const entry = (results[name] ??= { planned: [], cpu: [], requests: 0 });
      entry.planned.push(planned.ms);
      entry.cpu.push(quick.cpuMs);
      entry.requests = quick.requests;
    }
  }
  const least = median(results.least!.planned);
  for (const [name, entry] of Object.entries(results)) {
    const planned = median(entry.planned);
    process.stdout.write(
      `${name.padEnd(6)} planned ${planned.toFixed(0)} ms (${(planned / least).toFixed(2)}× the least checker); fast links: ${median(entry.cpu).toFixed(0)} ms of processor time for ${entry.requests} requests (medians of ${rounds})\n`,
    );
  }
} finally {
  await server.close();
}
