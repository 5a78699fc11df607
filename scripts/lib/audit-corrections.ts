import type { AllowlistIndex } from '../../src/match/index.js';
import type { PreparedAnswer } from '../../src/text/prepared.js';
import { bareOrgName } from '../../src/normalize/bare-names.js';
import { orgKey } from '../../src/normalize/name.js';
import { guardAnswer } from '../../src/repair/index.js';
import type { Report } from '../../src/types.js';
import { verifyAnswer } from '../../src/verify.js';
import type { Layout, ListedRow } from './audit-layouts.js';

export interface CorrectionAudit {
  /** Right answers: the row's own number (and page) in a layout. */
  right: number;
  /** Right answers that got a correction on any finding: each is a false accusation. */
  corrected: string[];
  /** Right answers that `--fix` changed: each should have been left byte for byte. */
  changed: string[];
  /** Answers with the next row's number (one the directory does not list for the row). */
  swaps: number;
  /** Swaps whose number was charged (misattributed). */
  caught: number;
  /** Charged swaps whose correction is one of the directory's numbers for the row. */
  correctedRight: number;
  /**
   * Charged swaps corrected to the number of an entry of the same name without its article or
   * legal form ("the X" names both X and THE X): right for the name written, listed apart.
   */
  correctedTwin: string[];
  /**
   * Charged swaps left for a person (action `review`, nothing written) because the directory lists
   * several numbers for the row: a fix needs one right replacement.
   */
  reviewed: number;
  /** Charged swaps whose correction is not (another number, or a removal), with why. */
  correctedWrong: string[];
  /** Charged swaps whose repaired answer passes with no number still charged. */
  repairedPasses: number;
  /** Charged swaps whose repaired answer does not, with why. */
  repairFails: string[];
}

/**
 * Prose and plain lists, as the swap layouts of audit-accusations.ts write them (without the
 * court's address, which a directory's rows do not all have): where a number is given for the
 * name in a sentence of its own, or as the next sentence's subject.
 */
export const PROSE_LAYOUTS: Layout[] = [
  (r, p) => `${r.name}: ${p}.`,
  (r, p) => `Call ${r.name} at ${p}.`,
  (r, p) => `Your case belongs in the ${r.name}. Its clerk's office answers at ${p}.`,
  (r, p) => `1. **${r.name}**\n   - Phone: ${p}`,
  (r, p) => `### ${r.name}\nPhone: ${p}`,
];

const bareKey = (name: string): string => orgKey(bareOrgName(name) ?? name);

const verify = (index: AllowlistIndex) => (answer: PreparedAnswer) => verifyAnswer(answer, index);

/** Every correction the report carries, as `kind raw → action` for a message. */
function correctionsOf(report: Report): string[] {
  return [
    ...report.links.flatMap((link) =>
      link.correction ? [`link ${link.finding.raw} → ${link.correction.action}`] : [],
    ),
    ...report.phones.flatMap((phone) =>
      phone.correction ? [`number ${phone.finding.raw} → ${phone.correction.action}`] : [],
    ),
  ];
}

/**
 * The false-accusation audit of corrections, over every row in every layout:
 * - the row's own number (and page, as a markdown link): no finding may carry a correction, and
 *   the guardrail (`--fix`) must give the answer back byte for byte;
 * - the next row's number instead (a swap): each charged number's correction must be one of the
 *   directory's numbers for the row, and the repaired answer must pass with nothing charged.
 */
export async function auditCorrections(
  rows: readonly ListedRow[],
  index: AllowlistIndex,
  layouts: readonly Layout[],
): Promise<CorrectionAudit> {
  const audit: CorrectionAudit = {
    right: 0,
    corrected: [],
    changed: [],
    swaps: 0,
    caught: 0,
    correctedRight: 0,
    correctedTwin: [],
    correctedWrong: [],
    reviewed: 0,
    repairedPasses: 0,
    repairFails: [],
  };
  for (const [k, row] of rows.entries()) {
    const wrong = rows[(k + 1) % rows.length]!.phone;
    const wrongNormalized = verifyAnswer(wrong, index).phones[0]?.finding.normalized;
    const swappable =
      wrongNormalized !== undefined && !index.ownersOf(wrongNormalized).includes(row.name);
    const link = row.url === undefined ? '' : `\nWebsite: [${new URL(row.url).host}](${row.url})`;
    for (const render of layouts) {
      await auditRight(`${render(row, row.phone)}${link}`, index, audit);
      if (swappable) await auditSwap(render(row, wrong), row, index, audit);
    }
  }
  return audit;
}

async function auditRight(text: string, index: AllowlistIndex, audit: CorrectionAudit) {
  audit.right++;
  const report = verifyAnswer(text, index);
  const corrections = correctionsOf(report);
  if (corrections.length > 0) audit.corrected.push(`${JSON.stringify(text)}: ${corrections}`);
  const { repair } = await guardAnswer(text, report, verify(index));
  const fixed = repair?.text ?? text;
  if (fixed !== text) audit.changed.push(`${JSON.stringify(text)} → ${JSON.stringify(fixed)}`);
}

async function auditSwap(
  text: string,
  row: ListedRow,
  index: AllowlistIndex,
  audit: CorrectionAudit,
): Promise<void> {
  audit.swaps++;
  const report = verifyAnswer(text, index);
  const charged = report.phones.filter((phone) => phone.status === 'misattributed');
  if (charged.length === 0) return;
  audit.caught++;
  const listed = index.orgPhones.get(row.name) ?? [];
  if (listed.length > 1 && charged.every((phone) => phone.correction?.action === 'review')) {
    const { report: guarded } = await guardAnswer(text, report, verify(index));
    if (guarded.recommendation?.action === 'review') audit.reviewed++;
    else
      audit.repairFails.push(
        `${JSON.stringify(text)}: ${guarded.recommendation?.action}, not review`,
      );
    return;
  }
  const twins = index.allowlist.orgNames.filter(
    (name) => name !== row.name && bareKey(name) === bareKey(row.name),
  );
  const ofTwin = (value: string) =>
    twins.some((twin) => index.orgPhones.get(twin)?.includes(value));
  const wrongOnes = charged.filter(
    (phone) => phone.correction?.action !== 'replace' || !listed.includes(phone.correction.value),
  );
  if (wrongOnes.length === 0) audit.correctedRight++;
  else if (
    wrongOnes.every(
      (phone) => phone.correction?.action === 'replace' && ofTwin(phone.correction.value),
    )
  )
    audit.correctedTwin.push(`${JSON.stringify(text)}: corrected to ${twins.join(', ')}'s number`);
  else
    audit.correctedWrong.push(
      `${JSON.stringify(text)}: ${wrongOnes
        .map((phone) =>
          phone.correction?.action === 'replace'
            ? `${phone.finding.raw} → ${phone.correction.text} (${phone.correction.source.path})`
            : `${phone.finding.raw} → ${phone.correction?.action ?? 'no correction'}`,
        )
        .join('; ')}; listed for ${row.name}: ${listed.join(', ')}`,
    );
  const { repair } = await guardAnswer(text, report, verify(index));
  const after = repair?.report;
  if (after?.pass && !after.phones.some((phone) => phone.status === 'misattributed'))
    audit.repairedPasses++;
  else
    audit.repairFails.push(
      `${JSON.stringify(text)} → ${JSON.stringify(repair?.text)}: ${after?.reasons[0] ?? 'not repaired'}`,
    );
}
