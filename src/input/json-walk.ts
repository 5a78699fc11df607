// Where in JSON text something is: the first character that cannot be there (Node 20's
// `JSON.parse` gives no position for some errors), a key written twice, the value at a path. No
// recursion, so deep nesting cannot overflow the stack: jsonc-parser 3 was rejected for that, and
// for placing a bad escape at the string's start.

type PathPart = string | number;

/** One open object or array: where its `{` or `[` is, and the key or index being read. */
interface JsonFrame {
  readonly object: boolean;
  readonly start: number;
  key: string;
  index: number;
}

/** `open` is the stack of containers, outermost first; returning true stops the walk. */
interface JsonVisitor {
  /** A key at `offset` (its opening quote), unescaped; its object is `open`'s last frame. */
  key?(key: string, offset: number, open: readonly JsonFrame[]): boolean | void;
  /** A value starts at `offset`; an opening container is not yet in `open`. */
  value?(offset: number, open: readonly JsonFrame[]): boolean | void;
  /** A container opened: it is `open`'s last frame. */
  enter?(open: readonly JsonFrame[]): boolean | void;
  /** A container closed: `closed`, with `open` the ones still around it. */
  leave?(closed: JsonFrame, open: readonly JsonFrame[]): boolean | void;
}

// Matched where the walk stands (sticky): a string up to its closing quote, so that a failure
// stops at the character that is wrong; a number of any length.
const STRING = /"[^"\\\u0000-\u001f]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\u0000-\u001f]*)*/y;
const SCALAR = /true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Where `pattern` stops matching from `i` (`i` when it matches nothing). */
function matchEnd(pattern: RegExp, text: string, i: number): number {
  pattern.lastIndex = i;
  return pattern.test(text) ? pattern.lastIndex : i;
}

/**
 * Where the string that opens at `i` ends (its closing quote) or goes wrong. In text `JSON.parse`
 * accepted only the quote is sought: a regex call per string would double the walk of a large file.
 */
function stringEnd(text: string, i: number, parsed: boolean): number {
  if (!parsed) return matchEnd(STRING, text, i);
  let end = text.indexOf('"', i + 1);
  while (isEscaped(text, end)) end = text.indexOf('"', end + 1);
  return end;
}

/** Whether the character at `at` follows an odd run of backslashes: escaped, inside a string. */
function isEscaped(text: string, at: number): boolean {
  let slashes = 0;
  while (text.charCodeAt(at - 1 - slashes) === 92) slashes++;
  return slashes % 2 === 1;
}

function skipSpace(text: string, i: number): number {
  let c = text.charCodeAt(i);
  while (c <= 32 && (c === 32 || c === 10 || c === 13 || c === 9)) c = text.charCodeAt(++i);
  return i;
}

const VALUE = 0;
const KEY = 1;
const AFTER = 2;

/**
 * Walk JSON `text` (a byte-order mark first is allowed; `parsed`: `JSON.parse` accepted it), telling
 * `visitor` each key, value and container: 'stopped' when it asked to stop, else the offset of the
 * first character that cannot be there, or null when the text is valid.
 */
