/**
 * Walks over JSON text that `JSON.parse` has accepted, to say where in the text something is: a
 * key written twice, the value at a path. One walker (`walkJson`) keeps the bookkeeping (the open
 * containers, commas, keys); each question is a visitor over it. One pass, no recursion (deep
 * nesting cannot overflow the stack), and only run when there is something to report.
 */

type PathPart = string | number;

/** One open object or array: where it starts, and where the walk is inside it. */
export interface JsonFrame {
  readonly object: boolean;
  /** Offset of its `{` or `[`. */
  readonly start: number;
  /** The key of the member being read (objects). */
  key: string;
  /** The index of the element being read (arrays). */
  index: number;
  /** The next string is a key (objects). */
  expectKey: boolean;
}

/** What a visitor is told; `open` is the stack of containers, outermost first. Returning true stops the walk. */
export interface JsonVisitor {
  /** A key at `offset` (its opening quote), unescaped; the object is `open`'s last frame, its `key` already set. */
  key?(key: string, offset: number, open: readonly JsonFrame[]): boolean | void;
  /** A value starts at `offset`; `open` is the containers around it (an opening container is not yet among them). */
  value?(offset: number, open: readonly JsonFrame[]): boolean | void;
  /** A container opened: it is `open`'s last frame. */
  enter?(open: readonly JsonFrame[]): boolean | void;
  /** A container closed: `closed`, with `open` the ones still around it. */
  leave?(closed: JsonFrame, open: readonly JsonFrame[]): boolean | void;
}

/**
 * Walk valid JSON `text`, telling `visitor` each key, value start and container. 'stopped' when a
 * visitor asked to stop, 'done' at the end, 'broken' when a string never closes (the text was not
 * what `JSON.parse` accepted).
 */
export function walkJson(text: string, visitor: JsonVisitor): 'stopped' | 'done' | 'broken' {
  const { key: onKey, value: onValue, enter: onEnter, leave: onLeave } = visitor;
  const stack: JsonFrame[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    // Outside strings, valid JSON has no control character but space, tab and the line ends; they,
    // the colon and a byte-order mark carry no position worth reporting.
    if (c <= 32 || c === 58 || c === 0xfeff) {
      i++;
      continue;
    }
    if (c === 44) {
      const top = stack[stack.length - 1];
      if (top?.object) top.expectKey = true;
      else if (top) top.index++;
      i++;
      continue;
    }
    if (c === 125 || c === 93) {
      const closed = stack.pop();
      if (closed && onLeave?.(closed, stack)) return 'stopped';
      i++;
      continue;
    }
    if (c === 34) {
      const end = stringEnd(text, i);
      if (end === -1) return 'broken';
      const top = stack[stack.length - 1];
      if (top?.object && top.expectKey) {
        top.key = keyAt(text, i, end);
        top.expectKey = false;
        if (onKey?.(top.key, i, stack)) return 'stopped';
      } else if (onValue?.(i, stack)) return 'stopped';
      i = end;
      continue;
    }
    if (onValue?.(i, stack)) return 'stopped';
    if (c === 123 || c === 91) {
      stack.push({ object: c === 123, start: i, key: '', index: 0, expectKey: c === 123 });
      if (onEnter?.(stack)) return 'stopped';
      i++;
    } else {
      // A number, true, false or null: up to the next separator, closer or space.
      i++;
      while (i < n && !isScalarEnd(text.charCodeAt(i))) i++;
    }
  }
  return 'done';
}

function isScalarEnd(c: number): boolean {
  return c === 44 || c === 125 || c === 93 || c <= 32;
}

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

/** The path of the frames in `open`: each object's key, each array's index. */
function pathOf(open: readonly JsonFrame[]): PathPart[] {
  return open.map((frame) => (frame.object ? frame.key : frame.index));
}

/**
 * The first key that appears twice in one object of valid JSON `text`, with the path of the
 * object's members down to it and the offset of the second occurrence. `JSON.parse` keeps the last
 * silently; in a hand-edited file that is usually a lost entry (a second "Legal Aid of X" whose
 * numbers replace the first one's). Call it only after `JSON.parse` accepted the text.
 */
export function firstDuplicateKey(text: string): { path: PathPart[]; offset: number } | null {
  // The keys seen in each open object, in step with the walker's stack (null for an array).
  const seen: Array<Set<string> | null> = [];
  let found: { path: PathPart[]; offset: number } | null = null;
  walkJson(text, {
    enter: (open) => {
      seen.push(open[open.length - 1]!.object ? new Set() : null);
    },
    leave: () => {
      seen.pop();
    },
    key: (key, offset, open) => {
      const keys = seen[seen.length - 1]!;
      if (!keys.has(key)) {
        keys.add(key);
        return false;
      }
      found = { path: pathOf(open), offset };
      return true;
    },
  });
  return found;
}

/**
 * Where the value at `path` starts in valid JSON `text`, or where the nearest container on the
 * path that is there starts (a missing key is reported at its object), or null for the top level:
 * a message can then give the line of a problem found after parsing.
 */
export function offsetOfPath(text: string, path: readonly PropertyKey[]): number | null {
  const want = path.map(String);
  // The deepest container on the path seen so far: the answer when the path itself is not there.
  let nearest: number | null = null;
  let found: number | null = null;
  const onPath = (open: readonly JsonFrame[], depth: number): boolean => {
    for (let level = 0; level < depth; level++) {
      const frame = open[level]!;
      if ((frame.object ? frame.key : String(frame.index)) !== want[level]) return false;
    }
    return true;
  };
  const outcome = walkJson(text, {
    value: (offset, open) => {
      if (open.length === want.length && onPath(open, open.length)) {
        found = open.length === 0 ? null : offset;
        return true;
      }
      return false;
    },
    enter: (open) => {
      const depth = open.length - 1;
      if (depth < want.length && onPath(open, depth)) nearest = open[depth]!.start;
    },
    // Leaving the container that holds the path's next step without finding it: it is missing.
    leave: (closed, open) => {
      if (open.length < want.length && onPath(open, open.length) && nearest === closed.start) {
        found = nearest === 0 ? null : nearest;
        return true;
      }
      return false;
    },
  });
  if (outcome === 'stopped') return found;
  if (outcome === 'broken') return null;
  return nearest === 0 ? null : nearest;
}
