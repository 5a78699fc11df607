import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadAllowlistIndex } from '../../src/match/index.js';
import { InputError } from '../../src/errors.js';
import {
  compareVendors,
  parseAnswersJsonl,
  rowsFromAnswers,
  verdictOf,
} from '../../src/compare/index.js';
import { verifyAnswer } from '../../src/verify.js';
import { sampleAllowlist, sampleAnswers } from '../helpers/evals.js';

async function verifier(threshold?: number) {
  const index = await loadAllowlistIndex(sampleAllowlist);
  return ({ answer }: { answer: string }) =>
    verdictOf(verifyAnswer(answer, index, threshold === undefined ? {} : { threshold }));
}

describe('report from a JSONL of answers (no promptfoo)', () => {
  it('verifies the sample answers itself and gives the same per-vendor counts as the promptfoo eval', async () => {
    // The same recorded answers the eval replays; see the derivation in promptfoo-results.test.ts.
    const lines = parseAnswersJsonl(readFileSync(sampleAnswers, 'utf8'), 'answers.jsonl');
    expect(lines).toHaveLength(12);
    const comparison = compareVendors(rowsFromAnswers(lines, await verifier()), {
      source: 'answers.jsonl',
      mode: 'answers',
    });
    const figures = comparison.vendors.map((each) => [
      each.vendor,
      each.answers,
      each.links,
      each.buckets.directory.count,
      each.buckets.unverified.count,
      each.buckets.invented.count,
      each.misattributedPhones,
      each.verifierPass.count,
    ]);
    expect(figures).toEqual([
      ['vendor-a', 4, 3, 2, 1, 0, 0, 4],
      ['vendor-b', 4, 4, 1, 2, 1, 2, 2],
      ['vendor-c', 4, 6, 1, 2, 3, 1, 2],
    ]);
    expect(comparison.judged).toBe(false);
    expect(comparison.errors).toEqual([]);
    // Rows sort as the eval's would: test order (first appearance of the id), then vendor order.
    expect(comparison.verifierFailed.map((answer) => `${answer.vendor}/${answer.test}`)).toEqual([
      'vendor-b/eviction-boston',
      'vendor-c/eviction-boston',
      'vendor-b/worcester-housing',
      'vendor-c/juvenile-nantucket',
    ]);
  });

  it('applies the threshold it is given', async () => {
    // At 0.6, the answers scoring 0.5 fail too: a/juvenile-nantucket, b/juvenile-nantucket, c/brookline-contact.
    const lines = parseAnswersJsonl(readFileSync(sampleAnswers, 'utf8'), 'answers.jsonl');
    const comparison = compareVendors(rowsFromAnswers(lines, await verifier(0.6)), {
      source: 'answers.jsonl',
      mode: 'answers',
    });
    expect(comparison.vendors.map((each) => each.verifierPass.count)).toEqual([3, 1, 1]);
  });

  it('keeps an optional question and skips blank lines', () => {
    const lines = parseAnswersJsonl(
      '\n{"provider":"v","id":"q1","answer":"a","question":"Why?"}\r\n\n',
      'f.jsonl',
    );
    expect(lines).toEqual([{ provider: 'v', id: 'q1', answer: 'a', question: 'Why?', line: 2 }]);
  });

  it.each([
    [
      'a line that is not JSON',
      '{"provider":"v","id":"q","answer":"a"}\n{"provider": "v",',
      /^f\.jsonl:2: is not valid JSON .*each line must be one \{"provider", "id", "answer"\} object/,
    ],
    [
      'a missing answer',
      '{"provider":"v","id":"q"}',
      /^f\.jsonl:1: \$\.answer: is missing; add a string; each line must be \{"provider": string, "id": string, "answer": string\}/,
    ],
    [
      'a provider that is not a string',
      '{"provider":{"id":"v"},"id":"q","answer":"a"}',
      /^f\.jsonl:1: \$\.provider: expected a string, got an object; each line must be/,
    ],
    [
      'an unknown key',
      '{"provider":"v","id":"q","answer":"a","anwser":"b"}',
      /^f\.jsonl:1: \$\.anwser: unknown key; remove it, or use one of the allowed keys: "provider", "id", "answer" \(optional: "question", "jurisdiction"\); each line must be/,
    ],
    [
      'the same provider and id twice',
      '{"provider":"v","id":"q","answer":"a"}\n\n{"provider":"v","id":"q","answer":"b"}',
      /^f\.jsonl:3: v answers "q" again \(first on line 1\); keep one answer per provider and id$/,
    ],
    ['no answers at all', '\n  \n', /^f\.jsonl: holds no answers/],
  ])('rejects %s, naming the file and line', (_name, text, message) => {
    let caught: unknown;
    try {
      parseAnswersJsonl(text, 'f.jsonl');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InputError);
    expect((caught as InputError).code).toBe('INVALID_RESULTS');
    expect((caught as InputError).message).toMatch(message);
  });
});
