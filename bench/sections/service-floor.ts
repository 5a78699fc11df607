/**
 * The HTTP floor of the service bench (`bench/sections/service.ts`): a bare `node:http` server
 * that reads each request body whole and answers a fixed JSON of the size of an average verdict,
 * verifying nothing. Driven by the same client as `serve`, its CPU time per request is what HTTP
 * alone costs on this machine. Prints `listening on http://HOST:PORT` as `serve` does.
 *
 *   service-floor.ts BYTES
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const bytes = Number(process.argv[2] ?? 3_000);
const text = `${JSON.stringify({ verdict: 'x'.repeat(Math.max(0, bytes - 16)) })}\n`;
const server = createServer(async (request, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  JSON.parse(Buffer.concat(chunks).toString('utf8'));
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
