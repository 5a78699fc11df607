/**
 * Client process of the service bench (`bench/sections/service.ts`): a separate process, so its
 * own work (HTTP framing, reading the verdicts) does not share the server's event loop. Sends the
 * answers of ANSWERS (a JSON array of strings), round robin, from CLIENTS concurrent callers over
 * one undici Pool of CLIENTS keep-alive connections, for MS milliseconds after a warm-up: a
 * quarter of MS (at most 1 s), or WARM passes over every answer when given, which is what the
 * server's compiler needs to be as warm as the in-process baseline's (one pass per worker).
 * Prints one JSON line: requests answered, errors, statuses, elapsed time, latency percentiles.
 *
 *   service-client.ts URL ANSWERS CLIENTS MS [WARM] [ROUTE]      ROUTE default /v1/verify
 */
import { readFileSync } from 'node:fs';
import { Pool } from 'undici';

const [url, answersPath, clientsText, msText, warmText = '0', route = '/v1/verify'] =
  process.argv.slice(2);
if (!url || !answersPath || !clientsText || !msText) {
  process.stderr.write('usage: service-client.ts URL ANSWERS CLIENTS MS [WARM] [ROUTE]\n');
  process.exit(2);
}
const answers = JSON.parse(readFileSync(answersPath, 'utf8')) as string[];
// Bodies built once: the client measures the service, not its own JSON.stringify.
const bodies = answers.map((answer) => JSON.stringify({ answer }));
const clients = Number(clientsText);
const duration = Number(msText);
const pool = new Pool(url, { connections: clients, pipelining: 1, keepAliveTimeout: 30_000 });

interface Tally {
  latencies: number[];
  statuses: Record<string, number>;
  errors: number;
  firstError?: string;
  bytes: number;
}

/** One caller: requests one after another until `until` (ms) or, when `count` is given, `count` sent by all. */
async function caller(start: number, until: number, tally: Tally, count?: number): Promise<void> {
  for (let k = start; count === undefined ? performance.now() < until : k < count; k += clients) {
    const body = bodies[k % bodies.length]!;
    const sent = performance.now();
    try {
      const response = await pool.request({
        path: route,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      // Read whole, as a caller would, so the server's write is part of the latency.
      tally.bytes += (await response.body.arrayBuffer()).byteLength;
      tally.latencies.push(performance.now() - sent);
      tally.statuses[response.statusCode] = (tally.statuses[response.statusCode] ?? 0) + 1;
    } catch (error) {
      tally.errors++;
      tally.firstError ??= String(error);
    }
  }
}

async function run(length: number, count?: number): Promise<Tally & { ms: number; cpuMs: number }> {
  const tally: Tally = { latencies: [], statuses: {}, errors: 0, bytes: 0 };
  const cpu = process.cpuUsage();
  const started = performance.now();
  const until = started + length;
  await Promise.all(Array.from({ length: clients }, (_, k) => caller(k, until, tally, count)));
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ...tally, ms, cpuMs: (used.user + used.system) / 1000 };
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

// Warm-up: connections opened, the server's code compiled hot; not counted.
const passes = Number(warmText);
const warm = await run(
  Math.min(1_000, duration / 4),
  passes > 0 ? passes * bodies.length : undefined,
);
const measured = await run(duration);
await pool.close();
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
