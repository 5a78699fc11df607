import type { Mention } from './unlisted-names.js';
import { firstAtOrAfter, type Segments } from '../text/structure.js';
import type { PhoneFinding, Span } from '../extract/types.js';

// Which name stands nearest a number, and which one an alternating sentence pairs it with.

/** Characters between a number and a name (0 when they overlap). */
export function distance(phone: Span, org: Span): number {
  return org.end <= phone.start
    ? phone.start - org.end
    : org.start >= phone.end
      ? org.start - phone.end
      : 0;
}

/** Of the candidates, the nearest to `phone`; on a tie, the one written first. */
export function closest<T extends Span>(
  phone: Span,
  candidates: ReadonlyArray<T | undefined>,
): T | undefined {
  let best: T | undefined;
  for (const candidate of candidates) {
    if (!candidate) continue;
    const d = distance(phone, candidate);
    const bestD = best ? distance(phone, best) : Infinity;
    if (d < bestD || (d === bestD && candidate.start < best!.start)) best = candidate;
  }
  return best;
}

/** The one of `sorted` (by start, disjoint) nearest `phone` wholly inside `scope`, by binary search. */
export function nearestIn<T extends Span>(
  sorted: readonly T[],
  phone: Span,
  scope: Span | undefined,
): T | undefined {
  if (!scope || sorted.length === 0) return undefined;
  const low = firstAtOrAfter(sorted, phone.start);
  return closest(phone, [inside(sorted[low - 1], scope), inside(sorted[low], scope)]);
}

/** Whether the names of `sorted` wholly inside `scope` name one organization; stops at a second. */
export function soleIn(sorted: readonly Mention[], scope: Span | undefined): boolean {
  if (!scope) return true;
  let seen: string | undefined;
  for (let k = firstAtOrAfter(sorted, scope.start); k < sorted.length; k++) {
    const mention = sorted[k]!;
    if (mention.start >= scope.end) break;
    if (mention.end > scope.end) continue;
    if (seen !== undefined && mention.name !== seen) return false;
    seen = mention.name;
  }
  return true;
}

/** `org` when it lies wholly inside `scope` (not a closure made per lookup). */
function inside<T extends Span>(org: T | undefined, scope: Span): T | undefined {
  return org && org.start >= scope.start && org.end <= scope.end ? org : undefined;
}

/** In sentences alternating names with numbers on file and numbers, each number's partner. */
export function pairAlternating(
  phones: readonly PhoneFinding[],
  numbered: readonly Mention[],
  segments: Segments,
): Map<PhoneFinding, Mention> {
  const pairs = new Map<PhoneFinding, Mention>();
  type Item = { at: number; sentence: Span; org?: Mention; phone?: PhoneFinding };
  const mentions: Item[] = [];
  for (const org of numbered) {
    const sentence = segments.sentenceAt(org.start);
    if (sentence && org.end <= sentence.end) mentions.push({ at: org.start, sentence, org });
  }
  for (const phone of phones) {
    const sentence = phone.serviceLine ? undefined : segments.sentenceAt(phone.start);
    if (sentence) mentions.push({ at: phone.start, sentence, phone });
  }
  mentions.sort((a, b) => a.at - b.at);
  for (let from = 0; from < mentions.length; ) {
    let to = from;
    while (to < mentions.length && mentions[to]!.sentence === mentions[from]!.sentence) to++;
    pairRun(mentions.slice(from, to), pairs);
    from = to;
  }
  return pairs;
}

/** One sentence's mentions, in order: pairs each number with its name when they alternate. */
function pairRun(
  run: ReadonlyArray<{ org?: Mention; phone?: PhoneFinding }>,
  pairs: Map<PhoneFinding, Mention>,
): void {
  let changes = 0;
  for (let k = 1; k < run.length; k++)
    if (Boolean(run[k]!.org) !== Boolean(run[k - 1]!.org)) changes++;
  if (changes < 2) return;
  // Starting with a name, each number takes the name before it; starting with a number, the one after.
  let paired: Mention | undefined;
  for (const mention of run[0]!.org ? run : [...run].reverse()) {
    if (mention.org) paired = mention.org;
    else if (mention.phone && paired) pairs.set(mention.phone, paired);
  }
}
