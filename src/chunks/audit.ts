import { z } from 'zod';
import { ACTION_CODES, CLAIM_CODES, codesOf } from '../codes.js';
import { round } from '../score.js';
import { SCORE_DECIMALS } from '../defaults.js';
import { JUDGE_LABELS } from '../judge/types.js';
import {
  CLAIM_ACTIONS,
  CLAIM_CLASSIFICATIONS,
  type ChunkReport,
  type ClaimRepair,
  type ClaimVerdict,
  type JudgeSummary,
  SUPPORT_OUTCOMES,
  type SupportOutcome,
  supportOutcome,
  type TokenUsage,
} from './types.js';

/** Tokens the judge's replies report; `total` = prompt + completion (cached is part of prompt). */
const tokensSchema = z.strictObject({
  prompt: z.number().int().nonnegative(),
  completion: z.number().int().nonnegative(),
  cached: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

const shareSchema = z.strictObject({
  count: z.number().int().nonnegative(),
  rate: z.number().min(0).max(1).nullable(),
});

const auditRowSchema = z.strictObject({
  citation_id: z.string().min(1).nullable(),
  claim_text: z.string().min(1),
  source_passage: z.string().nullable(),
  classification: z.enum(CLAIM_CLASSIFICATIONS),
  code: z.enum(codesOf(CLAIM_CODES)),
  explanation: z.string().min(1),
  correction_instruction: z.string().min(1),
  word_overlap: z.strictObject({
    found: z.number().int().nonnegative(),
    of: z.number().int().nonnegative(),
    ratio: z.number().min(0).max(1).nullable(),
    chunk_id: z.string().nullable(),
  }),
  judge: z
    .strictObject({
      label: z.enum(JUDGE_LABELS).nullable(),
      evidence_quote: z.string().nullable(),
      counted: z.boolean(),
      reason: z.string(),
      cached: z.boolean(),
    })
    .optional(),
});

/** The audit of `check --chunks --format json` (docs/CHUNKS.md "CLI"), strict for consumers. */
export const chunkAuditSchema = z.strictObject({
  overall_assessment: z.strictObject({
    total_citations: z.number().int().nonnegative(),
    verified_citations: z.number().int().nonnegative(),
    unverified_citations: z.number().int().nonnegative(),
    failed_citations: z.number().int().nonnegative(),
    checks_passed_rate: z.number().min(0).max(1).nullable(),
    verified_rate: z.number().min(0).max(1).nullable(),
    weak_support: z.number().int().nonnegative(),
    uncited_claims: z.number().int().nonnegative(),
    critical_failures: z.number().int().nonnegative(),
    not_verified: z.number().int().nonnegative(),
    support: z.strictObject({
      supported: shareSchema,
      unsupported: shareSchema,
      contradicted: shareSchema,
      partial: shareSchema,
      not_verified: shareSchema,
    }) satisfies z.ZodType<Record<SupportOutcome, unknown>>,
    judge: z
      .strictObject({
        model: z.string(),
        prompt_version: z.string(),
        claims_sent: z.number().int().nonnegative(),
        calls_made: z.number().int().nonnegative(),
        attempts: z.number().int().nonnegative(),
        calls_from_cache: z.number().int().nonnegative(),
        claims_from_cache: z.number().int().nonnegative(),
        uncounted: z.number().int().nonnegative(),
        advisory: z.boolean(),
        uncited_sent: z.number().int().nonnegative(),
        tokens: tokensSchema,
      })
      .optional(),
  }),
  citation_audit: z.array(auditRowSchema),
  action: z.enum(CLAIM_ACTIONS).optional(),
  action_code: z.enum(codesOf(ACTION_CODES)).optional(),
  action_reason: z.string().optional(),
  retry: z
    .strictObject({ instruction: z.string().min(1), claims: z.array(auditRowSchema) })
    .optional(),
});
export type ChunkAudit = z.infer<typeof chunkAuditSchema>;
export type ChunkAuditRow = ChunkAudit['citation_audit'][number];

/** The document of `check --chunks --fix --format json`: the audit and its repair. */
export const chunkFixSchema = chunkAuditSchema.extend({
  repair: z.strictObject({
    text: z.string(),
    changes: z.array(
      z.strictObject({
        action: z.enum(['remove', 'hedge']),
        start: z.number().int().nonnegative(),
        end: z.number().int().nonnegative(),
        original: z.string(),
        text: z.string(),
        claims: z.array(z.string()),
      }),
    ),
    verdict: chunkAuditSchema.nullable(),
  }),
});
export type ChunkFixJson = z.infer<typeof chunkFixSchema>;

/** The audit of a report. A formatter: it decides nothing the report has not. */
export function buildChunkAudit(report: ChunkReport): ChunkAudit {
  const { action } = report;
  const total = report.citedClaims;
  const rate = (count: number): number | null =>
    total === 0 ? null : round(count / total, SCORE_DECIMALS);
  const outcomes = report.claims
    .filter((verdict) => verdict.claim.ids.length > 0)
    .map((verdict) => supportOutcome(verdict.classification));
  return {
    overall_assessment: {
      total_citations: total,
      verified_citations: report.verbatimClaims,
      unverified_citations: report.passedClaims - report.verbatimClaims,
      failed_citations: total - report.passedClaims,
      checks_passed_rate: rate(report.passedClaims),
      verified_rate: rate(report.verbatimClaims),
      weak_support: report.counts.weak_support,
      uncited_claims: report.counts.uncited_claim,
      critical_failures: report.failures,
      not_verified: report.counts.not_verified,
      support: Object.fromEntries(
        SUPPORT_OUTCOMES.map((outcome) => {
          const count = outcomes.filter((found) => found === outcome).length;
          return [outcome, { count, rate: rate(count) }];
        }),
      ) as ChunkAudit['overall_assessment']['support'],
      ...(report.judge ? { judge: judgeAssessment(report.judge) } : {}),
    },
    citation_audit: report.claims.map(auditRow),
    ...(action && {
      action: action.action,
      action_code: action.code,
      action_reason: action.reason,
      ...(action.retry && {
        retry: { instruction: action.retry.instruction, claims: action.retry.claims.map(auditRow) },
      }),
    }),
  };
}

/** The fix document; with nothing repaired, the answer itself, no changes and a null `verdict`. */
export function chunkFixJson(
  answer: string,
  audit: ChunkAudit,
  repair?: ClaimRepair,
): ChunkFixJson {
  return {
    ...audit,
    repair: {
      text: repair?.text ?? answer,
      changes: repair?.changes ?? [],
      verdict: repair === undefined ? null : buildChunkAudit(repair.report),
    },
  };
}

/** A summary's tokens with their total. */
export function tokensJson(tokens: TokenUsage): z.infer<typeof tokensSchema> {
  return { ...tokens, total: tokens.prompt + tokens.completion };
}

function auditRow(verdict: ClaimVerdict): ChunkAuditRow {
  return {
    citation_id: citationId(verdict),
    claim_text: verdict.claim.text,
    source_passage: verdict.source?.text ?? null,
    classification: verdict.classification,
    code: verdict.code,
    explanation: verdict.explanation,
    correction_instruction: verdict.correction,
    word_overlap: {
      found: verdict.wordOverlap.found,
      of: verdict.wordOverlap.of,
      ratio: verdict.wordOverlap.ratio,
      chunk_id: verdict.wordOverlap.chunkId ?? null,
    },
    ...(verdict.judge && {
      judge: {
        label: verdict.judge.label,
        evidence_quote: verdict.judge.evidenceQuote,
        counted: verdict.judge.counted,
        reason: verdict.judge.reason,
        cached: verdict.judge.cached,
      },
    }),
  };
}

function judgeAssessment(
  summary: JudgeSummary,
): NonNullable<ChunkAudit['overall_assessment']['judge']> {
  return {
    model: summary.model,
    prompt_version: summary.promptVersion,
    claims_sent: summary.claimsSent,
    calls_made: summary.callsMade,
    attempts: summary.attempts,
    calls_from_cache: summary.callsFromCache,
    claims_from_cache: summary.claimsFromCache,
    uncounted: summary.uncounted,
    advisory: summary.advisory,
    uncited_sent: summary.uncitedSent,
    tokens: tokensJson(summary.tokens),
  };
}

/** The ids a claim cites, `", "`-joined; null when it cites none. */
export function citationId(verdict: ClaimVerdict): string | null {
  return verdict.citedIds.length === 0 ? null : verdict.citedIds.join(', ');
}
