import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkChunkCitations } from '../src/chunks/check.js';
import { parseChunks } from '../src/chunks/parse.js';
import { isPreparedAnswer, prepareAnswer } from '../src/text/prepared.js';
import { guardOutput } from '../src/run.js';

// `check --allowlist … --chunks …` prepares an answer once and hands the same one to the verifier
// (`guardOutput`) and the chunk check: both must read it exactly as they read its text.
const SETTINGS = {
  allowlist: {
    path: fileURLToPath(new URL('../sample-allowlist/allowlist.json', import.meta.url)),
  },
  threshold: 0.4,
  liveness: false as const,
};
// Chelsea District Court lists (617) 660-9200 in the bundled directory; 232-4660 is Brookline's.
const WRONG =
  'Call the Chelsea District Court at (617) 232-4660 [1]. Tenants have 14 days to answer [1].';

describe('guardOutput', () => {
  it('reads a prepared answer as its text: the same verdict, the same repair', async () => {
    const prepared = prepareAnswer(WRONG);
    const fromText = await guardOutput(WRONG, SETTINGS);
    expect(fromText.repair).toBeDefined();
    expect(fromText.report.phones[0]?.status).toBe('misattributed');
    expect(await guardOutput(prepared, SETTINGS)).toEqual(fromText);
  });

  it('reads the prepared tokens themselves, not the text again', async () => {
    const prepared = prepareAnswer(WRONG);
    // No organization named in the prepared tokens: the number is no longer given for Chelsea's.
    for (const token of prepared.tokens as ReadonlyArray<{ norm: string }>)
      if (token.norm === 'chelsea') token.norm = 'elsewhere';
    const { report } = await guardOutput(prepared, SETTINGS);
    expect(report.organizations).toEqual([]);
    expect(report.phones[0]?.status).not.toBe('misattributed');
  });

  it('reads a provider output that merely looks prepared as an output, not as a prepared answer', async () => {
    const lookalike = { text: WRONG, tokens: [] };
    expect(isPreparedAnswer(lookalike)).toBe(false);
    expect(await guardOutput(lookalike, SETTINGS)).toEqual(await guardOutput(WRONG, SETTINGS));
  });

  it('leaves the prepared answer as the chunk check reads it', async () => {
    const prepared = prepareAnswer(WRONG);
    const chunks = parseChunks(['Tenants have fourteen days to answer.']);
    await guardOutput(prepared, SETTINGS);
    expect(checkChunkCitations(prepared, chunks)).toEqual(checkChunkCitations(WRONG, chunks));
  });
});
