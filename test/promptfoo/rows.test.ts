import { describe, expect, it } from 'vitest';
import verifyCitations from '../../assertions/verify-citations.js';
import chunkCitations from '../../assertions/chunk-citations.js';
import { fromPromptfooRow } from '../../src/promptfoo/rows.js';
import { recordedRow } from '../helpers/recorded-row.js';

/** A row of one assertion's `result`, with the error text promptfoo gives a failed row. */
const rowWith = (result: object) => recordedRow(result, { error: 'assertion failed' });

describe('rows the verifier could not grade', () => {
  it('count as errors, not as failed answers, and the report goes on', async () => {
    const result = await verifyCitations('See https://example.org/x', {
      config: { allowlist: 'no/such/allowlist.json' },
    });
    expect(result.pass).toBe(false);
    const row = fromPromptfooRow(rowWith(result), 'results.json row 1');
    expect(row.error).toMatch(/^citation-verifier: .*allowlist file not found/);
    expect(row.verifier).toBeUndefined();
  });

  it('a chunk-citation error is not mistaken for the link verifier', () => {
    const result = chunkCitations('text [1]', { config: {}, vars: {} });
    expect(result.reason).toMatch(/^citation-verifier chunks: no chunks/);
    const row = fromPromptfooRow(rowWith(result), 'results.json row 1');
    expect(row.error).toBeUndefined();
    expect(row.verifier).toBeUndefined();
  });
});
