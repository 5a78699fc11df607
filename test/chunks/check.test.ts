import { describe, expect, it } from 'vitest';
import { buildChunkAudit, chunkAuditSchema, type ChunkAudit } from '../../src/chunks/audit.js';
import { checkChunkCitations } from '../../src/chunks/check.js';
import {
  chunkGradingResult,
  CHUNK_METADATA_KEY,
  CHUNK_SCORE_NAMES,
} from '../../src/chunks/grading.js';
import { parseChunks } from '../../src/chunks/parse.js';
import type { ChunkReport, ClaimClassification } from '../../src/chunks/types.js';
import type { ClaimCode } from '../../src/codes.js';

const CHUNKS = parseChunks([
  'Tenants have fourteen (14) days to respond to a notice to quit. The filing fee is $1,200. About 12% of cases settle.',
  'Under Section 8(a)(2), the landlord must give written notice. The statute took effect on March 5, 2020.',
  'The court held that "tenants must respond within the time allowed" in every case. Landlords may not lock tenants out.',
]);

function only(report: ChunkReport): ChunkReport['claims'][number] {
  expect(report.claims).toHaveLength(1);
  return report.claims[0]!;
}

describe('every classification row', () => {
  it.each<{
    name: string;
    answer: string;
    classification: ClaimClassification;
    code: ClaimCode;
    correction?: RegExp;
  }>([
    {
      name: 'citation_not_found: id beyond the chunks',
      answer: 'Tenants get 14 days [7].',
      classification: 'citation_not_found',
      code: 'claim.citation-not-found',
      correction: /remove \[7\]/,
    },
    {
      name: 'citation_not_found: one of two ids missing',
      answer: 'Tenants get 14 days [1, 9].',
      classification: 'citation_not_found',
      code: 'claim.citation-not-found',
    },
    {
      name: 'fabricated_quote: a word inserted',
      answer: 'The court held that "tenants must always respond within the time allowed" [3].',
      classification: 'fabricated_quote',
      code: 'claim.fabricated-quote',
      correction: /quote chunk 3 as it reads \(“tenants must respond within the time allowed”\)/i,
    },
    {
      name: 'wrong_citation: quoted verbatim from a chunk it does not cite',
      answer: 'The court held that "tenants must respond within the time allowed" [1].',
      classification: 'wrong_citation',
      code: 'claim.wrong-citation.quote',
      correction: /^Cite \[3\] for the quotation$/,
    },
    {
      name: 'unsupported_claim: percent absent, near percent offered',
      answer: 'About 40% of cases settle [1].',
      classification: 'unsupported_claim',
      code: 'claim.unsupported.fact-mismatch',
      correction: /the cited passage gives 12%, not 40%/i,
    },
    {
      name: 'unsupported_claim: year absent, the date offered',
      answer: 'The statute took effect in 2019 [2].',
      classification: 'unsupported_claim',
      code: 'claim.unsupported.fact-mismatch',
      correction: /gives March 5, 2020, not 2019/,
    },
    {
      name: 'unsupported_claim: money absent',
      answer: 'The filing fee is $2,500 [1].',
      classification: 'unsupported_claim',
      code: 'claim.unsupported.fact-mismatch',
      correction: /gives \$1,200, not \$2,500/,
    },
    {
      name: 'unsupported_claim: section absent',
      answer: 'Under Section 9, the landlord must give written notice [2].',
      classification: 'unsupported_claim',
      code: 'claim.unsupported.fact-mismatch',
      correction: /gives Section 8\(a\)\(2\), not Section 9/,
    },
    {
      name: 'unsupported_claim: same number, other unit',
      answer: 'Tenants have 14 weeks to respond [1].',
      classification: 'unsupported_claim',
      code: 'claim.unsupported.fact-missing',
    },
    {
      name: 'unsupported_claim: the number is in another, uncited chunk',
      answer: 'The statute took effect on March 5, 2020 [1].',
      classification: 'unsupported_claim',
      code: 'claim.unsupported.fact-missing',
      correction: /chunk 2 states March 5, 2020: cite \[2\]/i,
    },
    {
      name: 'exact_match: the claim is verbatim',
      answer: 'Landlords may not lock tenants out [3].',
      classification: 'exact_match',
      code: 'claim.exact-match',
    },
    {
      name: 'verification_uncertain: paraphrase with its figure found',
      answer: 'Tenants get 14 days to answer a notice to quit [1].',
      classification: 'verification_uncertain',
      code: 'claim.verification-uncertain',
    },
    {
      name: 'verification_uncertain: no figure at all',
      answer: 'Landlords cannot change the locks on tenants [3].',
      classification: 'verification_uncertain',
      code: 'claim.verification-uncertain',
    },
    {
      name: 'uncited_claim: a number without a citation',
      answer: 'Tenants get 14 days to respond.',
      classification: 'uncited_claim',
      code: 'claim.uncited.fact',
      correction: /^Chunk 1 states fourteen \(14\) days: cite \[1\]$/,
    },
    {
      name: 'uncited_claim: a quotation without a citation',
      answer: 'The court said "tenants must respond within the time allowed".',
      classification: 'uncited_claim',
      code: 'claim.uncited.fact',
      correction: /^Chunk 3 has the quotation: cite \[3\]$/,
    },
  ])('$name', ({ answer, classification, code, correction }) => {
    const verdict = only(checkChunkCitations(answer, CHUNKS));
    expect(verdict.classification).toBe(classification);
    expect(verdict.code).toBe(code);
    if (correction) expect(verdict.correction).toMatch(correction);
  });

  it('a sentence with neither citation nor figure is no claim at all', () => {
    expect(
      checkChunkCitations('Tenants have rights. Read the notice carefully.', CHUNKS).claims,
    ).toEqual([]);
  });

  it('several ids: facts are looked up in the union of the cited chunks', () => {
    const verdict = only(
      checkChunkCitations(
        'Tenants get 14 days, and the statute took effect on March 5, 2020 [1][2].',
        CHUNKS,
      ),
    );
    expect(verdict.claim.ids).toEqual(['1', '2']);
    expect(verdict.classification).toBe('verification_uncertain');
    expect(verdict.facts.map((check) => check.foundIn)).toEqual(['1', '2']);
  });

  it('the worst problem classifies the claim', () => {
    const verdict = only(
      checkChunkCitations(
        'About 40% of cases settle, says "the court always wins" [1, 8].',
        CHUNKS,
      ),
    );
    expect(verdict).toMatchObject({
      classification: 'citation_not_found',
      code: 'claim.citation-not-found',
      missingIds: ['8'],
    });
  });
});

