import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { runService, type RunningService } from '../../src/service/lifecycle.js';
import { fakeIo } from '../helpers/cli.js';
import { courtsAllowlist, twoVendorAnswers } from '../helpers/vendors.js';

/**
 * One jurisdiction, every front (issue 41): `report --jurisdiction`, a `jurisdiction` on each
 * JSONL line, `serve --jurisdiction` and a request's own `jurisdiction` give the wrong-state
 * verdicts `check --jurisdiction` gives, on the two recorded vendors of the Massachusetts courts
 * (the sloppy one cites five other states' self-help sites).
 */
interface Line {
  provider: string;
  id: string;
  answer: string;
}
const lines: Line[] = readFileSync(twoVendorAnswers, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));

let allowlist: string;
let withField: string;
let byFlag: RunningService;
let noDefault: RunningService;

beforeAll(async () => {
  allowlist = await courtsAllowlist();
  // The same answers, each line naming its state as `check --jsonl` reads it.
  withField = join(mkdtempSync(join(tmpdir(), 'cv-fronts-')), 'answers.jsonl');
  writeFileSync(
    withField,
    lines.map((line) => JSON.stringify({ ...line, jurisdiction: 'Massachusetts' })).join('\n'),
  );
  const serve = (jurisdiction?: string) =>
    runService({
      allowlistPath: allowlist,
      host: '127.0.0.1',
      port: 0,
      threshold: 0.4,
      ...(jurisdiction ? { jurisdiction } : {}),
      log: () => {},
    });
  byFlag = await serve('MA');
  noDefault = await serve();
}, 60_000);
afterAll(async () => {
  await byFlag?.drain();
  await noDefault?.drain();
});

type Verdict = {
  pass: boolean;
  links: Array<{ url: string; bucket: string }>;
  phones: Array<{ raw: string; status: string }>;
};

/** The wrong-state findings of one verdict, as `provider id: what`. */
function wrongState(line: Line, verdict: Verdict): string[] {
  return [
    ...verdict.links.filter((link) => link.bucket === 'wrong_jurisdiction').map((link) => link.url),
    ...verdict.phones
      .filter((phone) => phone.status === 'wrong_jurisdiction')
      .map((phone) => phone.raw),
  ].map((what) => `${line.provider} ${line.id}: ${what}`);
}

async function checkJsonl(file: string, ...flags: string[]): Promise<Verdict[]> {
  const io = fakeIo();
  await runCli(['check', '--jsonl', file, '--allowlist', allowlist, ...flags], io);
  return io
    .out()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line).verdict);
}

/** The wrong-state findings `report --format json` lists (every failed answer, with its problems). */
async function reportWrongState(
  file: string,
  ...flags: string[]
): Promise<{ found: string[]; json: any }> {
  const io = fakeIo();
  expect(
    await runCli(['report', file, '--allowlist', allowlist, '--format', 'json', ...flags], io),
    io.err(),
  ).toBe(0);
  const json = JSON.parse(io.out());
  const found = json.verifier_failed.flatMap((answer: any) =>
    answer.problems
      .filter(
        (problem: any) =>
          problem.bucket === 'wrong_jurisdiction' || problem.status === 'wrong_jurisdiction',
      )
      .map((problem: any) => `${answer.vendor} ${answer.test}: ${problem.text}`),
  );
  return { found, json };
}

describe('a jurisdiction gives the same wrong-state verdicts on every front', () => {
  let expected: string[];
  let verdicts: Verdict[];

  beforeAll(async () => {
    verdicts = await checkJsonl(twoVendorAnswers, '--jurisdiction', 'MA');
    expected = lines.flatMap((line, index) => wrongState(line, verdicts[index]!));
  }, 60_000);

  it('check --jurisdiction MA finds the five other-state links, all in the sloppy answers', () => {
    expect(expected).toEqual([
      'sloppy-bot small-claims-attleboro: https://www.nycourts.gov/courthelp/',
      'sloppy-bot small-claims-ayer: https://selfhelp.courts.ca.gov/',
      'sloppy-bot small-claims-barnstable: https://www.illinoislegalaid.org/',
      'sloppy-bot small-claims-dudley: https://www.txcourts.gov/programs-services/self-help/',
      'sloppy-bot small-claims-fitchburg: https://texaslawhelp.org/',
    ]);
  });

  it('check --jsonl reads a line\'s "jurisdiction" as the flag', async () => {
    expect(await checkJsonl(withField)).toEqual(verdicts);
  });

  it('report --jurisdiction MA and report over lines that name it list the same, and count them in the headline', async () => {
    for (const { found, json } of [
      await reportWrongState(twoVendorAnswers, '--jurisdiction', 'MA'),
      await reportWrongState(withField),
    ]) {
      expect(found).toEqual(expected);
      expect(json.jurisdiction_checked).toBe(true);
      const [careful, sloppy] = json.vendors;
      expect(careful.dead_ends.wrong_state).toEqual({
        answers: expect.objectContaining({ count: 0, total: 12 }),
        found: 0,
      });
      expect(sloppy.dead_ends.wrong_state).toEqual({
        answers: expect.objectContaining({ count: 5, total: 12 }),
        found: 5,
      });
      // Three of the five also give a wrong number: 8 + 2 more answers, and the invented site.
      expect(sloppy.answers_with_dead_end).toMatchObject({ count: 11, total: 12 });
    }
  });

  it("serve --jurisdiction MA, and a request naming it, give check's verdict on every answer", async () => {
    for (const [index, line] of lines.entries()) {
      const expectedVerdict = verdicts[index];
      for (const [service, body] of [
        [byFlag, { answer: line.answer }],
        [noDefault, { answer: line.answer, jurisdiction: 'Massachusetts' }],
        // The request's own wins over the service's.
        [byFlag, { answer: line.answer, jurisdiction: 'MA' }],
      ] as const) {
        const response = await fetch(`${service.url}/v1/verify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(response.status).toBe(200);
        expect(await response.json(), `${line.provider} ${line.id}`).toEqual(expectedVerdict);
      }
    }
  });

  it('without a jurisdiction nothing is wrong-state, and a bad one is refused naming the field', async () => {
    const response = await fetch(`${noDefault.url}/v1/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answer: lines[1]!.answer }),
    });
    expect(wrongState(lines[1]!, (await response.json()) as Verdict)).toEqual([]);
    const bad = await fetch(`${noDefault.url}/v1/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answer: 'x', jurisdiction: 'Atlantis' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: 'INVALID_REQUEST', field: '$.jurisdiction' },
    });
    const io = fakeIo();
    expect(await runCli(['report', twoVendorAnswers, '--jurisdiction', 'MA'], io)).toBe(3);
    expect(io.err()).toContain(
      '--jurisdiction applies only when the report verifies the answers itself',
    );
  });
});
