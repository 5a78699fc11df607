/**
 * Where JSON text first goes wrong, as a character offset. Node 20's `JSON.parse` gives no position
 * for some errors ("Unexpected token ']'" after a trailing comma), and a message without a line
 * and column makes a person hunt through the file. This walks the grammar once (iteratively, so
 * deep nesting cannot overflow the stack) and stops at the first character that cannot be there.
 * It only locates errors; `JSON.parse` still does the parsing. A library parser with positions
 * (jsonc-parser 3) was measured against test/input/json.test.ts: it places a bad escape or an
 * unclosed string at the string's start, not where it goes wrong, and its recursive descent
 * overflows the stack on 100,000-deep input; so this stays, and so does json-walk.ts.
 */
export function jsonErrorOffset(text: string): number | null {
  const scan = new Scanner(text);
  if (text.charCodeAt(0) === 0xfeff) scan.i = 1;
  if (!scan.value()) return scan.i;
  if (!scan.closeContainers()) return scan.i;
  scan.ws();
  return scan.i < text.length ? scan.i : null;
}

// A number as the grammar has it, matched where the scanner stands (sticky): no length limit, so a
// number of any length is read whole.
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;
const WORDS = ['true', 'false', 'null'] as const;
const CLOSER = { array: ']', object: '}' } as const;

/** One pass over JSON text; each method advances `i` past what it read, or stops where it fails. */
class Scanner {
  i = 0;
  /** The containers open around `i`, innermost last. */
  private readonly stack: Array<'array' | 'object'> = [];

  constructor(private readonly text: string) {}

  ws(): void {
    const { text } = this;
    while (this.i < text.length) {
      const c = text[this.i];
      if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') return;
      this.i++;
    }
  }

  private string(): boolean {
    const { text } = this;
    if (text[this.i] !== '"') return false;
    this.i++;
    while (this.i < text.length) {
      const c = text.charCodeAt(this.i);
      if (c === 34) {
        this.i++;
        return true;
      }
      if (c < 32) return false;
      if (c !== 92) {
        this.i++;
        continue;
      }
      const next = text[this.i + 1];
      if (next === 'u') {
        HEX4.lastIndex = this.i + 2;
        if (!HEX4.test(text)) return false;
        this.i += 6;
      } else if (next !== undefined && '"\\/bfnrt'.includes(next)) this.i += 2;
      else return false;
    }
    return false;
  }

  private scalar(): boolean {
    for (const word of WORDS) {
      if (this.text.startsWith(word, this.i)) {
        this.i += word.length;
        return true;
      }
    }
    NUMBER.lastIndex = this.i;
    const number = NUMBER.exec(this.text);
    if (!number || number[0].length === 0) return false;
    this.i += number[0].length;
    return true;
  }

  /**
   * One value. A container is opened (pushed) and the loop goes straight on to its first element,
   * so nesting never recurses; `closeContainers` finishes containers.
   */
  value(): boolean {
    for (;;) {
      this.ws();
      const c = this.text[this.i];
      const kind = c === '{' ? 'object' : c === '[' ? 'array' : null;
      if (kind === null) return c === '"' ? this.string() : this.scalar();
      this.i++;
      this.ws();
      if (this.text[this.i] === CLOSER[kind]) {
        this.i++;
        return true;
      }
      this.stack.push(kind);
      if (kind === 'object' && !this.key()) return false;
    }
  }

  private key(): boolean {
    this.ws();
    if (!this.string()) return false;
    this.ws();
    if (this.text[this.i] !== ':') return false;
    this.i++;
    return true;
  }

  /** Read separators, further elements and closers until every open container is closed. */
  closeContainers(): boolean {
    while (this.stack.length > 0) {
      this.ws();
      const top = this.stack[this.stack.length - 1]!;
      const c = this.text[this.i];
      if (c === ',') {
        this.i++;
        if (!(top === 'object' ? this.key() && this.value() : this.value())) return false;
      } else if (c === CLOSER[top]) {
        this.i++;
        this.stack.pop();
      } else return false;
    }
    return true;
  }
}
