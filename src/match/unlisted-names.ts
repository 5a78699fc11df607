import { firstAtOrAfter } from './structure.js';
import type { OrgFinding, Span } from '../extract/types.js';
import { isCommonWord } from '../normalize/common-words.js';
import { tokenize } from '../normalize/name.js';

// Names in an answer that look like an organization but are not a directory name ("Manna at 1",
// "Tenant Action Project"): phone attribution charges a number given to one of them to no one.

/** A name in the text: an organization of the directory (`org`), or one that only looks like one. */
export interface Mention extends Span {
  /** The organization as listed, or the unlisted name as written. */
  name: string;
  org?: OrgFinding;
}

// Words that end (or carry) an organization's name: "Maryland Legal Aid", "Tenant Action Project".
const ORG_HEADS: ReadonlySet<string> = new Set(
  'aid alliance agency association attorneys authority board bureau center centre centers church clinic coalition collaborative commission committee corporation council court defenders department division foundation fund group helpline hotline house inc initiative institute league llc ministries ministry network office partnership program programme project services shelter society trust union unit'.split(
    ' ',
  ),
);

/**
 * Names that look like an organization but are not a directory name: a run of capitalized words
 * (joined by spaces and `of`, `the`, `and`, `for`, `&`) holding an organization word (`Aid`,
 * `Center`, `Project`, …), with a word that is not common English or three capitalized words, and
 * not overlapping any directory name. Leading common words are dropped (`If`, `Call`, `The`).
 * One pass over the text's tokens.
 */
export function unlistedNames(text: string, orgs: readonly OrgFinding[]): Mention[] {
  const tokens = tokenize(text);
  const found: Mention[] = [];
  let run: typeof tokens = [];
  const capital = (raw: string): boolean => /^\p{Lu}/u.test(raw);
  const flush = (): void => {
    let from = 0;
    while (
      from < run.length &&
      (!capital(run[from]!.raw) ||
        (isCommonWord(run[from]!.norm) && !ORG_HEADS.has(run[from]!.norm)))
    )
      from++;
    let to = run.length;
    while (to > from && !capital(run[to - 1]!.raw)) to--;
    const words = run.slice(from, to);
    run = [];
    const capitals = words.filter((token) => capital(token.raw));
    if (capitals.length < 2 || !words.some((token) => ORG_HEADS.has(token.norm))) return;
    if (capitals.length < 3 && capitals.every((token) => isCommonWord(token.norm))) return;
    const start = words[0]!.start;
    const end = words[words.length - 1]!.end;
    // Names are sorted and disjoint: only the last one starting before `end` can overlap.
    const last = orgs[firstAtOrAfter(orgs, end) - 1];
    if (last && last.end > start) return;
    found.push({ start, end, name: text.slice(start, end) });
  };
  for (const token of tokens) {
    const previous = run[run.length - 1];
    const joined =
      previous !== undefined && /^[ \t]+(?:&[ \t]+)?$/.test(text.slice(previous.end, token.start));
    if (previous && !joined) flush();
    if (capital(token.raw) || (run.length > 0 && CONNECTIVES.has(token.norm))) run.push(token);
    else flush();
  }
  flush();
  return found;
}

const CONNECTIVES: ReadonlySet<string> = new Set(['of', 'the', 'and', 'for', 'on', 'in']);