describe('normalized comparison of figures', () => {
  it.each([
    { claim: 'Tenants have 14 days [1].', chunk: 'Tenants have fourteen days.', supported: true },
    { claim: 'Tenants have fourteen days [1].', chunk: 'Tenants have 14 days.', supported: true },
    {
      claim: 'Tenants have a 14-day window [1].',
      chunk: 'Tenants have 14 calendar days.',
      supported: true,
    },
    { claim: 'Tenants have 14 days [1].', chunk: 'Tenants have 14 weeks.', supported: false },
    { claim: 'The fee is $1,200 [1].', chunk: 'The fee is 1200 dollars.', supported: true },
    { claim: 'The fee is 1200 dollars [1].', chunk: 'The fee is $1,200.', supported: true },
    { claim: 'The fee is $1,200 [1].', chunk: 'The fee is €1,200.', supported: false },
    { claim: 'The fee is $1.2 million [1].', chunk: 'The fee is $1,200,000.', supported: true },
    { claim: 'The fee is $1.2 million [1].', chunk: 'The fee is $1,234,567.', supported: true },
    { claim: 'The fee is $1.2 million [1].', chunk: 'The fee is $1,290,000.', supported: false },
    {
      claim: 'About 1,000 people applied [1].',
      chunk: 'Exactly 1,024 people applied.',
      supported: true,
    },
    {
      claim: 'Exactly 1,000 people applied [1].',
      chunk: 'Exactly 1,024 people applied.',
      supported: false,
    },
    { claim: 'About 12% settle [1].', chunk: 'Some 12.3 percent settle.', supported: true },
    { claim: 'About 12% settle [1].', chunk: 'Some 12.6 per cent settle.', supported: false },
    {
      claim: 'It began on March 5, 2020 [1].',
      chunk: 'It began on 5 March 2020.',
      supported: true,
    },
    {
      claim: 'It began on 2020-03-05 [1].',
      chunk: 'It began on March 5th, 2020.',
      supported: true,
    },
    {
      claim: 'It began on March 6, 2020 [1].',
      chunk: 'It began on March 5, 2020.',
      supported: false,
    },
    { claim: 'It began in 2020 [1].', chunk: 'It began on March 5, 2020.', supported: true },
    { claim: 'It began in the 1990s [1].', chunk: 'It began in 1994.', supported: true },
    {
      claim: 'It applies under § 1983 [1].',
      chunk: 'Claims arise under Section 1983.',
      supported: true,
    },
    {
      claim: 'It applies under Section 8 [1].',
      chunk: 'It applies under Section 8(a)(2).',
      supported: true,
    },
    {
      claim: 'It applies under Section 8(b) [1].',
      chunk: 'It applies under Section 8(a)(2).',
      supported: false,
    },
    { claim: 'Title VII bars it [1].', chunk: 'Title VII of the Act bars it.', supported: true },
    {
      claim: 'It lasted 6-7 million years [1].',
      chunk: 'It lasted six to seven million years.',
      supported: true,
    },
    {
      claim: 'Type 2 diabetes is common [1].',
      chunk: 'Type 2 diabetes is common.',
      supported: true,
    },
    { claim: 'Passage 3 says tenants may stay [1].', chunk: 'Tenants may stay.', supported: true },
    { claim: 'COVID-19 closed courts [1].', chunk: 'The pandemic closed courts.', supported: true },
    {
      claim: 'Visit https://example.org/2019/05 for forms [1].',
      chunk: 'Forms are online.',
      supported: true,
    },
    {
      claim: 'Use `sleep(30)` in the script [1].',
      chunk: 'Use the sleep command in the script.',
      supported: true,
    },
  ])('$claim ⟷ $chunk', ({ claim, chunk, supported }) => {
    const verdict = only(checkChunkCitations(claim, parseChunks([chunk])));
    expect(verdict.classification === 'unsupported_claim').toBe(!supported);
  });

  it('a number only in an uncited chunk does not support the claim', () => {
    const chunks = parseChunks(['Tenants have rights.', 'Tenants have 14 days.']);
    expect(only(checkChunkCitations('Tenants have 14 days [1].', chunks)).classification).toBe(
      'unsupported_claim',
    );
    expect(only(checkChunkCitations('Tenants have 14 days [2].', chunks)).classification).not.toBe(
      'unsupported_claim',
    );
  });
});

