import type { LinkFinding } from './types.js';

/**
 * The links an answer cites, each once: a link written as the text of a markdown link
 * (`[www.x.org](https://x-help.org/…)`) is evidence about its target, kept as the target's
 * `label`, not a link of its own; then one finding per normalized URL, the first kept. Every
 * finding of `extractLinks` still blanks its span for the phone and name scans.
 *
 * `findings` in the order `extractLinks` gives them (by start): the links inside a label come
 * just before their target, so each target looks back over its own label only. O(findings).
 */
export function citedLinks(findings: readonly LinkFinding[]): LinkFinding[] {
  const inLabel = labelLinks(findings);
  // An answer cites a handful of links: comparing each with those kept is cheaper than hashing
  // every normalized URL into a set, which (with the set) was most of this function's time.
  const seen = findings.length > FEW_LINKS ? new Set<string>() : null;
  const cited: LinkFinding[] = [];
  for (let at = 0; at < findings.length; at++) {
    const link = findings[at]!;
    if (inLabel?.has(at)) continue;
    if (seen === null ? keptAlready(cited, link.normalized) : seen.has(link.normalized)) continue;
    seen?.add(link.normalized);
    cited.push(link);
  }
  return cited;
}

/** Up to this many findings, `citedLinks` finds repeats by comparison, not by a set. */
const FEW_LINKS = 16;

function keptAlready(cited: readonly LinkFinding[], normalized: string): boolean {
  for (const link of cited) if (link.normalized === normalized) return true;
  return false;
}

/** Which findings stand inside a markdown link's text; null when no finding has a text (most answers). */
function labelLinks(findings: readonly LinkFinding[]): Set<number> | null {
  let inLabel: Set<number> | null = null;
  for (let at = 0; at < findings.length; at++) {
    const label = findings[at]!.label;
    if (label === undefined) continue;
    const end = findings[at]!.start - 2;
    const start = end - label.length;
    for (let back = at - 1; back >= 0 && findings[back]!.start >= start; back--)
      if (findings[back]!.end <= end) (inLabel ??= new Set()).add(back);
  }
  return inLabel;
}
