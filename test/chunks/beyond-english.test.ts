import { describe, expect, it } from 'vitest';
import { buildChunkAudit, chunkAuditSchema } from '../../src/chunks/audit.js';
import { checkChunkCitations } from '../../src/chunks/check.js';
import { resolveChunkConfig } from '../../src/chunks/config.js';
import { chunkGradingResult } from '../../src/chunks/grading.js';
import { extractCitations } from '../../src/chunks/markers.js';
import { styleFromEvidence, styleFromLocale } from '../../src/chunks/number-style.js';
import { parseChunks } from '../../src/chunks/parse.js';
import type { ChunkCheckOptions } from '../../src/chunks/types.js';

// What real RAG answers write that the first version misread: other normalizations, scripts,
// number styles, marker forms and citation scopes. Each case is a minimal repro.

const verdicts = (answer: string, chunks: unknown, options: ChunkCheckOptions = {}) =>
  checkChunkCitations(answer, parseChunks(chunks), options).claims;
const only = (answer: string, chunks: unknown, options: ChunkCheckOptions = {}) => {
  const found = verdicts(answer, chunks, options);
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe('Unicode normalization', () => {
  const decomposed = 'Le juge a dit que la décision est définitive et exécutoire.'.normalize('NFD');

  it('a quotation typed in NFC is found in a chunk stored in NFD', () => {
    const answer = 'Le juge a dit que "la décision est définitive et exécutoire" [1].';
    expect(decomposed).not.toBe(decomposed.normalize('NFC'));
    expect(only(answer, [decomposed]).classification).toBe('exact_match');
  });

  it('an NFD answer is compared in NFC and its spans point into the answer as given', () => {
    const answer =
      'Le juge a dit que "la décision est définitive" [1]. Le café coûte 12% de plus [1].'.normalize(
        'NFD',
      );
    const claims = verdicts(answer, ['la décision est définitive; le café coûte 12% de plus']);
    expect(claims.map((verdict) => verdict.failing)).toEqual([false, false]);
    const second = claims[1]!.claim;
    expect(answer.slice(second.start, second.end)).toBe(
      'Le café coûte 12% de plus [1].'.normalize('NFD'),
    );
    expect(second.text).toBe('Le café coûte 12% de plus [1].'.normalize('NFD'));
    const fact = second.facts[0]!;
    expect(answer.slice(fact.start, fact.end)).toBe('12%');
  });

  it('a correction quotes the chunk whole words, not cut at an accent', () => {
    const verdict = only('Il a dit que "la décision est finale et exécutoire" [1].', [decomposed]);
    expect(verdict.classification).toBe('fabricated_quote');
    expect(verdict.correction).toContain('définitive');
  });
});

describe('CJK text', () => {
  const chunk =
    '9月4日，奇瑞控股集团宣布今年8月销售汽车17.13万辆，同比增长20.8%，刷新单月销量纪录。售价为200元。';

  it('。！？ end sentences with no space after them', () => {
    const claims = verdicts('奇瑞8月销售汽车17.13万辆[1]。同比增长20.8%[1]！刷新了纪录吗[1]？', [
      chunk,
    ]);
    expect(claims.map((verdict) => verdict.claim.text)).toEqual([
      '奇瑞8月销售汽车17.13万辆[1]。',
      '同比增长20.8%[1]！',
      '刷新了纪录吗[1]？',
    ]);
  });

  it('a quotation that is a verbatim substring of the chunk is found (matched by character)', () => {
    expect(only('集团宣布“今年8月销售汽车”[1]。', [chunk]).classification).not.toBe(
      'fabricated_quote',
    );
    expect(only('集团宣布“今年9月销售汽车”[1]。', [chunk]).classification).toBe('fabricated_quote');
  });

  it('digits touching CJK characters are figures, so a wrong one fails', () => {
    expect(only('售价为300元[1]。', [chunk]).classification).toBe('unsupported_claim');
    expect(only('同比增长30.8%的销量[1]。', [chunk]).classification).toBe('unsupported_claim');
    expect(only('售价为200元[1]。', [chunk]).failing).toBe(false);
    // Full-width digits read as digits; the span still points at them.
    expect(only('售价为３００元[1]。', [chunk]).classification).toBe('unsupported_claim');
    const wide = only('同比增长２０．８％[1]。', [chunk]);
    expect(wide.failing).toBe(false);
    expect(wide.claim.facts.map((fact) => fact.raw)).toEqual(['２０．８％']);
    // 万 is a scale: 17.13万 = 171,300.
    expect(only('It sold 171,300 cars in August [1].', [chunk]).classification).not.toBe(
      'unsupported_claim',
    );
  });

  it('weak_support is not measured on CJK text (words are not marked there)', () => {
    expect(only('这是一个完全不同的句子[1]。', [chunk]).classification).toBe(
      'verification_uncertain',
    );
  });
});

describe('numbers written otherwise', () => {
  it.each([
    [
      'It can reach a shell length of six and a half feet [1].',
      'It reaches a shell length of 6.5 feet.',
    ],
    [
      'It can reach a shell length of 6.5 feet [1].',
      'It reaches a shell length of six and a half feet.',
    ],
    ['One third of voters agreed [1].', 'About 33% of voters agreed.'],
    ['About 33% of voters agreed [1].', 'One third of voters agreed.'],
    ['Two thirds of voters agreed [1].', '66% of voters agreed.'],
    ['Der Preis beträgt 1.200 € [1].', 'Der Preis beträgt 1.200 €.'],
    ['The price is €1,200 [1].', 'Der Preis beträgt 1.200 €.'],
    ['The hearing is on 04/03/2024 [1].', 'The hearing is on 4 March 2024.'],
    ['The hearing is on 04/03/2024 [1].', 'The hearing is on April 3, 2024.'],
  ])('%s is supported by "%s"', (answer, chunk) => {
    expect(only(answer, [chunk]).classification).not.toBe('unsupported_claim');
  });

  it.each([
    ['A quarter of voters agreed [1].', '40% of voters agreed.', {}],
    ['The price is €1,300 [1].', 'Der Preis beträgt 1.200 €.', {}],
    // A US locale reads 04/03/2024 as April 3; a German one as March 4.
    ['The hearing is on 04/03/2024 [1].', 'The hearing is on 4 March 2024.', { locale: 'en-US' }],
    ['The hearing is on 04/03/2024 [1].', 'The hearing is on April 3, 2024.', { locale: 'de-DE' }],
    // The chunk's own 25/12/2023 shows it writes the day first.
    ['The hearing is on 04/03/2024 [1].', 'Filed 25/12/2023. The hearing is on April 3, 2024.', {}],
  ])('%s is not supported by "%s" (%o)', (answer, chunk, options) => {
    expect(
      verdicts(answer, [chunk], options).some(
        (verdict) => verdict.classification === 'unsupported_claim',
      ),
    ).toBe(true);
  });

  it('a share needs a part: "a third party" states no figure', () => {
    expect(only('A third party must sign [1].', ['Two parties sign.']).claim.facts).toEqual([]);
  });

  it('the style comes from the locale, else from unambiguous evidence in the chunks', () => {
    expect(styleFromLocale('de-DE')).toEqual({ decimalComma: true, dayFirst: true });
    expect(styleFromLocale('en-US')).toEqual({ decimalComma: false, dayFirst: false });
    expect(styleFromEvidence(['Kosten: 1.234,50 €'])).toEqual({ decimalComma: true });
    expect(styleFromEvidence(['Cost: 1,234.50', 'on 12/25/2020'])).toEqual({
      decimalComma: false,
      dayFirst: false,
    });
    expect(styleFromEvidence(['Cost: 1,200', 'on 04/03/2024'])).toEqual({});
  });

  it('config.locale is validated', () => {
    expect(resolveChunkConfig({ locale: 'de-DE' }).locale).toBe('de-DE');
    expect(() => resolveChunkConfig({ locale: 'not a locale!' })).toThrow(
      /^config\.locale: must be a BCP 47 locale such as en-US or de-DE, got the string "not a locale!"$/,
    );
  });
});

describe('marker forms', () => {
  it.each([
    ['It rains (context 1).', ['1']],
    ['It rains (contexts 1 and 2).', ['1', '2']],
    ['It rains [Context 1].', ['1']],
    ['下雨了［1］。', ['1']],
    ['下雨了［１，２］。', ['1', '2']],
    ['It rains [1†L1-L3].', ['1']],
  ])('%s cites %o', (text, ids) => {
    expect(extractCitations(text).flatMap((marker) => marker.ids)).toEqual(ids);
  });

  it('a marker digit is no longer read as a figure ("2 is in none of chunk 2")', () => {
    const verdict = only('The bystander effect spreads responsibility (context 2).', [
      'a',
      'The bystander effect: diffusion of responsibility.',
    ]);
    expect(verdict.citedIds).toEqual(['2']);
    expect(verdict.claim.facts).toEqual([]);
  });
});

describe('citation scope', () => {
  const chunks = [
    'The act passed in 1990. Tungsten melts at 3422 °C.',
    'Copper melts at 1085 °C. Gold melts at 1064 °C.',
  ];

  it('a paragraph-final marker covers the sentences of its paragraph that carry none', () => {
    const claims = verdicts('The act passed in 1991. It was popular with voters [1].', chunks);
    expect(claims[0]).toMatchObject({ classification: 'unsupported_claim', citedIds: ['1'] });
    expect(claims[0]!.claim.citedBy).toBe('paragraph');
    expect(claims[0]!.code).toBe('claim.unsupported.fact-mismatch');
  });

  it('a sentence after the last marker of its paragraph is not covered', () => {
    const claims = verdicts('It was popular [1]. The act passed in 1991.', chunks);
    expect(claims.map((verdict) => verdict.classification)).toEqual([
      'verification_uncertain',
      'uncited_claim',
    ]);
  });

  it('a trailing sources line covers the answer, and is not a claim itself', () => {
    const report = checkChunkCitations(
      'The act passed in 1991.\n\nCopper melts at 1085 °C.\n\nSources: [1], [2]',
      parseChunks(chunks),
    );
    expect(report.pass).toBe(false);
    expect(report.claims.map((verdict) => [verdict.classification, verdict.claim.citedBy])).toEqual(
      [
        ['unsupported_claim', 'sources_line'],
        ['exact_match', 'sources_line'],
      ],
    );
  });

  it('each figure is checked against the marker written after it first', () => {
    const verdict = only('Gold melts at 1064 °C [1], tungsten at 3422 °C [2].', chunks);
    expect(verdict.code).toBe('claim.wrong-citation.fact');
    expect(verdict.correction).toContain('Cite [2] after 1064');
    // Markers written together cite together.
    expect(
      only('Gold melts at 1064 °C and tungsten at 3422 °C [1][2].', chunks).classification,
    ).toBe('verification_uncertain');
  });
});

describe('a quotation found in a chunk it does not cite', () => {
  it('is a citation error naming the chunk, not a fabrication', () => {
    const verdict = only('The court said "tenants must respond to the notice promptly" [1].', [
      'Landlords must give notice.',
      'Tenants must respond to the notice promptly, or lose.',
    ]);
    expect(verdict.code).toBe('claim.wrong-citation.quote');
    expect(verdict.failing).toBe(true);
    expect(verdict.correction).toBe('Cite [2] for the quotation');
  });
});

describe('weak_support', () => {
  const chunks = ['Tenants must respond within fourteen days of service of the notice.'];
  const answer = 'Penguins migrate across Antarctic ice shelves every winter [1].';

  it('few of the claim words in its cited chunk: a warning, counted, with the overlap in the audit', () => {
    const report = checkChunkCitations(answer, parseChunks(chunks));
    expect(report.pass).toBe(true);
    expect(report.claims[0]!.classification).toBe('weak_support');
    expect(report.warnings).toBe(1);
    const audit = buildChunkAudit(report);
    expect(chunkAuditSchema.parse(audit)).toEqual(audit);
    expect(audit.overall_assessment.weak_support).toBe(1);
    expect(audit.citation_audit[0]!.word_overlap).toEqual({
      found: 0,
      of: 8,
      ratio: 0,
      chunk_id: '1',
    });
    expect(chunkGradingResult(report).reason.split('\n')[0]).toContain('PASS with 1 warning');
  });

  it('fails only when asked, at a threshold the caller sets', () => {
    expect(checkChunkCitations(answer, parseChunks(chunks), { failOnWeakSupport: true }).pass).toBe(
      false,
    );
    const near = 'Tenants must respond quickly to penguins and other wildlife [1].';
    expect(only(near, chunks).classification).toBe('verification_uncertain');
    expect(only(near, chunks, { weakSupportThreshold: 0.6 }).classification).toBe('weak_support');
  });

  it('a sentence about the passages themselves is not measured', () => {
    expect(
      only('Based on the given context, there is no information about penguins [1].', chunks)
        .classification,
    ).toBe('verification_uncertain');
  });
});