describe('quotations', () => {
  const chunks = parseChunks([
    'The court wrote: “Tenants must respond within the time allowed, or lose the case.”',
  ]);
  it.each([
    {
      name: 'straight quotes match curly',
      answer: 'The court wrote "Tenants must respond within the time allowed" [1].',
      fabricated: false,
    },
    {
      name: 'curly quotes, other case, extra spaces',
      answer: 'The court wrote “tenants  MUST respond\nwithin the time allowed” [1].',
      fabricated: false,
    },
    {
      name: 'trailing comma inside the quote is the writer’s',
      answer: 'The court wrote "tenants must respond within the time allowed," then stopped [1].',
      fabricated: false,
    },
    {
      name: 'ellipsis joins two verbatim pieces',
      answer: 'The court wrote "tenants must respond … or lose the case" [1].',
      fabricated: false,
    },
    {
      name: 'bracketed insertion',
      answer: 'The court wrote "[T]enants must respond within the time allowed" [1].',
      fabricated: false,
    },
    {
      name: 'a changed word',
      answer: 'The court wrote "tenants must answer within the time allowed" [1].',
      fabricated: true,
    },
    {
      name: 'punctuation changed inside',
      answer: 'The court wrote "tenants must respond, within the time allowed" [1].',
      fabricated: true,
    },
    {
      name: 'two-word quotes are phrases, not checked',
      answer: 'The court used "time limits" here [1].',
      fabricated: false,
    },
  ])('$name', ({ answer, fabricated }) => {
    expect(only(checkChunkCitations(answer, chunks)).classification === 'fabricated_quote').toBe(
      fabricated,
    );
  });

  it('minQuoteWords is configurable', () => {
    expect(
      only(
        checkChunkCitations('The court used "time limits" here [1].', chunks, { minQuoteWords: 2 }),
      ).classification,
    ).toBe('fabricated_quote');
  });
});

