/** One measured figure: ours, what it is compared with, and the ratio (higher is better for us). */
export interface Row {
  id: string;
  figure: string;
  value: string;
  baseline: string;
  ratio: string;
  /** One line on how it was measured (rounds, sizes, counts). */
  detail: string;
  /** The raw numbers behind the figure. */
  data: unknown;
}

export interface Target {
  id: string;
  name: string;
  pass: boolean;
  actual: string;
  /** Why it did not run, when it did not (then it is neither pass nor fail). */
  skipped?: string;
}

export interface SectionResult {
  name: string;
  rows: Row[];
  targets: Target[];
  /** Notes printed under the table (super-linear spots, skipped parts). */
  notes?: string[];
}

function pad(text: string, width: number): string {
  // Count code points, so `×` and `≥` do not shift the columns.
  return text + ' '.repeat(Math.max(0, width - [...text].length));
}

/** A fixed-width table for the terminal. */
export function textTable(rows: readonly Row[]): string {
  const header = ['figure', 'ours', 'baseline', 'ratio'];
  const cells = rows.map((row) => [row.figure, row.value, row.baseline, row.ratio]);
  const widths = header.map((title, column) =>
    Math.max([...title].length, ...cells.map((line) => [...line[column]!].length)),
  );
  const line = (values: readonly string[]): string =>
    values
      .map((value, column) => pad(value, widths[column]!))
      .join('  ')
      .trimEnd();
  return [
    line(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...cells.map(line),
  ].join('\n');
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The same table in markdown, with each row's detail, ready to paste into docs/BENCHMARKS.md. */
export function markdownTable(rows: readonly Row[]): string {
  const lines = ['| figure | ours | baseline | ratio | how |', '| --- | --- | --- | --- | --- |'];
  for (const row of rows)
    lines.push(
      `| ${[row.figure, row.value, row.baseline, row.ratio, row.detail].map(escapeCell).join(' | ')} |`,
    );
  return lines.join('\n');
}

export function targetLine(target: Target): string {
  if (target.skipped !== undefined) return `SKIP  ${target.name}: ${target.skipped}`;
  return `${target.pass ? 'PASS' : 'FAIL'}  ${target.name}: ${target.actual}`;
}

export function markdownTargets(targets: readonly Target[]): string {
  const lines = ['| target | result | measured |', '| --- | --- | --- |'];
  for (const target of targets)
    lines.push(
      `| ${escapeCell(target.name)} | ${target.skipped !== undefined ? 'SKIP' : target.pass ? 'PASS' : 'FAIL'} | ${escapeCell(target.skipped ?? target.actual)} |`,
    );
  return lines.join('\n');
}
