import {
  answerTitle,
  capped,
  findingSections,
  headline,
  listedAnswers,
  moreText,
  differenceLines,
  HEADLINE_TITLE,
  problemLabel,
  scopeLine,
  vendorColumns,
  bucketColumns,
  type Column,
  deadEndColumns,
} from './format-common.js';
import type { VendorComparison } from './types.js';

/** A table aligned for a terminal: headers may span lines, numbers right-aligned. */
export function alignTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  numeric: readonly boolean[],
): string[] {
  const headerLines = headers.map((header) => header.split('\n'));
  const height = Math.max(1, ...headerLines.map((lines) => lines.length));
  const widths = headers.map((_, column) =>
    Math.max(
      ...headerLines[column]!.map((line) => line.length),
      ...rows.map((row) => (row[column] ?? '').length),
    ),
  );
  const render = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  const lines: string[] = [];
  // Header lines are bottom-aligned so the last line of every header sits on the rule.
  for (let line = 0; line < height; line++) {
    lines.push(render(headerLines.map((parts) => parts[line - (height - parts.length)] ?? '')));
  }
  lines.push(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) lines.push(render(row));
  return lines;
}

/** The comparison for a terminal. */
export function comparisonToText(comparison: VendorComparison): string {
  const lines: string[] = [
    `Vendor comparison: ${scopeLine(comparison)}`,
    '',
    `${HEADLINE_TITLE} (the headline): ${headline(comparison)}`,
  ];
  for (const line of differenceLines(comparison)) lines.push(`  ${line}`);
  lines.push('', 'Dead ends by kind (answers with one, and how many were found)');
  lines.push(...textTable(deadEndColumns(comparison), comparison), '');
  lines.push(...textTable(vendorColumns(comparison), comparison));
  lines.push('', 'Share of links in each bucket (count)');
  lines.push(...textTable(bucketColumns(comparison), comparison));

  const listed = listedAnswers(comparison);
  lines.push('', `${listed.title}: ${listed.answers.length}`);
  if (listed.answers.length === 0) lines.push(`  ${listed.empty}`);
  for (const answer of listed.answers) {
    lines.push(`  ${answerTitle(answer)} (verifier score ${answer.verifierScore})`);
    const { shown, more } = capped(answer.problems);
    for (const problem of shown) lines.push(`    - ${problemLabel(problem)}: ${problem.reason}`);
    if (more > 0) lines.push(`    ${moreText(more, 'problems (--format json lists them)')}`);
    for (const reason of answer.judgeReasons) lines.push(`    judge: ${oneLine(reason)}`);
  }

  for (const section of findingSections(comparison)) {
    lines.push('', section.title);
    for (const line of section.lines) lines.push(`  ${line.label}: ${line.reason}`);
    if (section.more > 0) lines.push(`  ${moreText(section.more, 'listed in --format json')}`);
  }

  if (comparison.errors.length > 0) {
    lines.push(
      '',
      `Rows that errored (counted as errors, not as passes or fails): ${comparison.errors.length}`,
    );
    for (const error of comparison.errors)
      lines.push(`  ${error.vendor} · ${error.test}: ${oneLine(error.error)}`);
  }
  return `${lines.join('\n')}\n`;
}

function textTable(columns: readonly Column[], comparison: VendorComparison): string[] {
  return alignTable(
    columns.map((column) => column.header),
    comparison.vendors.map((figures) => columns.map((column) => column.value(figures))),
    columns.map((column) => column.numeric),
  );
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
