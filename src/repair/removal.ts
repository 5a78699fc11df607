import type { Span } from '../extract/types.js';
import type { Segments } from '../text/structure.js';

/** A change to the answer: put `text` over `start`–`end`. */
export interface Edit extends Span {
  text: string;
}

// A line's rest that says nothing: blank, a bullet alone, or a label alone ("- Phone:").
const EMPTY_REMAINDER =
  /^[ \t]*(?:[-*+•–]|\d{1,3}[.)])?[ \t]*(?:(?:\*\*|__)?[\p{L}][\p{L} /&'’-]{0,30}:(?:\*\*|__)?)?[ \t]*$/u;

/**
 * The edit removing the claim at `claim`, never half a claim: in a table row, the cell's content;
 * else its sentence with its spaces, or the line when the rest says nothing (`- Phone:`). Linear
 * over a text's removals: slicing the line per removal took 18-31 s on a 1 MB line of links.
 */
export function removalEdit(segments: Segments, claim: Span): Edit {
  const { text } = segments;
  const lines = linesOf(segments);
  const line = lines.lineAt(claim.start);
  const lineStart = lines.starts[line]!;
  const lineEnd = lines.endOf(line);
  if (lines.isTableRow(line)) return cellEdit(lines, line, claim, lineStart, lineEnd);
  const sentence = segments.sentenceAt(claim.start) ?? claim;
  const clause = trailingClause(text, sentence, claim);
  if (clause !== null) return clause;
  // The space after the previous sentence stays, lest its neighbours run together ("cases.Court").
  const lead = spacesAfter(text, sentence.start, claim.start);
  let start = Math.max(lineStart, Math.min(sentence.start + lead, claim.start));
  let end = Math.min(lineEnd, Math.max(sentence.end, claim.end));
  const after = spacesAfter(text, end, lineEnd);
  if (end + after < lineEnd) end += after;
  else start -= spacesBefore(text, lineStart, start);
  if (saysNothing(text, lineStart, start, end, lineEnd))
    return { start: lineStart, end: lineEnd < text.length ? lineEnd + 1 : lineEnd, text: '' };
  return { start, end, text: '' };
}

function spacesAfter(text: string, from: number, to: number): number {
  let at = from;
  while (at < to && isBlank(text.charCodeAt(at))) at++;
  return at - from;
}

function spacesBefore(text: string, from: number, to: number): number {
  let at = to;
  while (at > from && isBlank(text.charCodeAt(at - 1))) at--;
  return to - at;
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** More than `EMPTY_REMAINDER` can hold besides blanks (astral letters count twice). */
const REMAINDER_MOST = 80;

/** Whether the line's rest says nothing, read outward only to `REMAINDER_MOST` characters. */
function saysNothing(
  text: string,
  lineStart: number,
  start: number,
  end: number,
  lineEnd: number,
): boolean {
  let seen = 0;
  for (let at = start - 1; at >= lineStart && seen <= REMAINDER_MOST; at--)
    if (!isBlank(text.charCodeAt(at))) seen++;
  for (let at = end; at < lineEnd && seen <= REMAINDER_MOST; at++)
    if (!isBlank(text.charCodeAt(at))) seen++;
  if (seen > REMAINDER_MOST) return false;
  return EMPTY_REMAINDER.test(text.slice(lineStart, start) + text.slice(end, lineEnd));
}

/** A text's lines, read once for all its removals (per `Segments`: nothing outlives the text). */
class Lines {
  readonly starts: number[] = [0];
  readonly #tableRow: Array<boolean | undefined> = [];
  readonly #bars: Array<number[] | undefined> = [];

  constructor(readonly text: string) {
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1))
      this.starts.push(at + 1);
  }

  lineAt(position: number): number {
    let line = 0;
    for (let high = this.starts.length - 1; line < high; ) {
      const mid = (line + high + 1) >> 1;
      if (this.starts[mid]! <= position) line = mid;
      else high = mid - 1;
    }
    return line;
  }

  /** Where `line` ends: its line break, or the end of the text. */
  endOf(line: number): number {
    return line + 1 < this.starts.length ? this.starts[line + 1]! - 1 : this.text.length;
  }

  /** A markdown table row: the line's first character besides white space is `|`. */
  isTableRow(line: number): boolean {
    let known = this.#tableRow[line];
    if (known === undefined) {
      const end = this.endOf(line);
      let at = this.starts[line]!;
      while (at < end && /\s/.test(this.text[at]!)) at++;
      known = this.text[at] === '|';
      this.#tableRow[line] = known;
    }
    return known;
  }

  /** Where the line's `|` are, in order. */
  bars(line: number): number[] {
    let bars = this.#bars[line];
    if (bars === undefined) {
      bars = [];
      const end = this.endOf(line);
      for (let at = this.text.indexOf('|', this.starts[line]!); at !== -1 && at < end; ) {
        bars.push(at);
        at = this.text.indexOf('|', at + 1);
      }
      this.#bars[line] = bars;
    }
    return bars;
  }
}

const LINES = new WeakMap<Segments, Lines>();

function linesOf(segments: Segments): Lines {
  let lines = LINES.get(segments);
  if (lines === undefined) {
    lines = new Lines(segments.text);
    LINES.set(segments, lines);
  }
  return lines;
}

// "… at 1 or visit LINK." / "…, and see LINK.": the claim is the sentence's last alternative.
const JOINED_BEFORE =
  /(?:,[ \t]*|[ \t]+)(?:or|and)[ \t]+(?:(?:visit|see|go[ \t]+to|check|read|call|contact|try)[ \t]+)?(?:(?:it|them|us)[ \t]+)?(?:(?:at|on)[ \t]+)?$/i;

/** The claim with the "or visit" joining it, when it is its sentence's last alternative. */
function trailingClause(text: string, sentence: Span, claim: Span): Edit | null {
  if (!/^[\s.;!?)\]*_]*$/.test(text.slice(claim.end, sentence.end))) return null;
  const before = text.slice(sentence.start, claim.start);
  const joined = JOINED_BEFORE.exec(before);
  if (joined === null || joined.index === 0) return null;
  return { start: sentence.start + joined.index, end: claim.end, text: '' };
}

/** The table cell holding `claim` emptied (`| Org |  |`); a claim over several cells takes the row. */
function cellEdit(
  lines: Lines,
  line: number,
  claim: Span,
  lineStart: number,
  lineEnd: number,
): Edit {
  const bars = lines.bars(line);
  // The first bar at or after the claim's end, by binary search; the one before it opens the cell.
  let after = 0;
  for (let high = bars.length; after < high; ) {
    const mid = (after + high) >> 1;
    if (bars[mid]! < claim.end) after = mid + 1;
    else high = mid;
  }
  let open = after - 1;
  while (open >= 0 && bars[open]! >= claim.start) open--;
  if (open !== after - 1)
    return { start: lineStart, end: lineEnd < lines.text.length ? lineEnd + 1 : lineEnd, text: '' };
  const start = open < 0 ? lineStart : bars[open]! + 1;
  const end = after < bars.length ? bars[after]! : lineEnd;
  return { start, end, text: ' ' };
}
