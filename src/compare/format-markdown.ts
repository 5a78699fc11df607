import {
  type Column,
  answerTitle,
  capped,
  headline,
  listedAnswers,
  findingSections,
  moreText,
  differenceLines,
  HEADLINE_TITLE,
  problemParts,
  scopeLine,
  vendorColumns,
  bucketColumns,
  deadEndColumns,
} from './format-common.js';
import type { Problem, VendorComparison, VendorFigures } from './types.js';
import { codeSpan, escapeMarkdown } from '../format/escape.js';

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

/** The comparison for a pull request or a memo, links and numbers in code spans. */
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
  lines.push(
    '### Dead ends by kind (answers with one, and how many were found)',
    '',
    ...markdownTable(deadEndColumns(comparison), comparison.vendors),
    '',
    '### Per vendor',
    '',
    ...markdownTable(vendorColumns(comparison), comparison.vendors),
    '',
    '### Share of links in each bucket',
    '',
    ...markdownTable(bucketColumns(comparison), comparison.vendors),
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

  for (const section of findingSections(comparison)) {
    lines.push('', `### ${escapeMarkdown(section.title)}`, '');
    for (const line of section.lines)
      lines.push(`- ${line.markdown}: ${escapeMarkdown(line.reason)}`);
    if (section.more > 0)
      lines.push(`- ${escapeMarkdown(moreText(section.more, 'listed in --format json'))}`);
  }

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
