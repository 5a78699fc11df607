import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Span } from '../../src/extract/types.js';
import { tokensOutside } from '../../src/match/orgs.js';
import { tokenize, type Token } from '../../src/normalize/name.js';
import { runs } from '../properties/support.js';

// The definition `tokensOutside` must keep: a token is dropped when any span overlaps it.
function outsideByTest(tokens: readonly Token[], spans: readonly Span[]): Token[] {
  return tokens.filter((token) =>
    spans.every((span) => !(span.start < token.end && token.start < span.end)),
  );
}

const words = fc
  .array(fc.constantFrom('a', 'Legal', 'Aid', '617-555-0100', 'x.org', ' ', '  ', '\n', ','), {
    maxLength: 30,
  })
  .map((parts) => parts.join(''));

// Spans in any order, overlapping, nested, empty, cutting words, past the end.
const case_ = words.chain((text) =>
  fc.tuple(
    fc.constant(text),
    fc.array(
      fc
        .tuple(fc.nat(text.length + 2), fc.nat(12))
        .map(([start, length]): Span => ({ start, end: start + length })),
      { maxLength: 6 },
    ),
  ),
);

describe('tokensOutside: the tokens no blanked span overlaps', () => {
  it('keeps exactly the tokens each span misses, in order, the same objects', () => {
    fc.assert(
      fc.property(case_, ([text, spans]) => {
        const tokens = tokenize(text);
        const kept = tokensOutside(tokens, spans);
        expect(kept.length).toBe(outsideByTest(tokens, spans).length);
        outsideByTest(tokens, spans).forEach((token, k) => expect(kept[k]).toBe(token));
      }),
      runs(500),
    );
  });

  it.each<[string, string, Span[], string[]]>([
    ['no spans', 'Legal Aid', [], ['Legal', 'Aid']],
    ['a link in the middle', 'see x.org now', [{ start: 4, end: 9 }], ['see', 'now']],
    ['a span cutting a word', 'Legal Aid', [{ start: 7, end: 8 }], ['Legal']],
    [
      'unsorted and nested spans',
      'a b c d e',
      [
        { start: 6, end: 7 },
        { start: 0, end: 5 },
        { start: 2, end: 3 },
      ],
      ['e'],
    ],
  ])('%s', (_, text, spans, expected) => {
    expect(tokensOutside(tokenize(text), spans).map((token) => token.raw)).toEqual(expected);
  });
});
