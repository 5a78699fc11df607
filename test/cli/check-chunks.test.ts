import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chunkAuditSchema } from '../../src/chunks/audit.js';
import { readChunksFile } from '../../src/cli/check-chunks.js';
import { EXIT } from '../../src/cli/io.js';
import { InputError } from '../../src/errors.js';
import { runCli } from '../../src/cli/main.js';
import { fakeIo as fakeCliIo } from '../helpers/cli.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/chunks/', import.meta.url));

/** `check --chunks FILE --format FORMAT -` on `answer`, in process. */
async function checkChunks(
  answer: string,
  file: string,
  format: 'text' | 'json',
  flags: string[] = [],
): Promise<{ exit: number; out: string }> {
  const io = fakeCliIo({ stdin: answer, cwd: FIXTURES });
  const exit = await runCli(['check', '--chunks', file, '--format', format, ...flags, '-'], io);
  return { exit, out: io.out() };
}

describe('check --chunks', () => {
  it.each([
    {
      file: 'strings.json',
      answer: 'Tenants get 14 days to respond [1]. About 12% of cases settle [2].',
      exit: EXIT.pass,
    },
    {
      file: 'strings.json',
      answer: 'Tenants get 14 days to respond [1]. About 40% of cases settle [2].',
      exit: EXIT.failed,
    },
    {
      file: 'objects.json',
      answer: 'Under Section 8(a), notice must be written [doc-7]. It took effect in 2020 [doc-9].',
      exit: EXIT.pass,
    },
    {
      file: 'objects.json',
      answer: 'It took effect in 2019 [doc-9]. See [doc-8].',
      exit: EXIT.failed,
    },
    {
      file: 'blocks.json',
      answer: 'About 12% of eviction cases settle before trial [2].',
      exit: EXIT.pass,
    },
  ])('$file: exit $exit for "$answer"', async ({ file, answer, exit }) => {
    const run = await checkChunks(answer, file, 'json');
    expect(run.exit).toBe(exit);
    const audit = chunkAuditSchema.parse(JSON.parse(run.out));
    expect(audit.overall_assessment.critical_failures > 0).toBe(exit === EXIT.failed);
  });

  it('prints the audit in the documented JSON shape', async () => {
    const { out } = await checkChunks(
      'About 40% of eviction cases settle before trial [2].',
      'strings.json',
      'json',
    );
    // The failing claim's row, in the audit and again among the claims to regenerate.
    const failing = {
      citation_id: '2',
      claim_text: 'About 40% of eviction cases settle before trial [2].',
      source_passage: 'About 12% of eviction cases settle before trial.',
      classification: 'unsupported_claim',
      code: 'claim.unsupported.fact-mismatch',
      explanation: '40% is in none of chunk 2',
      correction_instruction: 'The cited passage gives 12%, not 40%',
      word_overlap: { found: 4, of: 5, ratio: 0.8, chunk_id: '2' },
    };
    expect(JSON.parse(out)).toEqual({
      overall_assessment: {
        total_citations: 1,
        verified_citations: 0,
        unverified_citations: 0,
        failed_citations: 1,
        checks_passed_rate: 0,
        verified_rate: 0,
        weak_support: 0,
        uncited_claims: 0,
        critical_failures: 1,
        not_verified: 0,
        support: {
          supported: { count: 0, rate: 0 },
          unsupported: { count: 1, rate: 1 },
          contradicted: { count: 0, rate: 0 },
          partial: { count: 0, rate: 0 },
          not_verified: { count: 0, rate: 0 },
        },
      },
      citation_audit: [failing],
      action: 'retry',
      action_code: 'action.retry.all-removed',
      action_reason: '1 failing claim dropped, and nothing is left to show',
      retry: {
        instruction:
          'Write the answer again from the same passages. This claim failed the citation check: correct it as its fix says, or leave it out when no passage supports it, and keep every other claim and its citation as it is.\n1. “About 40% of eviction cases settle before trial [2].” (cites [2]; unsupported_claim): 40% is in none of chunk 2. Fix: The cited passage gives 12%, not 40%',
        claims: [failing],
      },
    });
  });

  it('prints a readable table for text', async () => {
    const { exit, out: text } = await checkChunks(
      'Tenants get 14 days to respond [1]. About 40% of eviction cases settle [2].',
      'strings.json',
      'text',
    );
    expect(exit).toBe(EXIT.failed);
    expect(text.split('\n')[0]).toBe(
      'chunk citations: FAIL — 2 cited claims: 0 verbatim, 1 for a judge, 1 failed (50.0% pass the checks); 1 critical failure',
    );
    expect(text).toMatch(/^#  cites  classification +claim$/m);
    expect(text).toMatch(
      /^2  \[2\]  +unsupported_claim +About 40% of eviction cases settle \[2\]\.$/m,
    );
    expect(text).toContain('   fix: The cited passage gives 12%, not 40%');
    expect(text).toContain('   passage: “About 12% of eviction cases settle before trial.”');
  });

  it('requireCitations fails an uncited figure', async () => {
    const answer = 'Tenants get 14 days to respond [1]. Landlords wait 30 days.';
    expect((await checkChunks(answer, 'strings.json', 'json')).exit).toBe(EXIT.pass);
    expect((await checkChunks(answer, 'strings.json', 'json', ['--require-citations'])).exit).toBe(
      EXIT.failed,
    );
  });

  it.each([
    {
      file: 'missing.json',
      code: 'FILE_NOT_FOUND',
      message: 'chunks file not found; check the path',
    },
    {
      file: 'not-json.json',
      code: 'INVALID_JSON',
      message: 'not-json.json: is not valid JSON at line 1, column 28 (',
    },
    {
      file: 'invalid-shape.json',
      code: 'INVALID_CHUNKS',
      message:
        'invalid-shape.json: $: expected an array of strings, an array of {"id", "text"} objects, or one string of "[1] …" / "Passage 1: …" blocks; got an object',
    },
    {
      file: 'duplicate-ids.json',
      code: 'INVALID_CHUNKS',
      message:
        'duplicate-ids.json: $[1].id (line 3): "DOC-7" repeats $[0].id; give each chunk its own id',
    },
    {
      file: 'unknown-key.json',
      code: 'INVALID_CHUNKS',
      message: 'unknown-key.json: $[0].text (line 2): is missing; rename "content" to "text"',
    },
  ])('bad chunks file $file throws InputError $code', async ({ file, code, message }) => {
    const read = readChunksFile(file, FIXTURES);
    await expect(read).rejects.toBeInstanceOf(InputError);
    await expect(read).rejects.toMatchObject({ code });
    await expect(read).rejects.toSatisfy((error: InputError) => error.message.includes(message));
    // The CLI says the same and exits 3, printing no audit.
    const io = fakeCliIo({ stdin: 'x [1].', cwd: FIXTURES });
    expect(await runCli(['check', '--chunks', file, '--format', 'json', '-'], io)).toBe(
      EXIT.badInput,
    );
    expect(io.err()).toContain(message);
    expect(io.out()).toBe('');
  });
});

describe('check --chunks flags', () => {
  const run = async (flags: string[], answer: string) => {
    const io = fakeCliIo({ stdin: answer, cwd: FIXTURES });
    const code = await runCli(['check', ...flags, '-'], io);
    return { code, out: io.out(), err: io.err() };
  };

  it.each([
    [['--threshold', '0.5'], /--threshold belongs to the link check/],
    [
      ['--live', '--threshold', '0.5'],
      /--threshold, --live belong to the link check, which --chunks runs only beside an allowlist; add --allowlist FILE to check the links too, or drop them/,
    ],
  ])(
    'rejects link flags %o without an allowlist, instead of ignoring them',
    async (extra, message) => {
      const { code, err } = await run(
        ['--chunks', 'strings.json', ...extra],
        'Tenants get 14 days [1].',
      );
      expect(code).toBe(EXIT.badInput);
      expect(err).toMatch(message);
    },
  );

  it('rejects chunk flags without --chunks', async () => {
    const { code, err } = await run(['--allowlist', 'x.json', '--fail-on-weak-support'], 'x');
    expect(code).toBe(EXIT.badInput);
    expect(err).toContain('--fail-on-weak-support only apply with --chunks');
  });

  it('--fail-on-weak-support, --weak-support-threshold and --locale reach the check', async () => {
    const weak = 'Penguins migrate across Antarctic ice shelves every winter [1].';
    expect((await run(['--chunks', 'strings.json'], weak)).code).toBe(EXIT.pass);
    expect((await run(['--chunks', 'strings.json', '--fail-on-weak-support'], weak)).code).toBe(
      EXIT.failed,
    );
    const near = 'Tenants have fourteen days to answer a notice from penguins [1].';
    expect((await run(['--chunks', 'strings.json', '--fail-on-weak-support'], near)).code).toBe(
      EXIT.pass,
    );
    expect(
      (
        await run(
          ['--chunks', 'strings.json', '--fail-on-weak-support', '--weak-support-threshold', '0.9'],
          near,
        )
      ).code,
    ).toBe(EXIT.failed);
    expect(
      (await run(['--chunks', 'strings.json', '--weak-support-threshold', '2'], near)).err,
    ).toContain('--weak-support-threshold: must be a number from 0 to 1, got 2');
    // `1.200` is 1200 or 1.2 while the style is unknown; en-US says 1.2, which the chunk's $1,200 is not.
    expect((await run(['--chunks', 'strings.json'], 'The fee is 1.200 dollars [1].')).code).toBe(
      EXIT.pass,
    );
    expect(
      (
        await run(
          ['--chunks', 'strings.json', '--locale', 'en-US'],
          'The fee is 1.200 dollars [1].',
        )
      ).code,
    ).toBe(EXIT.failed);
    expect(
      (await run(['--chunks', 'strings.json', '--locale', 'no locale!'], 'x [1].')).err,
    ).toContain(
      '--locale: must be a BCP 47 locale such as en-US or de-DE, got the string "no locale!"',
    );
  });
});

describe('check --chunks text output', () => {
  it('shows the answer’s terminal control characters instead of passing them to the terminal', async () => {
    // A title-setting OSC sequence and a screen clear, inside a claim the audit quotes.
    const answer = 'About 40% of eviction cases \x1b]0;owned\x07settle\x1b[2J before trial [2].';
    const { out: text } = await checkChunks(answer, 'strings.json', 'text');
    expect(text).toContain('40%');
    expect(text).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(text).toContain('\\x1B]0;owned\\x07');
  });
});
