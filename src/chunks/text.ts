import { tokenize, type Token } from '../normalize/name.js';
import { CHUNK_LIMITS } from './defaults.js';
import type { QuoteFinding, Span } from './types.js';

/**
 * Scripts written without spaces between words (Chinese, Japanese kana). Their text is compared
 * character by character: a run of them is not one word, and a quotation is a run of characters.
 */
export const CJK_CLASS = '\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}';
const CJK_CHAR = new RegExp(`[${CJK_CLASS}]`, 'u');
const CJK_CHARS = new RegExp(`[${CJK_CLASS}]`, 'gu');

/** Whether the text holds a character of a script written without spaces. */
export function hasCjk(text: string): boolean {
  return CJK_CHAR.test(text);
}

/** Whether the character is of a script written without spaces (see `CJK_CLASS`). */
export function isCjk(char: string | undefined): boolean {
  return char !== undefined && CJK_CHAR.test(char);
}

/**
 * Words as the word-overlap and exact-match checks compare them: `tokenize` (folded as names are),
 * with each character of a CJK run its own word, since those scripts put no space between words.
 */
export function chunkWords(text: string): Token[] {
  const tokens = tokenize(text);
  if (!CJK_CHAR.test(text)) return tokens;
  const out: Token[] = [];
  for (const token of tokens) {
    if (!CJK_CHAR.test(token.raw)) {
      out.push(token);
      continue;
    }
    // Split the token at each CJK character; the letters between stay one word.
    let cursor = 0;
    CJK_CHARS.lastIndex = 0;
    const push = (from: number, to: number): void => {
      if (to <= from) return;
      const raw = token.raw.slice(from, to);
      out.push({ norm: raw.toLowerCase(), raw, start: token.start + from, end: token.start + to });
    };
    for (let match = CJK_CHARS.exec(token.raw); match !== null; match = CJK_CHARS.exec(token.raw)) {
      push(cursor, match.index);
      push(match.index, match.index + match[0].length);
      cursor = match.index + match[0].length;
    }
    push(cursor, token.raw.length);
  }
  return out;
}

/**
 * Text in Unicode NFC, with where each character of the result came from. Answers and chunks are
 * compared after NFC so that `é` typed as one character and as `e` + accent are the same letter;
 * spans found in the result are mapped back with `toOriginal` so reports point into the text as
 * given. Linear: each base character and the marks after it are normalized as one cluster.
 */
export function nfcWithOffsets(text: string): { text: string; toOriginal: (offset: number) => number } {
  if (text.normalize('NFC') === text) return { text, toOriginal: (offset) => offset };
  const origins: number[] = [];
  let out = '';
  CLUSTER.lastIndex = 0;
  for (let match = CLUSTER.exec(text); match !== null; match = CLUSTER.exec(text)) {
    const normalized = match[0].normalize('NFC');
    for (let unit = 0; unit < normalized.length; unit += 1) origins.push(match.index + Math.min(unit, match[0].length - 1));
    out += normalized;
  }
  origins.push(text.length);
  return { text: out, toOriginal: (offset) => origins[Math.min(Math.max(offset, 0), origins.length - 1)]! };
}
// A character and the combining marks after it (a lone mark is its own cluster).
const CLUSTER = /[\s\S]\p{M}*/gu;

/**
 * Text stages shared by answers and chunks: where code is, where quotations are, where sentences
 * end, and the folding that "verbatim" is judged after. Each is a single left-to-right pass.
 */

/** Bits of an opacity mask: characters a later stage must not read as prose. */
export const MASK = { code: 1, quote: 2, marker: 4 } as const;

/**
 * Mark code: fenced blocks (``` or ~~~ lines, fence lines included) and inline `code` spans.
 * `arr[3]` inside code is an index, not a citation, and `3.5` in a code sample is not a claim.
 */