describe('claims: sentences and list items', () => {
  it('a marker after the period belongs to the sentence before it', () => {
    const report = checkChunkCitations(
      'Tenants get 14 days. [1] Fees are $1,200.[1] Most cases settle.',
      CHUNKS,
    );
    expect(report.claims.map((verdict) => verdict.claim.text)).toEqual([
      'Tenants get 14 days. [1]',
      'Fees are $1,200.[1]',
    ]);
  });

  it('each list item is its own claim', () => {
    const report = checkChunkCitations(
      'Key points:\n- Tenants get 14 days [1]\n- About 40% settle [1]\n1. Fees are $1,200 [1]',
      CHUNKS,
    );
    expect(report.claims.map((verdict) => [verdict.claim.prose, verdict.classification])).toEqual([
      ['Tenants get 14 days', 'verification_uncertain'],
      ['About 40% settle', 'unsupported_claim'],
      ['Fees are $1,200', 'verification_uncertain'],
    ]);
  });

  it('abbreviations, decimals and initials do not end a sentence', () => {
    const report = checkChunkCitations(
      'Under U.S. law, e.g. in Mass., Dr. J. Smith found 3.5 days suffice [1]. Next, fees are $1,200 [1].',
      CHUNKS,
    );
    expect(report.claims.map((verdict) => verdict.claim.prose)).toEqual([
      'Under U.S. law, e.g. in Mass., Dr. J. Smith found 3.5 days suffice .',
      'Next, fees are $1,200 .',
    ]);
  });

  it('a quotation with sentences inside stays one sentence', () => {
    const report = checkChunkCitations(
      'The court held: "Respond now. Or lose." It was final [3].',
      CHUNKS,
    );
    // The quoted sentence is kept as an uncited quotation; it is not cut at "now.".
    expect(report.claims.map((verdict) => verdict.claim.text)).toEqual([
      'The court held: "Respond now. Or lose."',
      'It was final [3].',
    ]);
  });

  it('a marker alone on its line joins the sentence before it', () => {
    const verdict = only(checkChunkCitations('Tenants get 14 days.\n[1]', CHUNKS));
    expect(verdict.claim.ids).toEqual(['1']);
    expect(verdict.classification).toBe('verification_uncertain');
  });

  it('figures inside code are not claims', () => {
    expect(
      checkChunkCitations('Run `retry(14)` then:\n```\nwait 30 days\n```', CHUNKS).claims,
    ).toEqual([]);
  });
});

describe('source_passage is the closest sentence window, not the whole chunk', () => {
  const long = parseChunks([
    'Chapter one covers leases. Leases run for a year. Tenants have fourteen (14) days to respond to a notice to quit. Landlords must file in housing court. The clerk schedules a hearing. Appeals go to the appeals court.',
  ]);

  it('picks the sentence sharing the most words and the figure', () => {
    const verdict = only(
      checkChunkCitations('Tenants must respond to a notice to quit within 14 days [1].', long),
    );
    expect(verdict.source?.text).toBe(
      'Tenants have fourteen (14) days to respond to a notice to quit.',
    );
    expect(verdict.source?.chunkId).toBe('1');
  });

  it('joins a neighbour that shares words', () => {
    const verdict = only(
      checkChunkCitations(
        'Landlords file in housing court, and the clerk schedules a hearing [1].',
        long,
      ),
    );
    expect(verdict.source?.text).toBe(
      'Landlords must file in housing court. The clerk schedules a hearing.',
    );
  });

  it('picks the best of several cited chunks', () => {
    const chunks = parseChunks([
      'Unrelated text about leases.',
      'The filing fee is $1,200 in housing court.',
    ]);
    const verdict = only(
      checkChunkCitations('The housing court filing fee is $1,200 [1, 2].', chunks),
    );
    expect(verdict.source?.chunkId).toBe('2');
  });
});

describe('requireCitations gates uncited claims', () => {
  const answer = 'Tenants get 14 days [1]. Landlords wait 30 days.';
  it.each([
    { requireCitations: false, pass: true, failures: 0, warnings: 1, score: 1 },
    { requireCitations: true, pass: false, failures: 1, warnings: 0, score: 0.5 },
  ])(
    'requireCitations: $requireCitations',
    ({ requireCitations, pass, failures, warnings, score }) => {
      const report = checkChunkCitations(answer, CHUNKS, { requireCitations });
      expect(report.pass).toBe(pass);
      expect(report.failures).toBe(failures);
      expect(report.warnings).toBe(warnings);
      // score = accurate cited (1) / (cited (1) + uncited counted only when required)
      expect(report.score).toBe(score);
    },
  );
});

