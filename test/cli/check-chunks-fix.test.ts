import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { chunkFixSchema } from '../../src/chunks/audit.js';
import { EXIT } from '../../src/cli/io.js';
import { runCheck } from '../helpers/check-cli.js';

/** `check --chunks --fix`: the repaired answer on standard output, the action on standard error, its exit code. */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cv-chunks-fix-'));
  writeFileSync(
    join(dir, 'chunks.json'),
    JSON.stringify([
      'Tenants have 14 days to respond to an eviction notice.',
      'The court may extend the period. Filing fees are $120.',
    ]),
  );
});

const GOOD = 'Tenants have 14 days to respond [1]. The court may extend the period [2].\n';
const ONE_BAD =
  'Tenants have 14 days to respond [1]. Filing fees are $200 [2]. The court may extend the period [2].\n';

const fix = (stdin: string, ...flags: string[]) =>
  runCheck(['--chunks', 'chunks.json', '--fix', ...flags, '-'], { stdin, cwd: dir });

describe('check --chunks --fix', () => {
  it('passes an answer with nothing to repair as it is (exit 0)', async () => {
    const run = await fix(GOOD);
    expect(run).toEqual({
      code: EXIT.pass,
      out: GOOD,
      err: 'pass: no claim fails the chunk check (0 changes)\n',
    });
  });

  it('prints the repaired answer (exit 0)', async () => {
    const run = await fix(ONE_BAD);
    expect(run.code).toBe(EXIT.pass);
    expect(run.out).toBe(GOOD);
    expect(run.err).toBe(
      'repair: 1 failing claim dropped; the repaired answer passes the chunk check (1 change)\n',
    );
  });

  it('--hedge puts the text in place of the claim', async () => {
    const run = await fix(ONE_BAD, '--hedge', 'Ask the clerk about fees.');
    expect(run.code).toBe(EXIT.pass);
    expect(run.out).toBe(
      'Tenants have 14 days to respond [1]. Ask the clerk about fees. The court may extend the period [2].\n',
    );
  });

  it('retry exits 2 with the regeneration instruction on standard error', async () => {
    const run = await fix('Filing fees are $200 [2].\n');
    expect(run.code).toBe(EXIT.failed);
    expect(run.out).toBe('\n');
    expect(run.err).toBe(
      [
        'retry: 1 failing claim dropped, and nothing is left to show (1 change)',
        'Write the answer again from the same passages. This claim failed the citation check: correct it as its fix says, or leave it out when no passage supports it, and keep every other claim and its citation as it is.',
        '1. “Filing fees are $200 [2].” (cites [2]; unsupported_claim): $200 is in none of chunk 2. Fix: The cited passage gives $120, not $200',
        '',
      ].join('\n'),
    );
  });

  it('refuses past --max-failing-claims (exit 2), the answer printed unrepaired', async () => {
    const run = await fix(ONE_BAD, '--max-failing-claims', '0');
    expect(run.code).toBe(EXIT.failed);
    expect(run.out).toBe(ONE_BAD);
    expect(run.err).toMatch(/^refuse: 1 failing claim, over the budget of 0 \(maxFailingClaims\)/);
  });

  it('--format json gives the audit with its action and the repair with its own audit', async () => {
    const run = await fix(ONE_BAD, '--format', 'json');
    expect(run.code).toBe(EXIT.pass);
    const json = chunkFixSchema.parse(JSON.parse(run.out));
    expect([json.action, json.action_code]).toEqual(['repair', 'action.repair']);
    expect(json.retry?.claims.map((row) => row.claim_text)).toEqual(['Filing fees are $200 [2].']);
    expect(json.repair.text).toBe(GOOD);
    expect(json.repair.changes).toEqual([
      {
        action: 'remove',
        start: 37,
        end: 63,
        original: 'Filing fees are $200 [2]. ',
        text: '',
        claims: ['Filing fees are $200 [2].'],
      },
    ]);
    expect(json.repair.verdict?.overall_assessment.critical_failures).toBe(0);
  });

  it('reads hedge and maxFailingClaims from the config file, flags over it', async () => {
    writeFileSync(
      join(dir, 'citation-verifier.config.json'),
      JSON.stringify({ hedge: 'See the clerk.', maxFailingClaims: 0 }),
    );
    try {
      expect((await fix(ONE_BAD)).code).toBe(EXIT.failed);
      const run = await fix(ONE_BAD, '--max-failing-claims', '1');
      expect(run.code).toBe(EXIT.pass);
      expect(run.out).toContain('[1]. See the clerk. The court');
    } finally {
      writeFileSync(join(dir, 'citation-verifier.config.json'), '{}');
    }
  });

  it.each([
    [['--max-failing-claims=-1'], '--max-failing-claims: must be a whole number from 0', 'got -1'],
    [['--max-failing-claims', 'many'], '--max-failing-claims: must be', 'got the string "many"'],
    [['--hedge', '  '], '--hedge: must be one line of text', 'got the string "  "'],
    [['--hedge', 'a\nb'], '--hedge: must be one line of text', 'got the string "a\\nb"'],
  ])('a bad setting %j is bad input (exit 3) naming the flag', async (flags, what, got) => {
    const run = await fix(ONE_BAD, ...flags);
    expect(run.code).toBe(EXIT.badInput);
    expect(run.err).toContain(what);
    expect(run.err).toContain(got);
  });

  it('--hedge without --chunks is a usage error (exit 3)', async () => {
    const run = await runCheck(['--allowlist', 'x.json', '--hedge', 'x', '-'], {
      stdin: GOOD,
      cwd: dir,
    });
    expect(run.code).toBe(EXIT.badInput);
    expect(run.err).toContain('--hedge only apply with --chunks');
  });
});
