import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import { repoRoot } from '../helpers/promptfoo.js';
import { allSay, startScriptedJudge } from '../judge/scripted-judge.js';

const HELD_OUT = join(repoRoot, 'test', 'fixtures', 'hagrid', 'calibrate-heldout.jsonl');
const RECORDINGS = join(repoRoot, 'test', 'fixtures', 'judge', 'scripted-heldout');
// The recordings are of a scripted word-overlap rule (scripts/scripted-judge-recordings.ts), not a model.
const SCRIPTED = 'scripted-overlap-rule (not a model)';

async function calibrateJson(args: string[]): Promise<Record<string, unknown>> {
  const io = fakeIo();
  const code = await runCli(['calibrate', ...args, '--format', 'json'], io);
  expect(io.err()).toBe('');
  expect(code).toBe(0);
  return JSON.parse(io.out()) as Record<string, unknown>;
}
const figures = (report: Record<string, unknown>) => {
  // The cache of the first run serves the second; times differ from run to run.
  const { calls_made: _made, calls_from_cache: _cached, per_pair: perPair, ...rest } = report;
  return {
    ...rest,
    per_pair: (perPair as Array<Record<string, unknown>>).map(
      ({ ms: _ms, calls: _calls, ...pair }) => pair,
    ),
  };
};

