import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Span } from '../../src/extract/types.js';
import { prepareAnswer } from '../../src/text/prepared.js';
import { type Segments, segment, spanAt } from '../../src/text/structure.js';
import { fixtureText } from '../helpers/fixture-text.js';

// `sentenceAt` splits only the line that holds a position; callers used to read
// `spanAt(segment(text).sentences, position)`, which splits the whole answer. The two must agree at
// every position of every text, or a phone's sentence, a pairing or a repair would change.

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Every string of the JSON and JSON Lines fixtures with a line break in it: real answers and chunks. */
function multilineStrings(): string[] {
  const found: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.includes('\n')) found.push(value);
    } else if (Array.isArray(value)) value.forEach(collect);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(collect);
  };
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.jsonl?$/.test(entry))
        for (const line of readFileSync(path, 'utf8').split('\n'))
          try {
            collect(JSON.parse(line));
          } catch {
            // A file that is not one JSON value a line, or a fixture of bad JSON: read it whole.
            try {
              collect(JSON.parse(readFileSync(path, 'utf8')));
            } catch {}
            break;
          }
    }
  };
  walk(FIXTURES);
  return found;
}

/**
 * The positions (-1 to one past the end) where `sentenceAt` of `lazy` (the prepared answer, as
 * the verifier reads it) disagrees with the full split, asked in order or `scattered` (a fixed
 * shuffle: a line split part way is resumed, and read back, out of order).
 */
function disagreements(
  text: string,
  lazy: Segments = prepareAnswer(text),
  scattered = false,
): string[] {
  const full = segment(text).sentences;
  const positions = Array.from({ length: text.length + 3 }, (_, k) => k - 1);
  if (scattered) shuffle(positions);
  const wrong: string[] = [];
  for (const position of positions) {
    const want = spanAt(full, position);
    const got = lazy.sentenceAt(position);
    if (want?.start !== got?.start || want?.end !== got?.end)
      wrong.push(`${position}: ${show(want)} expected, got ${show(got)}`);
    if (wrong.length === 5) break;
  }
  return wrong;
}

/** Fisher–Yates with a fixed linear congruential generator: the same order on every run. */
function shuffle(values: number[]): void {
  let seed = 12345;
  for (let k = values.length - 1; k > 0; k--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (k + 1);
    [values[k], values[j]] = [values[j]!, values[k]!];
  }
}

function show(span: Span | undefined): string {
  return span ? `[${span.start}, ${span.end})` : 'none';
}

/** The same text with the line endings and blank lines a real answer may have. */
function variants(text: string): string[] {
  const bare = text.replace(/\n+$/, '');
  return [
    bare,
    `${bare}\n`,
    `${bare}\n\n`,
    `\n${bare}`,
    bare.replace(/\n/g, '\r\n'),
    `${bare.replace(/\n/g, '\r\n')}\r\n`,
    bare.replace(/\n/g, '\n\n'),
    bare.replace(/\n/g, '\n \t\n'),
    bare.replace(/\n/g, '\r\n\r\n'),
  ];
}

describe('sentenceAt: the sentence of the line, as the whole answer split gives it', () => {
  const answers = multilineStrings();

  it('reads real answers', () => {
    // The ExpertQA, HAGRID and chunk fixtures alone hold well over a hundred.
    expect(answers.length).toBeGreaterThan(100);
  });

  it('agrees at every position of every fixture file, joined', () => {
    // Its structure alone: tokenizing 3.6 MB to prepare it would only slow the test.
    const text = fixtureText();
    expect(disagreements(text, segment(text))).toEqual([]);
  });

  it('agrees at every position of each real answer, with its line endings changed', () => {
    const wrong: string[] = [];
    for (const answer of answers)
      for (const text of variants(answer))
        for (const line of [...disagreements(text), ...disagreements(text, undefined, true)])
          wrong.push(`${JSON.stringify(text.slice(0, 40))} ${line}`);
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it.each([
    ['empty', ''],
    ['one line break', '\n'],
    ['line breaks only', '\n\n\r\n'],
    ['blank lines of spaces', '  \n\t\n   '],
    ['no final line break', 'One. Two.\nThree'],
    ['a final line break', 'One. Two.\nThree.\n'],
    ['CRLF', 'Call GBLS.\r\nPhone: 617-371-1234.\r\n\r\nThen MLRI! Really?\r\n'],
    ['CRLF after a line with no mark', 'Greater Boston Legal Services\r\nPhone: 617-371-1234\r\n'],
    ['a mark before a line break', 'Ends here.\nNext line. And more.'],
    ['whitespace after the last sentence', 'Done.   \nDone again.  '],
    ['abbreviation at a line end', 'See Dr.\nSmith at St.\nMary.'],
    ['a lower-case word on the next line', 'It ends.\nthen it goes on.'],
  ])('agrees on %s', (_name, text) => {
    expect(disagreements(text)).toEqual([]);
  });

  it('gives the same object each time for one sentence', () => {
    const answer = prepareAnswer('One. Two three.\nFour.');
    expect(answer.sentenceAt(6)).toBe(answer.sentenceAt(14));
    expect(answer.sentenceAt(0)).not.toBe(answer.sentenceAt(6));
    expect(answer.sentenceAt(15)).toBeUndefined();
  });
});
