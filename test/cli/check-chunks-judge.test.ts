import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkAuditSchema } from '../../src/chunks/audit.js';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import { closedPort } from '../helpers/http-server.js';
import { allSay, startScriptedJudge } from '../judge/scripted-judge.js';

function chunksFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cv-judge-cli-'));
  const path = join(dir, 'chunks.json');
  writeFileSync(
    path,
    JSON.stringify(['Tenants have fourteen days to respond. The court may extend the period.']),
  );
  return path;
}
const ANSWER = 'A tenant can ask the court for more time to answer [1].';

describe('check --chunks with a judge', () => {
  it('asks the judge with the bearer key and prints its verdict and cost', async () => {
    const judge = await startScriptedJudge((request) =>
      allSay(request, 'YES', 'The court may extend the period'),
    );
    const io = fakeIo({ stdin: ANSWER, env: { CITATION_VERIFIER_JUDGE_KEY: 'k-123' } });
    const code = await runCli(
      [
        'check',
        '--chunks',
        chunksFile(),
        '--judge-url',
        judge.url,
        '--judge-model',
        'scripted',
        '--format',
        'json',
      ],
      io,
    );
    expect(io.err()).toBe('');
    expect(code).toBe(0);
    const audit = chunkAuditSchema.parse(JSON.parse(io.out()));
    expect(audit.citation_audit[0]).toMatchObject({
      classification: 'faithful_paraphrase',
      judge: { label: 'YES', counted: true },
    });
    expect(audit.overall_assessment.judge).toMatchObject({
      model: 'scripted',
      claims_sent: 1,
      calls_made: 1,
      calls_from_cache: 0,
    });
    expect(judge.keys).toEqual(['Bearer k-123']);
  });

  it('a NO fails the answer (exit 2); the text table shows the judge line', async () => {
    const judge = await startScriptedJudge((request) => allSay(request, 'NO'));
    const io = fakeIo({ stdin: ANSWER });
    const code = await runCli(
      ['check', '--chunks', chunksFile(), '--judge-url', judge.url, '--judge-model', 'm'],
      io,
    );
    expect(code).toBe(2);
    expect(io.out()).toContain(
      'judge m (cv-judge-2): 1 claim sent, 1 call made (1 attempt), 0 served from cache (0 claims), 0 without a counted verdict; tokens 0',
    );
    expect(io.out()).toContain('unsupported_claim');
    expect(judge.keys).toEqual([undefined]);
  });

  it('a judge that is down fails the answer, not verified (exit 2), and never crashes the command', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    // A model of its own: the process cache already holds verdicts of the models above.
    const flags = ['check', '--chunks', chunksFile(), '--judge-url', url, '--judge-model', 'down'];
    const io = fakeIo({ stdin: ANSWER });
    expect(await runCli([...flags, '--format', 'json'], io)).toBe(2);
    const audit = chunkAuditSchema.parse(JSON.parse(io.out()));
    expect(audit.citation_audit[0]).toMatchObject({
      classification: 'not_verified',
      code: 'claim.not-verified.judge-fault',
      judge: { label: null, counted: false },
    });
    expect(audit.overall_assessment).toMatchObject({
      not_verified: 1,
      critical_failures: 1,
      support: { unsupported: { count: 0 }, not_verified: { count: 1 } },
    });
    const text = fakeIo({ stdin: ANSWER });
    expect(await runCli(flags, text)).toBe(2);
    expect(text.out()).toMatch(/^not verified: the judge could not be reached/);
  });

  it('--judge-advisory keeps the judge as advice: a judge that is down leaves the claim as the checks did (exit 0)', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const io = fakeIo({ stdin: ANSWER });
    const code = await runCli(
      [
        'check',
        '--chunks',
        chunksFile(),
        '--judge-url',
        url,
        '--judge-model',
        'down-advisory',
        '--judge-advisory',
        '--format',
        'json',
      ],
      io,
    );
    expect(code).toBe(0);
    const audit = chunkAuditSchema.parse(JSON.parse(io.out()));
    expect(audit.citation_audit[0]).toMatchObject({
      classification: 'weak_support',
      judge: { label: null, counted: false },
    });
    expect(audit.overall_assessment.judge).toMatchObject({ advisory: true, uncounted: 1 });
  });

  it('check --jsonl checks answers at once with a judge, lines in input order', async () => {
    const judge = await startScriptedJudge((request) => ({
      status: 200,
      delayMs: 1_000,
      body: JSON.stringify({
        choices: [{ message: { content: allSay(request, 'NO') } }],
        usage: { prompt_tokens: 10, completion_tokens: 2 },
      }),
    }));
    const rows = ['more time to answer', 'a period to reply', 'a later date'].map((what, index) =>
      JSON.stringify({ id: `r${index}`, answer: `A tenant can ask the court for ${what} [1].` }),
    );
    const io = fakeIo({ stdin: rows.join('\n') });
    const before = Date.now();
    const code = await runCli(
      [
        'check',
        '--chunks',
        chunksFile(),
        '--judge-url',
        judge.url,
        '--judge-model',
        'jsonl-model',
        '--jsonl',
        '-',
      ],
      io,
    );
    const took = Date.now() - before;
    expect(code).toBe(2);
    const lines = io
      .out()
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            id: string;
            chunks: { overall_assessment: { judge: { tokens: { total: number } } } };
          },
      );
    expect(lines.map((line) => line.id)).toEqual(['r0', 'r1', 'r2']);
    expect(lines.map((line) => line.chunks.overall_assessment.judge.tokens.total)).toEqual([
      12, 12, 12,
    ]);
    // One after another would take three seconds at least.
    expect(judge.requests).toHaveLength(3);
    expect(took).toBeLessThan(3_000);
  });

  it.each([
    [['--judge-url', 'http://127.0.0.1:9'], 'needs both a URL and a model name'],
    [['--judge-url', 'ftp://x', '--judge-model', 'm'], '--judge-url'],
  ])('bad judge flags are bad input (exit 3): %j', async (flags, message) => {
    const io = fakeIo({ stdin: ANSWER });
    expect(await runCli(['check', '--chunks', chunksFile(), ...flags], io)).toBe(3);
    expect(io.err()).toContain(message);
  });

  it('judge flags without --chunks are a usage error', async () => {
    const io = fakeIo({ stdin: ANSWER });
    expect(await runCli(['check', '--allowlist', 'x.json', '--judge-model', 'm'], io)).toBe(3);
    expect(io.err()).toContain('--judge-model only apply with --chunks');
  });
});
