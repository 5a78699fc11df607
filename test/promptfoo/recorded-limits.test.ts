import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import verifyCitations from '../../assertions/verify-citations.js';
import { runCli } from '../../src/cli/main.js';
import { compareVendors } from '../../src/compare/index.js';
import { LISTED_FINDINGS, MAX_COMPONENT_DEPTH } from '../../src/defaults.js';
import { fromPromptfooRow } from '../../src/promptfoo/rows.js';
import { fakeIo } from '../helpers/cli.js';
import { recordedRow } from '../helpers/recorded-row.js';
import { sampleAllowlist } from '../helpers/evals.js';

// What `report` reads back from a promptfoo results file (issue 28 items 11 and 12): an answer
// whose recorded lists were cut, and a file nesting componentResults far deeper than promptfoo.

describe('an answer with more links than the assertion records', () => {
  // 10,000 harmless (unverified) links first, then 3,000 invented ones (`.invalid` is reserved).
  const HARMLESS = LISTED_FINDINGS.json;
  const INVENTED = 3_000;
  const answer = [
    ...Array.from({ length: HARMLESS }, (_, index) => `See https://site${index}.org/help.`),
    ...Array.from({ length: INVENTED }, (_, index) => `Call https://x${index}.invalid/p now.`),
  ].join('\n');

  it('report counts every link, not only the recorded ones', async () => {
    const result = await verifyCitations(answer, { config: { allowlist: sampleAllowlist } });
    const recorded = (result.metadata as { citationVerifier: { links: unknown[] } })
      .citationVerifier;
    expect(recorded.links).toHaveLength(HARMLESS);
    expect(recorded).toMatchObject({
      omitted: { links: INVENTED },
      counts: { links: HARMLESS + INVENTED, buckets: { invented: INVENTED, unverified: HARMLESS } },
    });
    const row = fromPromptfooRow(recordedRow(result, { output: answer }), 'results.json row 1');
    const [figures] = compareVendors([row], { source: 'results.json', mode: 'promptfoo' }).vendors;
    expect(figures!.links).toBe(HARMLESS + INVENTED);
    expect(figures!.buckets.invented.count).toBe(INVENTED);
    expect(figures!.inventedOrBroken.count).toBe(INVENTED);
    expect(figures!.answersWithInventedOrBroken.count).toBe(1);
  }, 60_000);
});

describe('a results file nesting componentResults 1,000 deep', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cv-nesting-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function nested(depth: number): object {
    let component: object = { pass: true, score: 1, reason: 'leaf' };
    for (let level = 0; level < depth; level += 1)
      component = { pass: true, score: 1, reason: 'x', componentResults: [component] };
    return component;
  }

  function resultsFile(depth: number): string {
    const path = join(dir, `results-${depth}.json`);
    const row = {
      provider: { id: 'vendor-x' },
      vars: { id: 'q1' },
      testIdx: 0,
      promptIdx: 0,
      response: { output: 'See https://mass.gov/x' },
      success: true,
      score: 1,
      gradingResult: nested(depth),
    };
    writeFileSync(path, JSON.stringify({ results: { version: 3, results: [row] } }));
    return path;
  }

  it('is bad input (exit 3) with the house message, not a stack overflow', async () => {
    const io = fakeIo();
    const code = await runCli(['report', resultsFile(1_000)], io);
    expect(code).toBe(3);
    expect(io.err()).toContain(
      `gradingResult.componentResults[0]${'.componentResults[0]'.repeat(MAX_COMPONENT_DEPTH)}: nests componentResults more than ${MAX_COMPONENT_DEPTH} deep`,
    );
    expect(io.err()).toContain('write the results again with promptfoo eval -o');
    expect(io.err()).not.toMatch(/RangeError|stack/i);
  });

  it('nesting as promptfoo writes it is read', async () => {
    const io = fakeIo();
    expect(await runCli(['report', resultsFile(2)], io)).toBe(0);
  });
});
