import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { JudgeRequest } from '../../src/judge/types.js';
import { answerGrading, gradingEvalConfig } from '../helpers/grading-judge.js';
import { evalOffline } from '../helpers/promptfoo.js';

/**
 * The chunk judge through the installed package on the oldest promptfoo: the model under test is
 * echo, the grading provider (defaultTest.options.provider) an HTTP provider pointed at a scripted
 * judge on 127.0.0.1, so the check shows the judge asks the grading provider the way that promptfoo
 * version loads it. The suite's own test (test/integration/chunk-judge-eval.test.ts) does the same
 * on the current promptfoo from the source tree. The replies are scripted here; no model is called.
 * The server is plain node:http, since the suite's server helper needs a running vitest test.
 */
export async function judgeEvalProblems(
  project: string,
  runtime: { node: string; entrypoint: string },
): Promise<string[]> {
  const asked: JudgeRequest[] = [];
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    if (req.url === '/grade') void answerGrading(req, res, asked);
    else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const config = join(project, 'evals', 'judge.yaml');
    writeFileSync(
      config,
      gradingEvalConfig(`${url}/grade`, 'package:citation-verifier:chunkCitations', [
        'A tenant can ask the court for more time to answer [1].',
        'Renters may move out whenever they like [1].',
      ]),
    );
    const { run, rows } = await evalOffline(['-c', config], project, {}, runtime);
    if (!run.ran)
      return [`promptfoo exited ${run.code}: ${(run.stdout + run.stderr).slice(-2000)}`];
    const problems: string[] = [];
    const byTest = [...rows].sort((a, b) => a.testIdx - b.testIdx);
    const reasons = byTest.map((row) => row.gradingResult?.componentResults?.[0]?.reason ?? '');
    if (byTest.map((row) => row.success).join() !== 'true,false')
      problems.push(`rows passed ${byTest.map((row) => row.success).join()}, want true,false`);
    if (!reasons[0]?.includes('faithful_paraphrase'))
      problems.push(`first row's reason lacks faithful_paraphrase: ${reasons[0]}`);
    if (asked.length !== 2)
      problems.push(`the grading provider was asked ${asked.length} times, want 2`);
    if (!paths.every((path) => path === '/grade')) problems.push('a request went elsewhere');
    return problems;
  } finally {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
}
