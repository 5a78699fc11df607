/**
 * Whether valid JSON text may repeat a key, told without the walk that names one (`firstDuplicateKey`):
 * `JSON.parse` makes one property per distinct key of an object, so the text has a repeated key
 * exactly when it writes more keys than the parsed value holds. Counting the written keys is one
 * jump from quote to quote; the parsed value's keys are counted from its objects. For a
 * 100,000-organization allowlist the walk slices every key into a set of its object's keys and
 * cost half a `JSON.parse`; the two counts cost a fraction of that, and the walk runs only when
 * they differ, to name the key and where it is.
 */

/** Keys written in valid JSON `text` (a repeated key counts each time); -1 when a string never closes. */
export function countWrittenKeys(text: string): number {
  let count = 0;
  let at = text.indexOf('"');
  while (at !== -1) {
    const end = closingQuote(text, at);
    if (end === -1) return -1;
    // Outside strings valid JSON has only structure, numbers and words: the next quote opens the
    // next string, and a string followed by a colon is a key.
    let i = end + 1;
    let c = text.charCodeAt(i);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++i);
    if (c === 58) count++;
    at = text.indexOf('"', i);
  }
  return count;
}

/** The offset of the quote that closes the string opening at `start`, or -1. */
function closingQuote(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end !== -1) {
    // Closing unless preceded by an odd run of backslashes.
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === 92) slashes++;
    if ((slashes & 1) === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}

/**
 * Own keys of every object in a parsed JSON value, or -1 when `Object.prototype` has enumerable
 * keys of its own (a library that adds them makes `for…in` count them too). A stack, not
 * recursion, as `JSON.parse` accepts nesting deeper than the call stack; `for…in` rather than
 * `Object.values`, which costs twice as much on an object of 100,000 keys.
 */
export function countParsedKeys(value: unknown): number {
  for (const _ in {}) return -1;
  let count = 0;
  const open: object[] = [];
  if (typeof value === 'object' && value !== null) open.push(value);
  while (open.length > 0) {
    const container = open.pop()!;
    if (Array.isArray(container)) {
      for (let k = 0; k < container.length; k++) {
        const item: unknown = container[k];
        if (typeof item === 'object' && item !== null) open.push(item);
      }
      continue;
    }
    for (const key in container) {
      count++;
      const item: unknown = (container as Record<string, unknown>)[key];
      if (typeof item === 'object' && item !== null) open.push(item);
    }
  }
  return count;
}
