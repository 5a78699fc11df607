import { describe, expect, it } from 'vitest';
import chunkCitations from '../../assertions/chunk-citations.js';
import { chunkAuditSchema, type ChunkAudit } from '../../src/chunks/audit.js';
import { CHUNK_METADATA_KEY, CHUNK_SCORE_NAMES } from '../../src/chunks/grading.js';
import { LISTED_FINDINGS } from '../../src/defaults.js';
import { startScriptedJudge } from '../judge/scripted-judge.js';

/** The codes of the audit the chunk assertion keeps in its metadata, one a claim. */
const codesOf = (result: { metadata?: Record<string, unknown> }): string[] =>
  (result.metadata?.[CHUNK_METADATA_KEY] as ChunkAudit).citation_audit.map((row) => row.code);

const context = [
  'Tenants have fourteen (14) days to respond. About 12% of cases settle.',
  'The filing fee is $1,200.',
];

describe('assertions/chunk-citations', () => {
  it('grades a passing answer from vars.context', () => {
    const result = chunkCitations('Tenants get 14 days to respond [1]. The fee is $1,200 [2].', {
      vars: { context },
    });
    expect(result.pass).toBe(true);
    expect(result.score).toBe(1);
    // No componentResults: promptfoo would show each claim as one more assertion in the viewer.
    expect(result.componentResults).toBeUndefined();
    const audit = result.metadata?.[CHUNK_METADATA_KEY] as ChunkAudit;
    expect(
      chunkAuditSchema
        .parse(audit)
        .citation_audit.map((row) => [row.citation_id, row.classification]),
    ).toEqual([
      ['1', 'verification_uncertain'],
      ['2', 'verification_uncertain'],
    ]);
  });

  it('fails an answer whose figure is not in the cited chunk, with the fix in the reason', () => {
    const result = chunkCitations('About 40% of cases settle [1].', { vars: { context } });
    expect(result.pass).toBe(false);
    expect(result.reason).toContain('The cited passage gives 12%, not 40%');
    expect(result.namedScores?.[CHUNK_SCORE_NAMES.failures]).toBe(1);
    expect(result.componentResults).toBeUndefined();
  });

  it('gives the action in the metadata and the reason, the row still graded on the answer', () => {
    const result = chunkCitations(
      'Tenants get 14 days to respond [1]. About 40% of cases settle [1].',
      { vars: { context }, config: { hedge: 'Ask a lawyer about settlement.' } },
    );
    expect(result.pass).toBe(false);
    expect(result.reason.split('\n').at(-1)).toBe(
      'action: repair — 1 failing claim hedged; the repaired answer passes the chunk check',
    );
    const audit = chunkAuditSchema.parse(result.metadata?.[CHUNK_METADATA_KEY]);
    expect(audit.action).toBe('repair');
    expect(audit.retry?.claims.map((row) => row.claim_text)).toEqual([
      'About 40% of cases settle [1].',
    ]);
    const refused = chunkCitations('About 40% of cases settle [1].', {
      vars: { context },
      config: { maxFailingClaims: 0 },
    });
    expect(chunkAuditSchema.parse(refused.metadata?.[CHUNK_METADATA_KEY]).action).toBe('refuse');
  });

  it('with a judge, repairs what it says NO to and checks the repair again from its cache', async () => {
    const judge = await startScriptedJudge((request) =>
      JSON.stringify({
        verdicts: request.claims.map((claim) =>
          claim.text.includes('respond')
            ? {
                id: claim.id,
                label: 'YES',
                evidence_quote: 'Tenants have fourteen (14) days to respond',
              }
            : { id: claim.id, label: 'NO' },
        ),
      }),
    );
    const result = await chunkCitations(
      'Tenants must respond quickly [1]. Most cases end in a settlement [1].',
      { vars: { context }, config: { judge: { url: judge.url, model: 'assertion-repair' } } },
    );
    expect(result.pass).toBe(false);
    const audit = chunkAuditSchema.parse(result.metadata?.[CHUNK_METADATA_KEY]);
    expect([audit.action, audit.action_reason]).toEqual([
      'repair',
      '1 failing claim dropped; the repaired answer passes the chunk check',
    ]);
    expect(judge.requests).toHaveLength(1);
  });

  it('reads provider output of any shape', () => {
    const result = chunkCitations(
      { choices: [{ message: { content: 'About 40% of cases settle [1].' } }] },
      { vars: { context } },
    );
    expect(result.pass).toBe(false);
  });

  it('uses config.contextVar', () => {
    const result = chunkCitations('About 40% of cases settle [1].', {
      vars: { passages: context },
      config: { contextVar: 'passages' },
    });
    expect(codesOf(result)).toEqual(['claim.unsupported.fact-mismatch']);
  });

  it('requireCitations turns an uncited figure into a failure', () => {
    const answer = 'Landlords wait 30 days.';
    expect(chunkCitations(answer, { vars: { context } }).pass).toBe(true);
    expect(
      chunkCitations(answer, { vars: { context }, config: { requireCitations: true } }).pass,
    ).toBe(false);
  });

  it.each([
    { name: 'context.metadata', ctx: { vars: {}, metadata: { context } } },
    {
      name: 'context.providerResponse.metadata',
      ctx: { vars: {}, providerResponse: { metadata: { context } } },
    },
  ])('falls back to $name when the test has no such variable', ({ ctx }) => {
    const result = chunkCitations('About 40% of cases settle [1].', ctx);
    expect(codesOf(result)).toEqual(['claim.unsupported.fact-mismatch']);
  });

  it('prefers vars over provider metadata', () => {
    const result = chunkCitations('About 40% of cases settle [1].', {
      vars: { context: ['About 40% of cases settle.'] },
      metadata: { context },
    });
    expect(result.pass).toBe(true);
  });

  it('accepts a JSON array string, as promptfoo CSV variables arrive', () => {
    const result = chunkCitations('About 40% of cases settle [1].', {
      vars: { context: JSON.stringify(context) },
    });
    expect(codesOf(result)).toEqual(['claim.unsupported.fact-mismatch']);
  });
});