describe('audit JSON', () => {
  const answer = [
    'Tenants get 14 days to respond to a notice to quit [1].',
    'About 40% of cases settle [1].',
    'See also [9].',
    'Landlords may not lock tenants out [3].',
    'Landlords wait 30 days.',
  ].join(' ');

  it('validates against the schema and counts as documented', () => {
    const audit = buildChunkAudit(checkChunkCitations(answer, CHUNKS));
    expect(chunkAuditSchema.parse(audit)).toEqual(audit);
    // 4 cited claims: 14 days (uncertain), 40% (unsupported), [9] (not found), lock-out (exact).
    expect(audit.overall_assessment).toEqual({
      total_citations: 4,
      verified_citations: 1,
      unverified_citations: 1,
      failed_citations: 2,
      checks_passed_rate: 0.5,
      verified_rate: 0.25,
      weak_support: 0,
      uncited_claims: 1,
      critical_failures: 2,
      not_verified: 0,
      // One meaning each, over the 4 cited claims: lock-out verbatim (supported); 40% and [9]
      // proven wrong (unsupported); 14 days neither proven nor judged (not verified).
      support: {
        supported: { count: 1, rate: 0.25 },
        unsupported: { count: 2, rate: 0.5 },
        contradicted: { count: 0, rate: 0 },
        partial: { count: 0, rate: 0 },
        not_verified: { count: 1, rate: 0.25 },
      },
    });
    expect(audit.citation_audit.map((row) => [row.citation_id, row.classification])).toEqual([
      ['1', 'verification_uncertain'],
      ['1', 'unsupported_claim'],
      ['9', 'citation_not_found'],
      ['3', 'exact_match'],
      [null, 'uncited_claim'],
    ]);
    expect(audit.citation_audit[1]!.source_passage).toBe('About 12% of cases settle.');
    expect(audit.citation_audit[1]!.correction_instruction).toBe(
      'The cited passage gives 12%, not 40%',
    );
    expect(audit.citation_audit[2]!.source_passage).toBeNull();
  });

  it('the rates are null when nothing is cited', () => {
    const audit = buildChunkAudit(checkChunkCitations('Landlords wait 30 days.', CHUNKS));
    expect(audit.overall_assessment.checks_passed_rate).toBeNull();
    expect(audit.overall_assessment.verified_rate).toBeNull();
    expect(chunkAuditSchema.safeParse(audit).success).toBe(true);
  });

  it('the schema rejects extra keys and unknown classifications', () => {
    const audit = buildChunkAudit(checkChunkCitations(answer, CHUNKS));
    expect(chunkAuditSchema.safeParse({ ...audit, extra: 1 }).success).toBe(false);
    const row = { ...audit.citation_audit[0]!, classification: 'mostly_fine' };
    expect(chunkAuditSchema.safeParse({ ...audit, citation_audit: [row] }).success).toBe(false);
  });

  it('citation_id names the chunk as the input wrote its id', () => {
    const chunks = parseChunks([{ id: 'Doc-7', text: 'Notice must be written.' }]);
    const audit = buildChunkAudit(checkChunkCitations('Notice must be written [doc-7].', chunks));
    expect(audit.citation_audit[0]!.citation_id).toBe('Doc-7');
  });
});

