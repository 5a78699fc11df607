import { comparisonToHtml } from './format-html.js';
import { comparisonToJson } from './format-json.js';
import { comparisonToMarkdown } from './format-markdown.js';
import { comparisonToText } from './format-text.js';
import type { VendorComparison } from './types.js';
import { jsonDocument } from '../format/escape.js';
import { printable } from '../util/strings.js';

export { compareVendors, problemsOf } from './aggregate.js';
export { differs, fisherExact, ratio, wilson } from './figures.js';
export { parseAnswersJsonl, rowsFromAnswers } from './answers-jsonl.js';
export { highlightPieces } from './highlight.js';
export { verdictOf } from '../format/formatters.js';
export type * from './types.js';

/** Each format's renderer, named by this table's keys (`--format`). */
const REPORT = {
  // Where a person reads, answers' control characters are shown, not obeyed.
  text: (comparison) => printable(comparisonToText(comparison)),
  markdown: (comparison) => printable(comparisonToMarkdown(comparison)),
  json: (comparison) => jsonDocument(comparisonToJson(comparison)),
  html: comparisonToHtml,
} satisfies Record<string, (comparison: VendorComparison) => string>;

export type ReportFormat = keyof typeof REPORT;
export const REPORT_FORMATS = Object.keys(REPORT) as ReportFormat[];

/** The comparison in one format, as the text to print or write. */
export function renderComparison(comparison: VendorComparison, format: ReportFormat): string {
  return REPORT[format](comparison);
}
