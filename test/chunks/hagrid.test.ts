import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatHagridSummary, runHagridBench } from '../../scripts/hagrid-chunks.js';

// Every HAGRID row of AttributionBench (see test/fixtures/hagrid/SOURCE.md): real GPT-3.5 claims
// with `[N]` markers, the passages they cite and a human attributable / not-attributable label.
const FILE = fileURLToPath(
  new URL('../fixtures/hagrid/attributionbench-hagrid.jsonl', import.meta.url),
);
const lines = readFileSync(FILE, 'utf8')
  .split('\n')
  .filter((line) => line.trim().length > 0);
// The rules were developed on the odd lines only; the even lines are the held-out half.
const developed = lines.filter((_, index) => index % 2 === 0);
const heldOut = lines.filter((_, index) => index % 2 === 1);

describe('HAGRID: failing flags against human "not attributable" labels', () => {
  const all = runHagridBench(lines).summary;

  it('measures every row but those citing a passage the row does not carry', () => {
    expect(all.rows + all.leftOut).toBe(lines.length);
    expect(all.leftOut).toBeLessThan(20);
  });

  it('failing flags alone stay at least 97% precise (a false accusation costs more than a miss)', () => {
    expect(all.failing.precision!).toBeGreaterThanOrEqual(0.97);
    expect(all.failing.recall!).toBeGreaterThan(0.25);
  });

  it.each([
    ['all rows', lines],
    ['the half the rules were developed on', developed],
    ['the held-out half', heldOut],
  ])('with failOnWeakSupport, %s: recall above 40% at precision 95% or more', (_name, subset) => {
    const { failingOrWeak } = runHagridBench(subset).summary;
    expect(failingOrWeak.precision!).toBeGreaterThanOrEqual(0.95);
    expect(failingOrWeak.recall!).toBeGreaterThan(0.4);
  });

  it('prints the figures it asserts', () => {
    const text = formatHagridSummary(all);
    expect(text).toMatch(
      /^failing flags vs not attributable: precision \d+\.\d% \(\d+\/\d+\), recall/m,
    );
    expect(text).toContain(`(${all.failingOrWeak.truePositives}/${all.failingOrWeak.flagged})`);
  });
});
