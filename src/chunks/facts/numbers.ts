import type { NumberStyle } from '../number-style.js';
import {
  CJK_SCALES,
  LABEL_WORDS,
  ORDINAL_SUFFIXES,
  ORDINAL_WORDS,
  SCALES,
  SMALL_NUMBERS,
  WORD_SCALES,
} from './number-words.js';
import {
  digitsCore,
  type NumberCore,
  parseNumeral,
  type ScaledReading,
  scaled,
} from './numerals.js';
import { UNITS } from './qualifier-words.js';
import { adjacent, type FactSide, isSym, isWord, type Reading, type Token } from './tokens.js';

/** A number at `index`, in digits (`1,200.5`, `19th`, `1990s`, `1.2bn`) or words (`twenty-one`). */
export function numberAt(
  tokens: Token[],
  index: number,
  side: FactSide,
  style: NumberStyle,
): NumberCore | undefined {
  const token = tokens[index]!;
  if (token.type === 'num') return digitsAt(tokens, index, style);
  if (token.type === 'word') return wordsAt(tokens, index, side);
  return undefined;
}

function digitsAt(tokens: Token[], index: number, style: NumberStyle): NumberCore | undefined {
  const token = tokens[index]!;
  if (namesSomething(tokens, index)) return undefined;
  const parsed = parseNumeral(token.text, style);
  if (!parsed) return undefined;
  const read = suffixAt(tokens, index, parsed);
  if (!read) return undefined;
  return digitsCore(tokens, index, read, {
    ordinal: read.ordinal,
    plainInteger: /^\d{4}$/.test(token.text),
    decade: read.decade,
  });
}

/** Digits that name rather than count: `H2O`, `COVID-19`, `Passage 3`, `S^2`, `1.` items, `[1]`. */
function namesSomething(tokens: Token[], index: number): boolean {
  const token = tokens[index]!;
  const previous = tokens[index - 1];
  if (isWord(previous) && adjacent(previous, token)) return true;
  if (
    isSym(previous, '-') &&
    adjacent(previous, token) &&
    isWord(tokens[index - 2]) &&
    adjacent(tokens[index - 2], previous)
  )
    return true;
  const labelWord = isSym(previous, '.') ? tokens[index - 2] : previous;
  if (isWord(labelWord, LABEL_WORDS)) return true;
  if (isSym(previous, '^_') && adjacent(previous, token)) return true;
  // A list number run into the text (`follow these steps: 1. Plan…`) counts, it states nothing.
  if (
    /^\d{1,2}$/.test(token.text) &&
    isSym(tokens[index + 1], '.)') &&
    adjacent(token, tokens[index + 1]) &&
    (previous === undefined || isSym(previous, ':;：；'))
  )
    return true;
  // `[1]` that is not a citation (a link label, a reference) is a label, not a quantity.
  return (
    isSym(previous, '[') &&
    adjacent(previous, token) &&
    isSym(tokens[index + 1], ']') &&
    adjacent(token, tokens[index + 1])
  );
}

interface Suffixed extends ScaledReading {
  ordinal: boolean;
  decade: boolean;
}

/** What is glued after the digits (`17.13万`, `19th`, `1990s`, `1.2bn`, `14h`); other letters: none. */
function suffixAt(
  tokens: Token[],
  index: number,
  parsed: Reading & { alt?: Reading },
): Suffixed | undefined {
  const token = tokens[index]!;
  const after = tokens[index + 1];
  const plain: Suffixed = {
    ...parsed,
    next: index + 1,
    scaled: false,
    ordinal: false,
    decade: false,
  };
  const cjkScale =
    after !== undefined && after.type === 'sym' && adjacent(token, after)
      ? CJK_SCALES.get(after.text)
      : undefined;
  if (cjkScale !== undefined) return { ...scaled(plain, cjkScale), ordinal: false, decade: false };
  if (!isWord(after) || !adjacent(token, after)) return plain;
  if (ORDINAL_SUFFIXES.has(after.lower) && parsed.exponent === 0)
    return { ...plain, ordinal: true, next: index + 2 };
  if (after.lower === 's' && token.text.length === 4 && parsed.value % 10 === 0)
    return { ...plain, decade: true, next: index + 2 };
  const scale = SCALES.get(after.lower);
  if (scale !== undefined) return { ...scaled(plain, scale), ordinal: false, decade: false };
  return UNITS.has(after.lower) ? plain : undefined;
}

