import { firstTokenAfter, prepareAnswer, tokensIn, type PreparedAnswer } from '../text/prepared.js';
import { firstAtOrAfter, spanAt } from '../text/structure.js';
import type { OrgFinding, Span } from '../extract/types.js';
import { isCommonWord } from '../normalize/common-words.js';
import { isLabelOnly } from '../normalize/label-words.js';
import { tokenize, type Token } from '../normalize/name.js';

// Names that look like an organization but are not listed ("Manna at 1"): charged nothing.

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

/** Unlisted capitalized names holding an organization word, read in `blocks`. */
export function unlistedNames(
  answer: PreparedAnswer,
  orgs: readonly OrgFinding[],
  blocks: readonly Span[],
): Mention[] {
  const { tokens, text } = answer;
  const found: Mention[] = [];
  for (const block of blocks) {
    let from = firstTokenAfter(tokens, block.start);
    let to = from;
    for (; to < tokens.length && tokens[to]!.start < block.end; to++) {
      const token = tokens[to]!;
      const previous = tokens[to - 1];
      const inRun = to > from;
      if (inRun && !joiningGap(text, previous!.end, token.start)) {
        runName(text, tokens, from, to, orgs, found);
        from = to;
      }
      if (!(capital(token.raw) || (to > from && CONNECTIVES.has(token.norm)))) {
        runName(text, tokens, from, to, orgs, found);
        from = to + 1;
      }
    }
    runName(text, tokens, from, to, orgs, found);
  }
  return found;
}

/** The unlisted name in the run `tokens[from, to)`, pushed onto `found`, if it holds one. */
function runName(
  text: string,
  tokens: readonly Token[],
  runFrom: number,
  runTo: number,
  orgs: readonly OrgFinding[],
  found: Mention[],
): void {
  let from = runFrom;
  while (
    from < runTo &&
    (!capital(tokens[from]!.raw) ||
      (isCommonWord(tokens[from]!.norm) && !ORG_HEADS.has(tokens[from]!.norm)))
  )
    from++;
  let to = runTo;
  while (to > from && !capital(tokens[to - 1]!.raw)) to--;
  let capitals = 0;
  let allCommon = true;
  let head = false;
  for (let k = from; k < to; k++) {
    const token = tokens[k]!;
    if (ORG_HEADS.has(token.norm)) head = true;
    if (!capital(token.raw)) continue;
    capitals++;
    if (allCommon && !isCommonWord(token.norm)) allCommon = false;
  }
  if (capitals < 2 || !head) return;
  if (capitals < 3 && allCommon) return;
  // "Spanish Hotline", "TTY Line": a label of the entry's line, not a body of its own.
  const words: string[] = [];
  for (let k = from; k < to; k++) words.push(tokens[k]!.norm);
  if (isLabelOnly(words)) return;
  const start = tokens[from]!.start;
  const end = tokens[to - 1]!.end;
  // Names are sorted and disjoint: only the last one starting before `end` can overlap.
  const last = orgs[firstAtOrAfter(orgs, end) - 1];
  if (last && last.end > start) return;
  found.push({ start, end, name: text.slice(start, end) });
}

export function capital(raw: string): boolean {
  return /^\p{Lu}/u.test(raw);
}

/** Whether `text[from, to)` joins two words of a name: spaces or tabs, with at most one `&` between. */
function joiningGap(text: string, from: number, to: number): boolean {
  return /^[ \t]+(?:&[ \t]+)?$/.test(text.slice(from, to));
}

export const CONNECTIVES: ReadonlySet<string> = new Set(['of', 'the', 'and', 'for', 'on', 'in']);

// Words between a determiner and an organization word that keep it the same body ("its main office").
const SAME_BODY: ReadonlySet<string> = new Set(
  'same main clerk clerks front general intake business records whole'.split(' '),
);
const DETERMINERS: ReadonlySet<string> = new Set(
  'the a an its their that this another other your our'.split(' '),
);
const OTHER_WORDS: ReadonlySet<string> = new Set(['another', 'other', 'different', 'separate']);
// A capitalized verb opening a sentence is no part of a name: "Call Court Services".
const VERBS: ReadonlySet<string> = new Set(
  'call contact visit ask try reach phone dial see'.split(' '),
);
// Organization words for references: those of names, and a court's `session`.
const REFERENCE_HEADS: ReadonlySet<string> = new Set([...ORG_HEADS, 'session']);

/** A common-noun reference to a body other than `named` in `span` ("the housing court"). */
export function otherReference(
  text: string | PreparedAnswer,
  span: Span,
  names: readonly Mention[],
  named: string,
): string | undefined {
  const answer = prepareAnswer(text);
  const tokens = tokensIn(answer, span);
  let own: ReadonlySet<string> | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const head = tokens[i]!;
    if (!REFERENCE_HEADS.has(head.possessive?.norm ?? head.norm)) continue;
    if (spanAt(names, head.start)) continue;
    const { modifiers, determiner } = wordsBefore(answer.text, tokens, i);
    const capitalized =
      capital(head.raw) && modifiers.length > 0 && modifiers.every((word) => capital(word.raw));
    if (!determiner && !capitalized) continue;
    // "the Spanish hotline", "TTY line": which line of the same body, not another body.
    if (isLabelOnly([...modifiers.map((word) => word.norm), head.norm])) continue;
    own ??= wordsOf(named);
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
      return answer.text.slice(
        (determiner ?? modifiers[0]!).start,
        head.possessive?.end ?? head.end,
      );
  }
  return undefined;
}

/** Up to three words joined by spaces before `tokens[at]`, back to a determiner or a verb. */
function wordsBefore(
  text: string,
  tokens: readonly Token[],
  at: number,
): { modifiers: Token[]; determiner: Token | undefined } {
  const modifiers: Token[] = [];
  for (let j = at; j > 0 && modifiers.length < 3; j--) {
    const before = tokens[j - 1]!;
    if (!/^[ \t]+$/.test(text.slice(before.end, tokens[j]!.start))) break;
    if (DETERMINERS.has(before.norm)) return { modifiers, determiner: before };
    if (VERBS.has(before.norm)) break;
    modifiers.unshift(before);
  }
  return { modifiers, determiner: undefined };
}

function wordsOf(name: string): Set<string> {
  return new Set(tokenize(name).map((token) => token.norm));
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

/** A word of an owner's name `named` lacks, in `scope` ("Housing cases: 1"). O(scope). */
export function ownerWordIn(
  text: string | PreparedAnswer,
  scope: Span,
  names: readonly Mention[],
  owners: readonly string[],
  named: string,
): string | undefined {
  const own = wordsOf(named);
  const telling = new Set<string>();
  for (const owner of owners)
    for (const token of tokenize(owner))
      if (!own.has(token.norm) && !NAME_FILLER.has(token.norm)) telling.add(token.norm);
  if (telling.size === 0) return undefined;
  const answer = prepareAnswer(text);
  for (const token of tokensIn(answer, scope)) {
    const norm = token.possessive?.norm ?? token.norm;
    if (!telling.has(norm)) continue;
    const start = token.start;
    if (spanAt(names, start)) continue;
    // Capitalized mid-sentence it is a proper name, most often a town ("New Chardon St., Boston"):
    // only a lower-case word or one opening its sentence, clause or label counts.
    if (capital(token.raw) && !OPENS.test(answer.text.slice(Math.max(0, start - 8), start)))
      continue;
    return token.raw;
  }
  return undefined;
}

const OPENS = /(?:^|[.;:!?\n(|*>-])[\s*_]*$/u;
