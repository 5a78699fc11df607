import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

  // C0 (ESC) and C1 (NEL, the one-character CSI) controls, which JSON.stringify leaves raw but ESC.
  const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u;
  const ROW_NAME = 'Court\u0085 of \u009b31m Appeals\u001b[2J';

  function controlCsv(): { dir: string; csv: string } {
    const dir = mkdtempSync(join(tmpdir(), 'cv-escape-'));
    const csv = join(dir, 'rows.csv');
    writeFileSync(
      csv,
      `Name,Website,Phone\n${ROW_NAME},https://court.example.gov/a\u0085b,617-555-0100 or x\u009by\n`,
    );
    return { dir, csv };
  }

  it('build-allowlist -o -: rows holding \\u0085 \\u009b \\u001b come out escaped, read back the same', async () => {
    const { dir, csv } = controlCsv();
    const io = fakeIo();
    const args = ['build-allowlist', csv, '--org-column', 'Name', '--url-column', 'Website'];
    const messages = join(dir, 'messages.txt');
    const code = await runCli(
      [...args, '--phone-column', 'Phone', '--messages', messages, '-o', '-'],
      io,
    );
    expect(code).toBe(0);
    expect(io.out()).not.toMatch(CONTROLS);
    expect(io.out()).toContain('\\u009b31m');
    const built = JSON.parse(io.out()) as { org_names: string[] };
    // The name the normalizer kept (it drops NEL and CSI), its ESC escaped and read back.
    expect(built.org_names).toHaveLength(1);
    expect(built.org_names[0]).toContain('\u001b[2J');
    expect(io.err()).not.toMatch(CONTROLS);
    const written = readFileSync(messages, 'utf8');
    expect(written).toMatch(/\\x9B/);
    expect(written).not.toMatch(CONTROLS);
  });

  it('check, text and JSON: an answer holding \\u0085 \\u009b \\u001b', async () => {
    const answer = `Call\u0085 (617) 555-0199 \u009b31m now\u001b[2J or https://x\u009b.invalid/\u0085.`;
    for (const format of ['text', 'json']) {
      const io = fakeIo({ stdin: answer });
      await runCli(['check', '--allowlist', allowlist, '--format', format, '-'], io);
      expect(io.out(), format).not.toMatch(CONTROLS);
      expect(io.err(), format).not.toMatch(CONTROLS);
    }
  });
});
