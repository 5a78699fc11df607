/**
 * In-process baseline of the service bench (`bench/sections/service.ts`), in a fresh process that
 * holds what a service worker holds (the allowlist index of FILE and nothing else), so the two
 * are compared like with like. Loads FILE as `serve` does (lookalike index included), goes WARM
 * times over the answers with each of the two to warm up (the count each service worker gets:
 * V8 keeps optimizing for several passes, and a cold side would be measured compiling), then for
 * MS milliseconds each:
 * - `verifyAnswer` on the answers, round robin (the baseline);
 * - the same work as one `POST /v1/verify` without the HTTP: `guardWithIndex` (verification, the
 *   repair that decides between `repair` and `refuse`, the repaired answer verified again), the
 *   verdict JSON written as the service writes it (`jsonLine`).
 * Prints one JSON line: answers per second and CPU milliseconds per answer for each, and the
 * process's RSS after loading.
 *
 *   service-inproc.ts FILE ANSWERS MS THRESHOLD WARM
 */
import { readFileSync } from 'node:fs';
import { jsonLine } from '../../src/format/escape.js';
import { toJson } from '../../src/format/formatters.js';
import { loadAllowlistIndex } from '../../src/match/index.js';
import { guardWithIndex } from '../../src/run.js';
import { verifyAnswer } from '../../src/verify.js';

const [file, answersPath, msText, thresholdText, warmText = '1'] = process.argv.slice(2);
if (!file || !answersPath || !msText || !thresholdText) {
  process.stderr.write('usage: service-inproc.ts FILE ANSWERS MS THRESHOLD [WARM]\n');
  process.exit(2);
}
const answers = JSON.parse(readFileSync(answersPath, 'utf8')) as string[];
const duration = Number(msText);
const threshold = Number(thresholdText);
const index = await loadAllowlistIndex(file);
index.lookalikes();
const rssBytes = process.memoryUsage().rss;

type Work = (answer: string) => unknown;
const verify: Work = (answer) => verifyAnswer(answer, index, { threshold });
const guard: Work = async (answer) =>
  jsonLine(toJson((await guardWithIndex(index, answer, { threshold, liveness: false })).report));

async function measure(work: Work): Promise<{ perSecond: number; cpuMsPerAnswer: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let done = 0;
  while (performance.now() - started < duration) {
    await work(answers[done % answers.length]!);
    done++;
  }
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { perSecond: (done / ms) * 1000, cpuMsPerAnswer: (used.user + used.system) / 1000 / done };
}

for (let pass = 0; pass < Number(warmText); pass++)
  for (const answer of answers) {
    await verify(answer);
    await guard(answer);
  }
process.stdout.write(
  `${JSON.stringify({ verify: await measure(verify), guard: await measure(guard), rssBytes })}\n`,
);
