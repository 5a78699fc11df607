import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldToken, tokenize, type Token } from '../../src/normalize/name.js';
import { sampleRows } from '../helpers/sample.js';
import { answerLike, anyText, runs, timeout } from './support.js';

// The tokenizer as it was written before the hand-written scan: the definition the scan must match.
function tokenizeByPattern(text: string): Token[] {
  const pattern = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*|&/gu;
  const tokens: Token[] = [];
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const raw = match[0];
    const token: Token = {
      norm: foldToken(raw),
      raw,
      start: match.index,
      end: match.index + raw.length,
    };
    if (raw.length > 2 && /['’][sS]$/.test(raw)) {
      const stem = raw.slice(0, -2);
      token.possessive = { norm: foldToken(stem), raw: stem, end: token.end - 2 };
    }
    tokens.push(token);
  }
  return tokens;
}

// Pieces where the scan and the pattern could part: apostrophes, `&`, accents, other scripts,
// digits of other scripts, astral letters and emoji, lone surrogates.
const piece = fc.constantFrom(
  "'",
  '’',
  "'s",
  '’S',
  '&',
  ' ',
  '-',
  'a',
  'Z',
  '9',
  'é',
  'ß',
  'İ',
  'Σ',
  'ж',
  '中',
  '٣',
  '½',
  '𝐀',
  '😀',
  '\u0301',
  '\ud800',
  '\udc00',
  'ﬁ',
  'Ⅻ',
  '\u200b',
  'Court',
  "People's",
);
const tricky = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

describe('tokenize: the scan gives exactly the tokens of its pattern', () => {
  it.each([
    ['tricky pieces', tricky],
    ['any text', anyText],
    ['answer-like text', answerLike],
  ])(
    'on %s',
    (_, arbitrary) => {
      fc.assert(
        fc.property(arbitrary, (text) => {
          expect(tokenize(text)).toStrictEqual(tokenizeByPattern(text));
        }),
        runs(300),
      );
    },
    timeout(20_000),
  );

  it('on the bundled sample answers', () => {
    const answers = sampleRows().map((row) => row.answer);
    for (const answer of answers) expect(tokenize(answer)).toStrictEqual(tokenizeByPattern(answer));
  });
});
