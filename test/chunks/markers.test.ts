import { describe, expect, it } from 'vitest';
import { extractCitations } from '../../src/chunks/markers.js';
import { parseChunks } from '../../src/chunks/parse.js';

const numbered = parseChunks(['a', 'b', 'c', 'd', 'e']);
const labelled = parseChunks([
  { id: 'doc-7', text: 'seven' },
  { id: 'doc-9', text: 'nine' },
]);

describe('extractCitations: every citation form', () => {
  it.each([
    {
      form: '[3]',
      text: 'Tenants get 14 days [3].',
      raw: ['[3]'],
      ids: [['3']],
      kinds: ['bracket'],
    },
    {
      form: '[3, 5]',
      text: 'Tenants get 14 days [3, 5].',
      raw: ['[3, 5]'],
      ids: [['3', '5']],
      kinds: ['bracket'],
    },
    {
      form: '[3,5] without space',
      text: 'Tenants get 14 days [3,5].',
      raw: ['[3,5]'],
      ids: [['3', '5']],
      kinds: ['bracket'],
    },
    {
      form: '[3][5] as two markers',
      text: 'Tenants get 14 days [3][5].',
      raw: ['[3]', '[5]'],
      ids: [['3'], ['5']],
      kinds: ['bracket', 'bracket'],
    },
    {
      form: '[3-5] range',
      text: 'Tenants get 14 days [3-5].',
      raw: ['[3-5]'],
      ids: [['3', '4', '5']],
      kinds: ['bracket'],
    },
    {
      form: '[3–5] en-dash range',
      text: 'Tenants get 14 days [3–5].',
      raw: ['[3–5]'],
      ids: [['3', '4', '5']],
      kinds: ['bracket'],
    },
    {
      form: '[^3] footnote',
      text: 'Tenants get 14 days[^3].',
      raw: ['[^3]'],
      ids: [['3']],
      kinds: ['footnote'],
    },
    {
      form: '【3】 lenticular',
      text: 'Tenants get 14 days【3】.',
      raw: ['【3】'],
      ids: [['3']],
      kinds: ['lenticular'],
    },
    {
      form: '【3†source】 lenticular with dagger',
      text: 'Tenants get 14 days【3†source】.',
      raw: ['【3†source】'],
      ids: [['3']],
      kinds: ['lenticular'],
    },
    {
      form: '(Source 3)',
      text: 'Tenants get 14 days (Source 3).',
      raw: ['(Source 3)'],
      ids: [['3']],
      kinds: ['parenthetical'],
    },
    {
      form: '(Sources 3 and 5)',
      text: 'Tenants get 14 days (Sources 3 and 5).',
      raw: ['(Sources 3 and 5)'],
      ids: [['3', '5']],
      kinds: ['parenthetical'],
    },
    {
      form: '(source: 3)',
      text: 'Tenants get 14 days (source: 3).',
      raw: ['(source: 3)'],
      ids: [['3']],
      kinds: ['parenthetical'],
    },
    {
      form: '[Passage 2]',
      text: 'Tenants get 14 days [Passage 2].',
      raw: ['[Passage 2]'],
      ids: [['2']],
      kinds: ['bracket'],
    },
    {
      form: '[03] leading zero',
      text: 'Tenants get 14 days [03].',
      raw: ['[03]'],
      ids: [['3']],
      kinds: ['bracket'],
    },
    {
      form: 'glued to the word',
      text: 'Tenants get 14 days[3].',
      raw: ['[3]'],
      ids: [['3']],
      kinds: ['bracket'],
    },
  ])('$form', ({ text, raw, ids, kinds }) => {
    const markers = extractCitations(text, numbered);
    expect(markers.map((marker) => marker.raw)).toEqual(raw);
    expect(markers.map((marker) => marker.ids)).toEqual(ids);
    expect(markers.map((marker) => marker.form)).toEqual(kinds);
    for (const marker of markers) expect(text.slice(marker.start, marker.end)).toBe(marker.raw);
  });

  it.each([
    {
      name: '[doc-7] when chunks carry that id',
      text: 'Notice is required [doc-7].',
      ids: [['doc-7']],
    },
    { name: '[DOC-7] folds case', text: 'Notice is required [DOC-7].', ids: [['doc-7']] },
    {
      name: '[doc-7, doc-9]',
      text: 'Notice is required [doc-7, doc-9].',
      ids: [['doc-7', 'doc-9']],
    },
    {
      name: '[doc-8]: unknown id of a known shape is still a citation',
      text: 'Notice is required [doc-8].',
      ids: [['doc-8']],
    },
    { name: '[sic]: not an id shape', text: 'The landlord [sic] said so.', ids: [] },
    { name: '[citation needed]', text: 'Notice is required [citation needed].', ids: [] },
  ])('non-numeric ids: $name', ({ text, ids }) => {
    expect(extractCitations(text, labelled).map((marker) => marker.ids)).toEqual(ids);
  });

  it('non-numeric ids are not read when the chunks carry none', () => {
    expect(extractCitations('Notice is required [doc-7].', numbered)).toEqual([]);
  });
});

describe('extractCitations: adversarial rows that are not citations', () => {
  it.each([
    { name: 'markdown link [1](url)', text: 'See [1](https://example.org/a) for more.' },
    { name: 'markdown link [text](url)', text: 'See [the statute](https://example.org/a).' },
    { name: 'markdown image', text: 'A chart: ![2](chart.png)' },
    { name: 'checkbox [ ]', text: '- [ ] file the answer' },
    {
      name: 'checkbox [x] even with a chunk called x',
      text: '- [x] filed',
      chunks: parseChunks([{ id: 'x', text: 'x' }]),
    },
    { name: 'inline code', text: 'Use `arr[3]` to read it.' },
    { name: 'double-backtick code', text: 'Use ``arr[3] `x` `` to read it.' },
    { name: 'fenced code block', text: '```js\nconst x = arr[3];\n// (Source 2)\n```' },
    { name: 'tilde fence', text: '~~~\nitems[1]\n~~~' },
    { name: 'reference definition [1]: url', text: 'Text.\n\n[1]: https://example.org/a' },
    { name: 'reference list entry [1] url', text: 'Text.\n\n[1] https://example.org/a' },
    { name: 'bulleted reference list entry', text: 'Sources:\n- [2] https://example.org/b' },
    { name: 'footnote definition', text: 'Text.\n\n[^1]: The source.' },
    { name: 'escaped bracket', text: 'Literally \\[1\\] here.' },
    { name: 'range wider than the limit', text: 'See [1-5000].' },
    { name: 'reversed range', text: 'See [5-3].' },
    { name: 'empty brackets', text: 'See [].' },
    { name: 'words in brackets', text: 'See [note 3].' },
    { name: 'parenthesis without a source word', text: 'Tenants get 14 days (3).' },
    { name: 'decimal in brackets', text: 'Version [1.2] is out.' },
  ])('$name', ({ text, chunks }) => {
    expect(extractCitations(text, chunks ?? numbered)).toEqual([]);
  });

  it('a citation right after inline code is still read', () => {
    expect(
      extractCitations('Use `arr[3]` as shown [2].', numbered).map((marker) => marker.raw),
    ).toEqual(['[2]']);
  });

  it('a marker at the start of a line followed by prose is a citation', () => {
    expect(
      extractCitations('[2] Tenants get 14 days.', numbered).map((marker) => marker.ids),
    ).toEqual([['2']]);
  });
});