describe('assertions/chunk-citations never throws', () => {
  const circular: Record<string, unknown> = { text: 'About 40% of cases settle [1].' };
  circular['self'] = circular;
  const hostile = new Proxy(
    {},
    {
      get() {
        throw new Error('boom');
      },
      has() {
        throw new Error('boom');
      },
    },
  );

  it.each([
    { name: 'undefined output', output: undefined, ctx: { vars: { context } } },
    { name: 'null output', output: null, ctx: { vars: { context } } },
    { name: 'a number', output: 42, ctx: { vars: { context } } },
    { name: 'a boolean', output: true, ctx: { vars: { context } } },
    {
      name: 'nested objects',
      output: { a: { b: { c: [{ d: 'About 40% settle [1].' }] } } },
      ctx: { vars: { context } },
    },
    { name: 'a circular object', output: circular, ctx: { vars: { context } } },
    { name: 'a hostile proxy output', output: hostile, ctx: { vars: { context } } },
    { name: 'no context at all', output: 'About 40% settle [1].', ctx: undefined },
    { name: 'null context', output: 'About 40% settle [1].', ctx: null },
    { name: 'vars missing', output: 'About 40% settle [1].', ctx: {} },
    { name: 'vars not an object', output: 'About 40% settle [1].', ctx: { vars: 'nope' } },
    {
      name: 'chunks of a bad shape',
      output: 'About 40% settle [1].',
      ctx: { vars: { context: { a: 1 } } },
    },
    { name: 'config not an object', output: 'x', ctx: { vars: { context }, config: 'yes' } },
    {
      name: 'config with a typo',
      output: 'x',
      ctx: { vars: { context }, config: { requireCitation: true } },
    },
    {
      name: 'config of the wrong type',
      output: 'x',
      ctx: { vars: { context }, config: { requireCitations: 'yes' } },
    },
    { name: 'a hostile proxy context', output: 'x', ctx: hostile },
  ])('$name', ({ output, ctx }) => {
    const result = chunkCitations(output, ctx as never);
    expect(typeof result.pass).toBe('boolean');
    expect(typeof result.score).toBe('number');
    expect(typeof result.reason).toBe('string');
  });

  it.each([
    {
      name: 'missing chunks',
      ctx: { vars: {} },
      reason:
        'citation-verifier chunks: no chunks: the test has no variable "context" and the provider response metadata has no "context"; set vars.context',
    },
    {
      name: 'bad chunks',
      ctx: { vars: { context: [1] } },
      reason:
        'citation-verifier chunks: vars.context[0]: expected a string or an {"id", "text"} object, got 1',
    },
    {
      name: 'unknown config key',
      ctx: { vars: { context }, config: { requireCitation: true } },
      reason:
        'citation-verifier chunks: config.requireCitation: unknown key; did you mean "requireCitations"? allowed keys: "contextVar", "requireCitations", "minQuoteWords"',
    },
    {
      name: 'config of the wrong type',
      ctx: { vars: { context }, config: { requireCitations: 'yes' } },
      reason: 'citation-verifier chunks: config.requireCitations:',
    },
  ])('problems become a failing result that says what to do: $name', ({ ctx, reason }) => {
    const result = chunkCitations('About 40% settle [1].', ctx);
    expect(result.pass).toBe(false);
    expect(result.score).toBe(0);
    expect(result.reason.startsWith(reason)).toBe(true);
  });
});