function wordsAt(tokens: Token[], index: number, side: FactSide): NumberCore | undefined {
  const spelled = spelledAt(tokens, index, side);
  if (!spelled) return undefined;
  let { last } = spelled;
  // `six and a half` is 6.5.
  let half = 0;
  if (
    isWord(tokens[last + 1], 'and') &&
    isWord(tokens[last + 2], 'a') &&
    isWord(tokens[last + 3], 'half')
  ) {
    half = 0.5;
    last += 3;
  }
  return {
    value: spelled.total + spelled.current + half,
    exponent: half === 0 ? 0 : -1,
    start: tokens[index]!.start,
    end: tokens[last]!.end,
    next: last + 1,
    words: true,
    scaled: spelled.scaled,
    ...(spelled.wordScale === undefined ? {} : { wordScale: spelled.wordScale }),
    ordinal: spelled.ordinal,
    plainInteger: false,
    decade: false,
  };
}

interface Spelling {
  total: number;
  current: number;
  consumed: number;
  last: number;
  scaled: boolean;
  ordinal: boolean;
  afterScale: boolean;
  wordScale?: number;
}

/** A number spelt out from `index` (`one hundred and five`; an ordinal in chunks) and its last token. */
function spelledAt(tokens: Token[], index: number, side: FactSide): Spelling | undefined {
  const state: Spelling = {
    total: 0,
    current: 0,
    consumed: 0,
    last: index,
    scaled: false,
    ordinal: false,
    afterScale: false,
  };
  // Bounded look-ahead: a number in words is a handful of tokens.
  for (let cursor = index; cursor < tokens.length && cursor - index < 12; cursor += 1) {
    const step = spellStep(tokens, cursor, side, state);
    if (step === 'skip') continue;
    if (step === 'stop') break;
    state.consumed += 1;
    state.last = cursor;
    if (step === 'last') break;
  }
  return state.consumed === 0 ? undefined : state;
}

/** One token of a spelt-out number: taken (`last` for an ordinal), passed over, or the end. */
function spellStep(
  tokens: Token[],
  cursor: number,
  side: FactSide,
  state: Spelling,
): 'take' | 'last' | 'skip' | 'stop' {
  const token = tokens[cursor]!;
  if (
    isSym(token, '-') &&
    state.consumed > 0 &&
    adjacent(tokens[cursor - 1], token) &&
    adjacent(token, tokens[cursor + 1])
  )
    return 'skip';
  if (!isWord(token)) return 'stop';
  const word = token.lower;
  const small = SMALL_NUMBERS.get(word);
  if (small !== undefined) {
    // `twenty five` continues a ten; `five six` is two numbers.
    const tens = state.current % 100 >= 20 && state.current % 10 === 0 && small < 10;
    if (state.consumed > 0 && !state.afterScale && !tens) return 'stop';
    state.current += small;
    state.afterScale = false;
    return 'take';
  }
  const scale = word === 'hundred' ? 100 : WORD_SCALES.get(word);
  if (scale !== undefined && state.consumed > 0) {
    if (scale === 100) state.current = (state.current || 1) * 100;
    else {
      state.total += (state.current || 1) * scale;
      state.current = 0;
      state.wordScale = Math.max(state.wordScale ?? 0, scale);
    }
    state.scaled = true;
    state.afterScale = true;
    return 'take';
  }
  // `one hundred and five`, but `ten and twenty` is two numbers.
  if (word === 'and' && state.afterScale && isWord(tokens[cursor + 1], SMALL_NUMBERS))
    return 'skip';
  const ordinal = ORDINAL_WORDS.get(word);
  if (ordinal !== undefined && side === 'chunk') {
    state.current += ordinal;
    state.ordinal = true;
    return 'last';
  }
  return 'stop';
}
