/**
 * Client process of the service bench (`bench/sections/service.ts`): a separate process, so its
 * own work (HTTP framing, reading the verdicts) does not share the server's event loop. Sends the
 * answers of ANSWERS (a JSON array of strings), round robin, from CLIENTS concurrent callers over
 * one undici Pool of CLIENTS keep-alive connections, for MS milliseconds after a warm-up (WARM
 * passes over every answer when given); the run and its JSON line are `bench/lib/load-driver.ts`.
 *
 *   service-client.ts URL ANSWERS CLIENTS MS [WARM] [ROUTE]      ROUTE default /v1/verify
 */
import { Pool } from 'undici';
import { clientArgs, driveLoad } from '../lib/load-driver.js';

const args = clientArgs('service-client.ts');
// Bodies built once: the client measures the service, not its own JSON.stringify.
const bodies = args.answers.map((answer) => JSON.stringify({ answer }));
const pool = new Pool(args.url, {
  connections: args.clients,
  pipelining: 1,
  keepAliveTimeout: 30_000,
});

await driveLoad(
  args,
  async (k) => {
    const response = await pool.request({
      path: args.route,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bodies[k % bodies.length]!,
    });
    // Read whole, as a caller would, so the server's write is part of the latency.
    const bytes = (await response.body.arrayBuffer()).byteLength;
    return { status: response.statusCode, bytes };
  },
  false,
);
await pool.close();
