import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  formatBenchSummary,
  precisionRecall,
  runExpertQaBench,
} from '../../scripts/expertqa-chunks.js';

// Six records of ExpertQA (see test/fixtures/expertqa/SOURCE.md), so the suite needs no ../shared.
const SLICE = fileURLToPath(
  new URL('../fixtures/expertqa/domain_test.slice.jsonl', import.meta.url),
);
const lines = readFileSync(SLICE, 'utf8').split('\n');
const records = lines
  .filter((line) => line.trim().length > 0)
  .map(
    (line) =>
      JSON.parse(line) as { answers: Record<string, { claims: Array<{ support: string }> }> },
  );
const claimCount = records.reduce(
  (sum, record) =>
    sum + Object.values(record.answers).reduce((inner, answer) => inner + answer.claims.length, 0),
  0,
);

describe('runExpertQaBench on the fixture slice', () => {
  const { summary, rows } = runExpertQaBench(lines);
  const row = (start: string) => {
    const found = rows.filter((candidate) => candidate.claim.trimStart().startsWith(start));
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  it('accounts for every record, answer and claim', () => {
    expect(summary.records).toBe(records.length);
    expect(summary.answers).toBe(
      records.reduce((sum, record) => sum + Object.keys(record.answers).length, 0),
    );
    expect(summary.claims).toBe(claimCount);
    expect(
      summary.byCategory.checked + summary.byCategory.uncited + summary.byCategory.no_passage_text,
    ).toBe(claimCount);
    const measured = summary.byCategory.checked + summary.byCategory.uncited;
    expect(Object.values(summary.outcomes).reduce((sum, count) => sum + count, 0)).toBe(measured);
    const crosstabTotal = Object.values(summary.crosstab).reduce(
      (sum, labels) => sum + Object.values(labels).reduce((inner, count) => inner + count, 0),
      0,
    );
    expect(crosstabTotal).toBe(measured);
  });

  it('flags the paraphrase GPT-4 put in quotation marks (human label: Complete)', () => {
    // Chunk 2 reads "It is the truth and giving back what a man has taken from another."
    expect(row('Another aspect of justice presented')).toMatchObject({
      outcome: 'fabricated_quote',
      support: 'Complete',
      category: 'checked',
    });
  });

  it('flags the computed £600 that the cited passage does not state', () => {
    expect(row('Since the company sold 60 items')).toMatchObject({
      outcome: 'unsupported_claim',
      category: 'checked',
    });
  });

  it('finds the verbatim copy from a passage', () => {
    expect(row('The Nottingham Prognostic Index')).toMatchObject({ outcome: 'exact_match' });
  });

  it('leaves out claims whose evidence is a URL without text', () => {
    expect(row('A buttress is an')).toMatchObject({
      system: 'bing_chat',
      category: 'no_passage_text',
    });
  });

  it('uncited claims are flagged only when they state a figure or quotation', () => {
    expect(row('In this case, the company first purchased 100 items')).toMatchObject({
      category: 'uncited',
      outcome: 'uncited_claim',
      support: 'Missing',
    });
    expect(row('Nonetheless, the concept of justice')).toMatchObject({
      category: 'uncited',
      outcome: 'no_finding',
      support: 'Missing',
    });
  });

  it('precision and recall follow from the counts', () => {
    const metric = summary.requiredVsMissing;
    expect(metric.precision).toBe(
      metric.flagged === 0 ? null : metric.truePositives / metric.flagged,
    );
    expect(metric.recall).toBe(
      metric.positives === 0 ? null : metric.truePositives / metric.positives,
    );
    expect(summary.missingByCategory.checked).toBe(0);
  });

  it('prints the figures', () => {
    const text = formatBenchSummary(summary);
    expect(text).toContain(`ExpertQA chunk-citation triage: ${records.length} records`);
    expect(text).toMatch(/^ {2}fabricated_quote +1 /m);
    expect(text).toContain('uncited_claim vs support=Missing: precision');
  });
});

describe('precisionRecall', () => {
  it('counts by hand', () => {
    // flagged: a, b, c; positive: b, c, d → TP 2, precision 2/3, recall 2/3, base rate 3/5.
    const items = ['a', 'b', 'c', 'd', 'e'];
    const metric = precisionRecall(
      items,
      (item) => ['a', 'b', 'c'].includes(item),
      (item) => ['b', 'c', 'd'].includes(item),
    );
    expect(metric).toEqual({
      flagged: 3,
      positives: 3,
      truePositives: 2,
      population: 5,
      precision: 2 / 3,
      recall: 2 / 3,
      baseRate: 3 / 5,
    });
  });

  it('is null, not 0, when nothing is flagged', () => {
    expect(
      precisionRecall(
        [1, 2],
        () => false,
        () => true,
      ).precision,
    ).toBeNull();
  });
});
