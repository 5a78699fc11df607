import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';

const allowlist = join(import.meta.dirname, '..', 'fixtures', 'verifier', 'allowlist.json');

// A Boston eviction answer citing one Massachusetts site, one of Texas and one federal. Which
// link is wrong for which jurisdiction is tested at the library (test/jurisdiction/check.test.ts).
const PROSE =
  'For a Boston eviction, read www.masslegalhelp.org/housing and the federal guide at https://www.hud.gov/topics/rental_assistance. The Texas courts (https://www.txcourts.gov/programs-services/self-help/) also explain the steps.';

async function check(answer: string, extra: string[] = []) {
  const io = fakeIo({ stdin: answer });
  const code = await runCli(
    ['check', '--allowlist', allowlist, '--format', 'json', ...extra, '-'],
    io,
  );
  return { code, io, report: code === 3 ? null : (JSON.parse(io.out()) as Record<string, any>) };
}

describe('check --jurisdiction', () => {
  it('with --wrong-jurisdiction score a wrong link costs its score but does not fail the answer', async () => {
    const answer = 'See https://www.masslegalhelp.org/housing and https://www.mass.gov/courts.';
    const fails = await check(answer, ['--jurisdiction', 'NH']);
    expect(fails.code).toBe(2);
    expect(fails.report).toMatchObject({ pass: false, jurisdiction: 'NH' });
    const scored = await check(answer, ['--jurisdiction', 'NH', '--wrong-jurisdiction', 'score']);
    expect(scored.report!.wrong_jurisdiction_fails).toBe(false);
    expect(scored.report!.links.map((link: any) => link.bucket)).toEqual([
      'wrong_jurisdiction',
      'wrong_jurisdiction',
    ]);
  });

  it('the text output names the jurisdiction and why the answer fails', async () => {
    const io = fakeIo({ stdin: PROSE });
    const code = await runCli(['check', '--allowlist', allowlist, '--jurisdiction', 'MA', '-'], io);
    expect(code).toBe(2);
    expect(io.out()).toMatch(
      /^FAIL: \[checked against MA\] score .*fails outright: 1 link is broken, invented or for another jurisdiction than MA$/m,
    );
    expect(io.out()).toContain(
      'wrong jurisdiction link https://www.txcourts.gov/programs-services/self-help/: txcourts.gov serves TX',
    );
  });

  // Which values are jurisdictions is tested on parseJurisdiction (test/jurisdiction/codes.test.ts).
  it.each([['Texass']])(
    '--jurisdiction %s is bad input: exit 3 with the accepted forms',
    async (value) => {
      const result = await check('See https://www.mass.gov/courts.', ['--jurisdiction', value]);
      expect(result.code).toBe(3);
      expect(result.io.err()).toContain(
        `--jurisdiction: "${value}" is not a jurisdiction; write a two-letter US state, DC or territory code`,
      );
      expect(result.io.out()).toBe('');
    },
  );

  it('--wrong-jurisdiction takes fail or score only', async () => {
    const result = await check('x https://www.mass.gov/', [
      '--jurisdiction',
      'MA',
      '--wrong-jurisdiction',
      'warn',
    ]);
    expect(result.code).toBe(3);
    expect(result.io.err()).toContain('--wrong-jurisdiction');
  });
});
