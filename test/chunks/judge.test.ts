import { describe, expect, it } from 'vitest';
import { checkChunkCitations } from '../../src/chunks/check.js';
import { judgeChunkReport } from '../../src/chunks/judged.js';
import { parseChunks } from '../../src/chunks/parse.js';
import { memoryJudgeCache } from '../../src/judge/cache.js';
import { createHttpJudge } from '../../src/judge/http.js';
import { closedPort } from '../helpers/http-server.js';
import { allSay, startScriptedJudge, type ScriptReply } from '../judge/scripted-judge.js';
import type { JudgeRequest } from '../../src/judge/types.js';

const chunks = parseChunks([
  'Tenants have fourteen days to respond to an eviction notice. The court may extend the period.',
  'The filing fee is set by the county clerk and is paid when the case is opened.',
  'Landlords must give written notice before entering a rented home, except in an emergency.',
]);
// Claims 1 and 2 cite [1]; claim 3 cites [2]; claim 4 cites [1][3]: three distinct chunk sets.
const answer = [
  'A tenant can ask the court for more time to answer [1].',
  'Renters are allowed a period to reply to an eviction [1].',
  'The county clerk decides how much it costs to file [2].',
  'Before coming in, a landlord has to warn the tenant in writing [1][3].',
].join(' ');

async function judged(
  script: (request: JudgeRequest, call: number) => ScriptReply,
  text = answer,
  options = {},
) {
  const judge = await startScriptedJudge(script);
  const base = checkChunkCitations(text, chunks, options);
  const report = await judgeChunkReport(base, chunks, {
    judge: createHttpJudge({
      url: judge.url,
      model: 'scripted',
      retryBaseMs: 1,
      // Generous: a loaded machine delayed a 300 ms request past its timeout, and a claim went unsent.
      requestTimeoutMs: 2_000,
    }),
    cache: memoryJudgeCache(),
  });
  return { judge, base, report };
}

