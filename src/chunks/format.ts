import type { ChunkAudit } from './audit.js';
import { shorten } from './explain.js';
import { SUPPORT_OUTCOMES } from './types.js';

/** The audit as a table for a terminal: a summary, then each claim with its why, fix and passage. */
export function formatChunkAuditText(audit: ChunkAudit, pass: boolean): string {
  const summary = audit.overall_assessment;
  const rate =
    summary.checks_passed_rate === null
      ? 'no citations'
      : `${(summary.checks_passed_rate * 100).toFixed(1)}% pass the checks`;
  const warnings = summary.weak_support + summary.uncited_claims;
  const unverified = audit.citation_audit.find((row) => row.classification === 'not_verified');
  const lines = [
    ...(unverified
      ? [
          `${unverified.explanation}; ${summary.not_verified} claim${summary.not_verified === 1 ? '' : 's'} not verified`,
        ]
      : []),
    `chunk citations: ${pass ? 'PASS' : 'FAIL'} — ${summary.total_citations} cited claim${summary.total_citations === 1 ? '' : 's'}: ${summary.verified_citations} verbatim, ${summary.unverified_citations} for a judge, ${summary.failed_citations} failed (${rate}); ${summary.critical_failures} critical failure${summary.critical_failures === 1 ? '' : 's'}${warnings > 0 ? `; ${summary.weak_support} weak_support, ${summary.uncited_claims} uncited_claim` : ''}`,
  ];
  if (summary.total_citations > 0)
    lines.push(
      `support: ${SUPPORT_OUTCOMES.map((outcome) => `${summary.support[outcome].count} ${outcome.replace('_', ' ')}`).join(', ')}`,
    );
  if (summary.judge) lines.push(judgeLine(summary.judge));
  lines.push(...actionLines(audit));
  if (audit.citation_audit.length === 0) return `${lines.join('\n')}\n(no claims to check)\n`;
  const rows = audit.citation_audit.map((row, index) => ({
    number: String(index + 1),
    cites: row.citation_id === null ? '—' : `[${row.citation_id}]`,
    classification: row.classification,
    claim: shorten(row.claim_text, 90),
    row,
  }));
  // A loop, not `Math.max(...values)`: spreading 130,000 rows overflowed the stack.
  const widest = (header: string, cell: (row: (typeof rows)[number]) => string): number =>
    rows.reduce((widest, row) => Math.max(widest, cell(row).length), header.length);
  const numberWidth = widest('#', (row) => row.number);
  const citesWidth = widest('cites', (row) => row.cites);
  const classWidth = widest('classification', (row) => row.classification);
  const indent = ' '.repeat(numberWidth + 2);
  lines.push('');
  lines.push(
    `${'#'.padStart(numberWidth)}  ${'cites'.padEnd(citesWidth)}  ${'classification'.padEnd(classWidth)}  claim`,
  );
  for (const entry of rows) {
    lines.push(
      `${entry.number.padStart(numberWidth)}  ${entry.cites.padEnd(citesWidth)}  ${entry.classification.padEnd(classWidth)}  ${entry.claim}`,
    );
    lines.push(`${indent}why: ${entry.row.explanation}`);
    lines.push(`${indent}fix: ${entry.row.correction_instruction}`);
    if (entry.row.word_overlap.chunk_id !== null)
      lines.push(
        `${indent}overlap: ${entry.row.word_overlap.found}/${entry.row.word_overlap.of} content words in chunk ${entry.row.word_overlap.chunk_id}`,
      );
    if (entry.row.judge)
      lines.push(
        `${indent}judge: ${entry.row.judge.label ?? 'no verdict'}${entry.row.judge.counted ? '' : ' (not counted)'}${entry.row.judge.cached ? ', from cache' : ''}`,
      );
    if (entry.row.source_passage !== null)
      lines.push(`${indent}passage: “${entry.row.source_passage}”`);
  }
  return `${lines.join('\n')}\n`;
}

/** The judge's cost in one line, for the table and the promptfoo reason. */
export function judgeLine(judge: NonNullable<ChunkAudit['overall_assessment']['judge']>): string {
  const plural = (count: number, word: string): string =>
    `${count} ${word}${count === 1 ? '' : 's'}`;
  return `judge ${judge.model} (${judge.prompt_version}${judge.advisory ? ', advisory' : ''}): ${plural(judge.claims_sent, 'claim')} sent, ${plural(judge.calls_made, 'call')} made (${plural(judge.attempts, 'attempt')}), ${judge.calls_from_cache} served from cache (${plural(judge.claims_from_cache, 'claim')}), ${judge.uncounted} without a counted verdict; tokens ${judge.tokens.total} (${judge.tokens.prompt} prompt, ${judge.tokens.cached} of them cached, ${judge.tokens.completion} completion)`;
}

/** `action: repair — why`, when the audit has an action (`recommendClaims`). */
export function actionLines(audit: Pick<ChunkAudit, 'action' | 'action_reason'>): string[] {
  return audit.action === undefined ? [] : [`action: ${audit.action} — ${audit.action_reason}`];
}

/** What `check --chunks --fix` writes on standard error after the repaired answer. */
export function claimFixSummary(audit: ChunkAudit, changes: number): string {
  const lines = [
    `${audit.action}: ${audit.action_reason} (${changes} change${changes === 1 ? '' : 's'})`,
  ];
  if (audit.action === 'retry' && audit.retry) lines.push(audit.retry.instruction);
  return `${lines.join('\n')}\n`;
}
