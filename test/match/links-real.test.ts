import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadAllowlistIndex } from '../../src/match/index.js';
import { verifyAnswer } from '../../src/verify.js';

// Two real ExpertQA answers whose cited sites (www.nhs.uk, aw.my.games) were once called invented:
// see test/fixtures/expertqa-links/SOURCE.md. Each answer is checked as a chatbot shows it, its
// text followed by the numbered sources.
const records = readFileSync(
  new URL('../fixtures/expertqa-links/records.jsonl', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n')
  .map(
    (line) =>
      JSON.parse(line) as {
        answers: Record<string, { answer_string: string; attribution: string[] }>;
      },
  );
const sample = new URL('../../sample-allowlist/allowlist.json', import.meta.url).pathname;

describe('real cited links of ExpertQA answers are not called invented', () => {
  it.each(records.map((record) => Object.entries(record.answers)[0]!))(
    '%s',
    async (_system, answer) => {
      const text = `${answer.answer_string}\n\nSources:\n${answer.attribution.join('\n')}`;
      const report = verifyAnswer(text, await loadAllowlistIndex(sample));
      expect(report.links.map((link) => link.finding.raw)).toEqual(
        answer.attribution.map((line) => line.replace(/^\[\d+\] /, '')),
      );
      expect(
        report.links
          .filter((link) => link.bucket !== 'unverified')
          .map((link) => `${link.finding.raw}: ${link.reason}`),
      ).toEqual([]);
      expect(report.pass).toBe(true);
    },
  );
});
