/**
 * The processes of the service bench: the real `serve` command on 127.0.0.1 port 0, the client and
 * the in-process baseline as children, and what Linux says of a process's CPU time and memory
 * (`/proc`; elsewhere those figures are left out, not guessed).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runJsonChild } from '../lib/child.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../src/cli/bin.ts', import.meta.url));
const FLOOR = fileURLToPath(new URL('./service-floor.ts', import.meta.url));
/** Linux's USER_HZ, the unit of utime and stime in /proc/PID/stat, is 100 on every current kernel. */
const TICK_MS = 10;

/** Run `node --import tsx SCRIPT ARGS` and parse the last line it prints as JSON. */
export function runScript<T>(script: string, args: readonly string[]): Promise<T> {
  return runJsonChild<T>(['--import', 'tsx', script, ...args], script);
}

export interface RunningServer {
  url: string;
  /** The `serve` process: the only worker with `--workers 1`, the cluster primary otherwise. */
  pid: number;
  /** The processes that answer requests: the server itself, or the primary's workers. */
  workers(): number[];
  /** SIGTERM, as systemd stops it; resolves with the exit code (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<number | null>;
}

/**
 * `citation-verifier serve --allowlist FILE --port 0 --workers N` as its own process, resolved
 * once it prints `listening on http://HOST:PORT` (every worker listening, the allowlist loaded).
 */
export function startServer(
  file: string,
  workers: number,
  threshold: number,
): Promise<RunningServer> {
  const args = [BIN, 'serve', '--allowlist', file, '--port', '0'];
  args.push('--workers', String(workers), '--threshold', String(threshold));
  return startListening(args, workers);
}

/** The bare `node:http` server of `service-floor.ts`, answering `bytes` of JSON to every request. */
export function startFloor(bytes: number): Promise<RunningServer> {
  return startListening([FLOOR, String(Math.round(bytes))], 1);
}

/** `node --import tsx ARGS`, resolved once it prints its `listening on` line. */
function startListening(
  script: readonly string[],
  workers: number,
  timeoutMs = 120_000,
): Promise<RunningServer> {
  const args = ['--import', 'tsx', ...script];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script[0]} did not listen within ${timeoutMs} ms: ${err.trim()}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script[0]} exited ${code} before listening: ${err.trim()}`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^listening on (http:\/\/\S+)$/m.exec(out);
      if (match === null) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve(running(child, match[1]!, workers));
    });
  });
}

function running(child: ChildProcess, url: string, workers: number): RunningServer {
  const pid = child.pid!;
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return {
    url,
    pid,
    workers: () => (workers === 1 ? [pid] : childrenOf(pid)),
    async stop(graceMs = 20_000) {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Whether `/proc` can answer for CPU time and memory. */
export const HAS_PROC = existsSync('/proc/self/stat');

/** The pids whose parent is `pid` (`/proc/*\/stat`, field 4). */
export function childrenOf(pid: number): number[] {
  if (!HAS_PROC) return [];
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields !== undefined && Number(fields[1]) === pid) found.push(Number(entry));
  }
  return found.sort((a, b) => a - b);
}

/** The fields of /proc/PID/stat after the command name (field 3, the state, first). */
function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // The process has gone.
  }
}

/** CPU time (user + system) the process has used so far, in ms; undefined without /proc. */
export function cpuMsOf(pid: number): number | undefined {
  const fields = statFields(pid);
  if (fields === undefined) return undefined;
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** The process's resident memory now (VmRSS), in bytes; undefined without /proc. */
export function rssOf(pid: number): number | undefined {
  try {
    const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line === null ? undefined : Number(line[1]) * 1024;
  } catch {
    return undefined;
  }
}
