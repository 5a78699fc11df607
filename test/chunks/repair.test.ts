import { describe, expect, it } from 'vitest';
import { checkChunkCitations } from '../../src/chunks/check.js';
import { guardClaims, guardJudgedClaims } from '../../src/chunks/repair.js';
import { buildJudgeSetup } from '../../src/chunks/judge-setup.js';
import type { ChunkCheckOptions } from '../../src/chunks/types.js';
import { CHUNK_DEFAULTS } from '../../src/defaults.js';
import type { PreparedAnswer } from '../../src/text/prepared.js';
import { startScriptedJudge } from '../judge/scripted-judge.js';

/**
 * The claim repair (`guardClaims`): each failing claim dropped or hedged in one pass, the repaired
 * answer checked again, the action from both. Every case is decided by the deterministic checks
 * (a figure the cited chunk does not hold fails verbatim), except the last, where a scripted judge
 * on 127.0.0.1 says NO.
 */
const CHUNKS = [
  { id: '1', key: '1', text: 'Tenants have 14 days to respond to an eviction notice.' },
  { id: '2', key: '2', text: 'The court may extend the period. Filing fees are $120.' },
];

const DROP = { hedge: null, maxFailingClaims: CHUNK_DEFAULTS.maxFailingClaims };

function guard(
  answer: string,
  repair: { hedge: string | null; maxFailingClaims: number } = DROP,
  options: ChunkCheckOptions = {},
) {
  const verify = (text: string | PreparedAnswer) => checkChunkCitations(text, CHUNKS, options);
  return guardClaims(answer, verify(answer), repair, verify);
}

