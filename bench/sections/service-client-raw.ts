/**
 * The light client of the service bench (`bench/sections/service.ts`): what `service-client.ts`
 * does (CLIENTS keep-alive connections, the answers of ANSWERS round robin, a warm-up, then MS
 * milliseconds measured; the same JSON line out) with as little of its own work as HTTP/1.1
 * allows, so it takes less of the machine the server shares. On 2 cores the client runs beside
 * the server, and what it costs slows the server's own work (docs/SERVICE.md, "Measuring it").
 * Each request is built once as bytes (request line, headers, body); a response is read by its
 * `content-length` and not parsed further: no pool, no header objects, no body stream. Written by
 * hand because that is the point: a general client (undici) does more per request.
 *
 *   service-client-raw.ts URL ANSWERS CLIENTS MS [WARM] [ROUTE]   ROUTE default /v1/verify
 */
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';

const [url, answersPath, clientsText, msText, warmText = '0', route = '/v1/verify'] =
  process.argv.slice(2);
if (!url || !answersPath || !clientsText || !msText) {
  process.stderr.write('usage: service-client-raw.ts URL ANSWERS CLIENTS MS [WARM] [ROUTE]\n');
  process.exit(2);
}
const target = new URL(url);
const answers = JSON.parse(readFileSync(answersPath, 'utf8')) as string[];
const requests = answers.map((answer) => {
  const body = Buffer.from(JSON.stringify({ answer }));
  const head = `POST ${route} HTTP/1.1\r\nhost: ${target.host}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
});
const clients = Number(clientsText);
const duration = Number(msText);
const HEAD_END = Buffer.from('\r\n\r\n');

interface Tally {
  latencies: number[];
  statuses: Record<string, number>;
  errors: number;
  firstError?: string;
  bytes: number;
}

/** One keep-alive connection: the response to each request, as its status and body length. */
class Connection {
  private readonly socket: Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: ((reply: { status: number; bytes: number } | Error) => void) | undefined;
  readonly ready: Promise<void>;

  constructor() {
    this.socket = connect(Number(target.port), target.hostname);
    this.socket.setNoDelay(true);
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => this.settle(error));
    this.socket.on('close', () => this.settle(new Error('connection closed')));
  }

  send(request: Buffer): Promise<{ status: number; bytes: number }> {
    return new Promise((resolve, reject) => {
      this.waiting = (reply) => (reply instanceof Error ? reject(reply) : resolve(reply));
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.end();
  }

  private settle(reply: { status: number; bytes: number } | Error): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.(reply);
  }

  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const end = this.buffer.indexOf(HEAD_END);
    if (end === -1) return;
    const head = this.buffer.toString('latin1', 0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? Number.NaN);
    if (!Number.isFinite(length)) return this.settle(new Error(`no content-length: ${head}`));
    if (this.buffer.length < end + 4 + length) return;
    this.buffer = this.buffer.subarray(end + 4 + length);
    this.settle({ status: Number(head.slice(9, 12)), bytes: length });
  }
}

const connections = Array.from({ length: clients }, () => new Connection());
await Promise.all(connections.map((connection) => connection.ready));

async function caller(start: number, until: number, tally: Tally, count?: number): Promise<void> {
  const connection = connections[start]!;
  for (let k = start; count === undefined ? performance.now() < until : k < count; k += clients) {
    const sent = performance.now();
    try {
      const reply = await connection.send(requests[k % requests.length]!);
      tally.bytes += reply.bytes;
      tally.latencies.push(performance.now() - sent);
      tally.statuses[reply.status] = (tally.statuses[reply.status] ?? 0) + 1;
    } catch (error) {
      tally.errors++;
      tally.firstError ??= String(error);
      return;
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

const passes = Number(warmText);
const warm = await run(
  Math.min(1_000, duration / 4),
  passes > 0 ? passes * requests.length : undefined,
);
const measured = await run(duration);
for (const connection of connections) connection.close();
const sorted = [...measured.latencies].sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({
    requests: sorted.length,
    warmRequests: warm.latencies.length + warm.errors,
    errors: measured.errors,
    ...(measured.firstError ? { firstError: measured.firstError } : {}),
    statuses: measured.statuses,
    ms: measured.ms,
    cpuMs: measured.cpuMs,
    perSecond: (sorted.length / measured.ms) * 1000,
    responseBytes: sorted.length > 0 ? measured.bytes / sorted.length : 0,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  })}\n`,
);
