import type { PreparedAnswer } from '../text/prepared.js';
import type { Report } from '../types.js';
import { needsRepair, recommend } from './action.js';
import { type Repair, repairAnswer, type Verify } from './repair.js';

export { type PlannedEdit } from './apply.js';
export { removalEdit } from './removal.js';
export { fixPass, type Repair } from './repair.js';

/** The verdict with its recommendation, and the repair when needed: the guardrail's one call. */
export async function guardAnswer(
  text: string | PreparedAnswer,
  report: Report,
  verify: Verify,
): Promise<{ report: Report; repair?: Repair }> {
  if (!needsRepair(report)) return { report: { ...report, recommendation: recommend(report) } };
  const repair = await repairAnswer(text, report, verify);
  const repaired = {
    ...repair,
    report: { ...repair.report, recommendation: recommend(repair.report) },
  };
  return { report: { ...report, recommendation: recommend(report, repair) }, repair: repaired };
}
