import type { ChunkAudit } from './audit.js';

/**
 * The audit as a readable table for a terminal: a summary line, then one row per claim (number,
 * cited ids, classification, claim) with the explanation, the fix and the passage under it.
 */
export function formatChunkAuditText(audit: ChunkAudit, pass: boolean): string {
  const summary = audit.overall_assessment;
  const rate =
    summary.checks_passed_rate === null
      ? 'no citations'
      : `${(summary.checks_passed_rate * 100).toFixed(1)}% pass the checks`;
  const warnings = summary.weak_support + summary.uncited_claims;
  const lines = [
    `chunk citations: ${pass ? 'PASS' : 'FAIL'} — ${summary.total_citations} cited claim${summary.total_citations === 1 ? '' : 's'}: ${summary.verified_citations} verbatim, ${summary.unverified_citations} for a judge, ${summary.failed_citations} failed (${rate}); ${summary.critical_failures} critical failure${summary.critical_failures === 1 ? '' : 's'}${warnings > 0 ? `; ${summary.weak_support} weak_support, ${summary.uncited_claims} uncited_claim` : ''}`,
  ];
  if (audit.citation_audit.length === 0) return `${lines[0]!}\n(no claims to check)\n`;
  const rows = audit.citation_audit.map((row, index) => ({
    number: String(index + 1),
    cites: row.citation_id === null ? '—' : `[${row.citation_id}]`,
    classification: row.classification,
    claim: row.claim_text.length > 90 ? `${row.claim_text.slice(0, 89)}…` : row.claim_text,
    row,
  }));
  const width = (values: string[], header: string): number =>
    Math.max(header.length, ...values.map((value) => value.length));
  const numberWidth = width(
    rows.map((row) => row.number),
    '#',
  );
  const citesWidth = width(
    rows.map((row) => row.cites),
    'cites',
  );
  const classWidth = width(
    rows.map((row) => row.classification),
    'classification',
  );
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
    if (entry.row.source_passage !== null)
      lines.push(`${indent}passage: “${entry.row.source_passage}”`);
  }
  return `${lines.join('\n')}\n`;
}
