import type { Correction, Report } from '../types.js';

/**
 * `  → replace with (617) 555-0100 (from $.org_phones["X"])`, `  → remove the claim`, or
 * `  → for a person to review`: a finding's fix as `check` prints it.
 */
export function correctionNote(correction: Correction | undefined): string {
  if (correction === undefined) return '';
  if (correction.action === 'remove') return ` → remove the claim (${correction.reason})`;
  if (correction.action === 'review')
    return ` → for a person to review, nothing written (${correction.reason}${correction.suggestions.length === 0 ? '' : `; the directory offers: ${correction.suggestions.join(', ')}`})`;
  const more =
    correction.alternatives.length === 0
      ? ''
      : `; also listed: ${correction.alternatives.join(', ')}`;
  return ` → replace with ${correction.text} (${correction.reason}: ${correction.source.path}${more})`;
}

/** `Action: repair — why`, under the verdict line of `check`, when the report has one. */
export function actionLines(report: Report): string[] {
  const action = report.recommendation;
  return action ? [`Action: ${action.action} — ${action.reason}`] : [];
}
