import {
  chmodSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import verifyCitations from '../../assertions/verify-citations.js';
import chunkCitations from '../../assertions/chunk-citations.js';

/** The command line as lychee and linkinator users expect it. */
const fixtures = join(import.meta.dirname, '..', 'fixtures', 'verifier');
const allowlist = join(fixtures, 'allowlist.json');
const version = (
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
const scratch = () => mkdtempSync(join(tmpdir(), 'cv-front-'));

describe('version and help', () => {
  it.each(['--version', '-V'])('%s prints the package version', async (flag) => {
    const io = fakeIo();
    expect(await runCli([flag], io)).toBe(0);
    expect(io.out()).toBe(`citation-verifier ${version}\n`);
  });

  it.each(['check', 'report', 'build-allowlist', 'stale'])(
    'help %s prints what %s --help prints',
    async (name) => {
      const viaHelp = fakeIo();
      const viaFlag = fakeIo();
      expect(await runCli(['help', name], viaHelp)).toBe(0);
      expect(await runCli([name, '--help'], viaFlag)).toBe(0);
      expect(viaHelp.out()).toContain(`Usage: citation-verifier ${name}`);
      expect(viaHelp.out()).toBe(viaFlag.out());
    },
  );
});

describe('check input', () => {
  it('on a terminal with no answer says how to give one instead of waiting', async () => {
    const io = fakeIo({ stdinIsTTY: true });
    io.readStdin = () => new Promise(() => {}); // a terminal nobody types into
    expect(await runCli(['check', '--allowlist', allowlist], io)).toBe(3);
    expect(io.err()).toContain('no answer given: name the answer file, or pipe the answer in');
  });

  it.each([
    { name: 'empty standard input', argv: ['-'], stdin: '', where: 'nothing on standard input' },
    {
      name: 'blank standard input',
      argv: [],
      stdin: ' \n\t\n',
      where: 'nothing on standard input',
    },
  ])('$name is a usage error, not a pass', async ({ argv, stdin, where }) => {
    const io = fakeIo({ stdin });
    expect(await runCli(['check', '--allowlist', allowlist, ...argv], io)).toBe(3);
    expect(io.err()).toContain(`the answer is empty (${where})`);
  });

  it('an empty answer file is a usage error naming the file', async () => {
    const file = join(scratch(), 'empty.md');
    writeFileSync(file, '');
    const io = fakeIo();
    expect(await runCli(['check', '--allowlist', allowlist, file], io)).toBe(3);
    expect(io.err()).toContain(`the answer is empty (${file})`);
  });

  it.each(['JSON', 'Json', 'json'])('--format %s is json', async (format) => {
    const io = fakeIo({ stdin: 'See https://example.com/x' });
    expect(await runCli(['check', '--allowlist', allowlist, '--format', format], io)).toBe(2);
    expect(JSON.parse(io.out())).toMatchObject({ pass: false });
  });

  it('--format of another kind still names the choices', async () => {
    const io = fakeIo({ stdin: 'x' });
    expect(await runCli(['check', '--allowlist', allowlist, '--format', 'yaml'], io)).toBe(3);
    expect(io.err()).toContain('--format must be text or json, got "yaml"');
  });
});

describe('-o FILE', () => {
  it('check writes its result to the file, keeping the mode of the file it replaces', async () => {
    const out = join(scratch(), 'result.json');
    writeFileSync(out, 'old');
    chmodSync(out, 0o640);
    const io = fakeIo({ stdin: 'Call the Chelsea District Court.' });
    expect(
      await runCli(['check', '--allowlist', allowlist, '--format', 'json', '-o', out], io),
    ).toBe(0);
    expect(io.out()).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ pass: true });
    expect(statSync(out).mode & 0o777).toBe(0o640);
  });

  it('a symbolic link stays a link and the file it names gets the result', async () => {
    const dir = scratch();
    const target = join(dir, 'real.txt');
    const link = join(dir, 'link.txt');
    writeFileSync(target, 'old');
    symlinkSync(target, link);
    const io = fakeIo({ stdin: 'Call the Chelsea District Court.' });
    expect(await runCli(['check', '--allowlist', allowlist, '-o', link], io)).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toMatch(/^PASS/);
  });
});

