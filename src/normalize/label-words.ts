import { CLDR_DAY_PERIOD_WORDS, CLDR_DAY_WORDS, CLDR_LANGUAGE_WORDS } from './cldr-words.js';

// Words that label a number rather than name who answers it ("Spanish:", "9 AM:", "TTY:"):
// languages, days and day periods from Unicode CLDR; the kinds of line are ours.
const LINE_KIND_WORDS =
  'tty tdd voice toll free tollfree hotline helpline intake text sms fax relay videophone vp line lines phone telephone tel number main hours weekdays weekends weekend daily linea telefono gratuita gratis horario'.split(
    ' ',
  );
// Joining words of a label in English and Spanish: "Vietnamese and Tagalog", "En Español", "Lunes y martes".
const LABEL_JOINERS = 'and or & the in for of y o e u en para de del la el los las'.split(' ');

const LABEL_WORDS: ReadonlySet<string> = new Set([
  ...CLDR_LANGUAGE_WORDS,
  ...CLDR_DAY_WORDS,
  ...CLDR_DAY_PERIOD_WORDS,
  ...LINE_KIND_WORDS,
  ...LABEL_JOINERS,
]);

/** Whether a folded word (`tokenize`'s `norm`) is a word of a label: a language, day, time or kind of line. */
export function isLabelWord(folded: string): boolean {
  return LABEL_WORDS.has(folded);
}

/** Whether folded words are a label only ("en espanol"): label words, not only joining ones. */
export function isLabelOnly(folded: readonly string[]): boolean {
  return (
    folded.length > 0 &&
    folded.every((word) => LABEL_WORDS.has(word) || /^\d+$/.test(word)) &&
    folded.some((word) => !LABEL_JOINERS.includes(word) && !/^\d+$/.test(word))
  );
}
