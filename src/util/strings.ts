/** Damerau–Levenshtein (optimal string alignment), `limit + 1` past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const over = limit + 1;
  // Rows reused across calls: fresh arrays were most of the lookalike check's cost (in garbage).
  if (rowBuffers[0]!.length < cols + 1)
    rowBuffers = [new Int32Array(cols * 2), new Int32Array(cols * 2), new Int32Array(cols * 2)];
  let [prevPrev, prev, current] = rowBuffers as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j < cols; j++) prev[j] = Math.min(j, over);
  for (let i = 1; i < rows; i++) {
    // Only cells within `limit` of the diagonal, which alone can lie on a path within it; the
    // cell just outside the band on each side is `limit + 1`, so no stale value is read.
    const from = Math.max(1, i - limit);
    const to = Math.min(cols - 1, i + limit);
    current[from - 1] = from === 1 ? Math.min(i, over) : over;
    if (to + 1 < cols) current[to + 1] = over;
    let rowMin = from === 1 ? current[0]! : over;
    for (let j = from; j <= to; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, current[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, prevPrev[j - 2]! + 1);
      if (value > over) value = over;
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return over;
    const spare = prevPrev;
    prevPrev = prev;
    prev = current;
    current = spare;
  }
  return prev[cols - 1]!;
}

let rowBuffers: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Code-unit order, so sorted output does not depend on the machine's locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// C0 controls but tab and newline, DEL, C1 controls (U+009B is a one-character CSI), and the
// bidirectional controls that reorder what follows them (Trojan Source).
const UNPRINTABLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Text safe for a terminal: each control and bidi character but tab and newline escaped. */
export function printable(text: string): string {
  return replaceUnprintable(text, controlEscape);
}

/** How `printable` shows one such character: `\\x1B`, `\\u202E`. */
export function controlEscape(code: number): string {
  return code < 0x100
    ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
    : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** `text` with each character `printable` escapes written by `write` instead. */
export function replaceUnprintable(text: string, write: (code: number) => string): string {
  return text.replace(UNPRINTABLE, (char) => write(char.charCodeAt(0)));
}
