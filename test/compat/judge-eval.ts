import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { JudgeRequest } from '../../src/judge/types.js';
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
  const grade = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let body = '';
    for await (const part of req) body += String(part);
    const messages = JSON.parse((JSON.parse(body) as { prompt: string }).prompt) as Array<{
      content: string;
    }>;
    const request = JSON.parse(messages[1]?.content ?? '{}') as JudgeRequest;
    asked.push(request);
    const verdicts = request.claims.map((claim) =>
      /more time/.test(claim.text)
        ? { id: claim.id, label: 'YES', evidence_quote: 'The court may extend the period' }
        : { id: claim.id, label: 'NO', evidence_quote: '' },
    );
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { content: JSON.stringify({ verdicts }) } }] }));
  };
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    if (req.url === '/grade') void grade(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const config = join(project, 'evals', 'judge.yaml');
    writeFileSync(
      config,
      `prompts: ['{{answer}}']
providers: [echo]
defaultTest:
  options:
    provider:
      id: ${url}/grade
      config:
        method: POST
        headers: { content-type: application/json }
        body: '{"prompt": {{ prompt | dump }}}'
        transformResponse: json.choices[0].message.content
  vars:
    context: |
      [1] Tenants have fourteen days to respond to an eviction notice. The court may extend the period.
  assert:
    - type: javascript
      value: package:citation-verifier:chunkCitations
      config: { judge: true }
tests:
  - vars: { answer: 'A tenant can ask the court for more time to answer [1].' }
  - vars: { answer: 'Renters may move out whenever they like [1].' }
`,
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
