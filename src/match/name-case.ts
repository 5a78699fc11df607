import { isCommonWord } from '../normalize/common-words.js';
import { tokenize, type Token } from '../normalize/name.js';
import type { ListedName } from './name-entry.js';
import { BULLET, firstAtOrAfter, HEADING, LABEL, type Segments } from '../text/structure.js';

// How a case-sensitive name (`isAmbiguousName`) must be written to name its organization.

/** Whether the tokens from `from` may stand for `candidate`: in case, or where its place says so. */
export function writtenAsName(
  place: Segments,
  tokens: readonly Token[],
  from: number,
  candidate: ListedName,
  last: string,
): boolean {
  const { text } = place;
  const to = from + candidate.rawTokens.length;
  if (sameRaw(tokens, from, candidate.rawTokens, last))
    return !shoutedWord(text, tokens, from, to, candidate);
  if (!sameRaw(tokens, from, candidate.rawTokens, last, true) || !ordinaryWords(candidate))
    return false;
  const lastToken = tokens[to - 1]!;
  let end = last === lastToken.raw ? lastToken.end : (lastToken.possessive?.end ?? lastToken.end);
  if (candidate.trailing !== '' && text.startsWith(candidate.trailing, end))
    end += candidate.trailing.length;
  return standsAsName(place, tokens[from]!.start, end);
}

/** Two or more ordinary words: one alone heads a section or column as often (`## Help`). */
function ordinaryWords(candidate: ListedName): boolean {
  const words = tokenize(candidate.name);
  return (
    words.filter((token) => /\p{L}/u.test(token.raw)).length >= 2 &&
    words.every((token) => isCommonWord(token.norm))
  );
}

/** Whether `text[start, end)` fills a place only a name fills (whole heading, cell, bold lead). */
export function standsAsName(segments: Segments, start: number, end: number): boolean {
  const k = firstAtOrAfter(segments.blocks, start + 1) - 1;
  const block = segments.blocks[k];
  if (block === undefined || start < block.start) return false;
  const { text } = segments;
  const newline = text.indexOf('\n', block.start);
  const lineEnd = newline === -1 || newline > block.end ? block.end : newline;
  if (end > lineEnd) return false;
  const line = text.slice(block.start, lineEnd);
  const before = text.slice(block.start, start);
  const after = text.slice(end, lineEnd);
  const heading = HEADING.exec(before);
  if (heading) return MARKUP.test(before.slice(heading[0].length)) && MARKUP_END.test(after);
  const bullet = BULLET.exec(before);
  if (bullet) return BOLD_OPEN.test(before.slice(bullet[0].length)) && BOLD_CLOSE.test(after);
  if (LABEL.test(line)) return MARKUP.test(before) && MARKUP_END.test(after);
  const head = segments.tableHeads[k] ?? -1;
  if (head === -1 || head === k) return false;
  const cellStart = text.lastIndexOf('|', start - 1);
  const cellEnd = text.indexOf('|', end);
  return (
    cellStart >= block.start &&
    MARKUP.test(text.slice(cellStart + 1, start)) &&
    MARKUP.test(text.slice(end, cellEnd === -1 || cellEnd > lineEnd ? lineEnd : cellEnd))
  );
}

// Emphasis and spaces around a name filling its place; a heading or label may end in a colon.
const MARKUP = /^[ \t*_]*$/;
const MARKUP_END = /^[ \t*_]*:?[ \t*_#]*$/;
const BOLD_OPEN = /^(?:\*\*|__)$/;
const BOLD_CLOSE = /^:?(?:\*\*|__)/;

/** An ordinary word listed in capitals (`AND`) among capitals (`## FOOD AND SHELTER`): the word. */
export function shoutedWord(
  text: string,
  tokens: readonly Token[],
  from: number,
  to: number,
  candidate: { name: string; rawTokens: readonly string[] },
): boolean {
  if (!candidate.rawTokens.every((raw) => raw === raw.toUpperCase())) return false;
  const capitals = (token: Token | undefined, gapFrom: number, gapTo: number): boolean =>
    token !== undefined &&
    /\p{Lu}{2}/u.test(token.raw) &&
    token.raw === token.raw.toUpperCase() &&
    !text.slice(gapFrom, gapTo).includes('\n');
  const before = tokens[from - 1];
  const after = tokens[to];
  if (
    !capitals(before, before?.end ?? 0, tokens[from]!.start) &&
    !capitals(after, tokens[to - 1]!.end, after?.start ?? 0)
  )
    return false;
  return tokenize(candidate.name).every((token) => isCommonWord(token.norm));
}

/**
 * Whether the tokens are the listed ones in case (`anyCase`: not even that), accents, apostrophes
 * and `&` folded. A name listed in capitals in several words also counts with capital initials.
 */
export function sameRaw(
  tokens: readonly Token[],
  from: number,
  raw: readonly string[],
  last: string,
  anyCase = false,
): boolean {
  const shouting =
    raw.filter((word) => /\p{L}{2}/u.test(word)).length > 1 &&
    raw.every((word) => word === word.toUpperCase());
  for (let k = 0; k < raw.length; k++) {
    const listed = raw[k]!;
    const written = k === raw.length - 1 ? last : tokens[from + k]!.raw;
    if (listed === '&') {
      const and = anyCase
        ? written.toLowerCase() === 'and'
        : written === 'and' || written === 'And';
      if (written !== '&' && !and) return false;
    } else if (anyCase) {
      if (caseKey(written).toLowerCase() !== caseKey(listed).toLowerCase()) return false;
    } else if (shouting) {
      if (
        written !== listed &&
        !CONNECTIVES.has(written.toLowerCase()) &&
        !/^\p{Lu}/u.test(written)
      )
        return false;
    } else if (caseKey(written) !== caseKey(listed)) return false;
  }
  return true;
}

const CONNECTIVES: ReadonlySet<string> = new Set([
  'of',
  'the',
  'and',
  'for',
  'in',
  'on',
  'at',
  'to',
  'a',
  'an',
  'de',
  'la',
  'del',
  'y',
]);

/** A token with accents and apostrophes folded but its case kept. */
function caseKey(raw: string): string {
  return /^[A-Za-z0-9]+$/.test(raw) ? raw : raw.normalize('NFKD').replace(/[\p{M}'’]/gu, '');
}
