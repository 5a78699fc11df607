import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JudgeRequest } from '../../src/judge/types.js';
import { answerGrading, gradingEvalConfig } from '../helpers/grading-judge.js';
import { startHttpServer } from '../helpers/http-server.js';
import { componentCodes, evalOffline, repoRoot } from '../helpers/promptfoo.js';

/**
 * A real offline `promptfoo eval`: the model under test is promptfoo's echo provider, the grading
 * provider (defaultTest.options.provider) an HTTP provider pointed at a scripted judge on
 * 127.0.0.1. The promptfoo to run is the suite's own, or the one CV_PROMPTFOO_ENTRYPOINT names
 * (with CV_PROMPTFOO_NODE, the Node to run it on), so the same test runs on every supported version.
 */
const runtime = {
  ...(process.env.CV_PROMPTFOO_ENTRYPOINT
    ? { entrypoint: process.env.CV_PROMPTFOO_ENTRYPOINT }
    : {}),
  ...(process.env.CV_PROMPTFOO_NODE ? { node: process.env.CV_PROMPTFOO_NODE } : {}),
};

describe('promptfoo eval with the chunk judge', () => {
  it('asks the grading provider, never the model under test', { timeout: 180_000 }, async () => {
    const asked: JudgeRequest[] = [];
    const server = await startHttpServer({
      '/grade': (req, res) => answerGrading(req, res, asked),
    });
    const dir = mkdtempSync(join(tmpdir(), 'cv-judge-eval-'));
    writeFileSync(
      join(dir, 'promptfooconfig.yaml'),
      gradingEvalConfig(
        `${server.url}/grade`,
        `file://${join(repoRoot, 'assertions', 'chunk-citations.ts')}`,
        [
          'A tenant can ask the court for more time to answer [1].',
          'Renters may move out whenever they like [1].',
          'Tenants have 30 days to respond [1].',
        ],
      ),
    );
    const { run, rows } = await evalOffline(
      ['-c', join(dir, 'promptfooconfig.yaml')],
      dir,
      {},
      runtime,
    );
    expect(run.ran, run.stdout + run.stderr).toBe(true);
    const byTest = rows.sort((a, b) => a.testIdx - b.testIdx);
    expect(byTest.map((row) => row.success)).toEqual([true, false, false]);
    // promptfoo's failureReason: 1 an assertion failed, 2 an ERROR. A judge never makes a row an ERROR.
    expect(byTest.map((row) => (row as { failureReason?: number }).failureReason)).toEqual([
      0, 1, 1,
    ]);
    expect(byTest.map(componentCodes)).toEqual([
      ['claim.faithful-paraphrase'],
      ['claim.unsupported.judge-no'],
      // The figure is decided by the check: never sent. The echo provider made no request at all.
      ['claim.unsupported.fact-mismatch'],
    ]);
    expect(asked.map((request) => request.claims.map((claim) => claim.text))).toEqual(
      expect.arrayContaining([
        ['A tenant can ask the court for more time to answer.'],
        ['Renters may move out whenever they like.'],
      ]),
    );
    expect(asked).toHaveLength(2);
    expect(server.hits.every((hit) => hit.path === '/grade')).toBe(true);
    expect(byTest[0]!.gradingResult?.componentResults?.[0]?.reason).toContain(
      `judge ${server.url}/grade`,
    );
  });

  it('a grading provider that is down fails the row, not verified, never an ERROR', {
    timeout: 180_000,
  }, async () => {
    const server = await startHttpServer({ '/grade': { status: 503 } });
    const dir = mkdtempSync(join(tmpdir(), 'cv-judge-eval-'));
    writeFileSync(
      join(dir, 'promptfooconfig.yaml'),
      `prompts: ['{{answer}}']
providers: [echo]
defaultTest:
  options:
    provider:
      id: ${server.url}/grade
      config: { method: POST, body: { prompt: '{{prompt}}' }, maxRetries: 0 }
  vars:
    context: '[1] Tenants have fourteen days to respond to an eviction notice.'
  assert:
    - type: javascript
      value: file://${join(repoRoot, 'assertions', 'chunk-citations.ts')}
      config: { judge: true }
tests:
  - vars: { answer: 'Renters may move out whenever they like [1].' }
`,
    );
    const { run, rows } = await evalOffline(
      ['-c', join(dir, 'promptfooconfig.yaml')],
      dir,
      { PROMPTFOO_REQUEST_BACKOFF_MS: '1' },
      runtime,
    );
    expect(run.ran, run.stdout + run.stderr).toBe(true);
    expect(rows).toHaveLength(1);
    expect((rows[0] as { failureReason?: number }).failureReason).toBe(1);
    expect(rows[0]!.success).toBe(false);
    const reason = rows[0]!.gradingResult?.componentResults?.[0]?.reason ?? '';
    // promptfoo's HTTP provider turns the 503 into an output ("Empty Response"), not an error.
    expect(reason).toMatch(/^not verified: the judge/);
    expect(reason).toContain('1 without a counted verdict');
  });
});
