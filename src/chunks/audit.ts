import { z } from 'zod';
import { round } from '../format/grading.js';
import { SCORE_DECIMALS } from '../defaults.js';
import { CLAIM_CLASSIFICATIONS, type ChunkReport, type ClaimVerdict } from './types.js';

/**
 * The audit printed by `check --chunks --format json`. One row per claim: cited claims and
 * uncited ones stating a fact. Unknown keys are rejected so a consumer can rely on the shape.
 * - `total_citations`: claims carrying at least one citation marker (a claim citing `[2][5]` is one);
 * - `accurate_citations`: those classified `exact_match` or `verification_uncertain`;
 * - `inaccurate_citations`: the rest of them (`citation_not_found`, `fabricated_quote`, `unsupported_claim`);
 * - `accuracy_rate`: accurate / total, rounded to `SCORE_DECIMALS`; null when nothing was cited;
 * - `critical_failures`: rows that fail the answer (uncited claims count only with `requireCitations`);
 * - `citation_id`: the cited ids as written in the chunks, `", "`-joined; null for an uncited claim;
 * - `source_passage`: the sentence window of the cited chunk closest to the claim (see
 *   `findSourcePassage`); null when no cited chunk exists or it is empty.
 */
export const chunkAuditSchema = z.strictObject({
  overall_assessment: z.strictObject({
    total_citations: z.number().int().nonnegative(),
    accurate_citations: z.number().int().nonnegative(),
    inaccurate_citations: z.number().int().nonnegative(),
    accuracy_rate: z.number().min(0).max(1).nullable(),
    critical_failures: z.number().int().nonnegative(),
  }),
  citation_audit: z.array(
    z.strictObject({
      citation_id: z.string().min(1).nullable(),
      claim_text: z.string().min(1),
      source_passage: z.string().nullable(),
      classification: z.enum(CLAIM_CLASSIFICATIONS),
      explanation: z.string().min(1),
      correction_instruction: z.string().min(1),
    }),
  ),
});
export type ChunkAudit = z.infer<typeof chunkAuditSchema>;
export type ChunkAuditRow = ChunkAudit['citation_audit'][number];

/** The audit of a report. A formatter: it decides nothing the report has not. */
export function buildChunkAudit(report: ChunkReport): ChunkAudit {
  const total = report.citedClaims;
  return {
    overall_assessment: {
      total_citations: total,
      accurate_citations: report.accurateClaims,
      inaccurate_citations: total - report.accurateClaims,
      accuracy_rate: total === 0 ? null : round(report.accurateClaims / total, SCORE_DECIMALS),
      critical_failures: report.failures,
    },
    citation_audit: report.claims.map(auditRow),
  };
}

function auditRow(verdict: ClaimVerdict): ChunkAuditRow {
  return {
    citation_id: citationId(verdict),
    claim_text: verdict.claim.text,
    source_passage: verdict.source?.text ?? null,
    classification: verdict.classification,
    explanation: verdict.explanation,
    correction_instruction: verdict.correction,
  };
}

/** The ids a claim cites, `", "`-joined; null when it cites none. */
export function citationId(verdict: ClaimVerdict): string | null {
  return verdict.citedIds.length === 0 ? null : verdict.citedIds.join(', ');
}