describe('citation-verifier calibrate', () => {
  it('the held-out HAGRID half with the replay judge gives the same figures on every run', {
    timeout: 60_000,
  }, async () => {
    const flags = [HELD_OUT, '--judge-replay', RECORDINGS, '--judge-model', SCRIPTED];
    const first = await calibrateJson(flags);
    const second = await calibrateJson(flags);
    expect(figures(second)).toEqual(figures(first));
    // The figures docs/JUDGE.md reports for the scripted rule.
    expect(first).toMatchObject({
      pairs: 536,
      confusion: {
        supported_called_supported: 246,
        supported_called_not: 22,
        not_supported_called_supported: 109,
        not_supported_called_not: 159,
      },
      macro_f1: 0.749,
      decided_by_triage: 98,
      pairs_with_uncounted_verdicts: 0,
    });
    expect(first.calls_made).toBe(467);
  });

  it('without a judge it measures the deterministic checks (docs/CHUNKS.md held-out figures)', async () => {
    const report = await calibrateJson([HELD_OUT, '--fail-on-weak-support']);
    expect(report.confusion).toEqual({
      supported_called_supported: 263,
      supported_called_not: 5,
      not_supported_called_supported: 147,
      not_supported_called_not: 121,
    });
    expect(report).toMatchObject({ macro_f1: 0.695, decided_by_triage: 536, judge: null });
  });

  it('text output; a judge that is down leaves pairs uncounted, never supported by it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cv-calibrate-'));
    const labels = join(dir, 'labels.jsonl');
    writeFileSync(
      labels,
      [
        {
          id: 'a',
          claim: 'Renters may be given extra time by the court [1].',
          chunks: [{ id: '1', text: 'The court may extend the period.' }],
          supported: true,
        },
        {
          id: 'b',
          claim: 'Tenants have 30 days [1].',
          chunks: [{ id: '1', text: 'Tenants have 14 days.' }],
          supported: false,
        },
      ]
        .map((pair) => JSON.stringify(pair))
        .join('\n'),
    );
    const judge = await startScriptedJudge((request) => allSay(request, 'PARTIAL'));
    const io = fakeIo();
    expect(
      await runCli(
        [
          'calibrate',
          labels,
          '--judge-url',
          judge.url,
          '--judge-model',
          'cal-model',
          '--fail-on-partial-support',
        ],
        io,
      ),
    ).toBe(0);
    expect(io.out()).toContain('decided by triage without a call: 1 of 2');
    expect(io.out()).toMatch(/labelled supported\s+0\s+1/);
    expect(judge.requests).toHaveLength(1);
  });

  it('reports per category, the judge alone, kappa, repeatability and cost per pair', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cv-calibrate-'));
    const labels = join(dir, 'labels.jsonl');
    const chunk = [{ id: '1', text: 'The court may extend the period to answer.' }];
    writeFileSync(
      labels,
      [
        // Sent to the judge (YES for "court", NO otherwise): decided supported, not supported.
        {
          id: 'a',
          claim: 'A court can give more time [1].',
          chunks: chunk,
          supported: true,
          category: 'paraphrase',
        },
        {
          id: 'b',
          claim: 'Landlords never need a court [1].',
          chunks: chunk,
          supported: false,
          category: 'negation',
        },
        {
          id: 'c',
          claim: 'Tenants pay nothing at all [1].',
          chunks: chunk,
          supported: true,
          category: 'negation',
        },
        // Decided by the triage: a figure the chunk lacks.
        {
          id: 'd',
          claim: 'Tenants have 30 days [1].',
          chunks: chunk,
          supported: false,
          category: 'near-miss number',
        },
      ]
        .map((pair) => JSON.stringify(pair))
        .join('\n'),
    );
    const judge = await startScriptedJudge((request) => ({
      status: 200,
      body: JSON.stringify({
        choices: [
          {
            message: {
              content: JSON.stringify({
                verdicts: request.claims.map((claim) =>
                  /court/i.test(claim.text) && !/never/.test(claim.text)
                    ? {
                        id: claim.id,
                        label: 'YES',
                        evidence_quote: 'The court may extend the period',
                      }
                    : { id: claim.id, label: 'NO', evidence_quote: '' },
                ),
              }),
            },
          },
        ],
        usage: { prompt_tokens: 50, completion_tokens: 5 },
      }),
    }));
    const io = fakeIo();
    const code = await runCli(
      [
        'calibrate',
        labels,
        '--judge-url',
        judge.url,
        '--judge-model',
        'cat-model',
        '--repeat',
        '2',
        '--format',
        'json',
      ],
      io,
    );
    expect(io.err()).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(io.out()) as Record<string, any>;
    // Decided: a supported (TP), b not (TN), c not (FN), d not (TN).
    expect(report.confusion).toEqual({
      supported_called_supported: 1,
      supported_called_not: 1,
      not_supported_called_supported: 0,
      not_supported_called_not: 2,
    });
    // po = 3/4; pe = (2·1 + 2·3) / 16 = 1/2; kappa = (0.75 − 0.5) / 0.5 = 0.5.
    expect(report.kappa).toBe(0.5);
    // The judge alone: a, b, c (d never reached it).
    expect(report.judge_alone).toMatchObject({
      pairs: 3,
      confusion: {
        supported_called_supported: 1,
        supported_called_not: 1,
        not_supported_called_not: 1,
      },
    });
    expect(report.by_category.map((row: any) => [row.category, row.pairs])).toEqual([
      ['paraphrase', 1],
      ['negation', 2],
      ['near-miss number', 1],
    ]);
    expect(report.by_category[1].confusion).toEqual({
      supported_called_supported: 0,
      supported_called_not: 1,
      not_supported_called_supported: 0,
      not_supported_called_not: 1,
    });
    expect(report.repeatability).toEqual({ runs: 2, pairs_decided_alike: 4, rate: 1 });
    // Two runs, each with its own cache: every sent pair asked twice.
    expect(judge.requests).toHaveLength(6);
    expect(report.tokens).toEqual({ prompt: 150, completion: 15, cached: 0, total: 165 });
    expect(
      report.per_pair.map((pair: any) => [pair.id, pair.calls, pair.tokens, pair.by_triage]),
    ).toEqual([
      ['a', 1, 55, false],
      ['b', 1, 55, false],
      ['c', 1, 55, false],
      ['d', 0, 0, true],
    ]);
    expect(report.per_pair.every((pair: any) => typeof pair.ms === 'number')).toBe(true);
  });

  it('a calibration whose judge failed on some pairs says so and exits 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cv-calibrate-'));
    const labels = join(dir, 'labels.jsonl');
    writeFileSync(
      labels,
      JSON.stringify({
        id: 'only',
        claim: 'A court can give more time [1].',
        chunks: [{ id: '1', text: 'The court may extend the period.' }],
        supported: true,
      }),
    );
    const judge = await startScriptedJudge(() => ({ status: 500 }));
    const io = fakeIo();
    const code = await runCli(
      ['calibrate', labels, '--judge-url', judge.url, '--judge-model', 'broken-model'],
      io,
    );
    expect(code).toBe(2);
    expect(io.out()).toContain(
      "NOT VERIFIED: the judge gave no counted verdict on 1 pair (only): these figures are not the judge's",
    );
    // With the gate, the pair the judge could not decide is decided not supported.
    expect(io.out()).toMatch(/labelled supported\s+0\s+1/);
  });

  it.each([
    ['{"id": "a", "claim": "x [1]", "chunks": [], "supported": "yes"}', 'labels.jsonl:1'],
    ['{"id": "a", "claim": "x [1]", "chunks": [], "supported": true, "label": 1}', 'label'],
    [
      '{"id": "a", "claim": "x", "chunks": [], "supported": true}\n{"id": "a", "claim": "y", "chunks": [], "supported": true}',
      'pair "a" again (first on line 1)',
    ],
    ['not json', 'labels.jsonl:1'],
  ])('a bad labels file is bad input (exit 3): %s', async (text, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'cv-calibrate-'));
    writeFileSync(join(dir, 'labels.jsonl'), text);
    const io = fakeIo({ cwd: dir });
    expect(await runCli(['calibrate', 'labels.jsonl'], io)).toBe(3);
    expect(io.err()).toContain(message);
  });
});
