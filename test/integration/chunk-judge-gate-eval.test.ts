import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evalOffline, repoRoot } from '../helpers/promptfoo.js';
import { type ScriptReply, startScriptedJudge } from '../judge/scripted-judge.js';

/**
 * A real offline `promptfoo eval` whose grading provider is promptfoo's own OpenAI chat provider
 * pointed (apiBaseUrl) at a scripted judge on 127.0.0.1: promptfoo sends our messages and reads
 * the reply's `usage` as it would a model's. The model under test is the echo provider. No model
 * is involved and nothing leaves the machine.
 */
const assertion = `file://${join(repoRoot, 'assertions', 'chunk-citations.ts')}`;

function config(apiBaseUrl: string): string {
  return `prompts: ['{{answer}}']
providers: [echo]
defaultTest:
  options:
    provider:
      id: openai:chat:scripted-judge
      config: { apiBaseUrl: '${apiBaseUrl}', temperature: 0, maxRetries: 0 }
  vars:
    context: '[1] Tenants have fourteen days to respond to an eviction notice. The court may extend the period.'
  assert:
    - type: javascript
      value: ${assertion}
      config: { judge: true }
tests:
  - vars: { answer: 'A tenant can ask the court for more time to answer [1].' }
`;
}

async function evalWith(reply: () => ScriptReply) {
  const judge = await startScriptedJudge(reply);
  const dir = mkdtempSync(join(tmpdir(), 'cv-judge-gate-'));
  writeFileSync(join(dir, 'promptfooconfig.yaml'), config(judge.url));
  const result = await evalOffline(['-c', join(dir, 'promptfooconfig.yaml')], dir, {
    OPENAI_API_KEY: 'test-key-not-sent-anywhere-else',
    PROMPTFOO_REQUEST_BACKOFF_MS: '1',
  });
  expect(result.run.ran, result.run.stdout + result.run.stderr).toBe(true);
  expect(result.rows).toHaveLength(1);
  const stats = (
    JSON.parse(readFileSync(result.output, 'utf8')) as {
      results: { stats: { tokenUsage: { assertions?: Record<string, number> } } };
    }
  ).results.stats;
  return { judge, row: result.rows[0]!, stats };
}

describe('promptfoo eval: the chunk judge as a gate', () => {
  it("a judge that fails makes the row fail, the reason's first words saying why", {
    timeout: 180_000,
  }, async () => {
    const { judge, row } = await evalWith(() => ({ status: 503, body: '{"error": "down"}' }));
    expect(judge.requests.length).toBeGreaterThan(0);
    expect(row.success).toBe(false);
    // promptfoo's failureReason 1: an assertion failed (2 would be an ERROR).
    expect((row as { failureReason?: number }).failureReason).toBe(1);
    const reason = row.gradingResult!.componentResults![0]!.reason;
    expect(reason.startsWith('not verified: the judge'), reason).toBe(true);
    expect(row.gradingResult!.reason.startsWith('not verified: the judge')).toBe(true);
    expect(row.score).toBe(0);
  });

  it("the judge's tokens appear in promptfoo's totals", { timeout: 180_000 }, async () => {
    const { judge, row, stats } = await evalWith(() => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 'chatcmpl-scripted',
        object: 'chat.completion',
        model: 'scripted-judge',
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: {
              role: 'assistant',
              content: JSON.stringify({
                verdicts: [
                  { id: '1', label: 'YES', evidence_quote: 'The court may extend the period' },
                ],
              }),
            },
          },
        ],
        usage: { prompt_tokens: 321, completion_tokens: 17, total_tokens: 338 },
      }),
    }));
    expect(judge.requests).toHaveLength(1);
    expect(row.success, row.gradingResult?.reason).toBe(true);
    expect(row.gradingResult!.componentResults![0]!.reason).toContain(
      'tokens 338 (321 prompt, 0 of them cached, 17 completion)',
    );
    expect(stats.tokenUsage.assertions).toMatchObject({
      total: 338,
      prompt: 321,
      completion: 17,
    });
  });
});
