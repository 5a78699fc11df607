/**
 * Whether valid JSON text may repeat a key, told without the walk that names one (`firstDuplicateKey`):
 * `JSON.parse` makes one property per distinct key of an object, so the text has a repeated key
 * exactly when it writes more keys than the parsed value holds. Counting the written keys is a
 * jump from colon to colon; the parsed value's keys are counted from its objects. For a
 * 100,000-organization allowlist the walk slices every key into a set of its object's keys and
 * cost half a `JSON.parse`; the two counts cost a fraction of that, and the walk runs only when
 * they differ, to name the key and where it is.
 */

/**
 * Keys written in valid JSON `text` (a repeated key counts each time). Outside strings a colon
 * follows a key and nothing else, so the scan jumps from colon to colon (`indexOf` of one
 * character searches at memory speed; an allowlist of 100,000 organizations writes 170,000
 * colons and 1,100,000 quotes, so this makes a sixth of the calls of a jump from quote to quote)
 * and asks of each whether it stands outside a string: after blanks, the quote of a key closing.
 * A quote that could be a string's opening one (after `{`, `[`, `,`, `:` or at the start: a
 * string that begins with a colon, or a key that ends in one of those) is told only by reading
 * from the start, so the whole text is then counted from quote to quote (`countKeysByQuotes`).
 */
export function countWrittenKeys(text: string): number {
  let count = 0;
  for (let at = text.indexOf(':'); at !== -1; at = text.indexOf(':', at + 1)) {
    const quote = blanksBefore(text, at - 1);
    // Not after a quote: inside a string, such as an address's `https:`.
    if (text.charCodeAt(quote) !== 34) continue;
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === 92) slashes++;
    // An escaped quote is in a string, and so is the colon after it.
    if ((slashes & 1) === 1) continue;
    // After a character that can only be string content (a backslash among them: there is none
    // outside strings), the quote closes a string, a key since a colon follows.
    const before = blanksBefore(text, quote - 1);
    const c = text.charCodeAt(before);
    if (before < 0 || c === 123 || c === 91 || c === 44 || c === 58) return countKeysByQuotes(text);
    count++;
  }
  return count;
}

/** The offset of the last character at or before `at` that is not JSON white space (-1 if none). */
function blanksBefore(text: string, at: number): number {
  let i = at;
  let c = text.charCodeAt(i);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(--i);
  return i;
}

/**
 * `countWrittenKeys` read from quote to quote, each string opened and closed in order: exact on
 * any text, -1 when a string never closes; exported so that a test can hold the colon scan to it.
 */
export function countKeysByQuotes(text: string): number {
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
