import type { AllowlistIndex } from '../../src/match/index.js';
import { sameBareName } from '../../src/match/phone-verdicts.js';
import { verifyAnswer } from '../../src/verify.js';

/** One listed organization with a number to call, and its listed page when it has one. */
export interface ListedRow {
  name: string;
  phone: string;
  url?: string;
}

// Issue 22's layouts: bullets with bold names, tables, headings, markdown links, numbered lists,
// with the labels chatbots put before a number (languages, days, kinds of line).
export type Layout = (row: ListedRow, phone: string) => string;

export const LAYOUTS: Layout[] = [
  (r, p) => `- **${r.name}**: ${p}`,
  (r, p) => `- **${r.name}**: counseling in English, Spanish, Chinese and Russian: ${p}`,
  (r, p) => `1. ${r.name} — Vietnamese and Tagalog: ${p}`,
  (r, p) => `### ${r.name}\nFriday: ${p}`,
  (r, p) => `- **${r.name}**\n  - En Español: ${p}`,
  (r, p) =>
    `| Organization | Line | Phone |\n| --- | --- | --- |\n| ${r.name} | Toll-free Hotline | ${p} |`,
  (r, p) => `**${r.name}**. **Intake:** ${p}`,
  (r, p) => `## ${r.name.toUpperCase()}\nCall ${p}.`,
];

/** `name` in another case than listed: in capitals, or in lower case when listed in capitals. */
const otherCase = (name: string): string =>
  name === name.toUpperCase() ? name.toLowerCase() : name.toUpperCase();

/**
 * The places where a name is a name whatever its case (the whole heading, a list item's bold lead,
 * a whole table cell), each name written in another case than the directory's: a name of
 * ordinary words matches there too (`standsAsName`). A one-word name in capitals short enough to
 * be an acronym (HUD's `AHOME`, `HOMENET`, `MANNA, INC.`) keeps its case on purpose
 * (`isAmbiguousName`), so its swaps are not caught in lower case.
 */
export const OTHER_CASE_LAYOUTS: Layout[] = [
  (r, p) => `### ${otherCase(r.name)}\nFriday: ${p}`,
  (r, p) => `- **${otherCase(r.name)}**: ${p}`,
  (r, p) => `1. **${otherCase(r.name)}:** ${p}`,
  (r, p) => `**${otherCase(r.name)}**\nPhone: ${p}`,
  (r, p) => `| Organization | Phone |\n| --- | --- |\n| ${otherCase(r.name)} | ${p} |`,
  (r, p) =>
    `| Organization | Line | Phone |\n| --- | --- | --- |\n| **${otherCase(r.name)}** | Toll-free Hotline | ${p} |`,
];

export interface LayoutAudit {
  answers: number;
  numbers: number;
  links: number;
  /** Right answers that were charged (a misattributed number, an invented link). */
  accusations: string[];
  swaps: number;
  caught: number;
}

/**
 * Every row in every layout with its own number (and its page as a markdown link whose text is
 * its host), where any misattributed number or invented link is a false accusation; then with the
 * next row's number (one the directory does not list for it), where each should be charged.
 */
export function auditLayouts(
  rows: readonly ListedRow[],
  index: AllowlistIndex,
  layouts: readonly Layout[] = LAYOUTS,
): LayoutAudit {
  const audit: LayoutAudit = {
    answers: 0,
    numbers: 0,
    links: 0,
    accusations: [],
    swaps: 0,
    caught: 0,
  };
  for (const [k, row] of rows.entries()) {
    const wrong = rows[(k + 1) % rows.length]!.phone;
    const wrongNormalized = verifyAnswer(wrong, index).phones[0]?.finding.normalized;
    // A number of the row's twin entry (the same name without its article or legal form, another
    // office) is no wrong number for it: the verifier rightly does not charge it.
    const swappable =
      wrongNormalized !== undefined &&
      !index
        .ownersOf(wrongNormalized)
        .some((owner) => owner === row.name || sameBareName(owner, row.name));
    for (const render of layouts) {
      const link = row.url === undefined ? '' : `\nWebsite: [${new URL(row.url).host}](${row.url})`;
      const text = `${render(row, row.phone)}${link}`;
      const report = verifyAnswer(text, index);
      audit.answers++;
      for (const phone of report.phones) {
        audit.numbers++;
        if (phone.status === 'misattributed')
          audit.accusations.push(`${JSON.stringify(text)}: ${phone.reason}`);
      }
      for (const verdict of report.links) {
        audit.links++;
        if (verdict.bucket === 'invented')
          audit.accusations.push(`${JSON.stringify(text)}: ${verdict.reason}`);
      }
      if (!swappable) continue;
      audit.swaps++;
      if (verifyAnswer(render(row, wrong), index).phones.some((p) => p.status === 'misattributed'))
        audit.caught++;
    }
  }
  return audit;
}
