import { spawn } from 'node:child_process';
import {
  chmodSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';
import { CHECK_JSONL_MAX_LINE_BYTES } from '../../src/defaults.js';
import { CheckLineSchema } from '../../src/format/check-schema.js';
import { fakeIo } from '../helpers/cli.js';
import { checkJson, fixturePath, jsonLines } from '../helpers/check-cli.js';

/**
 * `check --jsonl` on real answers: the ExpertQA records of test/fixtures (their answer text and
 * cited URLs, as test/match/links-real.test.ts reads them), one `{"id", "answer"}` line each. The
 * oracle is `check` itself: every verdict line must equal what `check --format json` says of that
 * answer alone, in input order.
 */
const root = join(import.meta.dirname, '..', '..');
const fixtures = fixturePath();
const allowlist = join(fixtures, 'verifier', 'allowlist.json');

interface Record_ {
  answers: Record<string, { answer_string: string; attribution: string[] }>;
}

function expertqaAnswers(): { id: string; answer: string }[] {
  const out: { id: string; answer: string }[] = [];
  for (const file of ['expertqa/domain_test.slice.jsonl', 'expertqa-links/records.jsonl']) {
    const lines = readFileSync(join(fixtures, file), 'utf8').split('\n').filter(Boolean);
    for (const [index, line] of lines.entries()) {
      const record = JSON.parse(line) as Record_;
      for (const [system, answer] of Object.entries(record.answers))
        out.push({
          id: `${file.split('/')[0]}:${index + 1}:${system}`,
          answer: `${answer.answer_string}\n\nSources:\n${answer.attribution.join('\n')}`,
        });
    }
  }
  return out;
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'cv-jsonl-'));
}

function jsonl(rows: readonly unknown[]): string {
  return `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`;
}

async function single(answer: string): Promise<unknown> {
  return (await checkJson(answer, allowlist)).json;
}

function parseOut(text: string) {
  return jsonLines(text).map((line) => CheckLineSchema.parse(line));
}

