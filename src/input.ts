/**
 * Where JSON text first goes wrong, as a character offset. Node 20's `JSON.parse` gives no position
 * for some errors ("Unexpected token ']'" after a trailing comma), and a message without a line
 * and column makes a person hunt through the file. This walks the grammar once (iteratively, so
 * deep nesting cannot overflow the stack) and stops at the first character that cannot be there.
 * It only locates errors; `JSON.parse` still does the parsing.
 */
export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const n = text.length;
  // What the parser expects next: a value, or inside a container a separator or the closer.
  const stack: Array<'array' | 'object'> = [];
  const ws = (): void => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return true;
      }
      if (c < 32) return false;
      if (c === 92) {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return false;
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i += 2;
        else return false;
      } else i++;
    }
    return false;
  };
  const scalar = (): boolean => {
    const rest = text.slice(i, i + 5);
    for (const word of ['true', 'false', 'null']) {
      if (rest.startsWith(word)) {
        i += word.length;
        return true;
      }
    }
    const number = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!number || number[0].length === 0) return false;
    i += number[0].length;
    return true;
  };
  // Parse one value. A container is opened (pushed) and the loop goes straight on to its first
  // element, so nesting never recurses; the main loop below finishes containers.
  const value = (): boolean => {
    for (;;) {
      ws();
      const c = text[i];
      if (c === '{') {
        i++;
        ws();
        if (text[i] === '}') {
          i++;
          return true;
        }
        stack.push('object');
        if (!key()) return false;
        continue;
      }
      if (c === '[') {
        i++;
        ws();
        if (text[i] === ']') {
          i++;
          return true;
        }
        stack.push('array');
        continue;
      }
      if (c === '"') return string();
      return scalar();
    }
  };
  const key = (): boolean => {
    ws();
    if (!string()) return false;
    ws();
    if (text[i] !== ':') return false;
    i++;
    return true;
  };
  const member = (): boolean => key() && value();

  if (text.charCodeAt(0) === 0xfeff) i = 1;
  if (!value()) return i;
  while (stack.length > 0) {
    ws();
    const top = stack[stack.length - 1]!;
    const c = text[i];
    if (c === ',') {
      i++;
      if (!(top === 'object' ? member() : value())) return i;
    } else if ((top === 'object' && c === '}') || (top === 'array' && c === ']')) {
      i++;
      stack.pop();
    } else {
      return i;
    }
  }
  ws();
  return i < n ? i : null;
}

/** `offset` → "line L, column C" (both 1-based), for messages. */
export function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}
