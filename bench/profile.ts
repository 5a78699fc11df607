/**
 * The profiling workload: verify the real answers (ExpertQA's, when `../shared` is beside this
 * clone, and the bundled sample's) against the bundled allowlist, round after round, so that a
 * CPU profile shows where a real answer's time goes.
 *
 *   node --cpu-prof --cpu-prof-dir=out/prof --import tsx bench/profile.ts [--root DIR] [--seconds N]
 *   npx tsx bench/profile-table.ts out/prof/FILE.cpuprofile     the table by file
 *
 * `--corpus`: the bench corpus (generated answers and ExpertQA's) against the generated
 * 10,000-organization directory instead (`--orgs N`: N organizations).
 *
 * `--per-round`: each round's process CPU and its main thread's CPU; the difference is V8's
 * background threads (optimizing compiles, concurrent marking), which the `--against` section's
 * process-CPU figures include: it shows how many rounds the warm-up lasts (BENCHMARKS, "Round 6:
 * the warm-up").
 *
 * `--root` verifies with the tree at DIR (another checkout, `git worktree add DIR REF`), so the
 * same workload profiles a reference commit.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildCorpus, loadExpertQa } from './lib/corpus.js';
import { allowlistFile, generateOrgs } from './lib/generate.js';
import { mbPerSecond } from './lib/measure.js';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    corpus: { type: 'boolean', default: false },
    orgs: { type: 'string', default: '10000' },
    'per-round': { type: 'boolean', default: false },
  },
});
const root = resolve(values.root ?? new URL('..', import.meta.url).pathname);
const load = async <T>(path: string): Promise<T> =>
  (await import(pathToFileURL(join(root, path)).href)) as T;

type Verify = (text: string, index: unknown) => { score: number };
const { verifyAnswer } = await load<{ verifyAnswer: Verify }>('src/verify.ts');
const { loadAllowlistIndex } = await load<{
  loadAllowlistIndex: (path: string) => Promise<unknown>;
}>('src/match/index.ts');
const { buildIndex } = await load<{ buildIndex: (allowlist: unknown) => unknown }>(
  'src/match/index.ts',
);
const { parseAllowlist } = await load<{
  parseAllowlist: (data: unknown, where: string) => unknown;
}>('src/allowlist/schema.ts');
const orgs = generateOrgs(100_000);
const index = values.corpus
  ? buildIndex(parseAllowlist(allowlistFile(orgs.slice(0, Number(values.orgs))), 'generated.json'))
  : await loadAllowlistIndex(join(root, 'sample-allowlist/allowlist.json'));
// The lookalike index is built on the first unlisted link; the bench builds it before its timed
// rounds (it belongs to loading), so the profile does too, or at 100,000 organizations its build
// would be a tenth of the verification profile.
(index as { lookalikes?: () => unknown }).lookalikes?.();
const sample = readFileSync(join(root, 'sample-allowlist/answers.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim().length > 0)
  .map((line) => (JSON.parse(line) as { answer: string }).answer);
const answers = values.corpus
  ? buildCorpus(orgs, 300).answers
  : [...loadExpertQa().answers, ...sample];
const bytes = answers.reduce((sum, answer) => sum + Buffer.byteLength(answer, 'utf8'), 0);

const until = performance.now() + Number(values.seconds) * 1000;
let rounds = 0;
let sink = 0;
const started = performance.now();
const cpuMs = (used: NodeJS.CpuUsage): number => (used.user + used.system) / 1000;
while (performance.now() < until) {
  const processBefore = process.cpuUsage();
  const threadBefore = process.threadCpuUsage();
  for (const answer of answers) sink += verifyAnswer(answer, index).score;
  rounds++;
  if (values['per-round']) {
    const all = cpuMs(process.cpuUsage(processBefore));
    const main = cpuMs(process.threadCpuUsage(threadBefore));
    process.stdout.write(
      `round ${rounds}: process ${all.toFixed(0)} ms, main thread ${main.toFixed(0)} ms, other threads ${(all - main).toFixed(0)} ms\n`,
    );
  }
}
const ms = performance.now() - started;
process.stdout.write(
  `${answers.length} answers, ${(bytes / 1e6).toFixed(3)} MB, ${rounds} rounds: ${mbPerSecond(bytes * rounds, ms).toFixed(2)} MB/s (${sink > 0 ? 'ok' : 'no score'})\n`,
);
