import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/extract/links.js';

/**
 * Web-link F1 on linkify-it's own fixtures (test/fixtures/linkify-it, MIT), read as linkify-it's
 * test reads them. Left out by design, as the README says: e-mail addresses (`mailto:` and bare
 * `user@host`, never a web link here) and schemes other than http(s) (`ftp:`, `skype:`, …), which
 * no allowlist lists. A case counts as found when our first link in the line is exactly the
 * expected text; a wrong link is a false positive and a miss.
 */
const read = (name: string): string[] =>
  readFileSync(new URL(`../fixtures/linkify-it/${name}`, import.meta.url), 'utf8').split(/\r?\n/);

function linkCases(): Array<{ line: string; expected: string }> {
  const lines = read('links.txt');
  const cases: Array<{ line: string; expected: string }> = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/^%.*/, '');
    if (!line.trim()) continue;
    const next = (lines[i + 1] ?? '').replace(/^%.*/, '');
    if (next.trim()) {
      cases.push({ line, expected: next });
      i++;
    } else cases.push({ line, expected: line });
  }
  return cases;
}

/** An e-mail address or another scheme than http(s): not a web link, left out by design. */
export function outOfScope(expected: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:/i.test(expected) && !/^https?:/i.test(expected)) return true;
  return !/^(?:https?:)?\/\//i.test(expected) && /^[^/]*@/.test(expected);
}

export function linkifyF1(): {
  precision: number;
  recall: number;
  f1: number;
  misses: string[];
  wrong: string[];
} {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  const misses: string[] = [];
  const wrong: string[] = [];
  for (const { line, expected } of linkCases()) {
    if (outOfScope(expected)) continue;
    const found = extractLinks(line)[0]?.raw;
    if (found === expected) truePositives++;
    else {
      falseNegatives++;
      if (found !== undefined) falsePositives++;
      (found === undefined ? misses : wrong).push(
        `${line} → ${found ?? '(nothing)'} (want ${expected})`,
      );
    }
  }
  for (const raw of read('not_links.txt')) {
    const line = raw.replace(/^%.*/, '');
    if (!line.trim()) continue;
    const found = extractLinks(line);
    if (found.length > 0) {
      falsePositives++;
      wrong.push(`${line} → ${found[0]!.raw} (want nothing)`);
    }
  }
  const precision = truePositives / (truePositives + falsePositives);
  const recall = truePositives / (truePositives + falseNegatives);
  return { precision, recall, f1: (2 * precision * recall) / (precision + recall), misses, wrong };
}

describe("linkify-it's fixtures", () => {
  it('web-link F1 is at least 96', () => {
    const { f1, precision, recall, misses, wrong } = linkifyF1();
    process.stdout.write(
      `linkify-it fixtures: precision ${(100 * precision).toFixed(1)} recall ${(100 * recall).toFixed(1)} F1 ${(100 * f1).toFixed(1)}\n`,
    );
    expect(100 * f1, [...misses, ...wrong].join('\n')).toBeGreaterThanOrEqual(96);
  });
});
