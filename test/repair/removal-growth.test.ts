import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadAllowlistIndex } from '../../src/index.js';
import { guardWithIndex } from '../../src/run.js';
import { growthAsync } from '../helpers/growth.js';

/**
 * The guard (`check --fix`, `POST /v1/fix`) is linear in the answer in the shapes where every
 * claim needs a removal: 4× the claims may take at most 6× the CPU time (quadratic work gives
 * 16×). One long line of invented links took 18–31 s for a 1 MB body when each removal sliced
 * the whole line.
 */
const SAMPLE = fileURLToPath(new URL('../../sample-allowlist/allowlist.json', import.meta.url));
const link = (i: number): string => `https://l${i}.invented.example/p`;
const many = (n: number, each: (i: number) => string, join: string): string =>
  Array.from({ length: n }, (_, i) => each(i)).join(join);

/** Each shape, what it is at `n`, and an `n` whose run is long enough to time (tens of ms). */
const SHAPES: [string, (n: number) => string, number][] = [
  ['one line of invented links', (n) => many(n, (i) => `See ${link(i)} now.`, ' '), 600],
  [
    'one line of "call X at N or visit LINK."',
    (n) =>
      many(n, (i) => `Call the Chelsea District Court at (617) 788-8600 or visit ${link(i)}.`, ' '),
    300,
  ],
  [
    'one table cell of links',
    (n) => `| a | b |\n| --- | --- |\n| ${many(n, link, ' ')} | x |`,
    2000,
  ],
  ['a list of links', (n) => many(n, (i) => `- ${link(i)}`, '\n'), 2000],
];

describe('the guard grows linearly with the claims it removes', () => {
  it.each(SHAPES)('%s: 4× the claims, under 6× the CPU time', async (_name, write, n) => {
    const index = await loadAllowlistIndex(SAMPLE);
    const ratio = await growthAsync(
      (scale) => write(n * scale),
      async (text) => {
        const { repair } = await guardWithIndex(index, text, { threshold: 0.5, liveness: false });
        // The work is what is measured: every claim was removed.
        expect(repair?.changes.length).toBeGreaterThan(0);
      },
      // Eight tries, not five: the phone-and-link shape's runs are short enough that a full suite
      // on two busy cores put its least ratio over the line once in four runs.
      { factor: 4, limit: 6, tries: 8 },
    );
    expect(ratio).toBeLessThan(6);
  });
});
