/**
 * A word table, one meaning to an entry: `{ usd: 'dollar dollars usd' }`. A word given two
 * meanings throws as the module loads (a Map literal of pairs kept the last one silently).
 */
export function byMeaning(groups: Readonly<Record<string, string>>): ReadonlyMap<string, string> {
  return wordTable(groups, (meaning) => meaning);
}

/** `byMeaning` for tables whose meaning is a number: `{ 1e6: 'million mn mln' }`. */
export function byValue(groups: Readonly<Record<number, string>>): ReadonlyMap<string, number> {
  return wordTable(groups, Number);
}

function wordTable<T>(
  groups: Readonly<Record<string, string>>,
  read: (key: string) => T,
): ReadonlyMap<string, T> {
  const table = new Map<string, T>();
  for (const [key, words] of Object.entries(groups)) {
    for (const word of words.split(' ')) {
      if (table.has(word)) throw new Error(`word table: '${word}' is given two meanings`);
      table.set(word, read(key));
    }
  }
  return table;
}

/** Chinese and Japanese scale characters written right after digits (`3万`, `2.5億`). */
export const CJK_SCALES = byValue({ 1e4: '万 萬', 1e8: '亿 億' });
/** The scale words a spelt-out number or a figure may end with (`two million`, `1.2 billion`). */
export const WORD_SCALES = byValue({
  1e3: 'thousand',
  1e6: 'million',
  1e9: 'billion',
  1e12: 'trillion',
});
/** After digits, the scale words and their abbreviations (`1.2 bn`, `3 mln`). */
export const SCALES: ReadonlyMap<string, number> = new Map([
  ...WORD_SCALES,
  ...byValue({ 1e6: 'mn mln', 1e9: 'bn', 1e12: 'tn' }),
]);
/** Words whose following number is a label (`Passage 3`, `Step 2`), never a stated quantity. */
export const LABEL_WORDS = new Set([
  'passage',
  'passages',
  'source',
  'sources',
  'chunk',
  'chunks',
  'document',
  'doc',
  'id',
  'reference',
  'ref',
  'footnote',
  'note',
  'step',
  'steps',
  'item',
  'option',
  'figure',
  'fig',
  'table',
  'appendix',
  'page',
  'pages',
  'p',
  'pp',
  'line',
  'question',
  'part',
  'version',
  'no',
  'number',
  'citation',
]);
export const ORDINAL_SUFFIXES = new Set(['st', 'nd', 'rd', 'th']);
export const SMALL_NUMBERS = byValue({
  0: 'zero',
  1: 'one',
  2: 'two',
  3: 'three',
  4: 'four',
  5: 'five',
  6: 'six',
  7: 'seven',
  8: 'eight',
  9: 'nine',
  10: 'ten',
  11: 'eleven',
  12: 'twelve',
  13: 'thirteen',
  14: 'fourteen',
  15: 'fifteen',
  16: 'sixteen',
  17: 'seventeen',
  18: 'eighteen',
  19: 'nineteen',
  20: 'twenty',
  30: 'thirty',
  40: 'forty',
  50: 'fifty',
  60: 'sixty',
  70: 'seventy',
  80: 'eighty',
  90: 'ninety',
});
export const ORDINAL_WORDS = byValue({
  1: 'first',
  2: 'second',
  3: 'third',
  4: 'fourth',
  5: 'fifth',
  6: 'sixth',
  7: 'seventh',
  8: 'eighth',
  9: 'ninth',
  10: 'tenth',
  11: 'eleventh',
  12: 'twelfth',
  13: 'thirteenth',
  14: 'fourteenth',
  15: 'fifteenth',
  16: 'sixteenth',
  17: 'seventeenth',
  18: 'eighteenth',
  19: 'nineteenth',
  20: 'twentieth',
  30: 'thirtieth',
  40: 'fortieth',
  50: 'fiftieth',
  60: 'sixtieth',
  70: 'seventieth',
  80: 'eightieth',
  90: 'ninetieth',
  100: 'hundredth',
});
