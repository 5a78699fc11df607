import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SAMPLE = fileURLToPath(new URL('../../sample-allowlist/allowlist.json', import.meta.url));
const BIN = fileURLToPath(new URL('../../src/cli/bin.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Served {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  stderr: () => string;
}

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** `citation-verifier serve` as a real process, resolved once its first stdout line names the URL. */
function serve(extra: string[] = []): Promise<Served> {
  const child = spawn(
    process.execPath,
    // tsx as a loader, not its CLI: the CLI runs the command in a second process, and a signal sent
    // to the wrapper (or its SIGKILL) left that process, with a cluster's workers, running.
    ['--import', 'tsx', BIN, 'serve', '--allowlist', SAMPLE, '--port', '0', ...extra],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  started.push(child);
  let err = '';
  child.stderr!.on('data', (chunk) => {
    err += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const first = out.split('\n')[0]!;
      const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(first);
      if (out.includes('\n') && match)
        resolve({ child, url: match[1]!, exited, stderr: () => err });
      else if (out.includes('\n')) reject(new Error(`first line: ${first}`));
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
  });
}

/** A POST whose body is sent in two parts, the second after `between` resolves. */
function slowPost(
  url: string,
  body: string,
  between: Promise<void>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = request(
      {
        host: hostname,
        port,
        path: '/v1/verify',
        method: 'POST',
        headers: { 'content-length': Buffer.byteLength(body), 'content-type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    void between.then(() => req.end(body.slice(10)));
  });
}

/** The processes whose parent is `pid` (`/proc/PID/stat`, field 4). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ');
      if (fields !== undefined && Number(fields[1]) === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function getFresh(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve(text));
    })
      .on('error', reject)
      .end();
  });
}

/** One HTTP/1.1 response read off a raw socket. */
interface RawResponse {
  status: number;
  body: string;
}

/**
 * Requests written on one fresh socket in a single write (more than one: pipelined), the last one
 * asking the server to close; resolves with the responses once the server closes, and `sent` once
 * the bytes are handed to the kernel, so the caller knows they left before it signals the server.
 */
function rawRequests(
  url: string,
  bodies: { path: string; body: string }[],
): { sent: Promise<void>; responses: Promise<RawResponse[]> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const text = bodies
    .map(
      ({ path, body }, k) =>
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n${k === bodies.length - 1 ? 'Connection: close\r\n' : ''}\r\n${body}`,
    )
    .join('');
  const sent = new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () => socket.write(text, () => resolve()));
  });
  const responses = new Promise<RawResponse[]>((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', reject);
    socket.once('end', () => resolve(parseResponses(Buffer.concat(chunks))));
  });
  return { sent, responses };
}

/** Responses one after another, each framed by its Content-Length. */
function parseResponses(bytes: Buffer): RawResponse[] {
  const found: RawResponse[] = [];
  let at = 0;
  while (at < bytes.length) {
    const headEnd = bytes.indexOf('\r\n\r\n', at);
    if (headEnd === -1) break;
    const head = bytes.subarray(at, headEnd).toString('latin1');
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? Number.NaN);
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
    const body = bytes.subarray(headEnd + 4, headEnd + 4 + length);
    if (Number.isNaN(length) || body.length < length) break;
    found.push({ status, body: body.toString('utf8') });
    at = headEnd + 4 + length;
  }
  return found;
}

describe('serve as a process', () => {
  it('SIGTERM: a request in flight is answered, then the process exits 0 and takes no more', {
    timeout: 60_000,
  }, async () => {
    const served = await serve();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const body = JSON.stringify({ answer: 'Call the Chelsea District Court at (617) 660-9200.' });
    const inFlight = slowPost(served.url, body, gate);
    await new Promise((resolve) => setTimeout(resolve, 200));
    served.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body).action).toBe('pass');
    expect(await served.exited).toBe(0);
    expect(served.stderr()).toMatch(/SIGTERM, draining 1 requests in flight/);
    await expect(fetch(`${served.url}/healthz`)).rejects.toThrow();
  });

  // Every request whose bytes left the client before SIGTERM is answered in full: ones being
  // verified, ones queued behind them in the verification thread, one pipelined on a connection
  // behind another. The server is stopped (SIGSTOP) while they are sent and SIGTERM is queued, so
  // on SIGCONT the signal, the connections in the listen backlog and their bytes all wait at once,
  // as on a loaded machine: closing idle connections at once reset all but a few. With
  // `--workers 2` the stopped process is the primary, which holds the backlog and hands each
  // connection to a worker (without the workers' quiet wait 6 runs in 8 lost one). The process
  // then exits 0 within the drain limit (10 s).
  it.each([
    ['one process', []],
    ['--workers 2', ['--workers', '2']],
  ])(
    'SIGTERM, %s: every request already sent gets its whole answer, then exit 0',
    {
      timeout: 60_000,
    },
    async (_name, flags) => {
      const served = await serve(flags);
      const small = JSON.stringify({
        answer: 'Call the Chelsea District Court at (617) 660-9200.',
      });
      // 150 KB of invented links, each removed by the repair: a few hundred ms of work each.
      const heavy = JSON.stringify({
        answer: Array.from({ length: 4_000 }, (_, i) => `See https://l${i}.invented.example/p now.`)
          .join(' ')
          .slice(0, 150_000),
      });
      served.child.kill('SIGSTOP');
      const clients = [
        rawRequests(served.url, [{ path: '/v1/fix', body: heavy }]),
        rawRequests(served.url, [{ path: '/v1/fix', body: heavy }]),
        rawRequests(served.url, [
          { path: '/v1/verify', body: small },
          { path: '/v1/fix', body: small },
        ]),
        ...Array.from({ length: 8 }, () =>
          rawRequests(served.url, [{ path: '/v1/verify', body: small }]),
        ),
      ];
      await Promise.all(clients.map((client) => client.sent));
      const signalled = Date.now();
      served.child.kill('SIGTERM');
      served.child.kill('SIGCONT');
      const answers = await Promise.all(clients.map((client) => client.responses));
      const exit = await served.exited;
      const took = Date.now() - signalled;

      expect(answers.map((responses) => responses.map((r) => r.status))).toEqual([
        [200],
        [200],
        [200, 200],
        ...Array.from({ length: 8 }, () => [200]),
      ]);
      const actions = answers.flat().map((r) => (JSON.parse(r.body) as { action: string }).action);
      expect(actions).toEqual(['refuse', 'refuse', ...Array.from({ length: 10 }, () => 'pass')]);
      expect(exit).toBe(0);
      expect(took).toBeLessThan(10_000);
      expect(served.stderr()).toMatch(/SIGTERM, draining \d+ requests in flight/);
      expect(served.stderr()).not.toMatch(/unexpected/);
    },
  );

  // Three processes start through tsx: slow on a loaded two-core machine.
  it('--workers 2: two processes answer on one port', { timeout: 60_000 }, async () => {
    const served = await serve(['--workers', '2']);
    const workers = new Set<number>();
    for (let k = 0; k < 20 && workers.size < 2; k++) {
      // A new connection each time (no agent), so the primary hands it to the next worker.
      workers.add(JSON.parse(await getFresh(`${served.url}/healthz`)).worker);
    }
    expect(workers.size).toBe(2);
    const pids = childrenOf(served.child.pid!);
    expect(pids.length).toBeGreaterThanOrEqual(2);
    // SIGTERM to the primary drains every worker, then the primary itself exits 0.
    served.child.kill('SIGTERM');
    expect(await served.exited).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });

  // Each worker starts through tsx (1–3 s on a loaded machine); the waits add 3.75 s.
  it('--workers 2 with an allowlist that does not load: respawns back off, then it stops with 3', {
    timeout: 60_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cv-respawn-'));
    const allowlist = join(dir, 'allowlist.json');
    writeFileSync(allowlist, '{"organizations": [');
    try {
      const started = Date.now();
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          BIN,
          'serve',
          '--allowlist',
          allowlist,
          '--port',
          '0',
          '--workers',
          '2',
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let err = '';
      child.stderr.on('data', (chunk) => {
        err += chunk;
      });
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(3);
      const waits = [...err.matchAll(/starting another in (\d+) ms/g)].map((m) => Number(m[1]));
      expect(waits).toEqual([250, 500, 1000, 2000]);
      expect(err).toMatch(
        /exited \(3\); 5 workers died within 60 s, so the service stops instead of starting another/,
      );
      // Five starts and 3.75 s of waits, not a fork loop until the test's timeout.
      expect(Date.now() - started).toBeLessThan(45_000);
      expect(childrenOf(child.pid!)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
