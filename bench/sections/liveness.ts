import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { LinkChecker as Linkinator, LinkState } from 'linkinator';
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';
import { LIVENESS_DEFAULTS } from '../../src/defaults.js';
import { createLinkChecker } from '../../src/liveness/index.js';
import type { LivenessOutcome } from '../../src/liveness/types.js';
import {
  INDEX_HOST,
  REFUSED_HOST,
  inOrderHostBoundMs,
  isDeadKind,
  lowerBoundMs,
  planLinks,
  type PlanLimits,
  type PlannedLink,
  type Workload,
} from '../lib/liveness-plan.js';
import { benchLookup as lookup, benchResolver as resolver } from '../lib/liveness-resolve.js';
import { median } from '../lib/measure.js';
import { minimalCheck } from '../lib/minimal-checker.js';
import type { Row, SectionResult } from '../lib/report.js';

const SERVER = fileURLToPath(new URL('./liveness-server.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface ServerStats {
  requests: number;
  /** TCP connections accepted: how well a checker reuses them. */
  connections: number;
  overallMax: number;
  perHostMax: number;
}

export class ServerProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  static start(): Promise<ServerProcess> {
    return new Promise((resolve, reject) => {
      const child = fork(SERVER, [], {
        cwd: ROOT,
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`liveness server exited early (${code})`)));
      child.once('message', (message: { type: string; port: number }) =>
        resolve(new ServerProcess(child, message.port)),
      );
    });
  }

  private ask<T>(message: object, reply: string): Promise<T> {
    return new Promise((resolve) => {
      const listener = (answer: { type: string }): void => {
        if (answer.type !== reply) return;
        this.child.off('message', listener);
        resolve(answer as T);
      };
      this.child.on('message', listener);
      this.child.send(message);
    });
  }

  reset(): Promise<unknown> {
    return this.ask({ type: 'reset' }, 'reset-done');
  }
  setPlan(workload: Workload, limits: PlanLimits, rttMs = 0): Promise<unknown> {
    return this.ask({ type: 'plan', workload, limits, rttMs }, 'plan-done');
  }
  setIndex(urls: string[]): Promise<unknown> {
    return this.ask({ type: 'index', urls }, 'index-done');
  }
  stats(): Promise<ServerStats> {
    return this.ask<ServerStats>({ type: 'stats' }, 'stats');
  }
  close(): Promise<void> {
    return new Promise((resolve) => {
      this.child.removeAllListeners('exit');
      this.child.once('exit', () => resolve());
      this.child.send({ type: 'close' });
    });
  }
}

/** A port on 127.0.0.1 with nothing listening: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface RunResult {
  ms: number;
  dead: Set<string>;
  stats: ServerStats;
  kinds: Record<string, number>;
}

export async function runOurs(
  urls: string[],
  server: ServerProcess,
  options: { concurrency?: number } = {},
): Promise<RunResult> {
  await server.reset();
  const checker = createLinkChecker({
    resolver,
    // Loopback is where the bench's servers are; only that address is allowed, nothing else.
    allowPrivateNetworks: ['127.0.0.1'],
    // The default probe is a public URL: off, so not one packet leaves the machine.
    networkProbe: false,
    ...options,
  });
  const start = performance.now();
  const outcomes: LivenessOutcome[] = await Promise.all(urls.map((url) => checker.check(url)));
  const ms = performance.now() - start;
  await checker.close();
  const dead = new Set<string>();
  const kinds: Record<string, number> = {};
  outcomes.forEach((outcome, i) => {
    kinds[outcome.kind] = (kinds[outcome.kind] ?? 0) + 1;
    if (outcome.kind === 'broken' || outcome.kind === 'invented') dead.add(urls[i]!);
  });
  return { ms, dead, stats: await server.stats(), kinds };
}

/** The least checker at `limits` (`minimal-checker.ts`): what the requests alone cost on this machine. */
export async function runMinimal(
  urls: string[],
  server: ServerProcess,
  limits: PlanLimits,
): Promise<RunResult> {
  await server.reset();
  const start = performance.now();
  const dead = await minimalCheck(urls, limits, lookup);
  const ms = performance.now() - start;
  return {
    ms,
    dead,
    stats: await server.stats(),
    kinds: { dead: dead.size, live: urls.length - dead.size },
  };
}

