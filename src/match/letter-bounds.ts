/**
 * Lower bounds on the edit distance between two words from their letters alone, read without the
 * words' strings: what lets the two-edit candidate index (`near-index.ts`) rule out most
 * candidates before an edit distance is computed.
 */

/** `a`–`z` one bin each, any other character folded onto the six left. */
function letterBin(code: number): number {
  return code >= 97 && code <= 122 ? code - 97 : 26 + (code % 6);
}

/**
 * Letters in 16 groups, the frequent ones alone: `e a o i n r t s l c u d`, then `h m`, `b g p`,
 * `f k v w y`, and every other character.
 */
const COUNT_GROUP = new Uint8Array(128).fill(15);
'eaoinrtslcud'.split('').forEach((letter, group) => (COUNT_GROUP[letter.charCodeAt(0)] = group));
for (const [letters, group] of [
  ['hm', 12],
  ['bgp', 13],
  ['fkvwy', 14],
] as const)
  for (const letter of letters) COUNT_GROUP[letter.charCodeAt(0)] = group;

/** A word's letter counts by `COUNT_GROUP`, each capped at 15, as 16 four-bit fields in two halves. */
export function letterCounts(word: string): { low: number; high: number } {
  const counts = new Uint8Array(16);
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    const group = code < 128 ? COUNT_GROUP[code]! : 15;
    if (counts[group]! < 15) counts[group] = counts[group]! + 1;
  }
  let low = 0;
  let high = 0;
  for (let group = 0; group < 8; group++) {
    low |= counts[group]! << (4 * group);
    high |= counts[group + 8]! << (4 * group);
  }
  return { low, high };
}

/**
 * Over two words' 16 four-bit counts (`letterCounts`), the larger of what one has beyond the other:
 * a lower bound on the edit distance (the bag distance). An insertion or deletion changes one
 * side's surplus by one, a substitution each side's by one, a swap of neighbours neither; and
 * grouping letters or capping counts only cancels or shrinks surplus. Most candidates that pass the
 * letter sets are ruled out here without reading the candidate word at all (its string lies
 * elsewhere in memory, and fetching it was most of the cost of a lookup).
 */
export function countGap(
  ownLow: number,
  ownHigh: number,
  otherLow: number,
  otherHigh: number,
): number {
  const surplus = fieldsOver(ownLow, otherLow) + fieldsOver(ownHigh, otherHigh);
  const lack = fieldsOver(otherLow, ownLow) + fieldsOver(otherHigh, ownHigh);
  return surplus > lack ? surplus : lack;
}

/**
 * Over eight 4-bit fields, the sum of what each field of `a` has beyond the same field of `b`,
 * all fields at once: even and odd fields go into 8-bit lanes as 128 + a − b (never borrowing
 * from the next lane), the lanes where a ≥ b keep a − b, and one multiplication adds the lanes.
 * It runs for every candidate that passes the letter sets, and the loop over the fields, with a
 * branch each the processor could not predict, was most of that candidate's cost.
 */
function fieldsOver(a: number, b: number): number {
  const even = (((a & 0x0f0f0f0f) | 0x80808080) - (b & 0x0f0f0f0f)) | 0;
  const odd = ((((a >>> 4) & 0x0f0f0f0f) | 0x80808080) - ((b >>> 4) & 0x0f0f0f0f)) | 0;
  const kept =
    (even & (((even >>> 7) & 0x01010101) * 0x7f)) + (odd & (((odd >>> 7) & 0x01010101) * 0x7f));
  return Math.imul(kept, 0x01010101) >>> 24;
}

/**
 * The characters of a word as bits (`a`–`z` one each, any other folded onto the six left). A
 * character of one word absent from the other costs at least one edit (a swap of neighbours moves
 * no character in or out), and folding only merges bits, so counting the bits one set has and
 * the other lacks never exceeds the edit distance.
 */
export function letterSet(word: string): number {
  let bits = 0;
  for (let i = 0; i < word.length; i++) bits |= 1 << letterBin(word.charCodeAt(i));
  return bits;
}

/** Set bits of a 32-bit integer, without a loop. */
export function bitCount(bits: number): number {
  let rest = bits - ((bits >>> 1) & 0x55555555);
  rest = (rest & 0x33333333) + ((rest >>> 2) & 0x33333333);
  return Math.imul((rest + (rest >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * Whether `bits` has more than `limit` bits set (`limit` an edit limit, at most 2): the lowest set
 * bit cleared `limit` times. It runs twice for every entry of every piece list a lookup reads,
 * and is cheaper there than counting every bit.
 */
export function moreBitsThan(bits: number, limit: number): boolean {
  let rest = bits;
  for (let cleared = 0; cleared < limit; cleared++) rest &= rest - 1;
  return rest !== 0;
}
