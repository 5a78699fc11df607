import { firstAtOrAfter } from '../text/structure.js';
import { isCommonWord } from '../normalize/common-words.js';
import { isLabelOnly, isLabelWord } from '../normalize/label-words.js';
import { tokenize } from '../normalize/name.js';
import { CONNECTIVES, type Mention } from './unlisted-names.js';
import type { PhoneFinding, Span } from '../extract/types.js';

// The words that give a number to a name ("X at 1", "call 1 for X"), read before nearness.

// After a name, before its number: "X at", "X:", "X's number is", "X (", "X – ", "X, ", "X is at".
const NAME_THEN_NUMBER =
  /^[\s*_]*(?:['’]s?[\s*_]+(?:(?:main|phone|intake|hotline|help|toll-free|office|direct)[\s]+)*(?:number|line|phone|hotline)[\s]+is|:|at|on|[-–—]|,|\(|is[\s]+at|(?:can[\s]+be|is)[\s]+reached[\s]+at|answers[\s]+at)[\s*_:]*$/i;
// After a number, before its name: "1 at X", "1 for X", "1 (X", "1 with X".
const NUMBER_THEN_NAME =
  /^[\s*_)]*,?[\s]*(?:at|for|with|from|\()[\s]+(?:the[\s]+)?[\s*_]*$|^[\s]*\([\s*_]*(?:the[\s]+)?$/i;
// Between names written together: "A or B at 1", "A, B and C:".
const NAMES_TOGETHER =
  /^[\s*_]*(?:,|\/|&|or|and)?[\s*_]*(?:or|and)?[\s]+(?:the[\s]+)?[\s*_]*$|^[\s*_]*[,/&][\s*_]*$/i;

/** The name the sentence gives `phone` to in so many words, with the names written with it. */
export function cued(
  phone: PhoneFinding,
  sentence: Span,
  text: string,
  names: readonly Mention[],
): { target: Mention; group: Mention[] } | undefined {
  const low = firstAtOrAfter(names, phone.start);
  const before = names[low - 1];
  if (
    before &&
    before.start >= sentence.start &&
    before.end <= phone.start &&
    NAME_THEN_NUMBER.test(text.slice(before.end, phone.start))
  ) {
    const group = [before];
    for (let k = low - 2; k >= 0; k--) {
      const name = names[k]!;
      if (
        name.start < sentence.start ||
        !NAMES_TOGETHER.test(text.slice(name.end, group[group.length - 1]!.start))
      )
        break;
      group.push(name);
    }
    return { target: before, group };
  }
  const after = names[low];
  if (
    after &&
    after.end <= sentence.end &&
    after.start >= phone.end &&
    NUMBER_THEN_NAME.test(text.slice(phone.end, after.start))
  )
    return { target: after, group: [after] };
  return undefined;
}

// A line other than the one to call: the directory lists numbers to call, so it cannot prove one
// of these wrong. `ADA` only in capitals, since Ada is a name.
const OTHER_LINE =
  /(?<![\p{L}\p{N}])(fax|facsimile|tty|tdd|text[ -]telephone|videophone)(?!\p{L})/iu;
const ADA = /(?<![\p{L}\p{N}])ADA(?!\p{L})/u;
// Right after the number: "617-254-2127 (fax)", "617-254-2127 fax." but not "617-555-0100 fax 617-…".
const OTHER_LINE_AFTER =
  /^[\s*_]*(?:\(\s*(fax|facsimile|tty|tdd)\s*\)|[-–—,]?\s*(fax|facsimile|tty|tdd)[\s*_]*(?:[.,;|)]|$))/i;

/** The fax, TTY or ADA label of `phone`: in the clause before it, right after it, or its column. */
export function otherLineLabel(
  phone: Span,
  clauseStart: number,
  text: string,
  cell: string | undefined,
): string | undefined {
  let before = text.slice(clauseStart, phone.start);
  before = before.slice(before.lastIndexOf(';') + 1);
  const found = labelIn(before) ?? labelIn(cell ?? '');
  if (found) return found;
  const after = OTHER_LINE_AFTER.exec(text.slice(phone.end, phone.end + 24));
  return after ? display(after[1] ?? after[2]!) : undefined;
}

/** Whether the clause before `phone`, outside `name`, calls it a hotline (a fix wants that). */
export function saysHotline(phone: Span, clauseStart: number, text: string, name: Span): boolean {
  const outside = (from: number, to: number) => (from < to ? text.slice(from, to) : '');
  let before = outside(clauseStart, Math.min(name.start, phone.start));
  before += ` ${outside(Math.max(clauseStart, name.end), phone.start)}`;
  return HOTLINE.test(before.slice(before.lastIndexOf(';') + 1));
}

const HOTLINE = /(?<![\p{L}\p{N}])hot[- ]?line(?!\p{L})/iu;

function labelIn(text: string): string | undefined {
  const word = OTHER_LINE.exec(text);
  if (word) return display(word[1]!);
  return ADA.test(text) ? 'ADA' : undefined;
}

function display(word: string): string {
  const lower = word.toLowerCase();
  if (lower === 'fax' || lower === 'facsimile') return 'fax';
  return lower === 'tty' || lower === 'tdd' ? word.toUpperCase() : lower;
}

// Label words that only say which line of the same body: "Phone:", "or call", "main line".
const LINE_WORDS: ReadonlySet<string> = new Set(
  'or and also then press option call dial reach phone phones telephone tel ph number numbers line lines main office clerk clerks toll free tollfree hotline helpline intake direct general information info contact voice cell mobile local switchboard reception desk front ext extension at on is its their them by the a an to'.split(
    ' ',
  ),
);

/** The label a number has of its own after another of the entry ("X: 1; Legal aid: 2"), if any. */
export function ownLabel(
  text: string,
  from: number,
  phone: Span,
  named: string,
): string | undefined {
  const after = /^[\s*_]*\(([^()\d\n]{1,40})\)/.exec(text.slice(phone.end, phone.end + 44));
  // The previous number's own "(clerk)" is its label, not this one's.
  const before = text.slice(from, phone.start).replace(/^[\s*_]*\([^()\n]{0,40}\)/, '');
  const label = `${before} ${after?.[1] ?? ''}`;
  const own = new Set(tokenize(named).map((token) => token.norm));
  // A language, day or time says when or how the same body answers ("Spanish: 2", "Friday: 2").
  const telling = tokenize(label).some(
    (token) =>
      /\p{L}/u.test(token.norm) &&
      !LINE_WORDS.has(token.norm) &&
      !own.has(token.norm) &&
      !isLabelWord(token.norm),
  );
  return telling ? label.replace(/[^\p{L}\p{N}'’]+/gu, ' ').trim() : undefined;
}

// Capitalized words (joined by of/the/and/for/&) right before `at`, `on` or `:` and the number.
const CAPITALIZED_BEFORE_NUMBER =
  /(?<![\p{L}\p{N}'’])(\p{Lu}[\p{L}\p{M}'’.-]*(?:[ \t]+(?:(?:of|the|and|for|&)[ \t]+)?\p{Lu}[\p{L}\p{M}'’.-]*){0,5})(?:[ \t]+(?:at|on)|:)[ \t*_(]*$/u;

// The end `CAPITALIZED_BEFORE_NUMBER` needs: a cheap reject before trying each of 80 characters.
const CUE_BEFORE_NUMBER = /(?:[ \t](?:at|on)|:)[ \t*_(]*$/;

/** An unlisted capitalized name right before the number ("or Manna at 1"), 80 characters back. */
export function unknownRightBefore(
  text: string,
  sentence: Span,
  phone: Span,
  names: readonly Mention[],
): string | undefined {
  const from = Math.max(sentence.start, phone.start - 80);
  const before = text.slice(from, phone.start);
  if (!CUE_BEFORE_NUMBER.test(before)) return undefined;
  const match = CAPITALIZED_BEFORE_NUMBER.exec(before);
  if (!match) return undefined;
  const start = from + match.index;
  const end = start + match[1]!.length;
  // Names are sorted and disjoint: only the last one starting before `end` can overlap.
  const last = names[firstAtOrAfter(names, end) - 1];
  if (last && last.end > start) return undefined;
  const words = tokenize(match[1]!);
  if (words.every((word) => isCommonWord(word.norm) || CONNECTIVES.has(word.norm)))
    return undefined;
  // "Chinese and Russian:", "Friday:", "En Español:", "TTY:" label the entry's number.
  if (isLabelOnly(words.map((word) => word.norm))) return undefined;
  return match[1]!;
}
