import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';

// The real multi-state legal-aid directory of the jurisdiction fixtures (LSC grantees and the
// state each serves, see its SOURCE.md), built with its service-area column as a user would.
// Rows these cases rest on: Volunteer Lawyers Project (www.vlpnet.org, Massachusetts), Lone Star
// Legal Aid (www.lonestarlegal.org, TX), Texas RioGrande Legal Aid (www.trla.org, tx), LawHelp.org
// (national), Massachusetts Court System (a mass.gov page, MA). txcourts.gov is no row: the
// shipped .gov registry says it is Texas's.
const CSV = join(import.meta.dirname, '..', 'fixtures', 'jurisdiction', 'legal-aid-directory.csv');
let dir: string;
let allowlist: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cv-repair-jurisdiction-'));
  allowlist = join(dir, 'allowlist.json');
  const flags = ['--org-column', 'Organization', '--url-column', 'Website'];
  const code = await runCli(
    ['build-allowlist', CSV, ...flags, '--area-column', 'Serves', '-o', allowlist],
    fakeIo(),
  );
  expect(code).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function fix(answer: string, extra: string[] = []) {
  const io = fakeIo({ stdin: answer });
  const args = ['check', '--fix', '--format', 'json', '--allowlist', allowlist, ...extra, '-'];
  const code = await runCli(args, io);
  return { code, json: JSON.parse(io.out()) as Record<string, any> };
}

describe('check --fix --jurisdiction MA: a resource of another state is removed with its claim', () => {
  it.each([
    [
      'prose: the sentence that gives it goes, the sentences either side keep their space',
      'For an eviction in Boston, the Volunteer Lawyers Project (https://www.vlpnet.org) takes cases. Lone Star Legal Aid also helps tenants: https://www.lonestarlegal.org/housing. Court forms are at https://www.mass.gov/orgs/massachusetts-court-system.',
      'For an eviction in Boston, the Volunteer Lawyers Project (https://www.vlpnet.org) takes cases. Court forms are at https://www.mass.gov/orgs/massachusetts-court-system.',
      ['https://www.lonestarlegal.org/housing'],
    ],
    [
      'a list: its item goes with its line, no empty bullet',
      '- Volunteer Lawyers Project: https://www.vlpnet.org\n- Texas RioGrande Legal Aid: https://www.trla.org\n- LawHelp.org: https://www.lawhelp.org/\n',
      '- Volunteer Lawyers Project: https://www.vlpnet.org\n- LawHelp.org: https://www.lawhelp.org/\n',
      ['https://www.trla.org'],
    ],
    [
      'a .gov of another state (the registry, not the directory): its "or visit" clause goes',
      'Call the Volunteer Lawyers Project or visit https://www.txcourts.gov/programs-services/self-help/. LawHelp.org lists more: https://www.lawhelp.org/.',
      'Call the Volunteer Lawyers Project. LawHelp.org lists more: https://www.lawhelp.org/.',
      ['https://www.txcourts.gov/programs-services/self-help/'],
    ],
    [
      'a table: the cell is emptied, the row and the other rows kept',
      '| Program | Site |\n| --- | --- |\n| Volunteer Lawyers Project | https://www.vlpnet.org |\n| Lone Star Legal Aid | https://www.lonestarlegal.org |',
      '| Program | Site |\n| --- | --- |\n| Volunteer Lawyers Project | https://www.vlpnet.org |\n| Lone Star Legal Aid | |',
      ['https://www.lonestarlegal.org'],
    ],
  ])('%s', async (_name, answer, repaired, removed) => {
    const { code, json } = await fix(answer, ['--jurisdiction', 'MA']);
    expect(json.pass).toBe(false);
    expect(
      json.links.filter((l: any) => l.bucket === 'wrong_jurisdiction').map((l: any) => l.url),
    ).toEqual(removed);
    expect(json.repair.text).toBe(repaired);
    expect(json.repair.changes.map((c: any) => [c.action, c.raw, c.text])).toEqual(
      removed.map((url) => ['remove', url, answer.includes('| ') ? ' ' : '']),
    );
    expect(json.repair.unrepaired).toEqual([]);
    // The rule: something to correct and the repaired answer passes → repair (exit 0).
    expect(json.repair.verdict.pass).toBe(true);
    expect(json.action).toBe('repair');
    expect(json.action_code).toBe('action.repair');
    expect(code).toBe(0);
  });

  it('the only resource of the answer is of another state: nothing is left, so refuse (exit 2)', async () => {
    const answer = 'Lone Star Legal Aid can help: https://www.lonestarlegal.org.';
    const { code, json } = await fix(answer, ['--jurisdiction', 'MA']);
    expect(json.repair.text).toBe('');
    expect(json.action).toBe('refuse');
    expect(json.action_code).toBe('action.refuse.all-removed');
    expect(code).toBe(2);
  });

  it('what is left still fails (an invented link beside it, nothing to put in its place): refuse', async () => {
    const answer =
      'Lone Star Legal Aid: https://www.lonestarlegal.org. Forms: https://www.mass-legal-forms-help.org/evictions.';
    const { code, json } = await fix(answer, ['--jurisdiction', 'MA']);
    expect(json.links.map((l: any) => l.bucket)).toEqual(['wrong_jurisdiction', 'unverified']);
    expect(json.repair.text).toBe('Forms: https://www.mass-legal-forms-help.org/evictions.');
    // An unverified link alone scores 0.5 > 0.4: the repaired answer passes.
    expect(json.action).toBe('repair');
    expect(code).toBe(0);
  });

  it('with --wrong-jurisdiction score the answer passes, but the other state’s resource is still removed (repair)', async () => {
    const answer =
      '- Volunteer Lawyers Project: https://www.vlpnet.org\n- Massachusetts Court System: https://www.mass.gov/orgs/massachusetts-court-system\n- Texas RioGrande Legal Aid: https://www.trla.org\n';
    const { json } = await fix(answer, ['--jurisdiction', 'MA', '--wrong-jurisdiction', 'score']);
    expect(json.pass).toBe(true);
    expect(json.action).toBe('repair');
    expect(json.repair.text).toBe(
      '- Volunteer Lawyers Project: https://www.vlpnet.org\n- Massachusetts Court System: https://www.mass.gov/orgs/massachusetts-court-system\n',
    );
  });

  it('a right-state and a nationwide answer is left alone: pass, no repair', async () => {
    const answer =
      'The Volunteer Lawyers Project (https://www.vlpnet.org) and LawHelp.org (https://www.lawhelp.org/) can help.';
    const { code, json } = await fix(answer, ['--jurisdiction', 'MA']);
    expect(json.links.map((l: any) => l.bucket)).toEqual(['directory', 'directory']);
    expect(json.action).toBe('pass');
    expect(json.repair.text).toBe(answer);
    expect(json.repair.changes).toEqual([]);
    expect(code).toBe(0);
  });
});