/**
 * A dispatcher interceptor that lets at most `limit` requests be in flight (from dispatch to the
 * end of the response or an error) and queues the rest first come, first served: what an overall
 * concurrency limit means for our checker, applied to linkinator's requests from below.
 */
function capInFlight(limit: number): Dispatcher.DispatcherComposeInterceptor {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = (): void => {
    active--;
    waiting.shift()?.();
  };
  return (dispatch) => (options, handler) => {
    const start = (): void => {
      active++;
      let released = false;
      const done = (): void => {
        if (released) return;
        released = true;
        release();
      };
      try {
        dispatch(options, {
          onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
          onRequestUpgrade: (controller, status, headers, socket) =>
            handler.onRequestUpgrade?.(controller, status, headers, socket),
          onResponseStart: (controller, status, headers, message) =>
            handler.onResponseStart?.(controller, status, headers, message),
          onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
          onResponseEnd: (controller, trailers) => {
            done();
            handler.onResponseEnd?.(controller, trailers);
          },
          onResponseError: (controller, error) => {
            done();
            handler.onResponseError?.(controller, error);
          },
        });
      } catch (error) {
        done();
        throw error;
      }
    };
    if (active < limit) start();
    else waiting.push(start);
    return true;
  };
}

/**
 * linkinator over the same links. `concurrency` is passed to linkinator as its own option and, with
 * `capTransport`, also enforced on its requests: linkinator 7.6.1 starts each link's check before
 * it queues it, so its `concurrency` option alone does not bound the requests in flight.
 */
export async function runLinkinator(
  urls: string[],
  indexUrl: string,
  server: ServerProcess,
  options: { concurrency?: number; capTransport?: boolean } = {},
): Promise<RunResult> {
  await server.reset();
  const previous = getGlobalDispatcher();
  // linkinator fetches through Node's global fetch; a fresh pool per run whose lookup is ours.
  const agent = new Agent({ connect: { lookup } });
  setGlobalDispatcher(
    options.concurrency !== undefined && options.capTransport === true
      ? agent.compose(capInFlight(options.concurrency))
      : agent,
  );
  try {
    const wanted = new Set(urls);
    const start = performance.now();
    const result = await new Linkinator().check({
      path: indexUrl,
      recurse: false,
      timeout: LIVENESS_DEFAULTS.timeoutMs,
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    });
    const ms = performance.now() - start;
    const dead = new Set<string>();
    const kinds: Record<string, number> = {};
    for (const link of result.links) {
      if (!wanted.has(link.url)) continue;
      kinds[link.state] = (kinds[link.state] ?? 0) + 1;
      if (link.state === LinkState.BROKEN) dead.add(link.url);
    }
    return { ms, dead, stats: await server.stats(), kinds };
  } finally {
    setGlobalDispatcher(previous);
    await agent.close();
  }
}

/** A run as plain data for results.json (a Set would serialize as `{}`). */
function plain(run: RunResult): {
  ms: number;
  dead: number;
  stats: ServerStats;
  kinds: Record<string, number>;
} {
  return { ms: run.ms, dead: run.dead.size, stats: run.stats, kinds: run.kinds };
}

function difference(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((item) => !b.has(item));
}

interface Prepared {
  workload: Workload;
  rttMs: number;
  plan: PlannedLink[];
  urls: string[];
  expectedDead: Set<string>;
  indexUrl: string;
  slow: { count: number; seconds: number };
}

/** Tell the server which workload to serve (and how slow its network is) and list the links for linkinator. */
async function prepare(
  server: ServerProcess,
  refusedPort: number,
  workload: Workload,
  limits: PlanLimits,
  rttMs = 0,
): Promise<Prepared> {
  await server.setPlan(workload, limits, rttMs);
  const plan = planLinks(workload, limits);
  const urlOf = (link: PlannedLink): string =>
    `http://${link.host}:${link.host === REFUSED_HOST ? refusedPort : server.port}${link.path}`;
  const urls = plan.map(urlOf);
  await server.setIndex(urls);
  const slowLinks = plan.filter((link) => link.kind === 'slow');
  return {
    workload,
    rttMs,
    plan,
    urls,
    expectedDead: new Set(plan.filter((link) => isDeadKind(link.kind)).map(urlOf)),
    indexUrl: `http://${INDEX_HOST}:${server.port}/__index`,
    slow: {
      count: slowLinks.length,
      seconds: slowLinks.reduce((sum, link) => sum + link.delayMs, 0) / 1000,
    },
  };
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return difference(a, b).length === 0 && difference(b, a).length === 0;
}

