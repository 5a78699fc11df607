import { describe, expect, it } from 'vitest';
import verifyCitations from '../../assertions/verify-citations.js';
import { fromPromptfooRow } from '../../src/promptfoo/rows.js';
import { parsePromptfooResults } from '../../src/promptfoo/results.js';

/** `report` names a row as promptfoo's viewer does: the `id` var, else the test's description. */
async function rowNamed(vars: Record<string, unknown>, description?: string) {
  const result = await verifyCitations('See https://example.org/x', {
    config: { allowlist: { urls: [], domains: ['example.org'], org_names: [], org_phones: {} } },
  });
  const file = {
    results: {
      version: 3,
      results: [
        {
          provider: { id: 'echo' },
          vars,
          ...(description === undefined ? {} : { testCase: { description, vars } }),
          testIdx: 1,
          promptIdx: 0,
          response: { output: 'See https://example.org/x' },
          success: true,
          gradingResult: {
            ...result,
            componentResults: [{ ...result, assertion: { type: 'javascript' } }],
          },
        },
      ],
    },
  };
  const [row] = parsePromptfooResults(file, 'results.json');
  return fromPromptfooRow(row!, 'results.json row 1').test;
}

describe('row names in the report', () => {
  it('the description when there is no id var, as the viewer shows it (not "test 2")', async () => {
    expect(await rowNamed({ answer: 'x' }, 'eviction in Boston')).toBe('eviction in Boston');
  });

  it('the id var first, and "test N" only when neither is there', async () => {
    expect(await rowNamed({ id: 'q7' }, 'eviction in Boston')).toBe('q7');
    expect(await rowNamed({ answer: 'x' })).toBe('test 2');
  });
});
