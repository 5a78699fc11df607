// The walkers as they were before the one walker (frozen copy, deleted once the comparison ran).
/**
 * Walks over JSON text that `JSON.parse` has accepted, to say where in the text something is: a
 * key written twice, the value at a path. One pass each, no recursion (deep nesting cannot
 * overflow the stack), and only run when there is something to report.
 */

type PathPart = string | number;

/** The offset just past the string that opens at `start` (a `"`), or -1 when it never closes. */
function stringEnd(text: string, start: number): number {
  // The closing quote is the first one not preceded by an odd run of backslashes.
  let end = text.indexOf('"', start + 1);
  for (;;) {
    if (end === -1) return -1;
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return end + 1;
    end = text.indexOf('"', end + 1);
  }
}

/** The key whose text is `text.slice(start, end)`, quotes included, unescaped. */
function keyAt(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : raw;
}

/**
 * The first key that appears twice in one object of valid JSON `text`, with the path of the
 * object's members down to it and the offset of the second occurrence. `JSON.parse` keeps the last
 * silently; in a hand-edited file that is usually a lost entry (a second "Legal Aid of X" whose
 * numbers replace the first one's). One pass, no recursion; call it only after `JSON.parse`
 * accepted the text.
 */
export function firstDuplicateKey(text: string): { path: PathPart[]; offset: number } | null {
  type Frame = { object: true; keys: Set<string>; key: string; expectKey: boolean } | { object: false; index: number };
  const stack: Frame[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const end = stringEnd(text, i);
      if (end === -1) return null;
      const top = stack[stack.length - 1];
      if (top?.object && top.expectKey) {
        const key = keyAt(text, i, end);
        if (top.keys.has(key)) {
          const path = stack.slice(0, -1).map((frame) => (frame.object ? frame.key : frame.index));
          return { path: [...path, key], offset: i };
        }
        top.keys.add(key);
        top.key = key;
        top.expectKey = false;
      }
      i = end;
      continue;
    }
    if (c === 123) stack.push({ object: true, keys: new Set(), key: '', expectKey: true });
    else if (c === 91) stack.push({ object: false, index: 0 });
    else if (c === 125 || c === 93) stack.pop();
    else if (c === 44) {
      const top = stack[stack.length - 1];
      if (top?.object) top.expectKey = true;
      else if (top) top.index++;
    }
    i++;
  }
  return null;
}

/**
 * Where the value at `path` starts in valid JSON `text`, or where the nearest container on the
 * path that is there starts (a missing key is reported at its object), or null for the top level:
 * a message can then give the line of a problem found after parsing.
 */
export function offsetOfPath(text: string, path: readonly PropertyKey[]): number | null {
  const want = path.map(String);
  type Frame = { object: boolean; key: string; index: number; expectKey: boolean; start: number };
  const stack: Frame[] = [];
  // The deepest container on the path seen so far: the answer when the path itself is not there.
  let nearest: number | null = null;
  const onPath = (depth: number): boolean => {
    for (let level = 0; level < depth; level++) {
      const frame = stack[level]!;
      if ((frame.object ? frame.key : String(frame.index)) !== want[level]) return false;
    }
    return true;
  };
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 58 || c === 0xfeff) {
      i++;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === 44) {
      if (top?.object) top.expectKey = true;
      else if (top) top.index++;
      i++;
      continue;
    }
    if (c === 125 || c === 93) {
      const closed = stack.pop();
      // Leaving the container that holds the path's next step without finding it: it is missing.
      if (closed && stack.length < want.length && onPath(stack.length) && nearest === closed.start) return nearest === 0 ? null : nearest;
      i++;
      continue;
    }
    if (c === 34 && top?.object && top.expectKey) {
      const end = stringEnd(text, i);
      if (end === -1) return null;
      top.key = keyAt(text, i, end);
      top.expectKey = false;
      i = end;
      continue;
    }
    // A value starts here.
    if (stack.length === want.length && onPath(stack.length)) return stack.length === 0 ? null : i;
    if (c === 123 || c === 91) {
      if (stack.length < want.length && onPath(stack.length)) nearest = i;
      stack.push({ object: c === 123, key: '', index: 0, expectKey: c === 123, start: i });
      i++;
    } else if (c === 34) {
      const end = stringEnd(text, i);
      if (end === -1) return null;
      i = end;
    } else {
      while (i < n && !',}] \t\r\n'.includes(text[i]!)) i++;
    }
  }
  return nearest === 0 ? null : nearest;
}
