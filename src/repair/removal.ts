import type { Span } from '../extract/types.js';
import type { Segments } from '../text/structure.js';

/** A change to the answer: put `text` over `start`–`end`. */
export interface Edit extends Span {
  text: string;
}

// What is left of a line once its claim is gone and it says nothing: blank, a bullet or number
// alone, or a label alone ("- Phone:", "**Website:**"), which would read as a claim with its value
// missing.
const EMPTY_REMAINDER =
  /^[ \t]*(?:[-*+•–]|\d{1,3}[.)])?[ \t]*(?:(?:\*\*|__)?[\p{L}][\p{L} /&'’-]{0,30}:(?:\*\*|__)?)?[ \t]*$/u;

/**
 * The edit that removes the claim at `claim`, never leaving half a claim behind:
 * - in a markdown table row, the cell's content (the row's other cells are still true);
 * - else its sentence, with the spaces after it (or before it, at the end of a line); and when
 *   what is left of the line says nothing (`- `, `- Phone:`), the whole line with its line break.
 * So "Call the court at 1." goes whole, never leaving a dangling "call", and no empty bullet stays.
 */
export function removalEdit(segments: Segments, claim: Span): Edit {
  const { text } = segments;
  const lineStart = text.lastIndexOf('\n', claim.start - 1) + 1;
  const newline = text.indexOf('\n', claim.end);
  const lineEnd = newline === -1 ? text.length : newline;
  const line = text.slice(lineStart, lineEnd);
  if (line.trimStart().startsWith('|')) return cellEdit(text, claim, lineStart, lineEnd);
  const sentence = segments.sentenceAt(claim.start) ?? claim;
  const clause = trailingClause(text, sentence, claim);
  if (clause !== null) return clause;
  // A sentence's span starts at the space after the one before it: that space stays, so the
  // sentences either side do not run together ("cases.Court").
  const lead = /^[ \t]*/.exec(text.slice(sentence.start, claim.start))![0].length;
  let start = Math.max(lineStart, Math.min(sentence.start + lead, claim.start));
  let end = Math.min(lineEnd, Math.max(sentence.end, claim.end));
  const after = /^[ \t]*/.exec(text.slice(end, lineEnd))![0].length;
  if (end + after < lineEnd) end += after;
  else start -= /[ \t]*$/.exec(text.slice(lineStart, start))![0].length;
  const rest = text.slice(lineStart, start) + text.slice(end, lineEnd);
  if (EMPTY_REMAINDER.test(rest))
    return {
      start: lineStart,
      end: newline === -1 ? lineEnd : lineEnd + 1,
      text: '',
    };
  return { start, end, text: '' };
}

// "… at 1 or visit LINK." / "…, and see LINK.": the claim is the sentence's last alternative.
const JOINED_BEFORE =
  /(?:,[ \t]*|[ \t]+)(?:or|and)[ \t]+(?:(?:visit|see|go[ \t]+to|check|read|call|contact|try)[ \t]+)?(?:(?:it|them|us)[ \t]+)?(?:(?:at|on)[ \t]+)?$/i;

/**
 * The claim with the "or visit" that joins it to its sentence, when it is the sentence's last
 * alternative ("Call A at 1 or visit LINK."): the rest of the sentence stands without it.
 */
function trailingClause(text: string, sentence: Span, claim: Span): Edit | null {
  if (!/^[\s.;!?)\]*_]*$/.test(text.slice(claim.end, sentence.end))) return null;
  const before = text.slice(sentence.start, claim.start);
  const joined = JOINED_BEFORE.exec(before);
  if (joined === null || joined.index === 0) return null;
  return { start: sentence.start + joined.index, end: claim.end, text: '' };
}

/** The content of the table cell holding `claim`, emptied: `| Org | 1 |` → `| Org |  |`. */
function cellEdit(text: string, claim: Span, lineStart: number, lineEnd: number): Edit {
  const open = text.lastIndexOf('|', claim.start - 1);
  const close = text.indexOf('|', claim.end);
  const start = open < lineStart ? lineStart : open + 1;
  const end = close === -1 || close > lineEnd ? lineEnd : close;
  return { start, end, text: ' ' };
}