describe('assertions/chunk-citations: promptfoo list variables', () => {
  it('explains that promptfoo split a list variable into one test per passage, and the fix', () => {
    // What a test gets after promptfoo expands `vars: { context: ["Tenants have 14 days.", "…"] }`.
    const result = chunkCitations('Tenants get 14 days [1].', {
      vars: { context: 'Tenants have fourteen (14) days to respond.' },
    });
    expect(result.pass).toBe(false);
    expect(result.reason).toContain('promptfoo has split that list into one test per passage');
    expect(result.reason).toContain('vars: { context: [ ["passage 1", "passage 2"] ] }');
    expect(result.reason).toContain('context: file://chunks.json');
  });

  it('keeps the ordinary message for other bad chunks', () => {
    const result = chunkCitations('x [1].', { vars: { context: 42 } });
    expect(result.reason).toContain('expected an array of strings');
    expect(result.reason).not.toContain('promptfoo has split');
  });

  it('puts the warnings of a passing row in the first line of its reason', () => {
    const result = chunkCitations('Landlords wait 30 days.', { vars: { context } });
    expect(result.pass).toBe(true);
    expect(result.reason.split('\n')[0]).toMatch(/PASS with 1 warning/);
  });
});

describe('assertions/chunk-citations: bounded result', () => {
  it('lists at most LISTED_FINDINGS.reason failures in the reason and LISTED_FINDINGS.json claims in metadata, counting the rest', () => {
    const claims = LISTED_FINDINGS.json + 7;
    const answer = Array.from({ length: claims }, (_, index) => `Rule ${index} applies [9].`).join(
      ' ',
    );
    const result = chunkCitations(answer, { vars: { context } });
    expect(result.pass).toBe(false);
    expect(result.reason).toContain(
      `… and ${(claims - LISTED_FINDINGS.reason).toLocaleString('en-US')} more failures`,
    );
    expect(result.reason.match(/citation_not_found \[9\]/g)).toHaveLength(LISTED_FINDINGS.reason);
    const audit = result.metadata?.[CHUNK_METADATA_KEY] as ChunkAudit & { omitted: number };
    expect(audit.citation_audit).toHaveLength(LISTED_FINDINGS.json);
    expect(audit.omitted).toBe(7);
    expect(audit.overall_assessment.critical_failures).toBe(claims);
    expect(result.namedScores?.[CHUNK_SCORE_NAMES.failures]).toBe(1);
  });
});
