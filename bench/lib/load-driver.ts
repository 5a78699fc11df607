import { readFileSync } from 'node:fs';

/**
 * What the two client processes of the service bench share: their arguments, the callers that
 * send the answers round robin, the warm-up and the measured run, and the one JSON line each
 * prints. A client supplies only how one request goes out (`Send`), so the two load generators
 * differ in their HTTP and in nothing they measure.
 *
 *   CLIENT.ts URL ANSWERS CLIENTS MS [WARM] [ROUTE]      ROUTE default /v1/verify
 */
export interface ClientArgs {
  url: string;
  answers: string[];
  clients: number;
  /** Milliseconds measured, after the warm-up. */
  duration: number;
  /** Warm-up passes over every answer; 0: a quarter of the duration, at most 1 s. */
  passes: number;
  route: string;
}

export function clientArgs(script: string): ClientArgs {
  const [url, answersPath, clientsText, msText, warmText = '0', route = '/v1/verify'] =
    process.argv.slice(2);
  if (!url || !answersPath || !clientsText || !msText) {
    process.stderr.write(`usage: ${script} URL ANSWERS CLIENTS MS [WARM] [ROUTE]\n`);
    process.exit(2);
  }
  return {
    url,
    answers: JSON.parse(readFileSync(answersPath, 'utf8')) as string[],
    clients: Number(clientsText),
    duration: Number(msText),
    passes: Number(warmText),
    route,
  };
}

/** Request `k` (of the round robin) sent by caller `caller`, answered with its status and body size. */
export type Send = (k: number, caller: number) => Promise<{ status: number; bytes: number }>;

interface Tally {
  latencies: number[];
  statuses: Record<string, number>;
  errors: number;
  firstError?: string;
  bytes: number;
}

interface Drive {
  clients: number;
  /** A failed request ends its caller (a raw connection is gone after an error); else it goes on. */
  stopOnError: boolean;
}

/** One caller: requests one after another until `until` (ms) or, when `count` is given, `count` sent by all. */
async function caller(
  start: number,
  send: Send,
  drive: Drive,
  tally: Tally,
  until: number,
  count?: number,
): Promise<void> {
  for (
    let k = start;
    count === undefined ? performance.now() < until : k < count;
    k += drive.clients
  ) {
    const sent = performance.now();
    try {
      const reply = await send(k, start);
      tally.bytes += reply.bytes;
      tally.latencies.push(performance.now() - sent);
      tally.statuses[reply.status] = (tally.statuses[reply.status] ?? 0) + 1;
    } catch (error) {
      tally.errors++;
      tally.firstError ??= String(error);
      if (drive.stopOnError) return;
    }
  }
}

async function run(
  send: Send,
  drive: Drive,
  length: number,
  count?: number,
): Promise<Tally & { ms: number; cpuMs: number }> {
  const tally: Tally = { latencies: [], statuses: {}, errors: 0, bytes: 0 };
  const cpu = process.cpuUsage();
  const started = performance.now();
  const until = started + length;
  await Promise.all(
    Array.from({ length: drive.clients }, (_, k) => caller(k, send, drive, tally, until, count)),
  );
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ...tally, ms, cpuMs: (used.user + used.system) / 1000 };
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/**
 * The warm-up (connections opened, the server's code compiled hot; not counted: WARM passes are
 * what the server's compiler needs to be as warm as the in-process baseline's), then the measured
 * run, printed as one JSON line: requests answered, errors, statuses, time, latency percentiles.
 */
export async function driveLoad(args: ClientArgs, send: Send, stopOnError: boolean): Promise<void> {
  const drive = { clients: args.clients, stopOnError };
  const warm = await run(
    send,
    drive,
    Math.min(1_000, args.duration / 4),
    args.passes > 0 ? args.passes * args.answers.length : undefined,
  );
  const measured = await run(send, drive, args.duration);
  const sorted = [...measured.latencies].sort((a, b) => a - b);
  process.stdout.write(
    `${JSON.stringify({
      requests: sorted.length,
      warmRequests: warm.latencies.length + warm.errors,
      errors: measured.errors,
      ...(measured.firstError ? { firstError: measured.firstError } : {}),
      statuses: measured.statuses,
      ms: measured.ms,
      /** The client's own CPU time over the measured run: what it took from the machine. */
      cpuMs: measured.cpuMs,
      perSecond: (sorted.length / measured.ms) * 1000,
      /** Bytes of an answer, on average: the size the HTTP floor answers with. */
      responseBytes: sorted.length > 0 ? measured.bytes / sorted.length : 0,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
    })}\n`,
  );
}
