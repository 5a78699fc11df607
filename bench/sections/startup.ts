import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from '../lib/measure.js';
import type { SectionResult } from '../lib/report.js';
import { HERE } from '../lib/tree.js';

/** The guard: `check` of one answer takes at most this many times `node -e 0`. */
export const STARTUP_LIMIT = 6;

const BIN = join(HERE, 'dist/src/cli/bin.js');

/**
 * What a person waits for: the installed bin (`dist/`) checking one answer of the bundled sample
 * against the bundled allowlist, as a multiple of `node -e 0` on the same machine. Each round runs
 * both, one after the other, so load that comes and goes moves both; the figure is the ratio of
 * the medians. The bin is built first when `src/` is newer than it.
 */
export function runStartupSection(context: {
  quick: boolean;
  log: (line: string) => void;
}): SectionResult {
  buildIfStale(context.log);
  const folder = mkdtempSync(join(tmpdir(), 'cv-bench-startup-'));
  try {
    const answer = join(folder, 'answer.md');
    const first = readFileSync(join(HERE, 'sample-allowlist/answers.jsonl'), 'utf8').split(
      '\n',
    )[0]!;
    writeFileSync(answer, (JSON.parse(first) as { answer: string }).answer);
    const check = [
      BIN,
      'check',
      '--allowlist',
      join(HERE, 'sample-allowlist/allowlist.json'),
      answer,
    ];
    // In an empty folder, with no settings from the environment: the run a new user makes.
    const run = (args: readonly string[]): number => {
      const started = performance.now();
      const result = spawnSync(process.execPath, args, {
        cwd: folder,
        env: { PATH: process.env.PATH ?? '' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const ms = performance.now() - started;
      if (result.status !== 0 && result.status !== 2)
        throw new Error(`${args.join(' ')} exited ${result.status}: ${String(result.stderr)}`);
      return ms;
    };
    const rounds = context.quick ? 11 : 21;
    const checks: number[] = [];
    const nodes: number[] = [];
    for (let round = -2; round < rounds; round++) {
      const ms = [run(check), run(['-e', '0'])];
      if (round < 0) continue;
      checks.push(ms[0]!);
      nodes.push(ms[1]!);
    }
    const ours = median(checks);
    const node = median(nodes);
    const ratio = ours / node;
    return {
      name: 'startup',
      rows: [
        {
          id: 'startup',
          figure: 'check of one sample answer, from the shell',
          value: `${ours.toFixed(0)} ms`,
          baseline: `node -e 0 ${node.toFixed(0)} ms`,
          ratio: `${ratio.toFixed(2)}× node -e 0`,
          detail: `dist/src/cli/bin.js check --allowlist sample-allowlist/allowlist.json, the sample's first answer; wall time, medians of ${rounds} interleaved rounds after 2 untimed`,
          data: { checks, nodes },
        },
      ],
      targets: [
        {
          id: 'startup',
          name: `check of one answer ≤ ${STARTUP_LIMIT}× node -e 0`,
          pass: ratio <= STARTUP_LIMIT,
          actual: `${ratio.toFixed(2)}× (${ours.toFixed(0)} ms, node -e 0 ${node.toFixed(0)} ms)`,
        },
      ],
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** `npm run build` when a file under `src/` is newer than the bin (or there is no bin). */
function buildIfStale(log: (line: string) => void): void {
  const built = statSync(BIN, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const newest = (readdirSync(join(HERE, 'src'), { recursive: true }) as string[])
    .map((file) => statSync(join(HERE, 'src', file)).mtimeMs)
    .reduce((a, b) => Math.max(a, b), 0);
  if (newest <= built) return;
  log('  src/ is newer than dist/: npm run build…');
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: HERE,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`npm run build exited ${result.status}`);
}