function walkJson(text: string, visitor: JsonVisitor, parsed = true): 'stopped' | number | null {
  const { key: onKey, value: onValue, enter: onEnter, leave: onLeave } = visitor;
  const stack: JsonFrame[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // What comes next: a value, an object's key and colon, or the commas and closers after a value.
  let next = VALUE;
  for (;;) {
    i = skipSpace(text, i);
    const c = text.charCodeAt(i);
    if (next === KEY) {
      const top = stack[stack.length - 1]!;
      const end = c === 34 ? stringEnd(text, i, parsed) : i;
      if (end === i || text.charCodeAt(end) !== 34) return end;
      const raw = text.slice(i + 1, end);
      top.key = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
      if (onKey?.(top.key, i, stack)) return 'stopped';
      i = skipSpace(text, end + 1);
      if (text.charCodeAt(i) !== 58) return i;
      i++;
      next = VALUE;
      continue;
    }
    if (next === VALUE) {
      if (onValue?.(i, stack)) return 'stopped';
      if (c === 123 || c === 91) {
        stack.push({ object: c === 123, start: i, key: '', index: 0 });
        if (onEnter?.(stack)) return 'stopped';
        i = skipSpace(text, i + 1);
        // An empty container: its closer is read as after a value.
        if (text.charCodeAt(i) === (c === 123 ? 125 : 93)) next = AFTER;
        else if (c === 123) next = KEY;
        continue;
      }
      const end = c === 34 ? stringEnd(text, i, parsed) : matchEnd(SCALAR, text, i);
      if (c === 34 && text.charCodeAt(end) !== 34) return end;
      if (end === i) return i;
      i = c === 34 ? end + 1 : end;
      next = AFTER;
      continue;
    }
    const top = stack[stack.length - 1];
    if (top === undefined) return i < text.length ? i : null;
    if (c === (top.object ? 125 : 93)) {
      i++;
      stack.pop();
      if (onLeave?.(top, stack)) return 'stopped';
    } else if (c === 44) {
      i++;
      if (!top.object) top.index++;
      next = top.object ? KEY : VALUE;
    } else return i;
  }
}

/** The offset where JSON `text` first goes wrong, or null when it is valid. */
export function jsonErrorOffset(text: string): number | null {
  const end = walkJson(text, {}, false);
  return end === 'stopped' ? null : end;
}

/**
 * The first key written twice in one object of valid JSON `text`: its path and the second's
 * offset. `JSON.parse` silently keeps the last, which in a hand-edited file is a lost entry.
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
      if (keys.has(key))
        found = { path: open.map((frame) => (frame.object ? frame.key : frame.index)), offset };
      keys.add(key);
      return found !== null;
    },
  });
  return found;
}

/**
 * Whether valid JSON `text` may repeat a key, told from `value`, its parse, without a walk:
 * `JSON.parse` keeps one property per distinct key of an object, so text that writes no more keys
 * than `value` holds repeats none. Keys are counted from colon to colon (`indexOf` runs at memory
 * speed; the walk was half a `JSON.parse` of a 100,000-organization allowlist, and the load guard
 * fails): every colon after an unescaped quote. That counts each key, and a string that starts
 * with a colon too, so a count over the parse's means "walk to find out", never a missed repeat.
 */
export function mayRepeatKeys(text: string, value: unknown): boolean {
  let written = 0;
  for (let at = text.indexOf(':'); at !== -1; at = text.indexOf(':', at + 1)) {
    const quote = blankBefore(text, at - 1);
    if (text.charCodeAt(quote) === 34 && !isEscaped(text, quote)) written++;
  }
  return written > keysIn(value);
}

/** The last offset at or before `i` that is not JSON white space (-1 when none is). */
function blankBefore(text: string, i: number): number {
  let c = text.charCodeAt(i);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(--i);
  return i;
}

/** The keys of every object in a parsed JSON value, by a stack: deep nesting cannot overflow it. */
function keysIn(value: unknown): number {
  let count = 0;
  const open: unknown[] = [value];
  while (open.length > 0) {
    const next = open.pop();
    if (Array.isArray(next)) {
      for (const item of next) if (typeof item === 'object') open.push(item);
    } else if (typeof next === 'object' && next !== null) {
      for (const key in next) {
        count++;
        const item = (next as Record<string, unknown>)[key];
        if (typeof item === 'object') open.push(item);
      }
    }
  }
  return count;
}

/**
 * Where the value at `path` starts in valid JSON `text`, or the nearest container on the path
 * that is there (a missing key's object); null for the top level.
 */
export function offsetOfPath(text: string, path: readonly PropertyKey[]): number | null {
  const want = path.map(String);
  // The deepest container on the path seen so far: the answer when the path itself is not there.
  let nearest: number | null = null;
  let found: number | null = null;
  const onPath = (open: readonly JsonFrame[], depth: number): boolean =>
    open.every(
      (frame, level) =>
        level >= depth || (frame.object ? frame.key : String(frame.index)) === want[level],
    );
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
  return outcome === null && nearest !== 0 ? nearest : null;
}
