import { describe, expect, it } from 'vitest';
import { columnHeading, segment, spanAt } from '../../src/text/structure.js';

function parts(text: string): { sentences: string[]; blocks: string[] } {
  const { sentences, blocks } = segment(text);
  return {
    sentences: sentences.map((s) => text.slice(s.start, s.end).trim()),
    blocks: blocks.map((b) => text.slice(b.start, b.end).trim()),
  };
}

describe('segment: sentences', () => {
  it.each([
    [
      'sentence ends',
      'Call GBLS. Then MLRI! Really? Yes.',
      ['Call GBLS.', 'Then MLRI!', 'Really?', 'Yes.'],
    ],
    [
      'abbreviations do not end a sentence',
      'Ask Dr. Smith at St. Mary in the U.S. today.',
      ['Ask Dr. Smith at St. Mary in the U.S. today.'],
    ],
    [
      'e.g. and i.e. do not end a sentence',
      'Bring a form, e.g. a lease, i.e. the paper.',
      ['Bring a form, e.g. a lease, i.e. the paper.'],
    ],
    [
      '"No." before a number does not end a sentence',
      'Case No. 12 is closed.',
      ['Case No. 12 is closed.'],
    ],
    [
      'a decimal point does not end a sentence',
      'It costs 1.5 million. Done',
      ['It costs 1.5 million.', 'Done'],
    ],
    [
      'a period inside a host does not end a sentence',
      'See mass.gov for more. Next',
      ['See mass.gov for more.', 'Next'],
    ],
    [
      'a line break ends a sentence',
      'Greater Boston Legal Services\nPhone: 617-371-1234',
      ['Greater Boston Legal Services', 'Phone: 617-371-1234'],
    ],
  ])('%s', (_name, text, sentences) => {
    expect(parts(text).sentences).toEqual(sentences);
  });
});

describe('segment: blocks', () => {
  it.each([
    ['one paragraph over several lines', 'Para one.\nStill one.', ['Para one.\nStill one.']],
    ['a blank line ends a paragraph', 'Para one.\n\nPara two.', ['Para one.', 'Para two.']],
    [
      'a blank line with spaces ends a paragraph',
      'Para one.\n   \nPara two.',
      ['Para one.', 'Para two.'],
    ],
    [
      'each list item is a block, with its continuation lines',
      '- GBLS\n  Phone: 1\n- MLRI\n  Phone: 2',
      ['- GBLS\n  Phone: 1', '- MLRI\n  Phone: 2'],
    ],
    ['numbered items', '1. GBLS\n2) MLRI', ['1. GBLS', '2) MLRI']],
    ['other bullets', '* a\n+ b\n• c', ['* a', '+ b', '• c']],
    ['a heading starts a block', 'Intro\n# Heading\ntext', ['Intro', '# Heading\ntext']],
    ['each table row is a block', '| a | b |\n| c | d |', ['| a | b |', '| c | d |']],
    // A marker must have a space after it on its own line: the line break after it is none.
    [
      'a marker alone on its line starts no block',
      'Intro\n-\n1.\n#\nend',
      ['Intro\n-\n1.\n#\nend'],
    ],
  ])('%s', (_name, text, blocks) => {
    expect(parts(text).blocks).toEqual(blocks);
  });

  it('every sentence lies inside one block', () => {
    const text = 'Intro. More.\n\n- GBLS: call.\n  Now.\n- MLRI\n\n| a | b. c |';
    const { sentences, blocks } = segment(text);
    for (const sentence of sentences) {
      expect(
        blocks.some((block) => block.start <= sentence.start && sentence.end <= block.end),
      ).toBe(true);
    }
  });
});

describe('segment: the container each block sits under', () => {
  it.each([
    // A paragraph ends the list above it: neither it nor an indented paragraph after it sits under
    // the item, both under the heading.
    ['a paragraph ends a list', '# Help\n- GBLS\n\nParagraph.\n\n  indented', [-1, 0, 0, 0]],
    [
      'a label heads a list and the paragraphs after it',
      '**Label**\n- a\n\nplain\n\n1. b',
      [-1, 0, 0, 0],
    ],
    ['an indented paragraph continues the item', '- GBLS\n\n  Phone: 1\n\nPlain', [-1, 0, -1]],
  ])('%s', (_name, text, parents) => {
    expect(segment(text).parents).toEqual(parents);
  });
});

describe('spanAt', () => {
  const spans = [
    { start: 0, end: 5 },
    { start: 5, end: 9 },
    { start: 12, end: 20 },
  ];
  it.each([
    [0, 0],
    [4, 0],
    [5, 1],
    [8, 1],
    [12, 2],
    [19, 2],
  ])('position %d is in span %d', (position, which) => {
    expect(spanAt(spans, position)).toBe(spans[which]);
  });
  it.each([9, 11, 20, -1])('position %d is in none', (position) => {
    expect(spanAt(spans, position)).toBeUndefined();
  });
});

describe('columnHeading', () => {
  const text =
    'Intro.\n\n| Court | Phone | Fax |\n| --- | --- | --- |\n| A | 1 | 2 |\n| B | 3 | 4 |\n\n| no | header |\n| x | 5 |';
  const at = (needle: string): number => text.indexOf(needle);
  it.each([
    ['| A', 'Court'],
    ['1 |', 'Phone'],
    ['2 |', 'Fax'],
    ['4 |', 'Fax'],
  ])('%s is under %s', (needle, heading) => {
    expect(columnHeading(segment(text), at(needle) + (needle.startsWith('|') ? 2 : 0))).toBe(
      heading,
    );
  });
  it('none for the header itself, prose, or a table without a separator row', () => {
    const segments = segment(text);
    expect(columnHeading(segments, at('Phone'))).toBeUndefined();
    expect(columnHeading(segments, at('Intro'))).toBeUndefined();
    expect(columnHeading(segments, at('5 |'))).toBeUndefined();
  });
});

describe('sentenceAt', () => {
  it('gives the sentence of `sentences` that holds a position, none on a line break', () => {
    const segments = segment('One. Two three.\nFour.');
    expect(segments.sentenceAt(6)).toBe(segments.sentenceAt(14));
    expect(segments.sentenceAt(6)).toBe(segments.sentences[1]);
    expect(segments.sentenceAt(0)).not.toBe(segments.sentenceAt(6));
    expect(segments.sentenceAt(15)).toBeUndefined();
  });
});
