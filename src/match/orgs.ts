import { SIMPLE_NAME, tokenize, type Token } from '../normalize/name.js';
import { ListedName } from './name-entry.js';
import { isCommonWord } from '../normalize/common-words.js';
import { compareStrings } from '../util/strings.js';
import { writtenAsName } from './name-case.js';
import { firstTokenAfter, prepareAnswer, type PreparedAnswer } from '../text/prepared.js';
import type { OrgFinding, Span } from '../extract/types.js';

/** Names found in one pass over the tokens: O(tokens × longest name), not O(names listed). */
export interface OrgMatcher {
  /** folded token key → the names (organization, alias) it may stand for, by organization. */
  readonly names: ReadonlyMap<string, readonly ListedName[]>;
  /** first folded token → most tokens of any name that starts with it. */
  readonly firstToken: ReadonlyMap<string, number>;
}

/** The matcher of `entries`; `own`, the organizations' own names, come first. */
export function buildOrgMatcher(
  entries: Iterable<{ organization: string; name: string }>,
  own: readonly string[] = [],
): OrgMatcher {
  const names = new Map<string, ListedName[]>();
  const firstToken = new Map<string, number>();
  const add = (organization: string, name: string): void => {
    const shape = shapeOf(name);
    if (shape === null) return;
    const list = names.get(shape.key);
    // The same organization and name once under a key, however often listed.
    if (list?.some((entry) => entry.organization === organization && entry.name === name)) return;
    const entry = new ListedName(organization, name, shape.marks, shape.trailing);
    // A list made by `push` keeps 17 slots: at 100,000 names, megabytes the collector copies.
    if (list === undefined) names.set(shape.key, [entry]);
    else list.push(entry);
    firstToken.set(shape.first, Math.max(firstToken.get(shape.first) ?? 0, shape.count));
  };
  for (const name of own) add(name, name);
  for (const { organization, name } of entries) add(organization, name);
  // A name listed for several organizations resolves to the first in code-unit order: deterministic.
  for (const list of names.values())
    if (list.length > 1) list.sort((a, b) => compareStrings(a.organization, b.organization));
  return { names, firstToken };
}

/** What the matcher keeps of a listed name; null when it has no word. */
function shapeOf(name: string) {
  // Plain words without `tokenize`: its tokens were most of indexing 100,000 names, in collection.
  if (SIMPLE_NAME.test(name)) {
    const key = name.toLowerCase();
    let count = 1;
    for (let at = key.indexOf(' '); at !== -1; at = key.indexOf(' ', at + 1)) count++;
    const first = count === 1 ? key : key.slice(0, key.indexOf(' '));
    return { key, first, count, marks: NONE, trailing: '' };
  }
  const tokens = tokenize(name);
  if (tokens.length === 0) return null;
  return {
    key: tokens.map((token) => token.norm).join(' '),
    first: tokens[0]!.norm,
    count: tokens.length,
    marks: marksOf(name, tokens),
    trailing: name.slice(tokens[tokens.length - 1]!.end).trim(),
  };
}