describe('the judge pass of the chunk check', () => {
  it('sends one request per distinct cited chunk set, carrying all its claims', async () => {
    const { judge, base, report } = await judged((request) => allSay(request, 'NO'));
    expect(base.claims.map((verdict) => verdict.classification)).toEqual([
      'weak_support',
      'verification_uncertain',
      'verification_uncertain',
      'weak_support',
    ]);
    expect(judge.requests.map((request) => request.chunks.map((chunk) => chunk.id))).toEqual([
      ['1'],
      ['2'],
      ['1', '3'],
    ]);
    expect(judge.requests.map((request) => request.claims.map((claim) => claim.id))).toEqual([
      ['1', '2'],
      ['3'],
      ['4'],
    ]);
    // The claim is sent without its markers; the chunk as given.
    expect(judge.requests[0]!.claims[0]!.text).toBe(
      'A tenant can ask the court for more time to answer.',
    );
    expect(judge.requests[0]!.chunks[0]!.text).toBe(chunks[0]!.text);
    expect(report.judge).toMatchObject({ claimsSent: 4, callsMade: 3, callsFromCache: 0 });
  });

  it('never sends what the checks decided: a missing chunk, a fabricated quote, a figure, a verbatim claim', async () => {
    const text = [
      'Tenants have 30 days to respond [1].',
      'The notice says “tenants may stay for a whole year” [1].',
      'The fee is set by the county clerk [4].',
      'The filing fee is set by the county clerk and is paid when the case is opened [2].',
      'A tenant can ask the court for more time [1].',
    ].join(' ');
    const { judge, base, report } = await judged((request) => allSay(request, 'NO'), text);
    expect(base.claims.map((verdict) => verdict.classification)).toEqual([
      'unsupported_claim',
      'fabricated_quote',
      'citation_not_found',
      'exact_match',
      'verification_uncertain',
    ]);
    expect(judge.requests.flatMap((request) => request.claims.map((claim) => claim.text))).toEqual([
      'A tenant can ask the court for more time.',
    ]);
    expect(report.judge?.claimsSent).toBe(1);
    expect(report.claims.slice(0, 4).every((verdict) => verdict.judge === undefined)).toBe(true);
  });

  it('a YES counts only with its evidence quote verbatim in a cited chunk', async () => {
    const { report } = await judged((request) =>
      JSON.stringify({
        verdicts: request.claims.map((claim) => ({
          id: claim.id,
          label: 'YES',
          // Claim 1's quote is in chunk 1 (case and spacing folded); the others quote words no cited chunk has.
          evidence_quote:
            claim.id === '1' ? 'the COURT may  extend the period' : 'tenants may stay for free',
        })),
      }),
    );
    const [first, second, third] = report.claims;
    expect(first).toMatchObject({
      classification: 'faithful_paraphrase',
      failing: false,
      judge: { label: 'YES', counted: true },
    });
    expect(second).toMatchObject({
      classification: 'verification_uncertain',
      judge: { label: 'YES', counted: false },
    });
    expect(third).toMatchObject({
      classification: 'verification_uncertain',
      judge: { counted: false },
    });
    expect(third!.judge!.reason).toContain('not verbatim in chunk 2');
    expect(report.judge?.uncounted).toBe(3);
    expect(report.claims[3]).toMatchObject({
      classification: 'weak_support',
      judge: { counted: false },
    });
  });

  it('a YES quoting too few words, or nothing, does not count either', async () => {
    const { report } = await judged((request) =>
      allSay(request, 'YES', request.claims[0]!.id === '3' ? '' : 'court'),
    );
    expect(report.claims.map((verdict) => verdict.judge?.counted)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(report.claims.some((verdict) => verdict.classification === 'faithful_paraphrase')).toBe(
      false,
    );
  });

  it('NO fails, CONTRADICTS fails, PARTIAL warns (fails only with failOnPartialSupport)', async () => {
    const labels: Record<string, string> = {
      '1': 'NO',
      '2': 'PARTIAL',
      '3': 'CONTRADICTS',
      '4': 'PARTIAL',
    };
    const script = (request: JudgeRequest): string =>
      JSON.stringify({
        verdicts: request.claims.map((claim) => ({ id: claim.id, label: labels[claim.id] })),
      });
    const { report } = await judged(script);
    expect(report.claims.map((verdict) => [verdict.classification, verdict.failing])).toEqual([
      ['unsupported_claim', true],
      ['partially_supported', false],
      ['context_contradiction', true],
      ['partially_supported', false],
    ]);
    expect(report.pass).toBe(false);
    expect(report.warnings).toBe(2);
    const strict = await judged(script, answer, { failOnPartialSupport: true });
    expect(strict.report.claims.filter((verdict) => verdict.failing)).toHaveLength(4);
  });

  it.each<[string, (request: JudgeRequest) => ScriptReply, string]>([
    ['a malformed reply', () => 'YES, all supported.', 'unparsable'],
    [
      'unknown ids',
      (request) =>
        allSay({ ...request, claims: [{ id: '99', text: '' }] }, 'YES', 'the court may extend'),
      'not asked about',
    ],
    ['a slow judge', () => ({ status: 200, delayMs: 8_000 }), 'judge timeout'],
    [
      '429 every time',
      () => ({ status: 429, headers: { 'retry-after': '0' } }),
      'judge rate_limited',
    ],
    ['a 500', () => ({ status: 500 }), 'judge server_error'],
    ['a reply missing the claim', () => '{"verdicts": []}', 'gave no verdict'],
  ])(
    '%s leaves every claim as the checks left it, never supported',
    async (_name, script, reason) => {
      const { base, report } = await judged(script);
      expect(report.claims.map((verdict) => verdict.classification)).toEqual(
        base.claims.map((verdict) => verdict.classification),
      );
      expect(report.pass).toBe(true);
      for (const verdict of report.claims) {
        expect(verdict.judge).toMatchObject({ counted: false });
        expect(verdict.judge!.reason).toContain(reason);
        expect(verdict.explanation).toContain('no judge verdict counted');
      }
    },
  );

  it('a judge that is down is a fault too, not an error', async () => {
    const base = checkChunkCitations(answer, chunks);
    const judge = createHttpJudge({ url: `http://127.0.0.1:${await closedPort()}`, model: 'm' });
    const report = await judgeChunkReport(base, chunks, { judge });
    expect(
      report.claims.every((verdict) => verdict.judge?.reason.startsWith('judge unreachable')),
    ).toBe(true);
    expect(report.counts.faithful_paraphrase).toBe(0);
  });

  it('cache hits make zero requests', async () => {
    const judge = await startScriptedJudge((request) =>
      allSay(request, 'YES', 'Tenants have fourteen days to respond'),
    );
    const cache = memoryJudgeCache();
    const setup = { judge: createHttpJudge({ url: judge.url, model: 'scripted' }), cache };
    const base = checkChunkCitations(answer, chunks);
    const first = await judgeChunkReport(base, chunks, setup);
    expect(judge.requests).toHaveLength(3);
    const second = await judgeChunkReport(base, chunks, setup);
    expect(judge.requests).toHaveLength(3);
    expect(second.judge).toMatchObject({ callsMade: 0, callsFromCache: 3, claimsFromCache: 4 });
    expect(second.claims.map((verdict) => verdict.classification)).toEqual(
      first.claims.map((verdict) => verdict.classification),
    );
    expect(second.claims[0]!.judge?.cached).toBe(true);
    // Another model is another key: asked again.
    await judgeChunkReport(base, chunks, {
      ...setup,
      judge: createHttpJudge({ url: judge.url, model: 'other' }),
    });
    expect(judge.requests).toHaveLength(6);
  });

  it('stops at the cap on calls per answer; the rest stay uncertain', async () => {
    const judge = await startScriptedJudge((request) => allSay(request, 'NO'));
    const base = checkChunkCitations(answer, chunks);
    const report = await judgeChunkReport(base, chunks, {
      judge: createHttpJudge({ url: judge.url, model: 'scripted' }),
      cache: memoryJudgeCache(),
      maxCallsPerAnswer: 1,
    });
    expect(judge.requests).toHaveLength(1);
    expect(report.claims.map((verdict) => verdict.judge?.counted)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(report.claims[3]!.judge!.reason).toContain('cap of 1 judge calls');
  });
});
