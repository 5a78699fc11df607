import { describe, expect, it } from 'vitest';
import { summaryLine, toGradingResult, toJson, toText } from '../../src/format/formatters.js';
import { verdictOf } from '../../src/format/formatters.js';
import { REASON_PREFIX } from '../../src/format/grading.js';
import { verifyOutput } from '../../src/run.js';
import { verifyAnswer } from '../../src/verify.js';
import { makeIndex } from '../helpers/allowlist.js';
import { sampleAllowlist } from '../helpers/sample.js';

const GBLS = 'Greater Boston Legal Services';
const MLRI = 'Massachusetts Law Reform Institute';
const index = makeIndex({
  domains: ['mass.gov', 'lawhelp.org'],
  org_names: [GBLS, MLRI],
  org_phones: { [GBLS]: ['(617) 371-1234'], [MLRI]: ['617-357-0700'] },
  org_aliases: { [GBLS]: ['GBLS'], [MLRI]: ['MLRI'] },
});

// (1 + 0.5) / 2 = 0.75; one misattributed number − 0.3 = 0.45 > 0.4: pass with problems.
const MIXED =
  'See https://mass.gov/courts and https://tenantrights.org/guide. Call MLRI at 617-371-1234.';
// (1 + 0) / 2 = 0.5 > 0.4, but the invented link fails it.
const INVENTED = 'See https://mass.gov/courts and https://lawhe1p.org/x.';
// Nothing to find.
const CLEAN = 'Talk to a lawyer before you sign anything.';

describe('toGradingResult', () => {
  it('has the shape promptfoo expects: one result, no components the viewer would count as assertions', () => {
    const result = toGradingResult(verifyAnswer(MIXED, index));
    expect(result).toMatchObject({ pass: true, score: 0.45 });
    expect(typeof result.reason).toBe('string');
    expect(result.componentResults).toBeUndefined();
  });

  it('the reason shows the working, the counts, the organizations and every problem', () => {
    const { reason } = toGradingResult(verifyAnswer(MIXED, index));
    // A pass that carries problems says so first, and names the most serious one.
    expect(reason).toMatch(
      /^citation-verifier: PASS with 2 problems: misattributed number 617-371-1234: [^|]+ \| score 0\.45 > threshold 0\.4 \(link score 0\.75 over 2 links − 1 × 0\.3 for misattributed numbers\)\. /,
    );
    expect(reason).toContain('Links: 1 directory, 1 unverified.');
    expect(reason).toContain('Phones: 1 misattributed.');
    expect(reason).toContain(`Organizations: ${MLRI}.`);
    expect(reason).toContain(
      `misattributed number 617-371-1234: (617) 371-1234 is given for ${MLRI}, whose numbers are (617) 357-0700; it is the number of ${GBLS}`,
    );
    expect(reason).toContain(
      'unverified link https://tenantrights.org/guide: not in the directory',
    );
  });

  it('says (none) when there is no problem, and still gives the counts', () => {
    const result = toGradingResult(verifyAnswer(CLEAN, index));
    expect(result.reason).toBe(
      'citation-verifier: PASS: score 1 > threshold 0.4 (link score 1 over 0 links). Links: none. Phones: none. Organizations: (none). Problems: (none)',
    );
  });

  it('a fatal link: the reason says why it failed although the score is above the threshold', () => {
    const result = toGradingResult(verifyAnswer(INVENTED, index));
    expect(result.pass).toBe(false);
    expect(result.score).toBe(0.5);
    expect(result.reason).toContain('FAIL: score 0.5 > threshold 0.4');
    expect(result.reason).toContain('fails outright: 1 link is broken or invented');
    expect(result.reason).toContain(
      'invented link https://lawhe1p.org/x: lawhe1p.org is a lookalike',
    );
  });

  it('namedScores are fractions from 0 to 1, never counts (the viewer shows them as percentages)', () => {
    // MIXED: score 0.45, links (1 + 0.5) / 2 = 0.75, phones 1 − 0.3 × 1 = 0.7, no fatal link → 1.
    expect(toGradingResult(verifyAnswer(MIXED, index)).namedScores).toEqual({
      citation_score: 0.45,
      link_score: 0.75,
      phone_score: 0.7,
      usable_links: 1,
    });
    // INVENTED: links (1 + 0) / 2 = 0.5, no number, one of two links invented → 0.5.
    expect(toGradingResult(verifyAnswer(INVENTED, index)).namedScores).toEqual({
      citation_score: 0.5,
      link_score: 0.5,
      phone_score: 1,
      usable_links: 0.5,
    });
    // No links: usable_links 1 (nothing unusable).
    expect(toGradingResult(verifyAnswer(CLEAN, index)).namedScores).toEqual({
      citation_score: 1,
      link_score: 1,
      phone_score: 1,
      usable_links: 1,
    });
  });

  it('the phone score floors at 0', () => {
    const answer =
      'MLRI: 617-371-1234. MLRI: 617-555-0100. MLRI: 617-555-0101. MLRI: 617-555-0102.';
    // 1 − 0.3 × 4 = −0.2 → 0
    expect(toGradingResult(verifyAnswer(answer, index)).namedScores?.phone_score).toBe(0);
  });

  it('names each organization once', () => {
    expect(
      toGradingResult(verifyAnswer('GBLS, then MLRI, then GBLS again.', index)).reason,
    ).toContain(`Organizations: ${GBLS}; ${MLRI}.`);
  });
});

