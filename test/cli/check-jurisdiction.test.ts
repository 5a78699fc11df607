import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';

const allowlist = join(import.meta.dirname, '..', 'fixtures', 'verifier', 'allowlist.json');

// Answers in the layouts assistants write: prose with a bare link, a markdown list with a
// labelled link, and a table. Each cites one Massachusetts site, one of Texas and one federal.
const LAYOUTS: Record<string, string> = {
  prose:
    'For a Boston eviction, read www.masslegalhelp.org/housing and the federal guide at https://www.hud.gov/topics/rental_assistance. The Texas courts (https://www.txcourts.gov/programs-services/self-help/) also explain the steps.',
  list: '- [Massachusetts Legal Help](https://www.masslegalhelp.org/housing)\n- [TexasLawHelp](https://texaslawhelp.org/housing)\n- HUD: https://www.hud.gov/',
  table:
    '| Resource | Link |\n| --- | --- |\n| MA court self-help | https://www.mass.gov/courts |\n| Texas courts | https://www.txcourts.gov/ |\n| USA.gov | https://www.usa.gov/ |',
};

async function check(answer: string, extra: string[] = []) {
  const io = fakeIo({ stdin: answer });
  const code = await runCli(
    ['check', '--allowlist', allowlist, '--format', 'json', ...extra, '-'],
    io,
  );
  return { code, io, report: code === 3 ? null : (JSON.parse(io.out()) as Record<string, any>) };
}

describe('check --jurisdiction', () => {
  it.each(Object.entries(LAYOUTS))(
    '%s: the Texas site fails a MA answer, passes a TX one only if the MA site does not',
    async (_layout, answer) => {
      const none = await check(answer);
      expect(none.report!.jurisdiction).toBeUndefined();
      expect(none.report!.links.some((link: any) => 'served' in link)).toBe(false);
      expect(none.report!.links.map((link: any) => link.bucket)).not.toContain(
        'wrong_jurisdiction',
      );

      const ma = await check(answer, ['--jurisdiction', 'Massachusetts']);
      expect(ma.code).toBe(2);
      expect(ma.report!.jurisdiction).toBe('MA');
      const wrong = ma.report!.links.filter((link: any) => link.bucket === 'wrong_jurisdiction');
      expect(wrong).toHaveLength(1);
      expect(wrong[0].served.areas).toEqual(['TX']);
      expect(wrong[0].code).toBe('link.wrong-jurisdiction');
      // The federal site serves every state: never wrong, and its area is said.
      const federal = ma.report!.links.find((link: any) =>
        /hud\.gov|usa\.gov/.test(link.normalized),
      );
      expect(federal.bucket).not.toBe('wrong_jurisdiction');
      expect(federal.served).toMatchObject({ areas: ['US'], source: 'gov_registry' });

      const tx = await check(answer, ['--jurisdiction', 'tx']);
      const txWrong = tx.report!.links.filter((link: any) => link.bucket === 'wrong_jurisdiction');
      expect(txWrong.map((link: any) => link.served.areas)).toEqual([['MA']]);
    },
  );

  it('with --wrong-jurisdiction score a wrong link costs its score but does not fail the answer', async () => {
    const answer = 'See https://www.masslegalhelp.org/housing and https://www.mass.gov/courts.';
    const fails = await check(answer, ['--jurisdiction', 'NH']);
    expect(fails.report!.pass).toBe(false);
    const scored = await check(answer, ['--jurisdiction', 'NH', '--wrong-jurisdiction', 'score']);
    expect(scored.report!.wrong_jurisdiction_fails).toBe(false);
    expect(scored.report!.links.map((link: any) => link.bucket)).toEqual([
      'wrong_jurisdiction',
      'wrong_jurisdiction',
    ]);
  });

  it('the text output names the jurisdiction and why the answer fails', async () => {
    const io = fakeIo({ stdin: LAYOUTS.prose! });
    const code = await runCli(['check', '--allowlist', allowlist, '--jurisdiction', 'MA', '-'], io);
    expect(code).toBe(2);
    expect(io.out()).toMatch(
      /^FAIL: \[checked against MA\] score .*fails outright: 1 link is broken, invented or for another jurisdiction than MA$/m,
    );
    expect(io.out()).toContain(
      'wrong jurisdiction link https://www.txcourts.gov/programs-services/self-help/: txcourts.gov serves TX',
    );
  });

  it.each([['Mass'], ['US'], ['Texass']])(
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
