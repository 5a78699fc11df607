import type { LinkFinding } from './types.js';

/** The links an answer cites, one per URL; a markdown link's text is its target's `label`. */
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