/** The overall limit the informational runs raise ours to (per host stays at the default): lychee's default. */
const RAISED_OVERALL = 128;
/**
 * The target on `planned`: within this factor of the least time a checker at our limits needs on
 * the machine the bench runs on, measured in the same run (the least checker's time; never less
 * than the computed bound, which counts every fast response as free).
 */
export const PLANNED_BOUND_FACTOR = 1.15;
/** The emulated round trip of the informational network run. */
const RTT_MS = 20;

/** Ours at the default limits, linkinator at its own, ours with the overall limit raised, and the least checker at `leastAt` when given: `rounds` alternating rounds. */
async function compare(
  prepared: Prepared,
  server: ServerProcess,
  rounds: number,
  log: (line: string) => void,
  leastAt?: PlanLimits,
): Promise<{ ours: RunResult[]; theirs: RunResult[]; raised: RunResult[]; least: RunResult[] }> {
  const ours: RunResult[] = [];
  const theirs: RunResult[] = [];
  const raised: RunResult[] = [];
  const least: RunResult[] = [];
  for (let round = 0; round < rounds; round++) {
    ours.push(await runOurs(prepared.urls, server));
    theirs.push(await runLinkinator(prepared.urls, prepared.indexUrl, server));
    raised.push(await runOurs(prepared.urls, server, { concurrency: RAISED_OVERALL }));
    if (leastAt) least.push(await runMinimal(prepared.urls, server, leastAt));
    log(
      `  liveness (${prepared.workload}${prepared.rttMs ? `, ${prepared.rttMs} ms round trips` : ''}) round ${round + 1}/${rounds}: ours ${ours.at(-1)!.ms.toFixed(0)} ms, linkinator ${theirs.at(-1)!.ms.toFixed(0)} ms, ours at ${RAISED_OVERALL} overall ${raised.at(-1)!.ms.toFixed(0)} ms${leastAt ? `, least checker ${least.at(-1)!.ms.toFixed(0)} ms` : ''}`,
    );
  }
  return { ours, theirs, raised, least };
}

/**
 * Liveness throughput: our checker with its default limits against linkinator on the same 1,000
 * links in the same run, alternating, median of each. The target is read on the `planned`
 * workload, as it was when the bench was written. Beside it, for the decision the target needs
 * (see docs/BENCHMARKS.md): linkinator held to our overall limit; ours with the overall limit
 * raised to 64 (per host still 2); the `absorbable` workload; and the same with a 20 ms round trip
 * emulated on every request (three on a new connection), where connection reuse shows.
 */