// Capitalized words (joined by of/the/and/for/&) right before `at`, `on` or `:` and the number.
const CAPITALIZED_BEFORE_NUMBER =
  /(?<![\p{L}\p{N}'’])(\p{Lu}[\p{L}\p{M}'’.-]*(?:[ \t]+(?:(?:of|the|and|for|&)[ \t]+)?\p{Lu}[\p{L}\p{M}'’.-]*){0,5})(?:[ \t]+(?:at|on)|:)[ \t*_(]*$/u;

/**
 * A name the directory does not list, written right before the number ("or Manna at 1"): a run
 * of capitalized words not overlapping a listed name, with a word that is not common English (so
 * "Call at", "Phone:" and "Then, Housing Help at" are not names). Only the 80 characters before
 * the number are read, so the cost per number is constant.
 */
export function unknownRightBefore(
  text: string,
  sentence: Span,
  phone: Span,
  names: readonly Mention[],
): string | undefined {
  const from = Math.max(sentence.start, phone.start - 80);
  const match = CAPITALIZED_BEFORE_NUMBER.exec(text.slice(from, phone.start));
  if (!match) return undefined;
  const start = from + match.index;
  const end = start + match[1]!.length;
  // Names are sorted and disjoint: only the last one starting before `end` can overlap.
  const last = names[firstAtOrAfter(names, end) - 1];
  if (last && last.end > start) return undefined;
  const words = tokenize(match[1]!);
  if (words.every((word) => isCommonWord(word.norm) || CONNECTIVES.has(word.norm)))
    return undefined;
  return match[1]!;
}

// Words that may stand between a determiner and an organization word without making it another
// organization: "the same court", "its main office", "the clerk's office".
const SAME_BODY: ReadonlySet<string> = new Set([
  'same',
  'main',
  'clerk',
  'clerks',
  'front',
  'general',
  'intake',
  'business',
  'records',
  'whole',
]);
const DETERMINERS: ReadonlySet<string> = new Set([
  'the',
  'a',
  'an',
  'its',
  'their',
  'that',
  'this',
  'another',
  'other',
  'your',
  'our',
]);
const OTHER_WORDS: ReadonlySet<string> = new Set(['another', 'other', 'different', 'separate']);
// A capitalized verb opening a sentence is no part of a name: "Call Court Services".
const VERBS: ReadonlySet<string> = new Set([
  'call',
  'contact',
  'visit',
  'ask',
  'try',
  'reach',
  'phone',
  'dial',
  'see',
]);
// Organization words for references: those of names, and a court's `session`.
const REFERENCE_HEADS: ReadonlySet<string> = new Set([...ORG_HEADS, 'session']);

/**
 * A reference to an organization other than `named`, by a common noun, in `span` of `text`
 * outside every name: "the housing court", "the Housing Court clerk", "Housing Court (…)",
 * "another office". An organization word after a determiner or a capitalized word, with a word
 * before it that `named` does not hold ("the court", "its clerk's office" refer back to `named`).
 * A number attributed to `named` only by standing near it, with such a reference between them,
 * may be given for the other: that is not proof. O(span).
 */
export function otherReference(
  text: string,
  span: Span,
  names: readonly Mention[],
  named: string,
): string | undefined {
  const tokens = tokenize(text.slice(span.start, span.end));
  const capital = (raw: string): boolean => /^\p{Lu}/u.test(raw);
  let own: ReadonlySet<string> | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const head = tokens[i]!;
    if (!REFERENCE_HEADS.has(head.possessive?.norm ?? head.norm)) continue;
    const start = span.start + head.start;
    if (insideName(names, start)) continue;
    const modifiers: typeof tokens = [];
    let determiner: (typeof tokens)[number] | undefined;
    for (let j = i; j > 0 && modifiers.length < 3; j--) {
      const before = tokens[j - 1]!;
      if (!/^[ \t]+$/.test(text.slice(span.start + before.end, span.start + tokens[j]!.start)))
        break;
      if (DETERMINERS.has(before.norm)) {
        determiner = before;
        break;
      }
      if (VERBS.has(before.norm)) break;
      modifiers.unshift(before);
    }
    const capitalized =
      capital(head.raw) && modifiers.length > 0 && modifiers.every((word) => capital(word.raw));
    if (!determiner && !capitalized) continue;
    own ??= new Set(tokenize(named).map((token) => token.norm));
    const other =
      (determiner !== undefined && OTHER_WORDS.has(determiner.norm)) ||
      modifiers.some(
        (word) =>
          OTHER_WORDS.has(word.norm) ||
          (!own!.has(word.norm) &&
            !SAME_BODY.has(word.possessive?.norm ?? word.norm) &&
            !SAME_BODY.has(word.norm)),
      );
    if (other)
      return text.slice(
        span.start + (determiner ?? modifiers[0]!).start,
        span.start + (head.possessive?.end ?? head.end),
      );
  }
  return undefined;
}

// Words of a name that say nothing about which body it is.
const NAME_FILLER: ReadonlySet<string> = new Set([
  ...REFERENCE_HEADS,
  'county',
  'of',
  'the',
  'and',
  'for',
  'at',
  'in',
  'on',
  'a',
  'an',
]);

/**
 * A word of an owner's name (one of `owners`, the organizations the directory lists the number
 * for) that `named`'s name lacks, written in `scope` outside every name: "For housing, skip
 * Worcester District Court and call 1" (1 is the Housing Court's), "Housing cases: 1". A number
 * attributed to `named` only by standing near it, in words that point at its real owner, is no
 * proof of a wrong number. O(scope + the owners' names).
 */
export function ownerWordIn(
  text: string,
  scope: Span,
  names: readonly Mention[],
  owners: readonly string[],
  named: string,
): string | undefined {
  const own = new Set(tokenize(named).map((token) => token.norm));
  const telling = new Set<string>();
  for (const owner of owners)
    for (const token of tokenize(owner))
      if (!own.has(token.norm) && !NAME_FILLER.has(token.norm)) telling.add(token.norm);
  if (telling.size === 0) return undefined;
  for (const token of tokenize(text.slice(scope.start, scope.end))) {
    const norm = token.possessive?.norm ?? token.norm;
    if (!telling.has(norm)) continue;
    const start = scope.start + token.start;
    if (insideName(names, start)) continue;
    // Capitalized inside a sentence it is a proper name, most often a town in an address ("24 New
    // Chardon St., Boston"), which says where, not which body: only a lower-case word or one that
    // opens its sentence, clause or label counts ("Housing: 1", "For housing, call 1").
    if (
      /^\p{Lu}/u.test(token.raw) &&
      !/(?:^|[.;:!?\n(|*>-])[\s*_]*$/u.test(text.slice(Math.max(0, start - 8), start))
    )
      continue;
    return token.raw;
  }
  return undefined;
}

/** Whether `position` lies inside one of `names` (sorted, disjoint): only the last one starting at or before it can hold it. */
function insideName(names: readonly Mention[], position: number): boolean {
  const last = names[firstAtOrAfter(names, position + 1) - 1];
  return last !== undefined && last.end > position;
}
