import { byMeaning } from './number-words.js';
import { adjacent, isSym, isWord } from './tokens.js';
import type { Parsed, Token } from './tokens.js';

const SECTION_LABELS = byMeaning({
  section: 'section sections sec secs subsection',
  article: 'article articles art',
  chapter: 'chapter chapters ch',
  rule: 'rule rules',
  title: 'title',
  clause: 'clause',
  paragraph: 'paragraph para',
  amendment: 'amendment',
});
const ROMAN = /^[IVXLCDM]{1,8}$/;
// Each repeated group has a bounded body starting with a fixed character: matching is linear.
const SECTION_TAIL = /[A-Za-z]{0,2}(?:[-–.:]\d{1,6}[A-Za-z]{0,2})*(?:\([0-9A-Za-z]{1,4}\))*/y;

/** `§ 1983`, `§§ 12-34`, `Section 8(a)(2)`, `Sec. 5`, `Article III`, `Rule 56`. */
export function parseSection(tokens: Token[], index: number, text: string): Parsed | undefined {
  const token = tokens[index]!;
  let label: string | undefined;
  let cursor = index;
  if (isSym(token, '§')) {
    label = 'section';
    while (isSym(tokens[cursor + 1], '§')) cursor += 1;
  } else if (isWord(token, SECTION_LABELS)) {
    label = SECTION_LABELS.get(token.lower)!;
    if (isSym(tokens[cursor + 1], '.') && adjacent(token, tokens[cursor + 1])) cursor += 1;
  } else {
    return undefined;
  }
  const number = tokens[cursor + 1];
  if (!number) return undefined;
  let id: string;
  let end: number;
  if (number.type === 'num') {
    SECTION_TAIL.lastIndex = number.end;
    const tail = SECTION_TAIL.exec(text)?.[0] ?? '';
    id = (number.text + tail).toLowerCase();
    end = number.end + tail.length;
  } else if (number.type === 'word' && ROMAN.test(number.text) && label !== 'section') {
    id = number.lower;
    end = number.end;
  } else {
    return undefined;
  }
  let next = cursor + 2;
  while (next < tokens.length && tokens[next]!.start < end) next += 1;
  return {
    mentions: [
      { kind: 'section', start: token.start, end, explicit: true, section: { label, id } },
    ],
    next,
  };
}
