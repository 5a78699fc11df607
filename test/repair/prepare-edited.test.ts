import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareAnswer, prepareEdited } from '../../src/text/prepared.js';
import { tokenize } from '../../src/normalize/name.js';
import { sampleRows } from '../helpers/sample.js';
import { answerLike, anyText, runs, timeout } from '../properties/support.js';

// Where reuse could go wrong: words, apostrophes and `&` against the cut, white space of each
// kind, surrogate halves, marks, astral letters.
const piece = fc.constantFrom(
  ' ',
  '\n',
  '\t',
  '\r\n',
  "'",
  '’',
  "'s",
  '&',
  'a',
  'Z',
  '9',
  'é',
  '\u0301',
  '𝐀',
  '\ud800',
  '\udc00',
  '-',
  '.',
  'Court',
  "People's",
  'https://www.mass.gov/x',
);
const tricky = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));

/** `text` with its span [from, to) (as fractions of its length) replaced by `insert`. */
function edited(text: string, from: number, to: number, insert: string): string {
  const a = Math.floor(Math.min(from, to) * text.length);
  const b = Math.floor(Math.max(from, to) * text.length);
  return text.slice(0, a) + insert + text.slice(b);
}

const edit = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, fc.double({ min: 0, max: 1 }), fc.double({ min: 0, max: 1 }), text);

describe('prepareEdited: the tokens a fresh prepareAnswer gives', () => {
  it.each([
    ['tricky pieces', tricky],
    ['any text', anyText],
    ['answer-like text', answerLike],
  ])(
    'one edit anywhere, on %s',
    (_, arbitrary) => {
      fc.assert(
        fc.property(edit(arbitrary), ([text, from, to, insert]) => {
          const after = edited(text, from, to, insert);
          const prepared = prepareEdited(prepareAnswer(text), after);
          expect(prepared.text).toBe(after);
          expect(prepared.tokens).toEqual(tokenize(after));
        }),
        runs(400),
      );
    },
    timeout(20_000),
  );

  it('two edits and a trim, as a repair pass makes them, on the bundled sample answers', () => {
    const answers = sampleRows().map((row) => row.answer);
    for (const answer of answers)
      for (const [from, to] of [
        [0.1, 0.2],
        [0.5, 0.5],
        [0.0, 0.05],
        [0.9, 1],
      ] as const) {
        const after = edited(edited(answer, from, to, 'Call 617-555-0100'), 0.7, 0.75, '').trim();
        expect(prepareEdited(prepareAnswer(answer), after).tokens).toEqual(tokenize(after));
      }
  });

  it('structure from the new text: its sentences are those of a fresh preparation', () => {
    const before = prepareAnswer('Call the court. It helps.\n\n- Visit the site.');
    const after = 'Call the court at 617-555-0100. It helps.\n\n- Visit the site.';
    const prepared = prepareEdited(before, after);
    expect(prepared.sentences).toEqual(prepareAnswer(after).sentences);
    expect(prepared.blocks).toEqual(prepareAnswer(after).blocks);
  });
});