describe('toJson: the document `check --format json` prints', () => {
  it('has the keys of the issue', () => {
    const json = toJson(verifyAnswer(MIXED, index));
    expect(json).toMatchObject({
      pass: true,
      score: 0.45,
      threshold: 0.4,
      links: [
        {
          url: 'https://mass.gov/courts',
          normalized: 'https://mass.gov/courts',
          bucket: 'directory',
          score: 1,
          code: 'link.listed.domain',
          reason: 'on directory domain mass.gov',
        },
        {
          url: 'https://tenantrights.org/guide',
          normalized: 'https://tenantrights.org/guide',
          bucket: 'unverified',
          score: 0.5,
          code: 'link.unverified',
        },
      ],
      phones: [
        {
          raw: '617-371-1234',
          normalized: '+16173711234',
          organization: MLRI,
          status: 'misattributed',
          code: 'phone.misattributed',
        },
      ],
      organizations: [{ name: MLRI, raw: 'MLRI' }],
      reasons: [
        expect.stringMatching(/^misattributed number 617-371-1234: /),
        expect.stringMatching(/^unverified link https:\/\/tenantrights\.org\/guide: /),
      ],
    });
  });

  it('keeps the written link, not only the normalized one', () => {
    const json = toJson(
      verifyAnswer('See **http://www.mass.gov/courts/?utm_source=chatgpt.com**.', index),
    );
    expect(json['links']).toEqual([
      expect.objectContaining({
        url: 'http://www.mass.gov/courts/?utm_source=chatgpt.com',
        normalized: 'https://mass.gov/courts',
      }),
    ]);
  });

  it('writes null for a number attributed to no organization', () => {
    const json = toJson(verifyAnswer('Call 617-555-0100.', index));
    expect(json['phones']).toEqual([
      expect.objectContaining({ raw: '617-555-0100', organization: null, status: 'unlisted' }),
    ]);
  });

  it('is plain JSON: it survives a round trip unchanged', () => {
    const json = toJson(verifyAnswer(MIXED, index));
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it('is the one verdict JSON: the assertion metadata and the vendor comparison carry the same links and numbers', () => {
    const report = verifyAnswer(MIXED, index);
    const json = toJson(report);
    expect(toGradingResult(report).metadata).toEqual({ citationVerifier: json });
    const verdict = verdictOf(report);
    expect(verdict.links).toEqual(json['links']);
    expect(verdict.phones).toEqual(json['phones']);
  });

  it('every verifier reason starts with the one prefix', () => {
    expect(
      toGradingResult(verifyAnswer(MIXED, index)).reason.startsWith(`${REASON_PREFIX}: `),
    ).toBe(true);
  });

  it('an empty answer gives empty lists', () => {
    expect(toJson(verifyAnswer('', index))).toMatchObject({
      pass: true,
      score: 1,
      links: [],
      phones: [],
      organizations: [],
      reasons: [],
    });
  });
});

describe('summaryLine and toText', () => {
  it('summaryLine says ≤ when the score does not beat the threshold', () => {
    expect(summaryLine(verifyAnswer(MIXED, index, { threshold: 0.45 }))).toBe(
      'FAIL: score 0.45 ≤ threshold 0.45 (link score 0.75 over 2 links − 1 × 0.3 for misattributed numbers)',
    );
  });

  it('toText lists the verdict, each finding and the problems', () => {
    const text = toText(verifyAnswer(MIXED, index));
    const lines = text.split('\n');
    expect(lines[0]).toBe(summaryLine(verifyAnswer(MIXED, index)));
    expect(text).toContain('Links (1 directory, 1 unverified)');
    expect(text).toContain('Phone numbers (1 misattributed)');
    expect(text).toContain('617-371-1234 ((617) 371-1234)');
    expect(text).toContain(`Organizations named (1)\n  ${MLRI}`);
    expect(text).toContain('Problems\n  - misattributed number 617-371-1234');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('toText has no Problems section for a clean answer', () => {
    expect(toText(verifyAnswer(CLEAN, index))).not.toContain('Problems');
  });
});

describe('lookalike_of: shown wherever a link verdict is', () => {
  const lookalikeIndex = makeIndex({ domains: ['masslegalhelp.org'] });
  const report = verifyAnswer('Apply at https://masslegalhelp-login.org/apply.', lookalikeIndex);

  it('check --format json, and the assertion metadata built from it', () => {
    const json = toJson(report) as { links: Array<Record<string, unknown>> };
    expect(json.links[0]).toMatchObject({
      bucket: 'unverified',
      lookalike_of: 'masslegalhelp.org',
    });
    expect(JSON.stringify(toGradingResult(report).metadata)).toContain(
      '"lookalike_of":"masslegalhelp.org"',
    );
  });

  it('the assertion reason and check text', () => {
    expect(toGradingResult(report).reason).toContain(
      'Links: 1 unverified. Lookalikes: https://masslegalhelp-login.org/apply [lookalike of masslegalhelp.org]. Phones:',
    );
    expect(toText(report)).toContain(
      'unverified  https://masslegalhelp-login.org/apply [lookalike of masslegalhelp.org]  — ',
    );
  });

  it('a link that resembles nothing has no lookalike_of key', () => {
    const plain = toJson(verifyAnswer('See https://tenantrights.org.', lookalikeIndex)) as {
      links: Array<Record<string, unknown>>;
    };
    expect(plain.links[0]).not.toHaveProperty('lookalike_of');
  });
});

describe('toGradingResult: the metadata carries the corrections and the action', () => {
  it('as check prints them', async () => {
    // Chelsea District Court lists (617) 660-9200 in the bundled directory; 232-4660 is Brookline's.
    const report = await verifyOutput(
      'Call the Chelsea District Court at (617) 232-4660 or visit https://www.example.com/chelsea.',
      { allowlist: { path: sampleAllowlist }, threshold: 0.4, liveness: false },
    );
    const metadata = toGradingResult(report).metadata?.citationVerifier as Record<string, any>;
    expect(metadata.action).toBe('repair');
    expect(metadata.phones[0].correction.value).toBe('+16176609200');
  });
});