describe("'-' is standard input for every file argument", () => {
  it('report -', async () => {
    const answers = [
      '{"provider": "a", "id": "q1", "answer": "See https://example.com/x"}',
      '{"provider": "b", "id": "q1", "answer": "Call the Chelsea District Court."}',
    ].join('\n');
    const io = fakeIo({ stdin: answers });
    expect(await runCli(['report', '-', '--allowlist', allowlist, '--format', 'JSON'], io)).toBe(0);
    expect(JSON.stringify(JSON.parse(io.out()))).toContain('"a"');
  });

  it('build-allowlist -', async () => {
    const io = fakeIo({ stdin: 'Name,Phone\nLegal Aid of X,(617) 555-0100\n' });
    expect(
      await runCli(['build-allowlist', '-', '--org-column', 'Name', '--phone-column', 'Phone'], io),
    ).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({
      org_phones: { 'Legal Aid of X': ['+16175550100'] },
    });
    expect(io.err()).toContain('standard input');
  });
});

/** Each character an answer or a CSV could use to take over a terminal or a markdown viewer. */
const HOSTILE = {
  ESC: '\x1b[2J',
  'OSC 8 hyperlink': '\x1b]8;;https://evil.example/\x07click\x1b]8;;\x07',
  BEL: '\x07',
  CSI: '\u009b31m',
  'right-to-left override': '\u202e',
  'carriage return': '\r',
};
const RAW = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

describe('control and bidi characters are shown, never obeyed', () => {
  it.each(Object.entries(HOSTILE))('check text: %s', async (_name, hostile) => {
    const io = fakeIo({
      stdin: `See https://example.com/a${hostile}b and call the Chelsea District Court ${hostile} at (617) 555-0199.`,
    });
    await runCli(['check', '--allowlist', allowlist], io);
    expect(io.out()).toContain('example.com');
    expect(io.out()).not.toMatch(RAW);
  });

  it.each(['text', 'markdown'])('report %s', async (format) => {
    const answers = Object.values(HOSTILE).map((hostile, i) =>
      JSON.stringify({
        provider: `v${hostile}`,
        id: `q${i}${hostile}`,
        answer: `See https://example.com/${i}${hostile} now`,
      }),
    );
    const io = fakeIo({ stdin: answers.join('\n') });
    expect(await runCli(['report', '-', '--allowlist', allowlist, '--format', format], io)).toBe(0);
    expect(io.out()).toContain('\\x1B');
    expect(io.out()).not.toMatch(RAW);
  });

  it('the builder does not echo raw header bytes', async () => {
    const io = fakeIo({ stdin: `Na\x1b]0;pwned\x07me,Phone\nLegal Aid of X,(617) 555-0100\n` });
    expect(
      await runCli(['build-allowlist', '-', '--org-column', 'Name', '--phone-column', 'Phone'], io),
    ).toBe(3);
    expect(io.err()).toContain('\\x1B');
    expect(io.err()).not.toMatch(RAW);
  });
});

/**
 * Each rule is written once (the liveness options schema, the assertion's config schema, the chunk
 * config schema) and every front reads its values through it: the same bad value gets the same
 * words, each front naming it the way its user wrote it (a flag, a config key), and exit code 3.
 */