describe('GradingResult', () => {
  it('fails on the worst claim even when most pass, and shows its working', () => {
    const answer =
      'Tenants get 14 days [1]. Fees are $1,200 [1]. Landlords may not lock tenants out [3]. About 40% of cases settle [1].';
    const result = chunkGradingResult(checkChunkCitations(answer, CHUNKS));
    expect(result.pass).toBe(false);
    // 3 of 4 cited claims accurate.
    expect(result.score).toBe(0.75);
    // Fractions only: the viewer shows every named score as a percentage (1 failing claim of 4 is 25%).
    expect(result.namedScores).toEqual({
      [CHUNK_SCORE_NAMES.checksPassedRate]: 0.75,
      [CHUNK_SCORE_NAMES.citationsFound]: 1,
      [CHUNK_SCORE_NAMES.failures]: 0.25,
      [CHUNK_SCORE_NAMES.warnings]: 0,
      // 1 verbatim, 1 proven wrong, 2 neither proven nor judged, of 4 cited.
      [CHUNK_SCORE_NAMES.supported]: 0.25,
      [CHUNK_SCORE_NAMES.unsupported]: 0.25,
      [CHUNK_SCORE_NAMES.contradicted]: 0,
      [CHUNK_SCORE_NAMES.partial]: 0,
      [CHUNK_SCORE_NAMES.not_verified]: 0.5,
    });
    // Per-claim detail rides in metadata, not componentResults (promptfoo flattens those into more assertions).
    expect(result.componentResults).toBeUndefined();
    expect(
      (result.metadata?.[CHUNK_METADATA_KEY] as ChunkAudit).citation_audit.map(
        (row) => row.classification,
      ),
    ).toEqual([
      'verification_uncertain',
      'verification_uncertain',
      'exact_match',
      'unsupported_claim',
    ]);
    expect(result.reason).toContain('FAIL — worst claim unsupported_claim');
    expect(result.reason).toContain(
      'score 0.75 = 3 passing the checks / 4 (4 cited); ids found 2/2',
    );
    expect(result.reason).toContain('The cited passage gives 12%, not 40%');
    expect(result.reason).toContain('warnings: (none)');
  });

  it('passes with uncited figures as warnings, and leaves out rates it cannot compute', () => {
    const result = chunkGradingResult(checkChunkCitations('Landlords wait 30 days.', CHUNKS));
    expect(result.pass).toBe(true);
    expect(result.score).toBe(1);
    expect(result.namedScores).toEqual({
      [CHUNK_SCORE_NAMES.failures]: 0,
      [CHUNK_SCORE_NAMES.warnings]: 1,
    });
    expect(
      Object.keys(
        chunkGradingResult(checkChunkCitations('No figures here.', CHUNKS)).namedScores ?? {},
      ),
    ).toEqual([]);
    // promptfoo shows only "All assertions passed" on a passing row; the reason's first line says there are warnings.
    expect(result.reason.split('\n')[0]).toContain('PASS with 1 warning');
    expect(result.reason).toContain('failures: (none)');
    expect(result.reason).toContain('warnings: uncited_claim “Landlords wait 30 days.”');
  });

  it('counts missing ids in citations found', () => {
    const result = chunkGradingResult(
      checkChunkCitations('Tenants get 14 days [1]. Also [8].', CHUNKS),
    );
    expect(result.namedScores?.[CHUNK_SCORE_NAMES.citationsFound]).toBe(0.5);
  });
});

describe('links in a claim', () => {
  it.each([
    'Written notice forms are at mass.gov/courts/2019-rules [2].',
    'Written notice forms are at www.mass.gov/courts/2019-rules [2].',
  ])('a link holds no figure, with or without its scheme: %s', (answer) => {
    const verdict = only(checkChunkCitations(answer, CHUNKS));
    expect(verdict.classification).not.toBe('unsupported_claim');
    expect(verdict.facts.map((check) => check.fact.raw)).not.toContain('2019');
  });

  it('a link reads the same with or without its scheme: the same classification and overlap', () => {
    // The verifier's link recognizer masks each form whole, so no form lends the claim words.
    const forms = ['mass.gov', 'www.mass.gov', 'https://mass.gov', 'https://www.mass.gov'].map(
      (host) =>
        only(
          checkChunkCitations(`Written notice forms are at ${host}/courts/2019-rules [2].`, CHUNKS),
        ),
    );
    for (const verdict of forms) {
      expect(verdict.classification).toBe(forms[0]!.classification);
      expect(verdict.wordOverlap).toEqual(forms[0]!.wordOverlap);
    }
    // written, notice, forms: the link's words (mass, gov, courts, rules, https, www) are not counted.
    expect(forms[0]!.wordOverlap.of).toBe(3);
  });
});

describe('requireCitations reads every statement of fact', () => {
  const answer =
    'Tenants can always withhold rent. You never need to go to court. What should you do? Here is what I found:';

  it('without it, sentences stating no figure or quotation are not claims', () => {
    const report = checkChunkCitations(answer, CHUNKS);
    expect(report.claims).toHaveLength(0);
    expect(report.pass).toBe(true);
  });

  it('with it, each uncited statement fails the answer and is listed; questions and lead-ins are not statements', () => {
    const report = checkChunkCitations(answer, CHUNKS, { requireCitations: true });
    expect(report.claims.map((verdict) => [verdict.claim.text, verdict.classification])).toEqual([
      ['Tenants can always withhold rent.', 'uncited_claim'],
      ['You never need to go to court.', 'uncited_claim'],
    ]);
    expect(report.pass).toBe(false);
    expect(report.claims[0]!.code).toBe('claim.uncited.statement');
    const result = chunkGradingResult(report);
    expect(result.reason).toContain(
      'failures: uncited_claim “Tenants can always withhold rent.”: States this as fact but cites no chunk. Fix: Add a citation to the chunk that states it, or remove it | uncited_claim “You never need to go to court.”',
    );
  });
});
