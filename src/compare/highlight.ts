import type { Problem } from './types.js';

/** A stretch of an answer: plain text, or the text of one problem. */
export type Piece = { text: string; problem?: undefined } | { text: string; problem: Problem };

interface Placed {
  start: number;
  end: number;
  problem: Problem;
}

const byPosition = (a: Placed, b: Placed): number => a.start - b.start || b.end - a.end;

/**
 * Cut an answer into plain and problem pieces that join back to it. A span is trusted only when the
 * text there is the problem's; else the problem goes at the first free occurrence of its text, or
 * nowhere. Of overlapping spans the earlier, then the longer, wins. n log n, not n².
 */
export function highlightPieces(answer: string, problems: readonly Problem[]): Piece[] {
  const trusted: Placed[] = [];
  const untrusted: Problem[] = [];
  for (const problem of problems) {
    const { start, end } = problem;
    if (problem.text === '') continue;
    if (
      start >= 0 &&
      start < end &&
      end <= answer.length &&
      answer.slice(start, end) === problem.text
    )
      trusted.push({ start, end, problem });
    else untrusted.push(problem);
  }
  const placed: Placed[] = [];
  let lastEnd = 0;
  for (const candidate of trusted.sort(byPosition)) {
    if (candidate.start < lastEnd) continue;
    placed.push(candidate);
    lastEnd = candidate.end;
  }
  for (const problem of untrusted) placeFirstFree(answer, problem, placed);

  const pieces: Piece[] = [];
  let cursor = 0;
  for (const { start, end, problem } of placed) {
    if (start > cursor) pieces.push({ text: answer.slice(cursor, start) });
    pieces.push({ text: answer.slice(start, end), problem });
    cursor = end;
  }
  if (cursor < answer.length) pieces.push({ text: answer.slice(cursor) });
  return pieces;
}

/** Place `problem` at its text's first occurrence free in `placed` (kept sorted and disjoint). */
function placeFirstFree(answer: string, problem: Problem, placed: Placed[]): void {
  const length = problem.text.length;
  for (
    let at = answer.indexOf(problem.text);
    at !== -1;
    at = answer.indexOf(problem.text, at + 1)
  ) {
    // The first placed span ending after `at`: the only one that can overlap [at, at + length).
    const index = firstEndingAfter(placed, at);
    const next = placed[index];
    if (next !== undefined && next.start < at + length) {
      // Skip to the end of the span in the way: no occurrence before it can be free.
      at = Math.max(at, next.end - 1);
      continue;
    }
    placed.splice(index, 0, { start: at, end: at + length, problem });
    return;
  }
}

/** The index of the first span in `placed` (sorted, disjoint) whose end is after `offset`. */
function firstEndingAfter(placed: readonly Placed[], offset: number): number {
  let low = 0;
  let high = placed.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (placed[middle]!.end <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}
