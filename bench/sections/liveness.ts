import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { fileURLToPath } from 'node:url';
import { LinkChecker as Linkinator, LinkState } from 'linkinator';
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';
import { LIVENESS_DEFAULTS } from '../../src/defaults.js';
import { createLinkChecker } from '../../src/liveness/index.js';
import type { LivenessOutcome, Resolver } from '../../src/liveness/types.js';
import { INDEX_HOST, NXDOMAIN_HOST, REFUSED_HOST, isDeadKind, planLinks, type PlannedLink } from '../lib/liveness-plan.js';
import { median } from '../lib/measure.js';
import type { Row, SectionResult } from '../lib/report.js';

const SERVER = fileURLToPath(new URL('./liveness-server.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface ServerStats {
  requests: number;
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
      const child = fork(SERVER, [], { cwd: ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`liveness server exited early (${code})`)));
      child.once('message', (message: { type: string; port: number }) => resolve(new ServerProcess(child, message.port)));
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

/** Every bench name resolves to 127.0.0.1 except the one that does not exist; nothing else resolves. */
function knownHost(host: string): boolean {
  return host.endsWith('.bench.test') && host !== NXDOMAIN_HOST;
}

const resolver: Resolver = async (host) => (knownHost(host) ? { ok: true, addresses: [{ address: '127.0.0.1', family: 4 }] } : { ok: false, notFound: true, error: 'ENOTFOUND' });

/** The same mapping as a socket lookup, for linkinator (through the global fetch dispatcher). */
const lookup = ((host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
  if (!knownHost(host)) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
  if (options.all) return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  return callback(null, '127.0.0.1', 4);
}) as unknown as LookupFunction;

interface RunResult {
  ms: number;
  dead: Set<string>;
  stats: ServerStats;
  kinds: Record<string, number>;
}

export async function runOurs(urls: string[], server: ServerProcess, options: { concurrency?: number; perHostConcurrency?: number; retries?: number } = {}): Promise<RunResult> {
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
          onRequestUpgrade: (controller, status, headers, socket) => handler.onRequestUpgrade?.(controller, status, headers, socket),
          onResponseStart: (controller, status, headers, message) => handler.onResponseStart?.(controller, status, headers, message),
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
async function runLinkinator(urls: string[], indexUrl: string, server: ServerProcess, options: { concurrency?: number; capTransport?: boolean } = {}): Promise<RunResult> {
  await server.reset();
  const previous = getGlobalDispatcher();
  // linkinator fetches through Node's global fetch; a fresh pool per run whose lookup is ours.
  const agent = new Agent({ connect: { lookup } });
  setGlobalDispatcher(options.concurrency !== undefined && options.capTransport === true ? agent.compose(capInFlight(options.concurrency)) : agent);
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
function plain(run: RunResult): { ms: number; dead: number; stats: ServerStats; kinds: Record<string, number> } {
  return { ms: run.ms, dead: run.dead.size, stats: run.stats, kinds: run.kinds };
}

function difference(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((item) => !b.has(item));
}

/**
 * Liveness throughput: our checker with its default limits against linkinator on the same 1,000
 * links in the same run, alternating (ours, linkinator, linkinator at our overall limit, …), median
 * of each. The default comparison is the target; the one at equal overall concurrency shows how
 * much of the gap is the limit itself (60 slow routes hold 32 s of request time, over 2 s at 16 in
 * flight for any checker). Also informational runs of ours with the overall limit raised to
 * linkinator's 100 (per-host limit kept) to show where the time goes.
 */
export async function runLivenessSection(options: { quick: boolean; log: (line: string) => void }): Promise<SectionResult> {
  const server = await ServerProcess.start();
  try {
    const refusedPort = await closedPort();
    const plan = planLinks();
    const urlOf = (link: PlannedLink): string => `http://${link.host}:${link.host === REFUSED_HOST ? refusedPort : server.port}${link.path}`;
    const urls = plan.map(urlOf);
    const expectedDead = new Set(plan.filter((link) => isDeadKind(link.kind)).map(urlOf));
    const indexUrl = `http://${INDEX_HOST}:${server.port}/__index`;
    await server.setIndex(urls);

    const rounds = options.quick ? 1 : 2;
    const equal = LIVENESS_DEFAULTS.concurrency;
    const ours: RunResult[] = [];
    const theirs: RunResult[] = [];
    // linkinator at our overall limit: its `concurrency` option set to 16 and 16 in flight enforced.
    const theirsEqual: RunResult[] = [];
    for (let round = 0; round < rounds; round++) {
      ours.push(await runOurs(urls, server));
      theirs.push(await runLinkinator(urls, indexUrl, server));
      theirsEqual.push(await runLinkinator(urls, indexUrl, server, { concurrency: equal, capTransport: true }));
      options.log(
        `  liveness round ${round + 1}/${rounds}: ours ${ours.at(-1)!.ms.toFixed(0)} ms, linkinator ${theirs.at(-1)!.ms.toFixed(0)} ms, linkinator at ${equal} in flight ${theirsEqual.at(-1)!.ms.toFixed(0)} ms`,
      );
    }
    // What linkinator's own option does on its own: it does not bound the requests in flight.
    const optionOnly = await runLinkinator(urls, indexUrl, server, { concurrency: equal });
    // Where the time goes (informational, not targets): linkinator's overall limit, then also no
    // retry of refused connections (ours waits RETRY_BASE_DELAY_MS, 1 s, before its one retry).
    const wide = await runOurs(urls, server, { concurrency: 100 });
    const wideNoRetry = await runOurs(urls, server, { concurrency: 100, retries: 0 });
    options.log(`  liveness, ours with concurrency 100: ${wide.ms.toFixed(0)} ms; and retries 0: ${wideNoRetry.ms.toFixed(0)} ms`);

    const oursMs = median(ours.map((run) => run.ms));
    const theirMs = median(theirs.map((run) => run.ms));
    const theirEqualMs = median(theirsEqual.map((run) => run.ms));
    const equalRatio = theirEqualMs / oursMs;
    const lastEqual = theirsEqual.at(-1)!;
    const equalAgree = difference(lastEqual.dead, expectedDead).length === 0 && difference(expectedDead, lastEqual.dead).length === 0;
    const lastOurs = ours.at(-1)!;
    const lastTheirs = theirs.at(-1)!;
    const oursMissed = difference(expectedDead, lastOurs.dead);
    const oursExtra = difference(lastOurs.dead, expectedDead);
    const theirsMissed = difference(expectedDead, lastTheirs.dead);
    const theirsExtra = difference(lastTheirs.dead, expectedDead);
    const agree = difference(lastOurs.dead, lastTheirs.dead).length === 0 && difference(lastTheirs.dead, lastOurs.dead).length === 0;
    const perHostMax = Math.max(...ours.map((run) => run.stats.perHostMax));
    const ratio = theirMs / oursMs;

    const rows: Row[] = [
      {
        id: 'liveness.time',
        figure: 'liveness, 1,000 links / 50 hosts',
        value: `${oursMs.toFixed(0)} ms (${Math.round((urls.length / oursMs) * 1000)} links/s)`,
        baseline: `linkinator 7.6.1: ${theirMs.toFixed(0)} ms`,
        ratio: `${ratio.toFixed(2)}×`,
        detail: `default limits (${LIVENESS_DEFAULTS.concurrency} overall, ${LIVENESS_DEFAULTS.perHostConcurrency} per host; linkinator: 100 overall, none per host); median of ${rounds} alternating runs; ${plan.filter((link) => link.kind === 'slow').length} slow routes (150–900 ms); requests served: ours ${lastOurs.stats.requests}, linkinator ${lastTheirs.stats.requests}; ours with concurrency 100 (per host still 2): ${wide.ms.toFixed(0)} ms, and with retries 0 too: ${wideNoRetry.ms.toFixed(0)} ms`,
        data: { ours: ours.map(plain), linkinator: theirs.map(plain), wide: plain(wide), wideNoRetry: plain(wideNoRetry), oursMs, theirMs },
      },
      {
        id: 'liveness.equalConcurrency',
        figure: `liveness at equal overall concurrency (${equal})`,
        value: `${oursMs.toFixed(0)} ms`,
        baseline: `linkinator 7.6.1, ${equal} in flight: ${theirEqualMs.toFixed(0)} ms`,
        ratio: `${equalRatio.toFixed(2)}×`,
        detail: `ours: the default-limit runs above (${equal} overall, ${LIVENESS_DEFAULTS.perHostConcurrency} per host); linkinator: \`concurrency: ${equal}\` and at most ${equal} requests in flight enforced on its connection pool (no per-host limit), in the same alternating rounds, median of ${rounds}; most in flight seen by the server: ours ${Math.max(...ours.map((run) => run.stats.overallMax))}, linkinator ${Math.max(...theirsEqual.map((run) => run.stats.overallMax))}; linkinator's option alone left ${optionOnly.stats.overallMax} in flight (${optionOnly.ms.toFixed(0)} ms: 7.6.1 starts each check before queueing it); dead links found by linkinator at ${equal}: ${lastEqual.dead.size}${equalAgree ? ', the planned set' : ', not the planned set'}`,
        data: { oursMs, theirEqualMs, linkinatorEqual: theirsEqual.map(plain), linkinatorOptionOnly: plain(optionOnly) },
      },
      {
        id: 'liveness.agreement',
        figure: 'liveness, dead links found',
        value: `${lastOurs.dead.size} of ${expectedDead.size} (missed ${oursMissed.length}, extra ${oursExtra.length})`,
        baseline: `linkinator: ${lastTheirs.dead.size} (missed ${theirsMissed.length}, extra ${theirsExtra.length})`,
        ratio: agree ? 'same set' : 'differ',
        detail: `dead = 404, 410, NXDOMAIN host, refused host; ours counts broken + invented (${JSON.stringify(lastOurs.kinds)}), linkinator BROKEN (${JSON.stringify(lastTheirs.kinds)})`,
        data: { expected: expectedDead.size, oursMissed, oursExtra, theirsMissed, theirsExtra },
      },
      {
        id: 'liveness.perHost',
        figure: 'liveness, most requests in flight per host',
        value: `${perHostMax}`,
        baseline: `linkinator: ${Math.max(...theirs.map((run) => run.stats.perHostMax))}`,
        ratio: '',
        detail: `counted by the server per Host header; overall in flight at most: ours ${Math.max(...ours.map((run) => run.stats.overallMax))}, linkinator ${Math.max(...theirs.map((run) => run.stats.overallMax))}; linkinator at ${equal} in flight: ${Math.max(...theirsEqual.map((run) => run.stats.perHostMax))} per host at most`,
        data: { ours: ours.map((run) => run.stats), linkinator: theirs.map((run) => run.stats), linkinatorEqual: theirsEqual.map((run) => run.stats) },
      },
    ];
    return {
      name: 'liveness',
      rows,
      targets: [
        { id: 'liveness.speed', name: 'liveness no slower than linkinator (default limits)', pass: oursMs <= theirMs, actual: `ours ${oursMs.toFixed(0)} ms, linkinator ${theirMs.toFixed(0)} ms (${ratio.toFixed(2)}×)` },
        { id: 'liveness.perHost', name: `per-host limit honoured (≤ ${LIVENESS_DEFAULTS.perHostConcurrency} in flight)`, pass: perHostMax <= LIVENESS_DEFAULTS.perHostConcurrency, actual: `${perHostMax}` },
        {
          id: 'liveness.agreement',
          name: 'same dead links as linkinator (and as planned)',
          pass: agree && oursMissed.length === 0 && oursExtra.length === 0,
          actual: agree ? `both found the ${lastOurs.dead.size} planned` : `ours missed ${oursMissed.length}, extra ${oursExtra.length}; linkinator missed ${theirsMissed.length}, extra ${theirsExtra.length}`,
        },
      ],
    };
  } finally {
    await server.close();
  }
}
