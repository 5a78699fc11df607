/**
 * A line of a byte stream. A line over `maxBytes` is counted and dropped (`tooLong`), so memory is
 * bounded: `node:readline` would hold a line of any length whole.
 */
export interface TextLine {
  /** The line's text, without its `\n` or `\r\n`; empty when `tooLong`. */
  text: string;
  /** 1-based. */
  line: number;
  /** Over `maxBytes`: how many bytes it had. */
  tooLong?: number;
}

const NEWLINE = 0x0a;

/** Each line of `chunks` (UTF-8 bytes or text) as it arrives, blank ones too; a leading BOM dropped. */
export async function* readLines(
  chunks: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
): AsyncGenerator<TextLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let line = 1;
  const finish = (): TextLine => {
    const done: TextLine =
      size > maxBytes
        ? { text: '', line, tooLong: size }
        : { text: decodeLine(Buffer.concat(parts, size), line === 1), line };
    parts = [];
    size = 0;
    line += 1;
    return done;
  };
  for await (const chunk of chunks) {
    const bytes = toBuffer(chunk);
    let start = 0;
    for (let end = bytes.indexOf(NEWLINE); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
      keep(bytes.subarray(start, end));
      yield finish();
      start = end + 1;
    }
    keep(bytes.subarray(start));
  }
  if (size > 0) yield finish();

  /** Hold a piece of the current line, unless the line is already over the limit. */
  function keep(piece: Buffer): void {
    if (piece.length === 0) return;
    if (size + piece.length <= maxBytes) parts.push(piece);
    else parts = [];
    size += piece.length;
  }
}

function decodeLine(bytes: Buffer, first: boolean): string {
  let text = bytes.toString('utf8');
  if (first) text = text.replace(/^\uFEFF/, '');
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}

function toBuffer(chunk: Uint8Array | string): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
