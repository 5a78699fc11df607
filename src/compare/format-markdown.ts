import {
  type Column,
  shownBuckets,
  answerTitle,
  bucketCell,
  capped,
  headline,
  listedAnswers,
  lookalikeTitle,
  misattributedLabel,
  misattributedTitle,
  moreText,
  DEAD_END_LABELS,
  deadEndCell,
  differenceLines,
  HEADLINE_TITLE,
  shownDeadEnds,
  problemParts,
  scopeLine,
  vendorColumns,
} from './format-common.js';
import type { Problem, VendorComparison, VendorFigures } from './types.js';

// The one markdown escaper lives with the other output helpers; report and stale share it.
export { codeSpan, escapeMarkdown } from '../format/markdown.js';
import { codeSpan, escapeMarkdown } from '../format/markdown.js';

function problemMarkdown(problem: Problem): string {
  const parts = problemParts(problem);
  return `${escapeMarkdown(parts.what)} ${codeSpan(parts.text)}${parts.note ? ` (${escapeMarkdown(parts.note)})` : ''}: ${escapeMarkdown(problem.reason)}`;
}

/** A GitHub table: a row per vendor, numbers right-aligned, every header and cell escaped. */
function markdownTable(columns: readonly Column[], vendors: readonly VendorFigures[]): string[] {
  const row = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [
    row(columns.map((column) => escapeMarkdown(column.header.replace('\n', ' ')))),
    row(columns.map((column) => (column.numeric ? '---:' : '---'))),
    ...vendors.map((figures) =>
      row(columns.map((column) => escapeMarkdown(column.value(figures)))),
    ),
  ];
}

/**
 * The comparison for a pull request or a memo: a heading, the headline, the vendor table, the
 * bucket shares, then the answers to read with the offending links and numbers in code spans.
 */
export function comparisonToMarkdown(comparison: VendorComparison): string {
  const lines: string[] = [
    '## Vendor comparison: where answers send a person',
    '',
    escapeMarkdown(scopeLine(comparison)),
    '',
  ];
  lines.push(
    `**${HEADLINE_TITLE}** (share of answers with a dead end): ${escapeMarkdown(headline(comparison))}`,
    '',
  );
  for (const line of differenceLines(comparison)) lines.push(`- ${escapeMarkdown(line)}`);
  if (comparison.headlineDifferences.length > 0) lines.push('');
  const kinds = shownDeadEnds(comparison);
  const buckets = shownBuckets(comparison);
  lines.push(
    '### Dead ends by kind (answers with one, and how many were found)',
    '',
    ...markdownTable(
      [
        { header: 'Vendor', numeric: false, value: (figures) => figures.vendor },
        ...kinds.map((kind) => ({
          header: DEAD_END_LABELS[kind],
          numeric: true,
          value: (figures: VendorFigures) => deadEndCell(figures.deadEndKinds[kind]),
        })),
      ],
      comparison.vendors,
    ),
    '',
    '### Per vendor',
    '',
    ...markdownTable(vendorColumns(comparison), comparison.vendors),
    '',
    '### Share of links in each bucket',
    '',
    ...markdownTable(
      [
        { header: 'Vendor', numeric: false, value: (figures) => figures.vendor },
        ...buckets.map((bucket) => ({
          header: bucket,
          numeric: true,
          value: (figures: VendorFigures) => bucketCell(figures.buckets[bucket]),
        })),
      ],
      comparison.vendors,
    ),
  );

  const listed = listedAnswers(comparison);
  lines.push('', `### ${escapeMarkdown(listed.title)}: ${listed.answers.length}`, '');
  if (listed.answers.length === 0) lines.push(escapeMarkdown(listed.empty));
  for (const answer of listed.answers) {
    lines.push(
      `- **${escapeMarkdown(answerTitle(answer))}** (verifier score ${answer.verifierScore})`,
    );
    const { shown, more } = capped(answer.problems);
    for (const problem of shown) lines.push(`  - ${problemMarkdown(problem)}`);
    if (more > 0)
      lines.push(`  - ${escapeMarkdown(moreText(more, 'problems (--format json lists them)'))}`);
    for (const reason of answer.judgeReasons) lines.push(`  - judge: ${escapeMarkdown(reason)}`);
  }

  lines.push(...findingsMarkdown(comparison));

  if (comparison.errors.length > 0) {
    lines.push(
      '',
      `### Rows that errored: ${comparison.errors.length}`,
      '',
      'Counted as errors, not as passes or fails.',
      '',
    );
    for (const error of comparison.errors)
      lines.push(
        `- ${escapeMarkdown(`${error.vendor} · ${error.test}`)}: ${escapeMarkdown(error.error)}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

/** Every misattributed number, then every lookalike link, passed and failed alike. */
function findingsMarkdown(comparison: VendorComparison): string[] {
  const lines: string[] = [];
  lines.push('', `### ${escapeMarkdown(misattributedTitle(comparison))}`, '');
  const numbers = capped(comparison.misattributedNumbers);
  for (const number of numbers.shown)
    lines.push(`- ${escapeMarkdown(misattributedLabel(number))}: ${escapeMarkdown(number.reason)}`);
  if (numbers.more > 0)
    lines.push(`- ${escapeMarkdown(moreText(numbers.more, 'listed in --format json'))}`);
  lines.push('', `### ${escapeMarkdown(lookalikeTitle(comparison))}`, '');
  const links = capped(comparison.lookalikeLinks);
  // The address in a code span, so a pull request does not make the lookalike a live link.
  for (const link of links.shown) {
    lines.push(
      `- ${escapeMarkdown(`${link.vendor} · ${link.test} (answer ${link.answerPassed ? 'passed' : 'failed'})`)}: \`${link.text.replace(/`/g, '')}\` (${link.bucket}) resembles **${escapeMarkdown(link.lookalikeOf)}**: ${escapeMarkdown(link.reason)}`,
    );
  }
  if (links.more > 0)
    lines.push(`- ${escapeMarkdown(moreText(links.more, 'listed in --format json'))}`);
  return lines;
}