export function markCode(text: string, mask: Uint8Array): void {
  // Fenced blocks, line by line.
  let offset = 0;
  let fence: { char: string; length: number } | undefined;
  while (offset <= text.length) {
    const newline = text.indexOf('\n', offset);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(offset, end);
    const opener = FENCE.exec(line);
    if (fence) {
      mask.fill(MASK.code, offset, Math.min(end + 1, text.length));
      if (opener && opener[1]![0] === fence.char && opener[1]!.length >= fence.length && line.trim() === opener[1]) fence = undefined;
    } else if (opener) {
      fence = { char: opener[1]![0]!, length: opener[1]!.length };
      mask.fill(MASK.code, offset, Math.min(end + 1, text.length));
    }
    if (newline === -1) break;
    offset = newline + 1;
  }
  // Inline spans: a run of N backticks closes at the next run of exactly N. Runs are indexed by
  // length first so that finding the closer never rescans the text.
  const runs: Array<{ start: number; length: number }> = [];
  for (let index = 0; index < text.length; index += 1) {
    if (text.charCodeAt(index) !== BACKTICK || (mask[index]! & MASK.code) !== 0) continue;
    let end = index;
    while (end < text.length && text.charCodeAt(end) === BACKTICK) end += 1;
    runs.push({ start: index, length: end - index });
    index = end - 1;
  }
  const byLength = new Map<number, number[]>();
  runs.forEach((run, position) => {
    const list = byLength.get(run.length);
    if (list) list.push(position);
    else byLength.set(run.length, [position]);
  });
  const cursor = new Map<number, number>();
  let position = 0;
  while (position < runs.length) {
    const run = runs[position]!;
    const list = byLength.get(run.length)!;
    let next = cursor.get(run.length) ?? 0;
    while (next < list.length && list[next]! <= position) next += 1;
    cursor.set(run.length, next);
    const closer = list[next];
    if (closer === undefined) {
      position += 1;
      continue;
    }
    const close = runs[closer]!;
    mask.fill(MASK.code, run.start, close.start + close.length);
    position = closer + 1;
  }
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const BACKTICK = 96;

const OPENERS: Record<string, string> = { '"': '"', '“': '”', '«': '»', '„': '“', '‘': '’', '「': '」', '『': '』' };

/**
 * Find quotations: text between `"…"`, `“…”`, `«…»`, `„…“`, or `‘…’` (single curly quotes only at
 * word boundaries, so apostrophes are never openers). A quotation does not cross a blank line or
 * run past `CHUNK_LIMITS.maxQuoteChars`; an opener left unclosed is dropped and scanning goes on.
 * Straight single quotes are not read: they are apostrophes far more often than quotation marks.
 */
export function findQuotes(text: string, mask: Uint8Array): QuoteFinding[] {
  const quotes: QuoteFinding[] = [];
  let open: { char: string; closer: string; at: number } | undefined;
  for (let index = 0; index < text.length; index += 1) {
    if ((mask[index]! & MASK.code) !== 0) {
      open = undefined;
      continue;
    }
    const char = text[index]!;
    if (open) {
      if (char === '\n' && BLANK_LINE_AFTER.test(text.slice(index + 1, index + 1 + 80))) {
        open = undefined;
        continue;
      }
      if (index - open.at > CHUNK_LIMITS.maxQuoteChars) {
        open = undefined;
      } else if (char === open.closer && (open.char !== '‘' || !isLetter(text[index + 1]))) {
        const raw = text.slice(open.at + 1, index);
        const words = countWords(raw);
        if (words > 0) quotes.push({ kind: 'quote', raw, words, start: open.at + 1, end: index });
        open = undefined;
        continue;
      } else {
        continue;
      }
    }
    const closer = OPENERS[char];
    if (closer === undefined) continue;
    if (char === '‘' && isLetter(text[index - 1])) continue;
    if (char === '"' && !isOpeningPosition(text, index)) continue;
    open = { char, closer, at: index };
  }
  return quotes;
}

const BLANK_LINE_AFTER = /^[ \t]*(?:\n|$)/;

/** A straight quote opens only where a word may start after it (not `5" screen`, not `"` then space). */
function isOpeningPosition(text: string, index: number): boolean {
  const next = text[index + 1];
  return next !== undefined && !WHITESPACE.test(next);
}

/** Mark the inside of each quotation, except a final sentence mark, so sentences do not end inside it. */
export function markQuotes(quotes: readonly QuoteFinding[], text: string, mask: Uint8Array): void {
  for (const quote of quotes) {
    let end = quote.end;
    while (end > quote.start && TERMINATORS.has(text[end - 1]!)) end -= 1;
    for (let index = quote.start - 1; index < end; index += 1) mask[index]! |= MASK.quote;
  }
}

const WORD = new RegExp(`[${CJK_CLASS}]|(?:(?![${CJK_CLASS}])[\\p{L}\\p{N}])+`, 'gu');

/** Number of words (runs of letters or digits; each CJK character counts as one). */
export function countWords(text: string): number {
  let count = 0;
  WORD.lastIndex = 0;
  while (WORD.exec(text) !== null) count += 1;
  return count;
}

const WHITESPACE = /\s/;
const LETTER = /\p{L}/u;
const LOWERCASE = /\p{Ll}/u;
function isLetter(char: string | undefined): boolean {
  return char !== undefined && LETTER.test(char);
}

const TERMINATORS = new Set(['.', '!', '?', '。', '！', '？']);
/** Full-width sentence marks: they end a sentence with no space after, as CJK text is written. */
const CJK_TERMINATORS = new Set(['。', '！', '？']);
const CLOSERS = new Set([')', ']', '}', '"', "'", '”', '’', '»', '*', '_', '」', '』', '）']);
/** Words that end with a period without ending the sentence (compared lower case, dots inside kept). */
const ABBREVIATIONS = new Set([
  'e.g', 'i.e', 'etc', 'vs', 'v', 'mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'no', 'nos', 'sec', 'secs', 'art', 'u.s', 'u.k',
  'inc', 'ltd', 'co', 'corp', 'jr', 'sr', 'fig', 'al', 'approx', 'ch', 'para', 'pp', 'p', 'cf', 'ca', 'c', 'ed', 'eds',
  'vol', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'gen', 'gov', 'rev',
  'u.s.c', 'c.f.r', 'stat', 'ann', 'mass', 'cal', 'n.y', 'a.m', 'p.m', 'ph.d', 'm.d', 'est', 'dept', 'univ', 'op', 'cit',
]);

/**
 * Split `[start, end)` of the text into sentences. A sentence ends at `.`, `!` or `?` (and CJK
 * ones), after closing quotes or brackets, before whitespace, unless the word before is an
 * abbreviation or an initial, or the next word starts in lower case. Citation markers written
 * after the end (`…days. [2]`, `…days.[2]`) belong to the sentence before them. Masked characters
 * (code, quotation interiors, markers) never end a sentence.
 *
 * `markerEnds` maps the start of each marker to its end.
 */
export function splitSentences(text: string, start: number, end: number, mask?: Uint8Array, markerEnds?: ReadonlyMap<number, number>): Span[] {
  const sentences: Span[] = [];
  let sentenceStart = start;
  for (let index = start; index < end; index += 1) {
    if (mask && mask[index] !== 0) continue;
    const char = text[index]!;
    if (!TERMINATORS.has(char)) continue;
    let after = index + 1;
    while (after < end && TERMINATORS.has(text[after]!)) after += 1;
    while (after < end && CLOSERS.has(text[after]!)) after += 1;
    let boundary = after;
    // `…days.[2] Next`: a marker glued to the period still closes this sentence.
    while (markerEnds?.has(boundary)) boundary = markerEnds.get(boundary)!;
    // `3.5`, `e.g.,`, `U.S.A`: a sentence mark is followed by whitespace or the end, except a
    // full-width one (`。`), which CJK text follows directly with the next sentence.
    const fullWidth = CJK_TERMINATORS.has(char);
    if (boundary < end && !fullWidth && !WHITESPACE.test(text[boundary]!)) continue;
    if (char === '.' && isAbbreviation(text, sentenceStart, index)) continue;
    let next = skipWhitespace(text, boundary, end);
    // `…days. [2] Next`: markers after the space still belong to this sentence.
    while (markerEnds?.has(next)) {
      boundary = markerEnds.get(next)!;
      while (boundary < end && TERMINATORS.has(text[boundary]!)) boundary += 1;
      next = skipWhitespace(text, boundary, end);
    }
    if (!fullWidth && next < end && LOWERCASE.test(text[next]!)) continue;
    sentences.push({ start: sentenceStart, end: boundary });
    sentenceStart = boundary;
    index = boundary - 1;
  }
  if (sentenceStart < end) sentences.push({ start: sentenceStart, end });
  return sentences.flatMap((span) => {
    const trimmed = trimSpan(text, span);
    return trimmed.end > trimmed.start ? [trimmed] : [];
  });
}

function skipWhitespace(text: string, from: number, end: number): number {
  let index = from;
  while (index < end && WHITESPACE.test(text[index]!)) index += 1;
  return index;
}

function isAbbreviation(text: string, floor: number, dot: number): boolean {
  let start = dot;
  // Bounded look-back: abbreviations are short.
  while (start > floor && dot - start < 12 && ABBREVIATION_CHAR.test(text[start - 1]!)) start -= 1;
  const word = text.slice(start, dot);
  if (word.length === 0) return false;
  if (word.length === 1 && UPPER_INITIAL.test(word)) return true;
  return ABBREVIATIONS.has(word.toLowerCase());
}
const ABBREVIATION_CHAR = /[\p{L}.]/u;
const UPPER_INITIAL = /^\p{Lu}$/u;

/** The span without the whitespace at its ends. */
export function trimSpan(text: string, span: Span): Span {
  let { start, end } = span;
  while (start < end && WHITESPACE.test(text[start]!)) start += 1;
  while (end > start && WHITESPACE.test(text[end - 1]!)) end -= 1;
  return { start, end };
}

/** Whitespace runs collapsed to one space, ends trimmed: how claims and passages are shown. */
export function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE_RUNS, ' ').trim();
}
const WHITESPACE_RUNS = /\s+/g;