/** Every organization named, left to right, longest of overlaps first; `blanked` spans skipped. */
export function findOrganizations(
  answer: string | PreparedAnswer,
  matcher: OrgMatcher,
  blanked: readonly Span[] = [],
): OrgFinding[] {
  // Prepared, so that a case-sensitive name reads the answer's structure on first use only.
  const place = prepareAnswer(answer);
  const { text } = place;
  const tokens = tokensOutside(place.tokens, blanked);
  const candidates: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const limit = matcher.firstToken.get(tokens[i]!.norm);
    if (limit === undefined) continue;
    let key = '';
    let best: { to: number; entry: ListedName; end?: number; key: string } | undefined;
    // Gaps with sentence punctuation seen so far: gap index → its marks (made on the first one).
    let marked: Array<[number, string]> | undefined;
    for (let length = 1; length <= limit && i + length <= tokens.length; length++) {
      const token = tokens[i + length - 1]!;
      if (length > 1) {
        // Names never run across a blank line; across sentence punctuation only as listed.
        const gap = joinable(text, tokens[i + length - 2]!, token);
        if (gap === false) break;
        if (gap !== true) (marked ??= []).push([length - 2, gap]);
      }
      const prefix = key;
      key = length === 1 ? token.norm : `${key} ${token.norm}`;
      const entry = firstFitting(matcher.names.get(key), marked, tokens, i, token.raw, place);
      if (entry) best = { to: i + length, entry, key };
      else if (token.possessive) {
        // The name may end before a possessive `'s`; the finding then stops at the stem.
        const stemKey = length === 1 ? token.possessive.norm : `${prefix} ${token.possessive.norm}`;
        const stemEntry = firstFitting(
          matcher.names.get(stemKey),
          marked,
          tokens,
          i,
          token.possessive.raw,
          place,
        );
        if (stemEntry)
          best = { to: i + length, entry: stemEntry, end: token.possessive.end, key: stemKey };
      }
    }
    if (best === undefined) continue;
    const weak = best.entry.weak(matcher.names.get(best.key) ?? [best.entry]);
    const inside = insideLongerName(text, tokens, i, best.to, !weak);
    // A weak name is never part of a longer name ("Miami-Dade State Attorney's Office"). A strong
    // one inside a longer name ("Vocational Rehabilitation Services") may be another body: it is
    // found, but weak, so it verifies and never charges or corrects.
    if (weak && inside) continue;
    candidates.push({
      from: i,
      to: best.to,
      entry: best.entry,
      end: best.end,
      weak: weak || inside,
    });
  }
  return longestFirst(candidates, tokens, text);
}

interface Candidate {
  from: number;
  to: number;
  entry: ListedName;
  end: number | undefined;
  weak: boolean;
}

/** The candidates that do not overlap a longer one (of equal lengths, the earlier), as findings. */
function longestFirst(
  candidates: Candidate[],
  tokens: readonly Token[],
  text: string,
): OrgFinding[] {
  if (candidates.length === 0) return [];
  candidates.sort((a, b) => b.to - b.from - (a.to - a.from) || a.from - b.from);
  const taken = new Uint8Array(tokens.length);
  const chosen: OrgFinding[] = [];
  for (const candidate of candidates) {
    let free = true;
    for (let k = candidate.from; k < candidate.to; k++) if (taken[k]) free = false;
    if (!free) continue;
    for (let k = candidate.from; k < candidate.to; k++) taken[k] = 1;
    const start = tokens[candidate.from]!.start;
    let end = candidate.end ?? tokens[candidate.to - 1]!.end;
    if (candidate.entry.trailing && text.startsWith(candidate.entry.trailing, end))
      end += candidate.entry.trailing.length;
    chosen.push({
      kind: 'organization',
      raw: text.slice(start, end),
      normalized: candidate.entry.organization,
      matched: candidate.entry.name,
      start,
      end,
      ...(candidate.weak ? { weak: true as const } : {}),
    });
  }
  return chosen.sort((a, b) => a.start - b.start);
}

/**
 * Whether tokens `from`–`to` sit inside a longer capitalized name (`Broward County Legal Aid`);
 * `plain` (a strong name): only letter words after spaces on its line (not `Court: 617…`).
 */
