/**
 * The vendor comparison (`citation-verifier report`): rows of answers → per-vendor figures →
 * text, markdown, JSON or HTML. Everything here is pure; the CLI reads the files.
 */
import { comparisonToHtml } from './format-html.js';
import { comparisonToJson } from './format-json.js';
import { comparisonToMarkdown } from './format-markdown.js';
import { comparisonToText } from './format-text.js';
import type { VendorComparison } from './types.js';
import { jsonDocument } from '../format/escape.js';
import { formatTable } from '../format/renderers.js';
import { printable } from '../util/strings.js';

export { compareVendors, problemsOf, sortRows } from './aggregate.js';
export { differs, figuresOf, fisherExact, ratio, tally, wilson } from './figures.js';
export { parseAnswersJsonl, rowsFromAnswers, type AnswerLine } from './answers-jsonl.js';
export { bucketBarSvg, BUCKET_COLORS } from './chart.js';
export { comparisonToHtml, REPORT_CSP } from './format-html.js';
export { comparisonToJson, VENDOR_REPORT_JSON_VERSION } from './format-json.js';
export { comparisonToMarkdown } from './format-markdown.js';
export { comparisonToText } from './format-text.js';
export { highlightPieces, type Piece } from './highlight.js';
export { isModelGradedType } from './model-graded.js';
export { verdictOf } from '../format/formatters.js';
export type * from './types.js';

const REPORT = formatTable<'text' | 'markdown' | 'json' | 'html', VendorComparison>({
  // Text and markdown are read in a terminal or a markdown viewer: answers' control characters are shown, not obeyed.
  text: (comparison) => printable(comparisonToText(comparison)),
  markdown: (comparison) => printable(comparisonToMarkdown(comparison)),
  json: (comparison) => jsonDocument(comparisonToJson(comparison)),
  html: comparisonToHtml,
});

/** The output formats of `report`. */
export const REPORT_FORMATS = REPORT.names;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The comparison in one format, as the text to print or write (JSON pretty-printed, newline-terminated). */
export function renderComparison(comparison: VendorComparison, format: ReportFormat): string {
  return REPORT.render(comparison, format);
}
