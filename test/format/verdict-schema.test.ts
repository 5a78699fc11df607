import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codesOf, LINK_CODES, PHONE_CODES } from '../../src/codes.js';
import { toGradingResult, toJson } from '../../src/format/formatters.js';
import { RecordedVerdictSchema, VerdictJsonSchema } from '../../src/format/verdict-schema.js';
import { fromPromptfooRow } from '../../src/promptfoo/rows.js';
import { LINK_BUCKETS, PHONE_STATUSES, type Report } from '../../src/types.js';
import { verifyAnswer } from '../../src/verify.js';
import { makeIndex } from '../helpers/allowlist.js';

const GBLS = 'Greater Boston Legal Services';
const index = makeIndex({
  domains: ['mass.gov', 'lawhelp.org'],
  org_names: [GBLS],
  org_phones: { [GBLS]: ['(617) 371-1234'] },
});

/** Every optional field of the document filled at least once: liveness evidence, stale, lookalike, omitted. */
function fullReport(): Report {
  const report = verifyAnswer(
    `See https://mass.gov/courts, https://lawhe1p.org/x and https://tenantrights.org/guide. Call ${GBLS} at 617-371-1234 or 617-555-0199.`,
    index,
  );
  const [directory] = report.links;
  directory!.liveness = { status: 404, finalUrl: 'https://mass.gov/courts', error: 'HTTP 404' };
  directory!.stale = true;
  return report;
}

describe('the verdict JSON schema', () => {
  it('describes every key toJson writes: parsing drops nothing (a new field must be added to the schema)', () => {
    const report = fullReport();
    const json = toJson(report);
    expect(json.links.some((link) => link.lookalike_of !== undefined)).toBe(true);
    expect(json.links.some((link) => link.stale === true && link.liveness !== undefined)).toBe(
      true,
    );
    // Zod strips keys it does not know: equality proves there were none.
    expect(VerdictJsonSchema.parse(json)).toEqual(json);
  });

  it('describes the omitted counts of a capped document', () => {
    const links = Array.from({ length: 10_001 }, (_, i) => `https://site${i}.org/`).join(' ');
    const json = toJson(verifyAnswer(links, index));
    expect(json.omitted).toEqual({ links: 1, phones: 0, organizations: 0, reasons: 1 });
    expect(VerdictJsonSchema.parse(json)).toEqual(json);
  });

  it('exports as a JSON Schema whose closed lists are the types’ own', () => {
    const schema = z.toJSONSchema(VerdictJsonSchema) as {
      properties: Record<string, { items?: { properties: Record<string, { enum?: string[] }> } }>;
      additionalProperties?: unknown;
      required: string[];
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toContain('links');
    expect(schema.properties.links?.items?.properties.bucket?.enum).toEqual([...LINK_BUCKETS]);
    expect(schema.properties.phones?.items?.properties.status?.enum).toEqual([...PHONE_STATUSES]);
    expect(schema.properties.links?.items?.properties.code?.enum).toEqual(codesOf(LINK_CODES));
    expect(schema.properties.phones?.items?.properties.code?.enum).toEqual(codesOf(PHONE_CODES));
  });

  it('the reader reads a document written before codes, and one with a code it does not know', () => {
    const json = toJson(fullReport());
    const without = {
      ...json,
      links: json.links.map(({ code, ...kept }) => kept),
      phones: json.phones.map(({ code, ...kept }) => ({ ...kept, code: 'phone.from-the-future' })),
    };
    expect(VerdictJsonSchema.safeParse(without).success).toBe(false);
    expect(RecordedVerdictSchema.parse(without).links).toHaveLength(json.links.length);
  });

  it('is what the report reader validates: a recorded document reads back as written', () => {
    const result = toGradingResult(fullReport());
    const row = fromPromptfooRow(
      {
        provider: 'vendor-a',
        testIdx: 0,
        promptIdx: 0,
        output: 'answer',
        vars: {},
        gradingResult: {
          pass: result.pass,
          score: result.score,
          reason: result.reason,
          metadata: result.metadata,
        },
      },
      'results.json',
    );
    const json = toJson(fullReport());
    // The reader keeps what the comparison reads: every key but the code and the correction.
    expect(row.verifier?.links).toEqual(json.links.map(({ code, correction, ...kept }) => kept));
    expect(row.verifier?.phones).toEqual(json.phones.map(({ code, correction, ...kept }) => kept));
    expect(RecordedVerdictSchema.safeParse(json).success).toBe(true);
  });

  it('the reader rejects a phone status outside the closed list, naming its path', () => {
    const json = { ...toJson(fullReport()) } as Record<string, unknown>;
    json.phones = [{ ...(json.phones as object[])[0], status: 'probably-fine' }];
    expect(() =>
      fromPromptfooRow(
        {
          provider: 'vendor-a',
          testIdx: 0,
          promptIdx: 0,
          output: 'answer',
          vars: {},
          gradingResult: {
            pass: true,
            score: 1,
            reason: 'citation-verifier: PASS',
            metadata: { citationVerifier: json },
          },
        },
        'results.json',
      ),
    ).toThrow(/metadata\.citationVerifier\.phones\[0\]\.status: expected one of "verified"/);
  });
});
