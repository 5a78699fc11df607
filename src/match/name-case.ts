import { isCommonWord } from '../normalize/common-words.js';
import { tokenize, type Token } from '../normalize/name.js';

// How a case-sensitive name (`isAmbiguousName`: an acronym, a short word, ordinary words) must be
// written in an answer to name its organization; the matcher (`orgs.ts`) asks once it has a
// candidate.

/**
 * An ordinary word listed in capitals (`AND`, the alias of Asian Neighborhood Design), written
 * among other words in capitals (`## FOOD AND SHELTER`, a sentence shouted): there its capitals
 * are the line's, not the name's, so it is the word. Beside a word in any other case it is the name.
 */
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
 * Case-sensitive comparison of the listed tokens with the text's; `last` stands for the final
 * token (a possessive's stem). Case is what is compared: accents and apostrophes fold as in any
 * name (`Cafe` = `Café`, `Peoples` = `People's`) and `and` = `&`. A name a directory lists in
 * capitals only, in several words (`BLUE RIDGE HOUSING NETWORK`), is its house style, not an
 * acronym: it counts written with capital initials (`Blue Ridge Housing Network`), its short
 * connectives (`of`, `the`, `and`) in any case.
 */
export function sameRaw(
  tokens: readonly Token[],
  from: number,
  raw: readonly string[],
  last: string,
): boolean {
  const shouting =
    raw.filter((word) => /\p{L}{2}/u.test(word)).length > 1 &&
    raw.every((word) => word === word.toUpperCase());
  for (let k = 0; k < raw.length; k++) {
    const listed = raw[k]!;
    const written = k === raw.length - 1 ? last : tokens[from + k]!.raw;
    if (listed === '&') {
      if (written !== '&' && written !== 'and' && written !== 'And') return false;
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
