import { describe, expect, it } from 'vitest';
import { splitSentences, trimSpan } from '../../src/text/sentences.js';

function split(text: string, context?: Parameters<typeof splitSentences>[3]): string[] {
  return splitSentences(text, 0, text.length, context).map((span) => {
    const trimmed = trimSpan(text, span);
    return text.slice(trimmed.start, trimmed.end);
  });
}

describe('splitSentences', () => {
  it.each([
    ['marks end sentences', 'One. Two! Three? Four', ['One.', 'Two!', 'Three?', 'Four']],
    ['a decimal point is no end', 'It costs 1.5 million. Done', ['It costs 1.5 million.', 'Done']],
    ['an initial is no end', 'Ask J. Smith. Then go.', ['Ask J. Smith.', 'Then go.']],
    [
      'a lower-case word continues',
      'See p. 4 and cf. the rule. Next.',
      ['See p. 4 and cf. the rule.', 'Next.'],
    ],
    ['closers stay with the sentence', 'He said "go." Then left.', ['He said "go."', 'Then left.']],
    [
      'bold after the mark stays with it',
      '**Call now.** Then wait.',
      ['**Call now.**', 'Then wait.'],
    ],
    ['CJK marks need no space', '第一句。第二句！', ['第一句。', '第二句！']],
    ['a lone run of marks is one end', 'Really?! Yes.', ['Really?!', 'Yes.']],
  ])('%s', (_name, text, expected) => {
    expect(split(text)).toEqual(expected);
  });

  it('keeps the whitespace before a sentence in its span and drops blank stretches', () => {
    const text = 'One.  Two.   ';
    expect(splitSentences(text, 0, text.length)).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: 10 },
    ]);
  });

  it('a masked mark ends nothing; a marker after the mark stays with the sentence', () => {
    const text = 'See "a. B" here. Then [2] go.';
    const mask = new Uint8Array(text.length);
    mask.fill(2, 4, 10);
    expect(split(text, { mask })).toEqual(['See "a. B" here.', 'Then [2] go.']);
    const marked = 'It is 14 days. [2] Next one.';
    const at = marked.indexOf('[2]');
    expect(split(marked, { markerEnds: new Map([[at, at + 3]]) })).toEqual([
      'It is 14 days. [2]',
      'Next one.',
    ]);
  });
});