function insideLongerName(
  text: string,
  tokens: readonly Token[],
  from: number,
  to: number,
  plain = false,
): boolean {
  const joined = (left: Token, right: Token): boolean =>
    plain
      ? /^ +$/.test(text.slice(left.end, right.start)) &&
        /^\p{L}/u.test(right.raw) &&
        /^\p{L}/u.test(left.raw)
      : joinable(text, left, right) === true;
  const next = tokens[to];
  if (next && isCapitalized(next) && joined(tokens[to - 1]!, next)) return true;
  // A strong name in lower case has no capitals to go by: a rare lower-case word joined to it counts.
  if (plain && !isCapitalized(tokens[from]!)) {
    const rare = (word: Token): boolean => !isCapitalized(word) && !isCommonWord(word.norm);
    const before = tokens[from - 1];
    return (
      (next !== undefined && rare(next) && joined(tokens[to - 1]!, next)) ||
      (before !== undefined && rare(before) && joined(before, tokens[from]!))
    );
  }
  for (let k = from - 1; k >= 0; k--) {
    const word = tokens[k]!;
    if (!isCapitalized(word) || !joined(word, tokens[k + 1]!)) return false;
    const opens = k === 0 || SENTENCE_START.test(text.slice(tokens[k - 1]!.end, word.start));
    if (!isCommonWord(word.norm) || !opens) return true;
    if (opens) return false;
  }
  return false;
}

const SENTENCE_START = /[.!?:;\n([|*#>]/;

function isCapitalized(token: Token): boolean {
  const first = token.raw.charAt(0);
  return first !== first.toLowerCase() || /^\d/.test(first);
}

/** The first of `entries` the tokens from `from` may stand for, by gap marks and case. */
function firstFitting(
  entries: readonly ListedName[] | undefined,
  marked: ReadonlyArray<[number, string]> | undefined,
  tokens: readonly Token[],
  from: number,
  last: string,
  place: PreparedAnswer,
): ListedName | undefined {
  if (entries === undefined) return undefined;
  for (const candidate of entries) {
    if (marked && !marked.every(([at, marks]) => (candidate.marks[at] ?? '') === marks)) continue;
    if (!candidate.caseSensitive) return candidate;
    if (writtenAsName(place, tokens, from, candidate, last)) return candidate;
  }
  return undefined;
}

/** The gap between two tokens of a name: `true`, its sentence marks, or `false` (none spans). */
function joinable(text: string, left: Token, right: Token): true | false | string {
  // One space, the gap between most words, read without a copy.
  if (right.start - left.end === 1 && text.charCodeAt(left.end) === 32) return true;
  if (right.start - left.end > 12) return false;
  const gap = text.slice(left.end, right.start);
  if (BLANK_LINE.test(gap)) return false;
  // A period after a short token is an abbreviation (`St.`, `U.S.`), not a sentence end.
  return (left.raw.length <= 3 ? SHORT_STOPS : STOPS).test(gap) ? gapMarks(gap) : true;
}

const STOPS = /[.!?;:()[\]|]/;
const SHORT_STOPS = /[!?;:()[\]|]/;
const BLANK_LINE = /\n\s*\n/;

function gapMarks(gap: string): string {
  return gap === ' ' ? '' : gap.replace(/\s+/g, '');
}

const NONE: readonly string[] = Object.freeze([]);

/** The marks of each gap of a listed name; the shared empty list when every gap is plain space. */
function marksOf(name: string, tokens: readonly Token[]): readonly string[] {
  let marks: string[] | undefined;
  for (let k = 1; k < tokens.length; k++) {
    const mark = gapMarks(name.slice(tokens[k - 1]!.end, tokens[k]!.start));
    if (mark !== '') (marks ??= new Array<string>(tokens.length - 1).fill(''))[k - 1] = mark;
  }
  return marks ?? NONE;
}

/** `tokens` without those `blanked` overlaps, by binary search (testing each was a fifth). */
export function tokensOutside(
  tokens: readonly Token[],
  blanked: readonly Span[],
): readonly Token[] {
  if (blanked.length === 0) return tokens;
  const spans = [...blanked].sort((a, b) => a.start - b.start);
  const kept: Token[] = [];
  let k = 0;
  for (const span of spans) {
    // Spans may overlap or nest: `k` only moves on, past every token the spans so far cover.
    const first = firstTokenAfter(tokens, span.start);
    for (; k < first; k++) kept.push(tokens[k]!);
    while (k < tokens.length && tokens[k]!.start < span.end) k++;
  }
  for (; k < tokens.length; k++) kept.push(tokens[k]!);
  return kept;
}
