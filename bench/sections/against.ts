import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadExpertQa } from '../lib/corpus.js';
import { keep, mbPerSecond, median } from '../lib/measure.js';
import type { SectionResult } from '../lib/report.js';
import { HERE, loadTree, type Tree } from '../lib/tree.js';

/** The guard: verify on real answers at no less than this share of the reference's throughput. */
export const AGAINST_LIMIT = 0.7;

/**
 * Verify on real answers (ExpertQA's and the bundled sample's, against the bundled allowlist) in
 * this tree and in the reference tree, loaded side by side in one process, rounds alternating
 * (this, reference, then reference, this, …) so that a busy machine moves both alike. The figure
 * is this tree's throughput over the reference's.
 */
export async function runAgainstSection(context: {
  baseline: { ref: string; root: string };
  quick: boolean;
  log: (line: string) => void;
}): Promise<SectionResult> {
  const { baseline, quick, log } = context;
  const trees = [
    await loadTree(HERE, 'this tree'),
    await loadTree(baseline.root, baseline.ref),
  ] as const;
  const sample = readFileSync(join(HERE, 'sample-allowlist/answers.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => (JSON.parse(line) as { answer: string }).answer);
  const answers = [...loadExpertQa().answers, ...sample];
  const allowlist = JSON.parse(
    readFileSync(join(HERE, 'sample-allowlist/allowlist.json'), 'utf8'),
  ) as unknown;
  const indexes = trees.map((tree) => {
    const index = tree.buildIndex(tree.parseAllowlist(allowlist, 'allowlist.json'));
    index.lookalikes();
    return index;
  });
  const verifyAll = (tree: Tree, index: unknown) => (): number => {
    let sum = 0;
    for (const answer of answers) sum += tree.verifyAnswer(answer, index).score;
    return sum;
  };
  const steps = trees.map((tree, k) => verifyAll(tree, indexes[k]));
  const warmRounds = quick ? 1 : 3;
  const rounds = quick ? 3 : 9;
  log(`  ${answers.length} answers, ${warmRounds} warm-up and ${rounds} timed rounds each…`);
  for (let round = 0; round < warmRounds; round++) for (const step of steps) keep(step());
  const [ours, theirs] = alternate(steps, rounds) as [number, number];
  const bytes = answers.reduce((sum, answer) => sum + Buffer.byteLength(answer, 'utf8'), 0);
  const ratio = theirs / ours;
  return {
    name: 'against',
    rows: [
      {
        id: 'against.verify.real',
        figure: 'verify, real answers',
        value: `${mbPerSecond(bytes, ours).toFixed(2)} MB/s`,
        baseline: `${baseline.ref} ${mbPerSecond(bytes, theirs).toFixed(2)} MB/s`,
        ratio: `${ratio.toFixed(2)}×`,
        detail: `${answers.length} answers, ${(bytes / 1e6).toFixed(3)} MB, bundled allowlist; CPU medians of ${rounds} alternating rounds after ${warmRounds} warm-up: this tree ${ours.toFixed(1)} ms, ${baseline.ref} ${theirs.toFixed(1)} ms`,
        data: { ms: { new: ours, old: theirs }, bytes, answers: answers.length },
      },
    ],
    targets: [
      {
        id: 'against.verify.real',
        name: `verify on real answers ≥ ${AGAINST_LIMIT}× ${baseline.ref}`,
        pass: ratio >= AGAINST_LIMIT,
        actual: `${ratio.toFixed(2)}×`,
      },
    ],
  };
}

/**
 * Runs `steps` round by round, the order flipped every round; the median CPU milliseconds of each
 * (user + system). CPU rather than the clock: on a shared machine a round's clock time holds
 * whatever time the scheduler gave other processes, which lands on one side's rounds more than the
 * other's in a short run.
 */
function alternate(steps: ReadonlyArray<() => unknown>, rounds: number): number[] {
  const samples = steps.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    const order = steps.map((_, k) => (round % 2 === 0 ? k : steps.length - 1 - k));
    for (const k of order) {
      const started = process.cpuUsage();
      keep(steps[k]!());
      const used = process.cpuUsage(started);
      samples[k]!.push((used.user + used.system) / 1000);
    }
  }
  return samples.map(median);
}