/** A token of text as "verbatim" is judged: folded for comparison, with where it stands. */
export interface VerbatimToken {
  norm: string;
  start: number;
  end: number;
}

// One run of letters/digits, or one other visible character; whitespace separates and is dropped.
const VERBATIM_TOKEN = new RegExp(`[${CJK_CLASS}]|(?:(?![${CJK_CLASS}])[\\p{L}\\p{N}])+|[^\\s\\p{L}\\p{N}]`, 'gu');
const FOLDS: Record<string, string> = {
  '“': '"', '”': '"', '„': '"', '‟': '"', '″': '"', '«': '"', '»': '"',
  '‘': "'", '’': "'", '‚': "'", '‛': "'", '′': "'", '`': "'",
  '–': '-', '—': '-', '‒': '-', '―': '-', '−': '-',
};

/** Full-width forms (`：`, `！`, `Ａ`, `１`) as their ASCII letters: the same character in CJK typesetting. */
function foldFullWidth(raw: string): string {
  if (!FULL_WIDTH_FORM.test(raw)) return raw;
  return raw.replace(FULL_WIDTH_FORMS, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0));
}
const FULL_WIDTH_FORM = /[\uff01-\uff5e]/;
const FULL_WIDTH_FORMS = /[\uff01-\uff5e]/g;

/**
 * Tokens for the verbatim check: case folded, curly quotes and dashes straightened, full-width
 * punctuation read as ASCII (`：` = `:`), whitespace
 * ignored, every other character kept. `…` reads as `...`. So `“Respond  within 14 days”` and
 * `"respond within 14 days"` are the same tokens, while `14 days` and `14, days` are not.
 */
export function verbatimTokens(text: string): VerbatimToken[] {
  const tokens: VerbatimToken[] = [];
  VERBATIM_TOKEN.lastIndex = 0;
  for (let match = VERBATIM_TOKEN.exec(text); match !== null; match = VERBATIM_TOKEN.exec(text)) {
    const raw = match[0];
    const start = match.index;
    const end = start + raw.length;
    if (raw === '…') {
      for (let dot = 0; dot < 3; dot += 1) tokens.push({ norm: '.', start, end });
      continue;
    }
    tokens.push({ norm: FOLDS[raw] ?? foldFullWidth(raw).toLowerCase(), start, end });
  }
  return tokens;
}
