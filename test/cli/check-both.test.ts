import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/io.js';
import { CheckJsonSchema } from '../../src/format/check-schema.js';
import { fixturePath, jsonLines, runCheck } from '../helpers/check-cli.js';

/**
 * `check --allowlist FILE --chunks FILE`: both checks on one answer, one verdict with both parts,
 * and the worse exit code. Each part must be what the check gives alone.
 */
const allowlist = fixturePath('verifier', 'allowlist.json');
const chunks = fixturePath('chunks', 'strings.json');

const GOOD_LINK = 'See https://www.mass.gov/locations/brookline-district-court.';
const BAD_LINK = 'See https://legal-help.invalid/forms.';
const GOOD_CLAIM = 'Tenants get 14 days to respond [1].';
const BAD_CLAIM = 'About 40% of eviction cases settle before trial [2].';

const check = (flags: string[], answer: string) => runCheck([...flags, '-'], { stdin: answer });

describe('check --allowlist with --chunks', () => {
  it.each([
    ['both pass', `${GOOD_CLAIM} ${GOOD_LINK}`, EXIT.pass, true, true],
    ['the links fail', `${GOOD_CLAIM} ${BAD_LINK}`, EXIT.failed, false, true],
    ['the chunks fail', `${BAD_CLAIM} ${GOOD_LINK}`, EXIT.failed, true, false],
    ['both fail', `${BAD_CLAIM} ${BAD_LINK}`, EXIT.failed, false, false],
  ])(
    '%s: exit %s, each part as the check alone gives it',
    async (_name, answer, exit, links, cited) => {
      const both = await check(
        ['--allowlist', allowlist, '--chunks', chunks, '--format', 'json'],
        answer,
      );
      const document = CheckJsonSchema.parse(JSON.parse(both.out));
      const linksAlone = await check(['--allowlist', allowlist, '--format', 'json'], answer);
      const chunksAlone = await check(['--chunks', chunks, '--format', 'json'], answer);
      expect(both.code).toBe(exit);
      expect(document.pass).toBe(exit === EXIT.pass);
      expect(document.verdict).toEqual(JSON.parse(linksAlone.out));
      expect(document.chunks).toEqual(JSON.parse(chunksAlone.out));
      expect(document.verdict?.pass).toBe(links);
      expect(linksAlone.code).toBe(links ? EXIT.pass : EXIT.failed);
      expect(chunksAlone.code).toBe(cited ? EXIT.pass : EXIT.failed);
    },
  );

  it('prints both parts as text: the verdict, then the chunk audit', async () => {
    const answer = `${BAD_CLAIM} ${GOOD_LINK}`;
    const both = await check(['--allowlist', allowlist, '--chunks', chunks], answer);
    const linksAlone = await check(['--allowlist', allowlist], answer);
    const chunksAlone = await check(['--chunks', chunks], answer);
    expect(both.out).toBe(`${linksAlone.out}\n${chunksAlone.out}`);
    expect(both.code).toBe(EXIT.failed);
  });

  it('takes the link flags once an allowlist is given, and --fix still alone', async () => {
    const answer = `${GOOD_CLAIM} ${GOOD_LINK}`;
    const strict = await check(
      ['--allowlist', allowlist, '--chunks', chunks, '--threshold', '0.99', '--format', 'json'],
      answer,
    );
    expect(CheckJsonSchema.parse(JSON.parse(strict.out)).verdict?.threshold).toBe(0.99);
    const fix = await check(['--allowlist', allowlist, '--chunks', chunks, '--fix'], answer);
    expect(fix.code).toBe(EXIT.badInput);
    expect(fix.err).toContain('--fix repairs one answer');
  });

  it('runs both with --jsonl, a row’s own chunks (under "context") replacing the file’s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cv-both-'));
    const rows = [
      { id: 'file-chunks', answer: `${BAD_CLAIM} ${GOOD_LINK}` },
      {
        id: 'own-chunks',
        answer: `${BAD_CLAIM} ${GOOD_LINK}`,
        context: ['x', 'About 40% of eviction cases settle before trial.'],
      },
      { id: 'bad-chunks', answer: GOOD_CLAIM, context: { text: 'not a list' } },
    ];
    writeFileSync(join(dir, 'rows.jsonl'), rows.map((row) => JSON.stringify(row)).join('\n'));
    const { code, out } = await runCheck(
      ['--allowlist', allowlist, '--chunks', chunks, '--jsonl', 'rows.jsonl'],
      { cwd: dir },
    );
    const lines = jsonLines(out);
    expect(lines[0]).toMatchObject({ id: 'file-chunks', pass: false, verdict: { pass: true } });
    expect(lines[1]).toMatchObject({ id: 'own-chunks', pass: true });
    expect(lines[2]).toMatchObject({
      id: 'bad-chunks',
      line: 3,
      error: { code: 'INVALID_CHUNKS', message: expect.stringMatching(/^rows\.jsonl:3: context/) },
    });
    expect(code).toBe(EXIT.badInput);
  });
});

describe('check --allowlist --chunks --fix', () => {
  it('is a usage error: --fix repairs by one check', async () => {
    const run = await check(['--allowlist', allowlist, '--chunks', chunks, '--fix'], GOOD_LINK);
    expect(run.code).toBe(EXIT.badInput);
    expect(run.err).toMatch(/--fix .* does not combine with --allowlist and --chunks together\n$/);
    expect(run.out).toBe('');
  });
});
