/**
 * The vendor comparison (`citation-verifier report`): rows of answers → per-vendor figures →
 * text, markdown, JSON or HTML. Everything here is pure; the CLI reads the files.
 */
import { comparisonToHtml } from './format-html.js';
import { comparisonToJson } from './format-json.js';
import { comparisonToMarkdown } from './format-markdown.js';
import { comparisonToText } from './format-text.js';
import type { VendorComparison } from './types.js';

export { compareVendors, problemsOf, ratio, sortRows, wilson, withinNoise } from './aggregate.js';
export { parseAnswersJsonl, rowsFromAnswers, type AnswerLine } from './answers-jsonl.js';
export { bucketBarSvg, BUCKET_COLORS } from './chart.js';
export { comparisonToHtml, REPORT_CSP } from './format-html.js';
export { comparisonToJson, VENDOR_REPORT_JSON_VERSION } from './format-json.js';
export { comparisonToMarkdown } from './format-markdown.js';
export { comparisonToText } from './format-text.js';
export { highlightPieces, type Piece } from './highlight.js';
export { isModelGradedType } from './model-graded.js';
export { verdictOf } from './verdict.js';
export type * from './types.js';

/** The output formats of `report`. */
export const REPORT_FORMATS = ['text', 'markdown', 'json', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The comparison in one format, as the text to print or write (JSON pretty-printed, newline-terminated). */
export function renderComparison(comparison: VendorComparison, format: ReportFormat): string {
  switch (format) {
    case 'text':
      return comparisonToText(comparison);
    case 'markdown':
      return comparisonToMarkdown(comparison);
    case 'json':
      return `${JSON.stringify(comparisonToJson(comparison), null, 2)}\n`;
    case 'html':
      return comparisonToHtml(comparison);
  }
}
