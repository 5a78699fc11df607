/**
 * String helpers shared across rooms. Edit distance serves the lookalike-domain check and the
 * builder's "did you mean" for column names: hand-written (two rows of a table, small and hot, no
 * dependency worth adding).
 */

/**
 * Damerau–Levenshtein (optimal string alignment: a swap of neighbours is one edit), giving up
 * past `limit` (returns `limit + 1`). Pass the longer length as `limit` for the exact distance.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let prevPrev = new Array<number>(cols).fill(0);
  let prev = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const current = new Array<number>(cols).fill(0);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, current[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, prevPrev[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    prevPrev = prev;
    prev = current;
  }
  return prev[cols - 1]!;
}

/** Code-unit order, so sorted output does not depend on the machine's locale (as `localeCompare` would). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