describe('guardClaims', () => {
  it('drops a failing sentence from its paragraph, the sentences either side kept apart', () => {
    const { report, repair } = guard(
      'Here is what applies.\n\nTenants have 14 days to respond [1]. They have 30 days to pay [1]. The court may extend the period [2].\n',
    );
    expect(repair?.text).toBe(
      'Here is what applies.\n\nTenants have 14 days to respond [1]. The court may extend the period [2].\n',
    );
    expect(repair?.changes).toEqual([
      {
        action: 'remove',
        start: 60,
        end: 90,
        original: 'They have 30 days to pay [1]. ',
        text: '',
        claims: ['They have 30 days to pay [1].'],
      },
    ]);
    expect(repair?.report.pass).toBe(true);
    expect(report.action).toMatchObject({
      action: 'repair',
      code: 'action.repair',
      reason: '1 failing claim dropped; the repaired answer passes the chunk check',
    });
  });

  it('drops a failing list item whole, no empty bullet left', () => {
    const { report, repair } = guard(
      'Key points:\n\n- Tenants have 14 days to respond [1].\n- Filing fees are $200 [2].\n- The court may extend the period [2].\n',
    );
    expect(repair?.text).toBe(
      'Key points:\n\n- Tenants have 14 days to respond [1].\n- The court may extend the period [2].\n',
    );
    expect(report.action?.action).toBe('repair');
  });

  it('drops two failing sentences of one line in one change, leaving no double space', () => {
    const { repair } = guard(
      'Tenants have 30 days to respond [1]. Filing fees are $200 [2]. The court may extend the period [2].',
    );
    expect(repair?.text).toBe('The court may extend the period [2].');
    expect(repair?.changes).toHaveLength(1);
    expect(repair?.changes[0]?.claims).toHaveLength(2);
  });

  it('drops a failing table row (the check reads a row as one claim)', () => {
    const { repair } = guard(
      '| Step | Detail |\n| --- | --- |\n| Answer | Tenants have 30 days to respond [1]. |\n| Fees | Filing fees are $120 [2]. |\n',
    );
    expect(repair?.text).toBe(
      '| Step | Detail |\n| --- | --- |\n| Fees | Filing fees are $120 [2]. |\n',
    );
  });

  it('puts a configured hedge in place of the claim, in a sentence and in a list item', () => {
    const hedge = 'Ask the court clerk about this.';
    const { report, repair } = guard(
      'Tenants have 30 days to respond [1]. The court may extend the period [2].\n\n- Filing fees are $200 [2].\n',
      { hedge, maxFailingClaims: 3 },
    );
    expect(repair?.text).toBe(
      'Ask the court clerk about this. The court may extend the period [2].\n\n- Ask the court clerk about this.\n',
    );
    expect(repair?.changes.map((change) => [change.action, change.original])).toEqual([
      ['hedge', 'Tenants have 30 days to respond [1].'],
      ['hedge', 'Filing fees are $200 [2].'],
    ]);
    expect(report.action).toMatchObject({
      action: 'repair',
      reason: '2 failing claims hedged; the repaired answer passes the chunk check',
    });
  });

  it('refuses past the budget of failing claims, and repairs nothing', () => {
    const answer =
      'Tenants have 30 days to respond [1]. Filing fees are $200 [2]. The court may extend the period [2].';
    const { report, repair } = guard(answer, { hedge: null, maxFailingClaims: 1 });
    expect(repair).toBeUndefined();
    expect(report.action).toEqual({
      action: 'refuse',
      code: 'action.refuse.over-budget',
      reason:
        '2 failing claims, over the budget of 1 (maxFailingClaims): wrong in too many places to repair, or to regenerate from notes',
    });
    // At the budget it repairs.
    expect(guard(answer, { hedge: null, maxFailingClaims: 2 }).report.action?.action).toBe(
      'repair',
    );
  });

  it('gives the regeneration instruction: each failing claim, its citation, why and its fix', () => {
    const { report } = guard(
      'Tenants have 30 days to respond [1]. The court may extend the period [2]. Filing fees are $200 [2].',
    );
    expect(report.action?.retry?.instruction).toBe(
      [
        'Write the answer again from the same passages. These 2 claims failed the citation check: correct each as its fix says, or leave it out when no passage supports it, and keep every other claim and its citation as it is.',
        '1. “Tenants have 30 days to respond [1].” (cites [1]; unsupported_claim): 30 days is in none of chunk 1. Fix: The cited passage gives 14 days, not 30 days',
        '2. “Filing fees are $200 [2].” (cites [2]; unsupported_claim): $200 is in none of chunk 2. Fix: The cited passage gives $120, not $200',
      ].join('\n'),
    );
    expect(report.action?.retry?.claims.map((verdict) => verdict.claim.text)).toEqual([
      'Tenants have 30 days to respond [1].',
      'Filing fees are $200 [2].',
    ]);
  });

  it('says retry when the repaired answer still fails, and when nothing is left', () => {
    // The dropped sentence held the paragraph's marker: the one before it now cites nothing.
    const orphan = guard(
      'Tenants must answer the notice in writing. They have 30 days to respond [1].',
      DROP,
      { requireCitations: true },
    );
    expect(orphan.repair?.text).toBe('Tenants must answer the notice in writing.');
    expect(orphan.report.action?.code).toBe('action.retry.still-fails');
    expect(orphan.report.action?.reason).toBe(
      '1 failing claim dropped, and the repaired answer still fails: uncited_claim “Tenants must answer the notice in writing.”',
    );
    const empty = guard('Tenants have 30 days to respond [1].');
    expect(empty.repair?.text).toBe('');
    expect(empty.report.action).toMatchObject({
      action: 'retry',
      code: 'action.retry.all-removed',
      reason: '1 failing claim dropped, and nothing is left to show',
    });
  });

  it('passes an answer with no failing claim without repairing it', () => {
    const { report, repair } = guard('Tenants have 14 days to respond [1].');
    expect(repair).toBeUndefined();
    expect(report.action).toEqual({
      action: 'pass',
      code: 'action.pass',
      reason: 'no claim fails the chunk check',
    });
  });
});

describe('guardJudgedClaims', () => {
  it('drops a claim the judge says NO to, and checks the repaired answer again from the cache', async () => {
    const judge = await startScriptedJudge((request) =>
      JSON.stringify({
        verdicts: request.claims.map((claim) =>
          claim.text.includes('more time')
            ? { id: claim.id, label: 'YES', evidence_quote: 'The court may extend the period' }
            : { id: claim.id, label: 'NO' },
        ),
      }),
    );
    const setup = buildJudgeSetup({ url: judge.url, model: 'claimfix-scripted' }, {});
    const answer =
      'The court can give a tenant more time [2]. Tenants may stay in the home forever [1].';
    const { report, repair } = await guardJudgedClaims(answer, CHUNKS, DROP, setup);
    expect(repair?.text).toBe('The court can give a tenant more time [2].');
    expect(report.action?.action).toBe('repair');
    expect(repair?.report.judge).toMatchObject({ callsMade: 0, claimsFromCache: 1 });
    expect(judge.requests).toHaveLength(2);
  });
});
