import { SCORE_DECIMALS } from '../defaults.js';
import { REASON_PREFIX, type GradingResult } from '../format/grading.js';
import { round } from '../score/score.js';
import { citationId } from './audit.js';
import { isWarning } from './check.js';
import { CLAIM_CLASSIFICATIONS, type ChunkReport, type ClaimVerdict } from './types.js';

/** Names of the scores the chunk assertion reports to promptfoo (averaged by it across rows). */
export const CHUNK_SCORE_NAMES = {
  /** Cited claims that pass the deterministic checks / cited claims; left out when nothing is cited. Not a support rate: a judge decides support. */
  checksPassedRate: 'chunk_checks_passed_rate',
  /** Distinct cited ids that name a chunk / distinct cited ids; left out when nothing is cited. */
  citationsFound: 'chunk_citations_found',
  /** Claims that fail the answer (a count). */
  failures: 'chunk_failures',
  /** Claims the answer passes with but a reader should see: `uncited_claim`, `weak_support` (a count). */
  warnings: 'chunk_warnings',
} as const;

/** Prefix of every reason, so a promptfoo row shows which assertion spoke. */
export const CHUNK_REASON_PREFIX = `${REASON_PREFIX} chunks`;

/**
 * The GradingResult of a chunk report. `pass` and `score` are the report's (gated on the worst
 * claim; see `scoreChunkReport`); one component result per claim, failing claims with score 0.
 * The reason shows its working: the worst classification, the counts, the score as a fraction,
 * then each failure and each warning with what to change, or `(none)`.
 */
export function chunkGradingResult(report: ChunkReport): GradingResult {
  const namedScores: Record<string, number> = { [CHUNK_SCORE_NAMES.failures]: report.failures, [CHUNK_SCORE_NAMES.warnings]: report.warnings };
  if (report.citedClaims > 0) namedScores[CHUNK_SCORE_NAMES.checksPassedRate] = round(report.passedClaims / report.citedClaims, SCORE_DECIMALS);
  if (report.citedIds > 0) namedScores[CHUNK_SCORE_NAMES.citationsFound] = round(report.foundIds / report.citedIds, SCORE_DECIMALS);

  const worst = CLAIM_CLASSIFICATIONS.find((classification) => report.counts[classification] > 0);
  const counts = CLAIM_CLASSIFICATIONS.filter((classification) => report.counts[classification] > 0)
    .map((classification) => `${report.counts[classification]} ${classification}`)
    .join(', ');
  const denominator = report.citedClaims + (report.requireCitations ? report.counts.uncited_claim : 0);
  const failures = report.claims.filter((verdict) => verdict.failing);
  const warnings = report.claims.filter(isWarning);
  const passNote = report.pass && warnings.length > 0 ? ` with ${warnings.length} warning${warnings.length === 1 ? '' : 's'}` : '';
  const lines = [
    `${CHUNK_REASON_PREFIX}: ${report.pass ? 'PASS' : 'FAIL'}${passNote} — ${report.claims.length === 0 ? 'no citations and no uncited figures or quotations' : `worst claim ${worst}`}; ${report.chunkCount} chunk${report.chunkCount === 1 ? '' : 's'}`,
    `claims: ${counts || '(none)'}`,
    `score ${round(report.score, SCORE_DECIMALS)} = ${report.passedClaims} passing the checks / ${denominator} (${report.citedClaims} cited${report.requireCitations ? ` + ${report.counts.uncited_claim} uncited, citations required` : ''}); ids found ${report.foundIds}/${report.citedIds}`,
    `failures: ${failures.length === 0 ? '(none)' : failures.map(describeVerdict).join(' | ')}`,
    `warnings: ${warnings.length === 0 ? '(none)' : warnings.map(describeVerdict).join(' | ')}`,
  ];
  return {
    pass: report.pass,
    score: round(report.score, SCORE_DECIMALS),
    reason: lines.join('\n'),
    namedScores,
    componentResults: report.claims.map(componentResult),
  };
}

function componentResult(verdict: ClaimVerdict): GradingResult {
  return {
    pass: !verdict.failing,
    score: verdict.failing ? 0 : 1,
    reason: describeVerdict(verdict),
    metadata: { classification: verdict.classification, citation_id: citationId(verdict), source_passage: verdict.source?.text ?? null, word_overlap: verdict.wordOverlap.ratio },
  };
}

function describeVerdict(verdict: ClaimVerdict): string {
  const id = citationId(verdict);
  const claim = verdict.claim.text.length > 120 ? `${verdict.claim.text.slice(0, 119)}…` : verdict.claim.text;
  return `${verdict.classification}${id === null ? '' : ` [${id}]`} “${claim}”: ${verdict.explanation}. Fix: ${verdict.correction}`;
}
