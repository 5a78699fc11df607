import type { Problem } from './types.js';

/** A stretch of an answer: plain text, or the text of one problem. */
export type Piece = { text: string; problem?: undefined } | { text: string; problem: Problem };

/**
 * Cut an answer into plain pieces and problem pieces, using each problem's span. A span is trusted
 * only when the text there is the problem's text. A problem whose span does not match (an answer
 * reshaped between verifying and reporting) is placed at the first occurrence of its text that
 * overlaps nothing placed already, and a problem found nowhere is left unmarked (the formats still
 * list it). Of overlapping trusted spans the earlier (then the longer) wins. Joining the pieces'
 * text always gives back the answer unchanged.
 */
export function highlightPieces(answer: string, problems: readonly Problem[]): Piece[] {
  type Placed = { start: number; end: number; problem: Problem };
  const overlaps = (placed: readonly Placed[], start: number, end: number) =>
    placed.some((other) => start < other.end && other.start < end);
  const byPosition = (a: Placed, b: Placed) => a.start - b.start || b.end - a.end;

  const trusted: Placed[] = [];
  const untrusted: Problem[] = [];
  for (const problem of problems) {
    const { start, end } = problem;
    if (
      problem.text !== '' &&
      start >= 0 &&
      start < end &&
      end <= answer.length &&
      answer.slice(start, end) === problem.text
    )
      trusted.push({ start, end, problem });
    else if (problem.text !== '') untrusted.push(problem);
  }
  const placed: Placed[] = [];
  for (const candidate of trusted.sort(byPosition))
    if (!overlaps(placed, candidate.start, candidate.end)) placed.push(candidate);
  for (const problem of untrusted) {
    for (
      let at = answer.indexOf(problem.text);
      at !== -1;
      at = answer.indexOf(problem.text, at + 1)
    ) {
      if (!overlaps(placed, at, at + problem.text.length)) {
        placed.push({ start: at, end: at + problem.text.length, problem });
        break;
      }
    }
  }

  const pieces: Piece[] = [];
  let cursor = 0;
  for (const { start, end, problem } of placed.sort(byPosition)) {
    if (start > cursor) pieces.push({ text: answer.slice(cursor, start) });
    pieces.push({ text: answer.slice(start, end), problem });
    cursor = end;
  }
  if (cursor < answer.length) pieces.push({ text: answer.slice(cursor) });
  return pieces;
}
