import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { jsonDocument } from '../../src/format/escape.js';
import { fakeIo } from '../helpers/cli.js';

/**
 * Every JSON front writes text from the answer, its ids and its chunks through one escaper
 * (issue 28 item 11): a right-to-left override or a C1 control arrives as `\uXXXX`, and a parser
 * still reads the very same strings.
 */
const fixtures = join(import.meta.dirname, '..', 'fixtures');
const allowlist = join(fixtures, 'verifier', 'allowlist.json');
const chunks = join(fixtures, 'chunks', 'strings.json');
const RLO = '\u202e';
const C1 = '\u009b';
const RAW = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

describe('JSON fronts write no raw control or bidi character', () => {
  it('jsonLine is one line and parses back to the same value', () => {
    const value = { id: `a${RLO}b`, text: `x${C1}y` };
    const line = jsonDocument(value).replace(/\n\s*/g, '') + '\n';
    expect(line).not.toMatch(RAW);
    expect(line.trimEnd()).not.toContain('\n');
    expect(JSON.parse(line)).toEqual(value);
    expect(JSON.parse(jsonDocument(value))).toEqual(value);
  });

  it('check --jsonl: an id and an answer holding them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cv-escape-'));
    const file = join(dir, 'answers.jsonl');
    const id = `row${RLO}1`;
    writeFileSync(
      file,
      `${JSON.stringify({ id, answer: `See https://legal-help.invalid/${C1}x ${RLO}.` })}\n`,
    );
    const io = fakeIo();
    await runCli(['check', '--allowlist', allowlist, '--jsonl', file], io);
    expect(io.out()).not.toMatch(RAW);
    expect((JSON.parse(io.out().trim()) as { id: string }).id).toBe(id);
  });

  it('check --chunks --format json: an answer holding them', async () => {
    const io = fakeIo({ stdin: `Tenants get 14 days to respond ${RLO}[1].` });
    await runCli(['check', '--chunks', chunks, '--format', 'json', '-'], io);
    expect(io.out()).toContain('\\u202e');
    expect(io.out()).not.toMatch(RAW);
    expect(() => JSON.parse(io.out())).not.toThrow();
  });
});
