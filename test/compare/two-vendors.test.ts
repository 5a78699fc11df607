import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import { courtsAllowlist, twoVendorAnswers } from '../helpers/vendors.js';

/**
 * The director's number on a real directory (issue 41): a careful vendor and a sloppy one, whose
 * wrong numbers still pass the verifier at 0.7 (the per-answer pass rates read 100% against 92%)
 * and, before the headline counted every dead end, were "within noise" of each other. Every
 * format must lead with the share of answers that would send a person somewhere wrong and say the
 * two differ.
 */
let allowlist: string;

beforeAll(async () => {
  allowlist = await courtsAllowlist();
}, 60_000);

async function report(...flags: string[]): Promise<string> {
  const io = fakeIo();
  expect(
    await runCli(['report', twoVendorAnswers, '--allowlist', allowlist, ...flags], io),
    io.err(),
  ).toBe(0);
  return io.out();
}

describe('the headline tells a careful vendor from a sloppy one on the Massachusetts courts', () => {
  it('text: the headline, the difference in words, the kinds', async () => {
    const lines = (await report()).split('\n');
    expect(lines.slice(2, 12)).toEqual([
      'Answers that would send a person somewhere wrong (the headline): careful-bot 0% (0/12; 95% CI 0–25%) · sloppy-bot 75% (9/12; 95% CI 46–92%)',
      "  careful-bot 0% (0/12) and sloppy-bot 75% (9/12): sloppy-bot sends a person somewhere wrong more often, beyond chance (Fisher's exact test p < 0.001; their 95% intervals do not overlap).",
      '',
      'Dead ends by kind (answers with one, and how many were found)',
      'Vendor       invented or broken link  misattributed number',
      '-----------  -----------------------  --------------------',
      'careful-bot       0% (0/12), 0 found    0% (0/12), 0 found',
      'sloppy-bot        8% (1/12), 1 found   67% (8/12), 8 found',
      '',
      expect.stringMatching(/^ +Invented or +Misattributed +Lookalike +Verifier$/),
    ]);
    // The per-link and per-answer figures as before: the wrong numbers do not fail their answers.
    expect(lines).toContain(
      'sloppy-bot        12       0     17  6% (1/17; 95% CI 1–27%)              8          2    92% (11/12; 95% CI 64–99%)',
    );
    expect(lines).toContain(
      'Links that resemble a directory site: 2 (1 not proven, so not counted against the answer)',
    );
  });

  it('markdown: the same headline and the table by kind', async () => {
    const markdown = await report('--format', 'markdown');
    expect(markdown).toContain(
      '**Answers that would send a person somewhere wrong** (share of answers with a dead end): careful-bot 0% (0/12; 95% CI 0–25%) · sloppy-bot 75% (9/12; 95% CI 46–92%)',
    );
    expect(markdown).toContain(
      '- careful-bot 0% (0/12) and sloppy-bot 75% (9/12): sloppy-bot sends',
    );
    expect(markdown).toContain('| sloppy-bot | 8% (1/12), 1 found | 67% (8/12), 8 found |');
  });

  it('json: the headline with its interval, each kind, and the difference with its p-value', async () => {
    const json = JSON.parse(await report('--format', 'json'));
    const [careful, sloppy] = json.vendors;
    expect(careful.answers_with_dead_end).toEqual({
      count: 0,
      total: 12,
      rate: 0,
      interval_95: [0, expect.any(Number)],
    });
    expect(careful.answers_with_dead_end.interval_95[1]).toBeCloseTo(0.2425, 4);
    expect(sloppy.answers_with_dead_end).toMatchObject({ count: 9, total: 12, rate: 0.75 });
    expect(sloppy.answers_with_dead_end.interval_95[0]).toBeCloseTo(0.4677, 4);
    expect(sloppy.answers_with_dead_end.interval_95[1]).toBeCloseTo(0.9111, 4);
    expect(sloppy.dead_ends).toEqual({
      invented_or_broken_link: {
        answers: expect.objectContaining({ count: 1, total: 12 }),
        found: 1,
      },
      misattributed_number: { answers: expect.objectContaining({ count: 8, total: 12 }), found: 8 },
    });
    expect(json.headline_differences).toEqual([
      { a: 'careful-bot', b: 'sloppy-bot', beyond_noise: true, p_value: expect.any(Number) },
    ]);
    // Fisher's exact test: 0/12 against 9/12, (1 + 1) · C(12, 9) / C(24, 9) = 440 / 1,307,504.
    expect(json.headline_differences[0].p_value).toBeCloseTo(440 / 1_307_504, 8);
  });
});
