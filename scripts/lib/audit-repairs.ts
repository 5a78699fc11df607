import type { AllowlistIndex } from '../../src/match/index.js';
import { sameBareName } from '../../src/match/phone-verdicts.js';
import { guardAnswer } from '../../src/repair/index.js';
import type { PreparedAnswer } from '../../src/text/prepared.js';
import { verifyAnswer } from '../../src/verify.js';
import type { Layout, ListedRow } from './audit-layouts.js';

export interface RepairAudit {
  /** Answers guarded (`check --fix`). */
  answers: number;
  /** Numbers `--fix` wrote in place of others. */
  repairs: number;
  /**
   * Numbers written that do not belong to the organization the answer names by a strong name (the
   * row's, or an entry of the same bare name), with the answer: each would send a person to the
   * wrong organization.
   */
  harmful: string[];
  /** Numbers the directory lists for the organization named that `--fix` replaced. */
  rightReplaced: string[];
  /** Answers left for a person (action review). */
  reviewed: number;
}

/**
 * The harmful-repair audit (issue 37): every row in every layout, guarded as `check --fix` does:
 * - with its own number: nothing may be written in place;
 * - with the next row's number: what is written must be the row's number, its organization named
 *   by a strong name in the answer;
 * - for a `PARENT - SITE` name, each part alone with the row's own number (a 211 export's parent
 *   and its site, `SFWMD - MIAMI-DADE`): a part names the row at best, so nothing may be written
 *   that is not the row's.
 */
export async function auditRepairs(
  rows: readonly ListedRow[],
  index: AllowlistIndex,
  layouts: readonly Layout[],
): Promise<RepairAudit> {
  const audit: RepairAudit = {
    answers: 0,
    repairs: 0,
    harmful: [],
    rightReplaced: [],
    reviewed: 0,
  };
  for (const [k, row] of rows.entries()) {
    const wrong = rows[(k + 1) % rows.length]!.phone;
    const parts = row.name.split(/\s+-\s+/).filter((part) => part.length > 0);
    const named = parts.length > 1 ? parts.map((part) => ({ ...row, name: part })) : [];
    for (const render of layouts) {
      await auditOne(render(row, row.phone), row, index, audit);
      await auditOne(render(row, wrong), row, index, audit);
      for (const part of named) await auditOne(render(part, row.phone), row, index, audit);
    }
  }
  return audit;
}

const verify = (index: AllowlistIndex) => (answer: PreparedAnswer) => verifyAnswer(answer, index);

async function auditOne(
  text: string,
  row: ListedRow,
  index: AllowlistIndex,
  audit: RepairAudit,
): Promise<void> {
  audit.answers++;
  const report = verifyAnswer(text, index);
  const guarded = await guardAnswer(text, report, verify(index));
  if (guarded.report.recommendation?.action === 'review') audit.reviewed++;
  const own = index.orgPhones.get(row.name) ?? [];
  for (const change of guarded.repair?.changes ?? []) {
    if (change.finding !== 'phone' || change.action !== 'replace') continue;
    audit.repairs++;
    const entry = change.source?.entry ?? '';
    const written = (index.orgPhones.get(entry) ?? []).join(', ');
    const strong = report.organizations.some((org) => org.normalized === entry && !org.weak);
    const rightOrg = entry === row.name || sameBareName(entry, row.name);
    if (!strong || !rightOrg)
      audit.harmful.push(
        `${JSON.stringify(text)}: ${change.original} → ${change.text}, the number of ${entry} (${written}), ${strong ? '' : 'not named by a strong name, '}given for ${row.name}`,
      );
    const original = verifyAnswer(change.original, index).phones[0]?.finding.normalized;
    if (original !== undefined && own.includes(original))
      audit.rightReplaced.push(`${JSON.stringify(text)}: ${change.original} → ${change.text}`);
  }
}