describe('check --jsonl', () => {
  const answers = expertqaAnswers();
  // An answer that must fail: a reserved, invented domain.
  const failing = { id: 'invented', answer: 'See https://legal-help.invalid/forms for the form.' };

  it('writes one verdict line per answer, in input order, each equal to check on that answer alone', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'answers.jsonl'), jsonl([...answers, failing]));
    const io = fakeIo({ cwd: dir });
    const code = await runCli(['check', '--allowlist', allowlist, '--jsonl', 'answers.jsonl'], io);
    const lines = parseOut(io.out());
    expect(answers.length).toBe(8);
    expect(lines.map((line) => line.id)).toEqual([...answers, failing].map((row) => row.id));
    expect(lines.map((line) => line.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const [index, row] of [...answers, failing].entries()) {
      const line = lines[index]!;
      if ('error' in line) throw new Error(`line ${index + 1}: ${line.error.message}`);
      expect(line.verdict).toEqual(await single(row.answer));
      expect(line.pass).toBe(line.verdict?.pass);
    }
    const passed = lines.filter((line) => 'pass' in line && line.pass).length;
    expect(lines.at(-1)).toMatchObject({ id: 'invented', pass: false });
    expect(code).toBe(EXIT.failed);
    expect(io.err()).toBe(`check --jsonl: 9 answers, ${passed} passed, ${9 - passed} failed\n`);
  });

  it('exits 0 when every answer passes', async () => {
    const io = fakeIo({
      stdin: jsonl([{ id: 1, answer: 'Nothing cited here, just advice.' }]),
    });
    expect(await runCli(['check', '--allowlist', allowlist, '--jsonl', '-'], io)).toBe(EXIT.pass);
    expect(parseOut(io.out())).toMatchObject([{ id: 1, line: 1, pass: true }]);
  });

  it('reads standard input through a real pipe (`-`)', async () => {
    const child = spawn(
      process.execPath,
      [
        join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        join(root, 'src', 'cli', 'bin.ts'),
        'check',
        '--allowlist',
        allowlist,
        '--jsonl',
        '-',
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin.end(jsonl([...answers.slice(0, 3), failing]));
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(stderr).toMatch(/^check --jsonl: 4 answers, \d passed, \d failed\n$/);
    expect(parseOut(stdout).map((line) => line.id)).toEqual([
      ...answers.slice(0, 3).map((row) => row.id),
      'invented',
    ]);
    expect(code).toBe(EXIT.failed);
  }, 60_000);

  it('answers each line before the next arrives (streaming)', async () => {
    const io = fakeIo();
    let wrote: () => void = () => {};
    const firstWritten = new Promise<void>((done) => {
      wrote = done;
    });
    io.writeStdout = async (text) => {
      io.stdout(text);
      wrote();
    };
    io.stdinChunks = async function* () {
      yield `${JSON.stringify({ id: 'a', answer: 'First answer, nothing cited.' })}\n`;
      // Held until the first verdict is out: a reader that waited for the end would hang here.
      await firstWritten;
      yield `${JSON.stringify(failing)}\n`;
    };
    const code = await runCli(['check', '--allowlist', allowlist, '--jsonl', '-'], io);
    expect(parseOut(io.out()).map((line) => line.id)).toEqual(['a', 'invented']);
    expect(code).toBe(EXIT.failed);
  });

  it('reports each bad line with its line number, checks the rest, and exits 3', async () => {
    const rows = [
      JSON.stringify({ id: 'ok', answer: 'Nothing cited.' }),
      '{"id": "broken", "answer": ',
      JSON.stringify({ id: 'no-answer', text: 'the answer under the wrong key' }),
      '',
      JSON.stringify({ id: 'elsewhere', answer: 'Call the court.', jurisdiction: 'Narnia' }),
      JSON.stringify(failing),
    ];
    const io = fakeIo({ stdin: `${rows.join('\n')}\n` });
    const code = await runCli(['check', '--allowlist', allowlist, '--jsonl', '-'], io);
    const lines = parseOut(io.out());
    expect(lines.map((line) => [line.id, line.line, 'error' in line])).toEqual([
      ['ok', 1, false],
      [null, 2, true],
      ['no-answer', 3, true],
      ['elsewhere', 5, true],
      ['invented', 6, false],
    ]);
    expect(lines[1]).toMatchObject({
      error: {
        code: 'INVALID_JSON',
        message: expect.stringMatching(
          /^stdin:2: is not valid JSON at column 28 \(Unexpected end of JSON input\); each line must be one/,
        ),
      },
    });
    expect(lines[2]).toMatchObject({
      error: { message: expect.stringMatching(/^stdin:3: .*answer.*is missing/) },
    });
    expect(lines[3]).toMatchObject({
      error: { code: 'INVALID_CONFIG', message: expect.stringMatching(/Narnia/) },
    });
    expect(code).toBe(EXIT.badInput);
    expect(io.err()).toBe(
      'check --jsonl: 5 answers, 1 passed, 1 failed, 3 bad lines (line 2, 3, 5)\n',
    );
  });

  it('a row names its own jurisdiction, as a promptfoo row does in its vars', async () => {
    const answer = 'Call the court.';
    const io = fakeIo({
      stdin: jsonl([
        { id: 'ma', answer, jurisdiction: 'MA' },
        { id: 'none', answer },
      ]),
    });
    await runCli(['check', '--allowlist', allowlist, '--jsonl', '-'], io);
    const [ma, none] = parseOut(io.out());
    expect(ma).toMatchObject({ verdict: { jurisdiction: 'MA' } });
    expect(none).not.toMatchObject({ verdict: { jurisdiction: 'MA' } });
  });

  it.each([
    ['an empty file', ''],
    ['a file of blank lines', '\n\n  \n'],
  ])('%s is bad input (exit 3), not a pass', async (_name, text) => {
    const dir = tempDir();
    writeFileSync(join(dir, 'empty.jsonl'), text);
    const io = fakeIo({ cwd: dir });
    const code = await runCli(['check', '--allowlist', allowlist, '--jsonl', 'empty.jsonl'], io);
    expect(code).toBe(EXIT.badInput);
    expect(io.err()).toContain('empty.jsonl: holds no answers');
    expect(io.out()).toBe('');
  });

  it('checks a line far larger than a read chunk, and refuses one over the limit without holding it', async () => {
    // 64 KiB is what a file stream reads at a time: this answer spans a dozen reads.
    const big = `${answers[1]!.answer}\n\n${'Tenants should keep copies of every notice. '.repeat(20_000)}`;
    expect(Buffer.byteLength(big)).toBeGreaterThan(800_000);
    const huge = 'x'.repeat(CHECK_JSONL_MAX_LINE_BYTES + 10);
    const dir = tempDir();
    writeFileSync(
      join(dir, 'big.jsonl'),
      jsonl([{ id: 'big', answer: big }, { id: 'huge', answer: huge }, failing]),
    );
    const io = fakeIo({ cwd: dir });
    const code = await runCli(['check', '--allowlist', allowlist, '--jsonl', 'big.jsonl'], io);
    const [first, second, third] = parseOut(io.out());
    expect(first).toMatchObject({ id: 'big', verdict: await single(big) });
    expect(second).toMatchObject({
      id: null,
      line: 2,
      error: {
        message: `big.jsonl:2: is ${CHECK_JSONL_MAX_LINE_BYTES + 10 + '{"id":"huge","answer":""}'.length} bytes, over the ${CHECK_JSONL_MAX_LINE_BYTES}-byte limit of one line; split the answer or check it alone (check FILE)`,
      },
    });
    expect(third).toMatchObject({ id: 'invented', pass: false });
    expect(code).toBe(EXIT.badInput);
  });

  it('-o FILE gets every line, renamed into place at the end; nothing is left when setup fails', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'answers.jsonl'), jsonl(answers.slice(0, 2)));
    const io = fakeIo({ cwd: dir });
    await runCli(
      ['check', '--allowlist', allowlist, '--jsonl', 'answers.jsonl', '-o', 'verdicts.jsonl'],
      io,
    );
    expect(io.out()).toBe('');
    expect(io.err()).toContain('wrote verdicts.jsonl\n');
    expect(parseOut(readFileSync(join(dir, 'verdicts.jsonl'), 'utf8'))).toHaveLength(2);
    // Written again over a file its owner made private: the lines are new, the mode is kept.
    chmodSync(join(dir, 'verdicts.jsonl'), 0o600);
    await runCli(
      ['check', '--allowlist', allowlist, '--jsonl', 'answers.jsonl', '-o', 'verdicts.jsonl'],
      fakeIo({ cwd: dir }),
    );
    expect(statSync(join(dir, 'verdicts.jsonl')).mode & 0o777).toBe(0o600);

    const failed = fakeIo({ cwd: dir });
    const code = await runCli(
      ['check', '--allowlist', 'missing.json', '--jsonl', 'answers.jsonl', '-o', 'other.jsonl'],
      failed,
    );
    expect(code).toBe(EXIT.badInput);
    expect(readdirSync(dir).sort()).toEqual(['answers.jsonl', 'verdicts.jsonl']);
  });

  it.each([
    [['--jsonl', '-', 'answer.md'], /--jsonl reads the answers from its file/],
    [['--jsonl', '-', '--fix'], /--fix .* does not combine with --jsonl/],
    [
      ['--jsonl', '-', '--format', 'text'],
      /--jsonl writes one JSON verdict a line; drop --format text/,
    ],
  ])('refuses %o', async (flags, message) => {
    const io = fakeIo({ stdin: '' });
    expect(await runCli(['check', '--allowlist', allowlist, ...flags], io)).toBe(EXIT.badInput);
    expect(io.err()).toMatch(message);
  });
});
