import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLinkChecker } from '../../src/liveness/checker.js';
import type { Row, SectionResult } from '../lib/report.js';
import type { BenchContext } from './registry.js';

/**
 * Hostile shapes for liveness (issue 28): many hosts in one answer, and many answers at once,
 * each at n and 2n on one local server (every name pinned to 127.0.0.1, every page a 404, so
 * nothing leaves the machine). The figure is the growth ratio, time at 2n over time at n: about 2
 * when the work grows linearly, measured in the same run, never a time in a unit test.
 */

const LINEAR = 2;
/** Above this the shape is reported as growing faster than linear. */
const SUPERLINEAR = 3;

async function notFoundServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((_request, response) => response.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** `answers` answers, each citing `hosts` links on hosts of its own, checked at once: ms. */
async function timeRun(port: number, answers: number, hosts: number): Promise<number> {
  const resolve: Record<string, string> = {};
  const links: string[][] = [];
  for (let a = 0; a < answers; a++) {
    const own: string[] = [];
    for (let h = 0; h < hosts; h++) {
      const host = `h${h}.a${a}.bench.test`;
      resolve[host] = '127.0.0.1';
      own.push(`http://${host}:${port}/page`);
    }
    links.push(own);
  }
  const checker = createLinkChecker({
    allowPrivateNetworks: true,
    resolve,
    networkProbe: false,
    timeoutMs: 5000,
  });
  const started = performance.now();
  const deadlineAt = Date.now() + 120_000;
  await Promise.all(
    links.map((own) => Promise.all(own.map((url) => checker.check(url, { deadlineAt })))),
  );
  const elapsed = performance.now() - started;
  await checker.close();
  return elapsed;
}

export async function runHostileLivenessSection(context: BenchContext): Promise<SectionResult> {
  const { server, port } = await notFoundServer();
  const rows: Row[] = [];
  const shapes: Array<{ id: string; figure: string; at: (n: number) => [number, number] }> = [
    { id: 'many-hosts', figure: 'one answer, n distinct hosts', at: (n) => [1, n] },
    { id: 'many-answers', figure: 'n answers, 5 hosts each', at: (n) => [n, 5] },
  ];
  const n = context.quick ? 100 : 250;
  try {
    await timeRun(port, 1, 20); // warm-up: the first connections and JIT
    for (const shape of shapes) {
      const [answersN, hostsN] = shape.at(n);
      const [answers2n, hosts2n] = shape.at(2 * n);
      const once = await timeRun(port, answersN, hostsN);
      const twice = await timeRun(port, answers2n, hosts2n);
      const ratio = twice / once;
      context.log(
        `hostile-liveness ${shape.id}: ${once.toFixed(0)} ms at n=${n}, ${twice.toFixed(0)} ms at 2n`,
      );
      rows.push({
        id: `hostile-liveness.${shape.id}`,
        figure: `${shape.figure}: time at 2n over time at n (n=${n})`,
        value: `${twice.toFixed(0)} ms`,
        baseline: `${once.toFixed(0)} ms`,
        ratio: `${ratio.toFixed(2)}×`,
        detail:
          ratio > SUPERLINEAR ? `super-linear (linear is ${LINEAR}×)` : `linear is ${LINEAR}×`,
        data: { n, once, twice, ratio },
      });
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return {
    name: 'hostile-liveness',
    rows,
    targets: rows.map((row) => {
      const ratio = (row.data as { ratio: number }).ratio;
      return {
        id: row.id,
        name: `${row.figure} at most ${SUPERLINEAR}×`,
        pass: ratio <= SUPERLINEAR,
        actual: row.ratio,
      };
    }),
  };
}
