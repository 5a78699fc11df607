import { describe, expect, it } from 'vitest';
import { readLines } from '../../src/input/lines.js';

async function* chunksOf(...parts: (string | Uint8Array)[]): AsyncGenerator<string | Uint8Array> {
  yield* parts;
}

async function all(lines: AsyncIterable<{ text: string; line: number; tooLong?: number }>) {
  const out: { text: string; line: number; tooLong?: number }[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

describe('readLines', () => {
  it('splits lines wherever the chunks break, a character across two chunks included', async () => {
    const text = '\uFEFF{"a":"é"}\r\n\n{"b":"日本"}\nlast';
    const bytes = Buffer.from(text, 'utf8');
    // Every split point, so a chunk ends inside "é", "日" and "\r\n" in some case.
    for (let cut = 0; cut <= bytes.length; cut++) {
      const lines = await all(
        readLines(chunksOf(bytes.subarray(0, cut), bytes.subarray(cut)), 100),
      );
      expect(lines).toEqual([
        { text: '{"a":"é"}', line: 1 },
        { text: '', line: 2 },
        { text: '{"b":"日本"}', line: 3 },
        { text: 'last', line: 4 },
      ]);
    }
  });

  it('counts a line over the limit and drops its bytes, and goes on with the next', async () => {
    const lines = await all(
      readLines(chunksOf('ok\n', 'x'.repeat(6), 'y'.repeat(6), '\nnext\n'), 10),
    );
    expect(lines).toEqual([
      { text: 'ok', line: 1 },
      { text: '', line: 2, tooLong: 12 },
      { text: 'next', line: 3 },
    ]);
  });

  it('yields nothing for nothing, and a line exactly at the limit whole', async () => {
    expect(await all(readLines(chunksOf(), 10))).toEqual([]);
    expect(await all(readLines(chunksOf(''), 10))).toEqual([]);
    expect(await all(readLines(chunksOf('0123456789'), 10))).toEqual([
      { text: '0123456789', line: 1 },
    ]);
  });
});
