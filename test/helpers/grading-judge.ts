import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JudgeRequest } from '../../src/judge/types.js';

/**
 * A scripted grading provider for real `promptfoo eval` runs of the chunk judge, shared by the
 * suite's eval test and the compatibility run: promptfoo's HTTP provider posts
 * `{"prompt": <the judge's messages as JSON>}` and reads `choices[0].message.content`. The rule is
 * written here, no model: YES (quoting chunk 1) for a claim about more time, NO for the rest.
 */
export async function answerGrading(
  req: IncomingMessage,
  res: ServerResponse,
  asked: JudgeRequest[],
): Promise<void> {
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
}

/** The eval config: echo as the model under test, `graderUrl` as the grading provider. */
export function gradingEvalConfig(graderUrl: string, assertion: string, answers: string[]): string {
  return `prompts: ['{{answer}}']
providers: [echo]
defaultTest:
  options:
    provider:
      id: ${graderUrl}
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
      value: ${assertion}
      config: { judge: true }
tests:
${answers.map((answer) => `  - vars: { answer: '${answer}' }`).join('\n')}
`;
}
