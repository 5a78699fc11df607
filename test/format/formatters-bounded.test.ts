import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import verifyCitations from '../../assertions/verify-citations.js';
import { runCli } from '../../src/cli/main.js';
import { LISTED_FINDINGS } from '../../src/defaults.js';
import { fakeIo } from '../helpers/cli.js';

/**
 * Hostile sizes: an answer with 130,000 links and as many numbers (about 7 MB). Listing every
 * finding overflowed the stack in the text format (a spread of 125,000 widths), and the
 * assertion's result was 27 times the answer; every output now lists a bounded number and counts
 * the rest, while the score still counts everything.
 */
const allowlist = join(import.meta.dirname, '..', 'fixtures', 'verifier', 'allowlist.json');
const COUNT = 130_000;
const answer = Array.from(
  { length: COUNT },
  (_, i) => `See https://site${i}.org/p and call (617) 555-${String(i % 10_000).padStart(4, '0')}.`,
).join('\n');

describe('bounded output for huge answers', { timeout: 120_000 }, () => {
  it('check text lists the first findings and counts the rest', async () => {
    const io = fakeIo({ stdin: answer });
    expect(await runCli(['check', '--allowlist', allowlist], io)).toBe(0);
    const out = io.out();
    expect(out).toContain(`Links (${COUNT} unverified)`);
    expect(out).toContain(
      `… and ${(COUNT - LISTED_FINDINGS.text).toLocaleString('en-US')} more links`,
    );
    expect(
      out.split('\n').filter((line) => line.startsWith('  unverified  https://site')).length,
    ).toBe(LISTED_FINDINGS.text);
  });

  it('check json lists at most the cap of each kind and says how many it left out', async () => {
    const io = fakeIo({ stdin: answer });
    expect(await runCli(['check', '--allowlist', allowlist, '--format', 'json'], io)).toBe(0);
    const json = JSON.parse(io.out()) as {
      links: unknown[];
      phones: unknown[];
      omitted: Record<string, number>;
      link_score: number;
    };
    expect(json.links).toHaveLength(LISTED_FINDINGS.json);
    expect(json.omitted.links).toBe(COUNT - LISTED_FINDINGS.json);
    expect(json.link_score).toBe(0.5); // every link counted: all unverified
  });

  it('the assertion result stays smaller than the answer', async () => {
    const result = await verifyCitations(answer, { config: { allowlist } });
    const size = JSON.stringify(result).length;
    expect(result.score).toBe(0.5);
    expect(size).toBeLessThan(answer.length);
    expect(result.reason.length).toBeLessThan(20_000);
  });
});