describe('one rule, one message, every front', () => {
  /** The message after its "where:" part. */
  const words = (message: string, where: string): string => {
    const at = message.indexOf(`${where}: `);
    expect(at).toBeGreaterThanOrEqual(0);
    return message.slice(at + where.length + 2).trim();
  };
  const cli = async (
    argv: string[],
    stdin = 'See https://mass.gov.',
  ): Promise<{ code: number; err: string }> => {
    const io = fakeIo({ stdin, cwd: scratch() });
    const code = await runCli(argv, io);
    return { code, err: io.err() };
  };
  const assertionReason = async (config: Record<string, unknown>): Promise<string> => {
    const result = await verifyCitations('See https://mass.gov.', {
      config: { allowlist, ...config },
      vars: {},
    } as never);
    expect(result.pass).toBe(false);
    expect(result.score).toBe(0);
    return result.reason;
  };

  it.each<[string, unknown]>([
    ['soon', 'soon'],
    ['0', 0],
    ['1.5', 1.5],
  ])(
    'a bad timeout (%s): check --timeout, stale --timeout and config.liveness.timeoutMs say the same',
    async (flag, configValue) => {
      const check = await cli([
        'check',
        '--allowlist',
        allowlist,
        '--live',
        '--timeout',
        flag,
        '-',
      ]);
      const stale = await cli(['stale', '--allowlist', allowlist, '--timeout', flag]);
      const reason = await assertionReason({ liveness: { timeoutMs: configValue } });
      expect(check.code).toBe(3);
      expect(stale.code).toBe(3);
      const said = words(reason, 'config.liveness.timeoutMs');
      expect(said).toMatch(
        /^must be a whole number of milliseconds from 1 to 2147483647 \(24\.8 days\), got /,
      );
      expect(words(check.err, '--timeout')).toBe(said);
      expect(words(stale.err, '--timeout')).toBe(said);
    },
  );

  it('a bad threshold: check --threshold, report --threshold, CITATION_VERIFIER_THRESHOLD and config.threshold say the same', async () => {
    const check = await cli(['check', '--allowlist', allowlist, '--threshold', '2', '-']);
    const report = await cli([
      'report',
      join(fixtures, 'answer-pass.md'),
      '--allowlist',
      allowlist,
      '--threshold',
      '2',
    ]);
    const reason = await assertionReason({ threshold: 2 });
    const io = fakeIo({
      stdin: 'See https://mass.gov.',
      env: { CITATION_VERIFIER_THRESHOLD: '2' },
    });
    expect(await runCli(['check', '--allowlist', allowlist, '-'], io)).toBe(3);
    const said = words(reason, 'config.threshold');
    expect(said).toBe('must be a number from 0 to 1, got 2');
    expect([check.code, report.code]).toEqual([3, 3]);
    expect(words(check.err, '--threshold')).toBe(said);
    expect(words(report.err, '--threshold')).toBe(said);
    expect(words(io.err(), 'CITATION_VERIFIER_THRESHOLD')).toBe(said);
  });

  it('a bad weak-support threshold: check --chunks and the chunk assertion say the same', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'chunks.json'), '["Tenants get 14 days."]');
    const io = fakeIo({ stdin: 'Tenants get 14 days [1].', cwd: dir });
    expect(
      await runCli(
        ['check', '--chunks', 'chunks.json', '--weak-support-threshold', '1.5', '-'],
        io,
      ),
    ).toBe(3);
    const result = chunkCitations('Tenants get 14 days [1].', {
      vars: { context: ['Tenants get 14 days.'] },
      config: { weakSupportThreshold: 1.5 },
    });
    const said = words(result.reason, 'config.weakSupportThreshold');
    expect(said).toBe('must be a number from 0 to 1, got 1.5');
    expect(words(io.err(), '--weak-support-threshold')).toBe(said);
  });
});

describe('an unexpected error', () => {
  it('exits 1 and prints its message and stack with control characters escaped', async () => {
    const io = fakeIo();
    io.readStdin = async () => {
      throw new Error('disk gone \u001b]0;owned\u0007 \u009b31m');
    };
    const code = await runCli(['check', '-'], io);
    expect(code).toBe(1);
    expect(io.err()).toContain('unexpected error: disk gone \\x1B]0;owned\\x07 \\x9B31m');
    expect(io.err()).not.toMatch(/[\u001b\u0007\u009b]/);
  });
});