export async function runLivenessSection(options: {
  quick: boolean;
  log: (line: string) => void;
}): Promise<SectionResult> {
  const server = await ServerProcess.start();
  try {
    const refusedPort = await closedPort();
    const limits: PlanLimits = {
      overall: LIVENESS_DEFAULTS.concurrency,
      perHost: LIVENESS_DEFAULTS.perHostConcurrency,
    };
    const raisedLimits: PlanLimits = { overall: RAISED_OVERALL, perHost: limits.perHost };
    // Three, not two: the `planned` target is read on a median, and a median of two is a mean.
    const rounds = options.quick ? 1 : 3;
    const equal = LIVENESS_DEFAULTS.concurrency;

    // The target workload, with linkinator also held to our overall limit.
    const planned = await prepare(server, refusedPort, 'planned', limits);
    // The least checker at our per-host limit with no overall limit: the issue's "least time any
    // checker needs at our per-host limit".
    const leastLimits: PlanLimits = { overall: Number.POSITIVE_INFINITY, perHost: limits.perHost };

    // One unmeasured run of each first: the first run in a process pays for compiling the code
    // paths (about 0.7 s more for ours on this machine), which would land on whichever runs first.
    await runOurs(planned.urls, server);
    await runLinkinator(planned.urls, planned.indexUrl, server);
    await runMinimal(planned.urls, server, leastLimits);
    const main = await compare(planned, server, rounds, options.log, leastLimits);
    const theirsEqual: RunResult[] = [];
    for (let round = 0; round < rounds; round++)
      theirsEqual.push(
        await runLinkinator(planned.urls, planned.indexUrl, server, {
          concurrency: equal,
          capTransport: true,
        }),
      );
    // What linkinator's own option does on its own: it does not bound the requests in flight.
    const optionOnly = await runLinkinator(planned.urls, planned.indexUrl, server, {
      concurrency: equal,
    });

    const absorbable = await prepare(server, refusedPort, 'absorbable', limits);
    const side = await compare(absorbable, server, rounds, options.log);
    const network = await prepare(server, refusedPort, 'absorbable', limits, RTT_MS);
    const slowNet = await compare(network, server, rounds, options.log);

    const ms = (runs: RunResult[]): number => median(runs.map((run) => run.ms));
    const oursMs = ms(main.ours);
    const theirMs = ms(main.theirs);
    const theirEqualMs = ms(theirsEqual);
    const ratio = theirMs / oursMs;
    const lastOurs = main.ours.at(-1)!;
    const lastTheirs = main.theirs.at(-1)!;
    const lastEqual = theirsEqual.at(-1)!;
    const oursMissed = difference(planned.expectedDead, lastOurs.dead);
    const oursExtra = difference(lastOurs.dead, planned.expectedDead);
    const theirsMissed = difference(planned.expectedDead, lastTheirs.dead);
    const theirsExtra = difference(lastTheirs.dead, planned.expectedDead);
    const agree = sameSet(lastOurs.dead, lastTheirs.dead);
    // Every other run must find the planned dead links too (slow routes are live in both workloads).
    const ourRuns = [
      ...main.ours,
      ...main.raised,
      ...side.ours,
      ...side.raised,
      ...slowNet.ours,
      ...slowNet.raised,
    ];
    const allAgree = [...ourRuns, ...main.theirs, ...side.theirs, ...slowNet.theirs].every((run) =>
      sameSet(run.dead, planned.expectedDead),
    );
    const perHostMax = Math.max(...ourRuns.map((run) => run.stats.perHostMax));
    // What any checker needs at our per-host limit, however many requests it has in flight overall.
    const perHostBound = lowerBoundMs(planned.plan, {
      overall: Number.POSITIVE_INFINITY,
      perHost: limits.perHost,
    });
    // What the least checker at our limits took here: the bound plus what its requests cost.
    const leastMs = ms(main.least);
    const plannedBound = Math.max(perHostBound.ms, leastMs);
    const leastAgrees = main.least.every((run) => sameSet(run.dead, planned.expectedDead));
    const absorbableOurs = ms(side.ours);
    const absorbableTheirs = ms(side.theirs);
    const bounds = (prepared: Prepared): string => {
      const atDefault = lowerBoundMs(prepared.plan, limits);
      const atRaised = lowerBoundMs(prepared.plan, raisedLimits);
      return `${prepared.slow.count} slow routes (${prepared.slow.seconds.toFixed(1)} s of waiting); least time for them at ${limits.overall}/${limits.perHost}: ${atDefault.ms.toFixed(0)} ms (${atDefault.binding}), at ${RAISED_OVERALL}/${limits.perHost}: ${atRaised.ms.toFixed(0)} ms (${atRaised.binding}), or ${inOrderHostBoundMs(prepared.plan, limits.perHost).toFixed(0)} ms fetching each host's links in link order`;
    };
    const sideRow = (
      id: string,
      figure: string,
      prepared: Prepared,
      result: { ours: RunResult[]; theirs: RunResult[]; raised: RunResult[] },
      extra: string,
    ): Row => ({
      id,
      figure,
      value: `${ms(result.ours).toFixed(0)} ms`,
      baseline: `linkinator 7.6.1: ${ms(result.theirs).toFixed(0)} ms`,
      ratio: `${(ms(result.theirs) / ms(result.ours)).toFixed(2)}×`,
      detail: `${prepared.workload === 'absorbable' && prepared.rttMs === 0 ? 'target: no slower than linkinator' : 'not a target'}; ${bounds(prepared)}; ours with the overall limit raised to ${RAISED_OVERALL} (per host still ${limits.perHost}): ${ms(result.raised).toFixed(0)} ms (${(ms(result.theirs) / ms(result.raised)).toFixed(2)}×); ${extra}median of ${rounds} alternating runs`,
      data: {
        workload: prepared.workload,
        rttMs: prepared.rttMs,
        slow: prepared.slow,
        ours: result.ours.map(plain),
        linkinator: result.theirs.map(plain),
        raised: result.raised.map(plain),
      },
    });
    // The last run's count, as for the requests served: a median of two can fall between counts.
    const connections = (runs: RunResult[]): number => runs.at(-1)!.stats.connections;

    const rows: Row[] = [
      {
        id: 'liveness.time',
        figure: 'liveness, 1,000 links / 50 hosts',
        value: `${oursMs.toFixed(0)} ms (${Math.round((planned.urls.length / oursMs) * 1000)} links/s)`,
        baseline: `linkinator 7.6.1: ${theirMs.toFixed(0)} ms`,
        ratio: `${ratio.toFixed(2)}×`,
        detail: `workload \`planned\`: ${bounds(planned)}; default limits (${limits.overall} overall, ${limits.perHost} per host; linkinator: 100 overall, none per host); median of ${rounds} alternating runs; requests served: ours ${lastOurs.stats.requests}, linkinator ${lastTheirs.stats.requests}; ours with the overall limit raised to ${RAISED_OVERALL}: ${ms(main.raised).toFixed(0)} ms`,
        data: {
          workload: 'planned',
          slow: planned.slow,
          ours: main.ours.map(plain),
          linkinator: main.theirs.map(plain),
          raised: main.raised.map(plain),
          oursMs,
          theirMs,
        },
      },
      {
        id: 'liveness.equalConcurrency',
        figure: `liveness at equal overall concurrency (${equal})`,
        value: `${oursMs.toFixed(0)} ms`,
        baseline: `linkinator 7.6.1, ${equal} in flight: ${theirEqualMs.toFixed(0)} ms`,
        ratio: `${(theirEqualMs / oursMs).toFixed(2)}×`,
        detail: `workload \`planned\`; ours: the default-limit runs above; linkinator: \`concurrency: ${equal}\` and at most ${equal} requests in flight enforced on its connection pool (no per-host limit), median of ${rounds}; most in flight seen by the server: ours ${Math.max(...main.ours.map((run) => run.stats.overallMax))}, linkinator ${Math.max(...theirsEqual.map((run) => run.stats.overallMax))}; linkinator's option alone left ${optionOnly.stats.overallMax} in flight (${optionOnly.ms.toFixed(0)} ms: 7.6.1 starts each check before queueing it); dead links found by linkinator at ${equal}: ${lastEqual.dead.size}${sameSet(lastEqual.dead, planned.expectedDead) ? ', the planned set' : ', not the planned set'}`,
        data: {
          oursMs,
          theirEqualMs,
          linkinatorEqual: theirsEqual.map(plain),
          linkinatorOptionOnly: plain(optionOnly),
        },
      },
      sideRow('liveness.absorbable', 'liveness, workload `absorbable`', absorbable, side, ''),
      sideRow(
        'liveness.network',
        `liveness, \`absorbable\` with ${RTT_MS} ms round trips`,
        network,
        slowNet,
        `every request waits one round trip, one on a new connection three (TCP and TLS handshakes); connections opened: ours ${connections(slowNet.ours)}, linkinator ${connections(slowNet.theirs)}; `,
      ),
      {
        id: 'liveness.connections',
        figure: 'liveness, connections opened',
        value: `${connections(main.ours)}`,
        baseline: `linkinator: ${connections(main.theirs)}`,
        ratio: `${(connections(main.theirs) / connections(main.ours)).toFixed(1)}×`,
        detail: `workload \`planned\`, counted by the server; for ${lastOurs.stats.requests} and ${lastTheirs.stats.requests} requests: undici closes the connection after a HEAD unless told not to, which we do (docs/LIVENESS.md)`,
        data: {
          ours: main.ours.map((run) => run.stats.connections),
          linkinator: main.theirs.map((run) => run.stats.connections),
        },
      },
      {
        id: 'liveness.agreement',
        figure: 'liveness, dead links found',
        value: `${lastOurs.dead.size} of ${planned.expectedDead.size} (missed ${oursMissed.length}, extra ${oursExtra.length})`,
        baseline: `linkinator: ${lastTheirs.dead.size} (missed ${theirsMissed.length}, extra ${theirsExtra.length})`,
        ratio: agree ? 'same set' : 'differ',
        detail: `dead = 404, 410, NXDOMAIN host, refused host; ours counts broken + invented (${JSON.stringify(lastOurs.kinds)}), linkinator BROKEN (${JSON.stringify(lastTheirs.kinds)}); every other run of either, on every workload: ${allAgree ? 'the planned set' : 'NOT the planned set'}`,
        data: {
          expected: planned.expectedDead.size,
          oursMissed,
          oursExtra,
          theirsMissed,
          theirsExtra,
          allAgree,
        },
      },
      {
        id: 'liveness.perHost',
        figure: 'liveness, most requests in flight per host',
        value: `${perHostMax}`,
        baseline: `linkinator: ${Math.max(...[...main.theirs, ...side.theirs, ...slowNet.theirs].map((run) => run.stats.perHostMax))}`,
        ratio: '',
        detail: `counted by the server per Host header, over all of our runs; overall in flight at most: ours ${Math.max(...main.ours.map((run) => run.stats.overallMax))} (${Math.max(...main.raised.map((run) => run.stats.overallMax))} when raised to ${RAISED_OVERALL}), linkinator ${Math.max(...main.theirs.map((run) => run.stats.overallMax))}; linkinator at ${equal} in flight: ${Math.max(...theirsEqual.map((run) => run.stats.perHostMax))} per host at most`,
        data: {
          ours: ourRuns.map((run) => run.stats),
          linkinator: main.theirs.map((run) => run.stats),
          linkinatorEqual: theirsEqual.map((run) => run.stats),
        },
      },
    ];
    return {
      name: 'liveness',
      rows,
      targets: [
        {
          id: 'liveness.speed',
          name: `liveness on \`planned\` within ${PLANNED_BOUND_FACTOR}× the least checker at ${limits.perHost} per host`,
          pass: oursMs <= PLANNED_BOUND_FACTOR * plannedBound && leastAgrees,
          actual: `ours ${oursMs.toFixed(0)} ms, least checker ${leastMs.toFixed(0)} ms (${(oursMs / plannedBound).toFixed(2)}×${leastAgrees ? '' : '; it did NOT find the planned dead links'}); computed bound ${perHostBound.ms.toFixed(0)} ms (${perHostBound.binding}, every fast response free): ${(oursMs / perHostBound.ms).toFixed(2)}×; linkinator ${theirMs.toFixed(0)} ms`,
        },
        {
          id: 'liveness.absorbable',
          name: 'liveness on `absorbable` no slower than linkinator',
          pass: absorbableOurs <= absorbableTheirs,
          actual: `ours ${absorbableOurs.toFixed(0)} ms, linkinator ${absorbableTheirs.toFixed(0)} ms (${(absorbableTheirs / absorbableOurs).toFixed(2)}×)`,
        },
        {
          id: 'liveness.perHost',
          name: `per-host limit honoured (≤ ${limits.perHost} in flight)`,
          pass: perHostMax <= limits.perHost,
          actual: `${perHostMax}`,
        },
        {
          id: 'liveness.agreement',
          name: 'same dead links as linkinator (and as planned)',
          pass: agree && oursMissed.length === 0 && oursExtra.length === 0 && allAgree,
          actual: agree
            ? `both found the ${lastOurs.dead.size} planned${allAgree ? ', in every run' : '; not in every run'}`
            : `ours missed ${oursMissed.length}, extra ${oursExtra.length}; linkinator missed ${theirsMissed.length}, extra ${theirsExtra.length}`,
        },
      ],
    };
  } finally {
    await server.close();
  }
}
