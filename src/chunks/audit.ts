import { z } from 'zod';
import { ACTION_CODES, CLAIM_CODES, codesOf } from '../codes.js';
import { round } from '../score.js';
import { SCORE_DECIMALS } from '../defaults.js';
import { JUDGE_LABELS } from '../judge/types.js';
import {
  CLAIM_ACTIONS,
  CLAIM_CLASSIFICATIONS,
  type ChunkReport,
  type ClaimRecommendation,
  type ClaimRepair,
  type ClaimVerdict,
  type JudgeSummary,
  SUPPORT_OUTCOMES,
  type SupportOutcome,
  supportOutcome,
  type TokenUsage,
} from './types.js';

/**
 * The audit printed by `check --chunks --format json`. One row per claim: cited claims and
 * uncited ones stating a fact. Unknown keys are rejected so a consumer can rely on the shape.
 * - `total_citations`: claims carrying at least one citation marker (a claim citing `[2][5]` is one);
 * - `verified_citations`: those classified `exact_match` (their words are verbatim in a cited chunk);
 * - `unverified_citations`: those that passed the checks without being verbatim
 *   (`verification_uncertain`, `weak_support` when it does not fail): a judge must decide them;
 * - `failed_citations`: cited claims that fail the answer;
 * - `checks_passed_rate`: (verified + unverified) / total, rounded to `SCORE_DECIMALS`; null when
 *   nothing was cited. Not an accuracy: it says nothing was proven wrong, not that the claims hold;
 * - `verified_rate`: verified / total; null when nothing was cited;
 * - `weak_support`, `uncited_claims`: how many claims got those classifications;
 * - `critical_failures`: rows that fail the answer (uncited claims count only with `requireCitations`);
 * - `word_overlap`: the claim's distinct content words found in the cited chunk closest to it;
 * - `citation_id`: the cited ids as written in the chunks, `", "`-joined; null for an uncited claim;
 * - `source_passage`: the sentence window of the cited chunk closest to the claim (see
 *   `findSourcePassage`); null when no cited chunk exists or it is empty.
 * - `not_verified`: claims the judge was asked about and gave no counted verdict for, which fail
 *   the answer (0 without a judge, or with an advisory one);
 * - `support`: cited claims by what is known of their support, one meaning each (see
 *   `supportOutcome`), each a count and a rate over `total_citations` (null when nothing was
 *   cited); the five add up to the whole;
 * - `judge` (only with a model judge, docs/JUDGE.md): in the assessment what the pass cost
 *   (claims sent, calls made, attempts, calls and claims served from the cache, claims left
 *   without a counted verdict, whether it is advisory, the tokens its replies report); in a row
 *   what the judge said and whether it counted.
 */
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
  /** The rule that decided the classification (`src/codes.ts`): stable, where the explanation is words. */
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
  /** What a runtime caller should do (`recommendClaims`, src/chunks/repair.ts), and why. */
  action: z.enum(CLAIM_ACTIONS).optional(),
  action_code: z.enum(codesOf(ACTION_CODES)).optional(),
  action_reason: z.string().optional(),
  /** With `repair` and `retry`: the regeneration instruction and its failing claims. */
  retry: z
    .strictObject({ instruction: z.string().min(1), claims: z.array(auditRowSchema) })
    .optional(),
});
export type ChunkAudit = z.infer<typeof chunkAuditSchema>;
export type ChunkAuditRow = ChunkAudit['citation_audit'][number];

/** The document of `check --chunks --fix --format json`: the audit and its repair. */
export const chunkFixSchema = chunkAuditSchema.extend({
  repair: z.strictObject({
    /** The repaired answer; the answer itself when nothing was repaired. */
    text: z.string(),
    /** Each change (`ClaimChange`), its span in the answer. */
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
    /** The repaired answer's own audit; null when nothing was repaired. */
    verdict: chunkAuditSchema.nullable(),
  }),
});
export type ChunkFixJson = z.infer<typeof chunkFixSchema>;

/** The audit of a report. A formatter: it decides nothing the report has not. */
export function buildChunkAudit(report: ChunkReport): ChunkAudit {
  const total = report.citedClaims;
  const rate = (count: number): number | null =>
    total === 0 ? null : round(count / total, SCORE_DECIMALS);
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
      support: supportOf(report, rate),
      ...(report.judge ? { judge: judgeAssessment(report.judge) } : {}),
    },
    citation_audit: report.claims.map(auditRow),
    ...(report.action ? actionJson(report.action) : {}),
  };
}

function actionJson(
  action: ClaimRecommendation,
): Pick<ChunkAudit, 'action' | 'action_code' | 'action_reason' | 'retry'> {
  return {
    action: action.action,
    action_code: action.code,
    action_reason: action.reason,
    ...(action.retry
      ? {
          retry: {
            instruction: action.retry.instruction,
            claims: action.retry.claims.map(auditRow),
          },
        }
      : {}),
  };
}

/**
 * The JSON of `check --chunks --fix --format json`: the answer's audit (with its action) and under
 * `repair` the repaired text, each change with its span in the answer, and the repaired answer's
 * own audit. An answer with nothing repaired has `repair.text` equal to the answer, no changes and
 * a null `repair.verdict`.
 */
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

function supportOf(
  report: ChunkReport,
  rate: (count: number) => number | null,
): ChunkAudit['overall_assessment']['support'] {
  const outcomes = report.claims
    .filter((verdict) => verdict.claim.ids.length > 0)
    .map((verdict) => supportOutcome(verdict.classification));
  return Object.fromEntries(
    SUPPORT_OUTCOMES.map((outcome) => {
      const count = outcomes.filter((found) => found === outcome).length;
      return [outcome, { count, rate: rate(count) }];
    }),
  ) as ChunkAudit['overall_assessment']['support'];
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
    ...(verdict.judge
      ? {
          judge: {
            label: verdict.judge.label,
            evidence_quote: verdict.judge.evidenceQuote,
            counted: verdict.judge.counted,
            reason: verdict.judge.reason,
            cached: verdict.judge.cached,
          },
        }
      : {}),
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
