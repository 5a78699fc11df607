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
  const inLabel = new Set<number>();
  findings.forEach((link, at) => {
    if (link.label === undefined) return;
    const end = link.start - 2;
    const start = end - link.label.length;
    for (let back = at - 1; back >= 0 && findings[back]!.start >= start; back--)
      if (findings[back]!.end <= end) inLabel.add(back);
  });
  const seen = new Set<string>();
  return findings.filter(
    (link, at) =>
      !inLabel.has(at) && !seen.has(link.normalized) && (seen.add(link.normalized), true),
  );
}
