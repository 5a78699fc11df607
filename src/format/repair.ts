import type { Repair } from '../repair/index.js';
import type { Report } from '../types.js';
import { toJson } from './formatters.js';
import type { FixJson } from './verdict-schema.js';

/** The JSON of `check --fix` and `POST /v1/fix`: the verdict and the repair, spans by pass. */
export function fixJson(answer: string, report: Report, repair?: Repair): FixJson {
  return {
    ...toJson(report),
    repair: {
      text: repair?.text ?? answer,
      passes: repair?.passes ?? 0,
      changes: repair?.changes ?? [],
      unrepaired: repair?.unrepaired ?? [],
      verdict: toJson(repair?.report ?? report),
    },
  };
}

/** One line for standard error after `check --fix` prints the repaired answer. */
export function fixSummary(report: Report, repair?: Repair): string {
  const action = report.recommendation;
  const changes = repair?.changes.length ?? 0;
  const left = repair?.unrepaired.length ?? 0;
  return `${action ? `${action.action}: ${action.reason}` : ''} (${changes} change${changes === 1 ? '' : 's'}, ${left} not repaired)\n`;
}
