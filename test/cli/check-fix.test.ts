import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { FixJsonSchema, VerdictJsonSchema } from '../../src/format/verdict-schema.js';
import { fakeIo } from '../helpers/cli.js';

const SAMPLE = fileURLToPath(new URL('../../sample-allowlist/allowlist.json', import.meta.url));
// Chelsea District Court lists (617) 660-9200 in the bundled directory; 232-4660 is Brookline's.
const WRONG =
  'Call the Chelsea District Court at (617) 232-4660 or visit https://www.example.com/chelsea.';
const FIXED =
  'Call the Chelsea District Court at (617) 660-9200 or visit https://www.mass.gov/locations/chelsea-district-court.';

async function check(argv: string[], stdin: string) {
  const io = fakeIo({ stdin });
  const code = await runCli(['check', '--allowlist', SAMPLE, ...argv, '-'], io);
  return { code, out: io.out(), err: io.err() };
}

describe('check: corrections and the action in every verdict', () => {
  it('text: each correction and its source after the finding, the action under the verdict', async () => {
    const { code, out } = await check([], WRONG);
    expect(code).toBe(2);
    expect(out).toContain(
      '→ replace with (617) 660-9200 (the directory lists this number for Chelsea District Court: $.org_phones["Chelsea District Court"])',
    );
    expect(out).toContain(
      '→ replace with https://www.mass.gov/locations/chelsea-district-court (the directory lists this page for Chelsea District Court: $.org_urls["Chelsea District Court"])',
    );
    expect(out.split('\n')[1]).toMatch(/^Action: repair — fails \(score 0 ≤ 0\.4\)/);
  });

  it('JSON: the correction on each finding, the action and its reason', async () => {
    const verdict = JSON.parse((await check(['--format', 'json'], WRONG)).out);
    expect(verdict.action).toBe('repair');
    expect(verdict.phones[0].correction).toMatchObject({
      action: 'replace',
      text: '(617) 660-9200',
    });
    expect(verdict.links[0].correction.source.field).toBe('org_urls');
    // The verdict schema knows every new key: parsing drops nothing.
    expect(VerdictJsonSchema.parse(verdict)).toEqual(verdict);
  });
});

describe('check --fix', () => {
  it('prints the repaired answer, word for word, and exits 0 when it passes', async () => {
    const { code, out, err } = await check(['--fix'], WRONG);
    expect(out).toBe(`${FIXED}\n`);
    expect(code).toBe(0);
    expect(err).toMatch(/^repair: .*\(2 changes, 0 not repaired\)\n$/);
  });

  it('--format json: the repaired text, each change with its span, what was not repaired, the new verdict', async () => {
    const json = JSON.parse((await check(['--fix', '--format', 'json'], WRONG)).out);
    expect(json.action).toBe('repair');
    expect(json.repair.text).toBe(FIXED);
    expect(
      json.repair.changes.map((change: any) => [change.start, change.end, change.text]),
    ).toEqual([
      [35, 49, '(617) 660-9200'],
      [59, 90, 'https://www.mass.gov/locations/chelsea-district-court'],
    ]);
    expect(WRONG.slice(59, 90)).toBe('https://www.example.com/chelsea');
    expect(json.repair.unrepaired).toEqual([]);
    expect(json.repair.verdict).toMatchObject({ pass: true, score: 1, action: 'pass' });
    expect(FixJsonSchema.parse(json)).toEqual(json);
  });

  it('exits 2 and prints what is left when the action is refuse', async () => {
    const { code, out } = await check(['--fix'], 'Forms are at https://www.example.com/forms.');
    expect(code).toBe(2);
    expect(out).toBe('\n');
  });

  it('exits 2 with the answer as written when a fix is for a person (action review)', async () => {
    // Bristol County Superior Court lists three numbers: which one was meant is not written.
    const answer = 'Call the Bristol County Superior Court at (617) 232-4660.\n';
    const { code, out, err } = await check(['--fix'], answer);
    expect([code, out]).toEqual([2, answer]);
    expect(err).toMatch(/^review: passes the score with 1 misattributed number; 1 finding cannot/);
    const json = JSON.parse((await check(['--fix', '--format', 'json'], answer)).out);
    expect(json.action).toBe('review');
    expect(json.phones[0].correction).toMatchObject({ action: 'review' });
    expect(json.repair.unrepaired[0].why).toMatch(/^needs a person: still misattributed/);
    expect(FixJsonSchema.parse(json)).toEqual(json);
    const text = await check([], answer);
    expect(text.out).toContain(
      '→ for a person to review, nothing written (the directory lists 3 numbers',
    );
  });

  it('an answer with nothing to correct comes back as it was', async () => {
    const answer = 'Call the Chelsea District Court at (617) 660-9200.\n';
    const { code, out } = await check(['--fix'], answer);
    expect([code, out]).toEqual([0, answer]);
  });
});
