import { LISTED_FINDINGS, SCORE_DECIMALS } from '../defaults.js';
import { listed } from '../format/formatters.js';
import { REASON_PREFIX, type GradingResult } from '../format/grading.js';
import { round } from '../score.js';
import { buildChunkAudit, citationId, tokensJson } from './audit.js';
import { shorten } from './explain.js';
import { actionLines, judgeLine } from './format.js';
import {
  CLAIM_CLASSIFICATIONS,
  type ChunkReport,
  type ClaimVerdict,
  isWarning,
  SUPPORT_OUTCOMES,
} from './types.js';

/** The chunk assertion's named scores: fractions, left out when the denominator is 0. */
export const CHUNK_SCORE_NAMES = {
  checksPassedRate: 'chunk_checks_passed_rate',
  citationsFound: 'chunk_citations_found',
  failures: 'chunk_failure_rate',
  warnings: 'chunk_warning_rate',
  supported: 'chunk_supported_rate',
  unsupported: 'chunk_unsupported_rate',
  contradicted: 'chunk_contradicted_rate',
  partial: 'chunk_partial_rate',
  not_verified: 'chunk_not_verified_rate',
} as const;

/** Key of the chunk assertion's metadata: the audit `check --chunks --format json` prints. */
export const CHUNK_METADATA_KEY = 'chunkCitations';

/** Prefix of every reason, so a promptfoo row shows which assertion spoke. */
export const CHUNK_REASON_PREFIX = `${REASON_PREFIX} chunks`;

/**
 * The GradingResult of a chunk report, the audit in `metadata.chunkCitations`. No
 * `componentResults`: promptfoo 0.121–0.123 flatten them, so a passing row showed "1 FAIL 3 PASS".
 */
export function chunkGradingResult(report: ChunkReport): GradingResult {
  const audit = buildChunkAudit(report);
  const namedScores: Record<string, number> = {};
  const share = (name: string, count: number, of: number): void => {
    if (of > 0) namedScores[name] = round(count / of, SCORE_DECIMALS);
  };
  share(CHUNK_SCORE_NAMES.failures, report.failures, report.claims.length);
  share(CHUNK_SCORE_NAMES.warnings, report.warnings, report.claims.length);
  share(CHUNK_SCORE_NAMES.checksPassedRate, report.passedClaims, report.citedClaims);
  share(CHUNK_SCORE_NAMES.citationsFound, report.foundIds, report.citedIds);
  for (const outcome of SUPPORT_OUTCOMES)
    share(
      CHUNK_SCORE_NAMES[outcome],
      audit.overall_assessment.support[outcome].count,
      report.citedClaims,
    );

  const worst = CLAIM_CLASSIFICATIONS.find((classification) => report.counts[classification] > 0);
  const counts = CLAIM_CLASSIFICATIONS.filter((classification) => report.counts[classification] > 0)
    .map((classification) => `${report.counts[classification]} ${classification}`)
    .join(', ');
  const denominator =
    report.citedClaims + (report.requireCitations ? report.counts.uncited_claim : 0);
  const failures = report.claims.filter((verdict) => verdict.failing);
  const warnings = report.claims.filter(isWarning);
  const passNote =
    report.pass && warnings.length > 0
      ? ` with ${warnings.length} warning${warnings.length === 1 ? '' : 's'}`
      : '';
  const lines = [
    ...notVerifiedLine(report),
    `${CHUNK_REASON_PREFIX}: ${report.pass ? 'PASS' : 'FAIL'}${passNote} — ${report.claims.length === 0 ? 'no citations and no uncited figures or quotations' : `worst claim ${worst}`}; ${report.chunkCount} chunk${report.chunkCount === 1 ? '' : 's'}`,
    `claims: ${counts || '(none)'}`,
    `score ${report.counts.not_verified > 0 ? '0 (not verified):' : `${round(report.score, SCORE_DECIMALS)} =`} ${report.passedClaims} passing the checks / ${denominator} (${report.citedClaims} cited${report.requireCitations ? ` + ${report.counts.uncited_claim} uncited, citations required` : ''}); ids found ${report.foundIds}/${report.citedIds}`,
    `failures: ${failures.length === 0 ? '(none)' : listed(failures.map(describeVerdict), LISTED_FINDINGS.reason, 'failures').join(' | ')}`,
    `warnings: ${warnings.length === 0 ? '(none)' : listed(warnings.map(describeVerdict), LISTED_FINDINGS.reason, 'warnings').join(' | ')}`,
  ];
  if (audit.overall_assessment.judge) lines.push(judgeLine(audit.overall_assessment.judge));
  lines.push(...actionLines(audit));
  const omitted = audit.citation_audit.length - LISTED_FINDINGS.json;
  return {
    pass: report.pass,
    score: round(report.score, SCORE_DECIMALS),
    reason: lines.join('\n'),
    namedScores,
    ...(report.judge && report.judge.callsMade > 0
      ? { tokensUsed: { ...tokensJson(report.judge.tokens), numRequests: report.judge.attempts } }
      : {}),
    metadata: {
      [CHUNK_METADATA_KEY]:
        omitted > 0
          ? {
              ...audit,
              citation_audit: audit.citation_audit.slice(0, LISTED_FINDINGS.json),
              omitted,
            }
          : audit,
    },
  };
}

/** When the gate could not check the answer, why comes first. */
function notVerifiedLine(report: ChunkReport): string[] {
  const unverified = report.claims.filter((verdict) => verdict.classification === 'not_verified');
  const first = unverified[0];
  if (!first) return [];
  const more = unverified.length - 1;
  return [
    `${first.explanation}${more > 0 ? ` (and ${more} more claim${more === 1 ? '' : 's'} not verified)` : ''}; ${unverified.length} of ${report.judge?.claimsSent ?? unverified.length} claims sent to the judge have no counted verdict`,
  ];
}

function describeVerdict(verdict: ClaimVerdict): string {
  const id = citationId(verdict);
  return `${verdict.classification}${id === null ? '' : ` [${id}]`} “${shorten(verdict.claim.text, 120)}”: ${verdict.explanation}. Fix: ${verdict.correction}`;
}
