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
import { connect, type Socket } from 'node:net';
import { clientArgs, driveLoad } from '../lib/load-driver.js';

const args = clientArgs('service-client-raw.ts');
const target = new URL(args.url);
const requests = args.answers.map((answer) => {
  const body = Buffer.from(JSON.stringify({ answer }));
  const head = `POST ${args.route} HTTP/1.1\r\nhost: ${target.host}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
});
const HEAD_END = Buffer.from('\r\n\r\n');

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

const connections = Array.from({ length: args.clients }, () => new Connection());
await Promise.all(connections.map((connection) => connection.ready));

// A raw connection is gone after an error, so its caller stops there.
await driveLoad(
  args,
  (k, caller) => connections[caller]!.send(requests[k % requests.length]!),
  true,
);
for (const connection of connections) connection.close();
