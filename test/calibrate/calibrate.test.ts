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
  const { calls_made: _made, calls_from_cache: _cached, ...rest } = report;
  return rest;
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
