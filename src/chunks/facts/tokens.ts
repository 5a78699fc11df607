import { extractLinks } from '../../extract/links.js';
import { CJK_CLASS, isCjk } from '../unicode.js';
import type { FactKind } from '../types.js';

/** Which text a fact is read from: some readings count in chunks only (`half`, `first`). */
export type FactSide = 'claim' | 'chunk';

export interface Reading {
  value: number;
  exponent: number;
}

export type TokenType = 'num' | 'word' | 'sym';
export interface Token {
  type: TokenType;
  text: string;
  lower: string;
  start: number;
  end: number;
}

// A CJK character is a token of its own and reads as a symbol, so `200元` and `90%的` are
// figures, where digits glued to letters are names (`H2O`).
const FACT_TOKEN = new RegExp(
  `\\d[\\d.,]*|[${CJK_CLASS}]|(?:(?![${CJK_CLASS}])\\p{L})(?:(?![${CJK_CLASS}])[\\p{L}\\p{M}])*|\\S`,
  'gu',
);

/** Number runs, word runs and single symbols, links skipped (the verifier's own link reader). */
export function tokenizeForFacts(text: string): Token[] {
  const urls = extractLinks(text).map((link): [number, number] => [link.start, link.end]);
  const tokens: Token[] = [];
  let url = 0;
  FACT_TOKEN.lastIndex = 0;
  for (let match = FACT_TOKEN.exec(text); match !== null; match = FACT_TOKEN.exec(text)) {
    let raw = match[0];
    const start = match.index;
    while (url < urls.length && urls[url]![1] <= start) url += 1;
    if (url < urls.length && urls[url]![0] <= start) continue;
    const first = raw.charCodeAt(0);
    const type: TokenType =
      first >= 48 && first <= 57 ? 'num' : LETTER_START.test(raw) && !isCjk(raw) ? 'word' : 'sym';
    if (type === 'num') {
      // `2020.` and `1,200,` end a sentence or a list; the mark is not part of the number.
      let end = raw.length;
      while (end > 1 && (raw[end - 1] === '.' || raw[end - 1] === ',')) end -= 1;
      if (end < raw.length) {
        raw = raw.slice(0, end);
        FACT_TOKEN.lastIndex = start + end;
      }
    }
    tokens.push({ type, text: raw, lower: raw.toLowerCase(), start, end: start + raw.length });
  }
  return tokens;
}
const LETTER_START = /^\p{L}/u;

export function adjacent(a: Token | undefined, b: Token | undefined): boolean {
  return a !== undefined && b !== undefined && a.end === b.start;
}
// Guards name a narrower type than Token, so that a false result leaves a Token a Token.
export type WordToken = Token & { type: 'word' };
export type SymToken = Token & { type: 'sym' };
/** A word token; with `words`, one of them (a set or a map's keys) or that one word. */
export function isWord(
  token: Token | undefined,
  words?: ReadonlySet<string> | ReadonlyMap<string, unknown> | string,
): token is WordToken {
  if (token === undefined || token.type !== 'word') return false;
  if (typeof words === 'string') return token.lower === words;
  return words === undefined || words.has(token.lower);
}
export function isSym(token: Token | undefined, chars: string): token is SymToken {
  return token !== undefined && token.type === 'sym' && chars.includes(token.text);
}

/** What the parse found, before keys are derived. */
export interface Mention {
  kind: FactKind;
  start: number;
  end: number;
  /** Written unmistakably (digits, or number words with a qualifier); claims keep only these. */
  explicit: boolean;
  value?: number;
  /** Precision as a power of ten: `1.2 million` → 5, `12` → 0, `12.5` → -1. */
  exponent?: number;
  /** The other reading of an ambiguous figure (`1.200`, `04/03/2024`); keys are made for both. */
  alt?: Reading;
  altDate?: { year?: number; month?: number; day?: number };
  /** A date written with 年/月/日, also found as that day or year: CJK news leaves the year out. */
  yearOptional?: boolean;
  unit?: string;
  currency?: string;
  /** Percent, money or unit came from this mention itself (a range partner may lend it one). */
  qualified?: boolean;
  /** The scale word that multiplied it (`million`), which a range partner may lend too. */
  scale?: number;
  hedged?: boolean;
  date?: { year?: number; month?: number; day?: number };
  decade?: boolean;
  section?: { label: string; id: string };
}

export interface Parsed {
  mentions: Mention[];
  next: number;
}
