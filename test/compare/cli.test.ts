import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import { repoRoot } from '../helpers/promptfoo.js';
import { evalSample, sampleAllowlist, sampleAnswers } from '../helpers/evals.js';

/** `citation-verifier report` run in-process through the CLI dispatcher, with a recording io. */

async function report(args: string[], cwd = repoRoot) {
  const io = fakeIo({ cwd });
  const code = await runCli(['report', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

let results: string;
let dir: string;
beforeAll(async () => {
  results = await evalSample();
  dir = mkdtempSync(join(tmpdir(), 'cv-report-cli-'));
}, 120_000);

describe('citation-verifier report', () => {
  it('prints the text comparison of a promptfoo results file and exits 0', async () => {
    const { code, out, err } = await report([results]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain(
      `Vendor comparison: 12 answers from 3 vendors (promptfoo results, no judge): ${results}`,
    );
    expect(out).toContain(
      'vendor-c        4       0      6  50% (3/6; 95% CI 18–82%)              1          0    50% (2/4; 95% CI 15–85%)',
    );
  });

  it('verifies a JSONL of answers itself with --allowlist, resolving paths against the working folder', async () => {
    const { code, out } = await report([
      'sample-allowlist/answers.jsonl',
      '--allowlist',
      'sample-allowlist/allowlist.json',
      '--format',
      'json',
    ]);
    expect(code).toBe(0);
    const json = JSON.parse(out) as {
      mode: string;
      vendors: Array<{
        vendor: string;
        invented_or_broken_links: { count: number; total: number };
      }>;
    };
    expect(json.mode).toBe('answers');
    expect(
      json.vendors.map((vendor) => [
        vendor.vendor,
        vendor.invented_or_broken_links.count,
        vendor.invented_or_broken_links.total,
      ]),
    ).toEqual([
      ['vendor-a', 0, 3],
      ['vendor-b', 1, 4],
      ['vendor-c', 3, 6],
    ]);
  });

  it('re-verifies a promptfoo file with --allowlist and --threshold', async () => {
    // At threshold 0.6 the three answers scoring 0.5 fail as well (see answers-jsonl.test.ts).
    const { code, out } = await report([
      results,
      '--allowlist',
      sampleAllowlist,
      '--threshold',
      '0.6',
      '--format',
      'json',
    ]);
    expect(code).toBe(0);
    const json = JSON.parse(out) as { vendors: Array<{ verifier_pass: { count: number } }> };
    expect(json.vendors.map((vendor) => vendor.verifier_pass.count)).toEqual([3, 1, 1]);
  });

  it.each(['text', 'markdown', 'json', 'html'] as const)(
    'writes the %s format to -o atomically, leaving no temporary file',
    async (format) => {
      const target = join(dir, `report.${format}`);
      writeFileSync(target, 'old');
      const { code, out, err } = await report([results, '--format', format, '-o', target]);
      expect(code).toBe(0);
      expect(out).toBe('');
      expect(err).toBe(`wrote ${target}\n`);
      const written = readFileSync(target, 'utf8');
      const printed = (await report([results, '--format', format])).out;
      expect(written).toBe(printed);
      expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      if (format === 'html') expect(written).toMatch(/^<!doctype html>/);
      if (format === 'markdown') expect(written).toMatch(/^## Vendor comparison/);
    },
  );

  it('is listed in the overview and answers --help', async () => {
    const io = fakeIo();
    expect(await runCli(['--help'], io)).toBe(0);
    expect(io.out()).toMatch(/\n {2}report +compare vendors/);
    const help = await report(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: citation-verifier report RESULTS [options]');
  });

  it.each([
    ['no RESULTS file', [], /report: no RESULTS file given\n\nUsage:/],
    ['two RESULTS files', ['a.json', 'b.json'], /one RESULTS file at a time; got 2/],
    [
      'an unknown format',
      ['x.json', '--format', 'pdf'],
      /--format must be one of text, markdown, json, html, got "pdf"/,
    ],
    ['an unknown flag', ['x.json', '--allowlst', 'a.json'], /Unknown option '--allowlst'/],
    [
      '--threshold without --allowlist',
      ['x.json', '--threshold', '0.5'],
      /--threshold applies only when the report verifies the answers itself; add --allowlist FILE/,
    ],
    [
      'a threshold out of range',
      ['x.json', '--allowlist', 'sample-allowlist/allowlist.json', '--threshold', '2'],
      /--threshold: must be a number from 0 to 1, got 2$/m,
    ],
    [
      'a missing results file',
      ['no/such/results.json'],
      /no\/such\/results\.json: results file not found; check the path/,
    ],
    [
      'a JSONL of answers without --allowlist',
      ['sample-allowlist/answers.jsonl'],
      /sample-allowlist\/answers\.jsonl: is a JSONL of answers .*; pass --allowlist FILE so the report can verify them/,
    ],
    [
      'a missing allowlist',
      ['sample-allowlist/answers.jsonl', '--allowlist', 'nope.json'],
      /nope\.json: allowlist file not found/,
    ],
  ])('rejects %s with exit 3 and a message that says what to do', async (_name, args, message) => {
    const { code, out, err } = await report(args);
    expect(code).toBe(3);
    expect(out).toBe('');
    expect(err).toMatch(message);
  });

  it('rejects files that are neither promptfoo results nor answers, naming the file and where', async () => {
    const notJson = join(dir, 'broken.json');
    writeFileSync(notJson, '{"results": {"version": 3, "results": [\n  {"provider": ');
    const a = await report([notJson]);
    expect(a.code).toBe(3);
    expect(a.err).toMatch(new RegExp(`${notJson}: is not valid JSON.*; fix the syntax`));

    const wrongShape = join(dir, 'shape.json');
    writeFileSync(
      wrongShape,
      JSON.stringify({ results: { version: 3, results: [{ provider: 'x' }] } }),
    );
    const b = await report([wrongShape]);
    expect(b.code).toBe(3);
    // Every problem of the row at once, one a line, then what to do.
    expect(b.err).toMatch(
      new RegExp(
        `${wrongShape}: 4 problems:\\n  \\$\\.results\\.results\\[0\\]\\.provider: expected an object, got the string "x"\\n.*\\n  \\$\\.results\\.results\\[0\\]\\.success: is missing; add a boolean\\nexpected promptfoo eval output`,
        's',
      ),
    );

    const badLine = join(dir, 'answers.jsonl');
    writeFileSync(
      badLine,
      `${readFileSync(sampleAnswers, 'utf8').split('\n')[0]}\n{"provider": "vendor-a", "id": "x"}\n`,
    );
    const c = await report([badLine, '--allowlist', sampleAllowlist]);
    expect(c.code).toBe(3);
    expect(c.err).toMatch(
      new RegExp(`${badLine}:2: \\$\\.answer: is missing; add a string; each line must be`),
    );

    const empty = join(dir, 'empty.json');
    writeFileSync(empty, JSON.stringify({ results: { version: 3, results: [] } }));
    const d = await report([empty]);
    expect(d.code).toBe(3);
    expect(d.err).toContain(`${empty}: holds no result rows`);
  });

  it('exits 3 when -o cannot be written, and leaves nothing behind', async () => {
    const target = join(dir, 'missing-folder', 'report.html');
    const { code, err } = await report([results, '--format', 'html', '-o', target]);
    expect(code).toBe(3);
    expect(err).toContain(`${target}: cannot write the report (ENOENT)`);
    expect(existsSync(join(dir, 'missing-folder'))).toBe(false);
  });
});
