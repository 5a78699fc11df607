import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAllowlistCommand } from '../../src/cli/build-allowlist.js';
import { parseAllowlist } from '../../src/allowlist/schema.js';
import { runCli } from '../../src/cli/main.js';
import { BASIC_COLUMNS, csvFixture, MA_COURTS, runBuild, tempDir } from '../builders/helpers.js';
import { fakeIo } from '../helpers/cli.js';
import { columnFlags } from '../helpers/directories.js';

const BASIC = columnFlags(BASIC_COLUMNS);

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(async () => {
  await cleanup();
});

describe('build-allowlist output', () => {
  it('writes the JSON to stdout without -o, and the summary to stderr', async () => {
    const run = await runBuild(['utf8.csv', ...BASIC]);
    expect(run.code).toBe(0);
    const data = JSON.parse(run.stdout) as { org_names: string[] };
    expect(data.org_names).toEqual([
      'Clínica Jurídica del Valle',
      'Harbor Legal Aid',
      'Tenant Rights Project',
    ]);
    expect(() => parseAllowlist(data, 'stdout')).not.toThrow();
    expect(run.stderr).toContain('read 3 rows from utf8.csv (UTF-8');
    expect(run.stderr).toContain('rows: 3 read, 3 used, 0 skipped');
    expect(run.stderr).toContain(
      'allowlist: 3 organizations, 3 URLs, 3 domains, 3 numbers, 0 aliases',
    );
    expect(run.stderr).toContain('0 warnings');
  });

  it('-o writes the same bytes atomically, and says so', async () => {
    const stdout = (await runBuild(['utf8.csv', ...BASIC])).stdout;
    const out = join(dir, 'allowlist.json');
    const run = await runBuild(['utf8.csv', ...BASIC, '-o', out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(await readFile(out, 'utf8')).toBe(stdout);
    expect(run.stderr).toContain(`wrote ${out}`);
    expect(await readdir(dir)).toEqual(['allowlist.json']);
  });

  it('is deterministic: building twice gives identical bytes, whatever the input encoding', async () => {
    const first = join(dir, 'first.json');
    const second = join(dir, 'second.json');
    await runBuild(['utf8.csv', ...BASIC, '--output', first]);
    await runBuild(['utf16le-excel.txt', ...BASIC, '--output', second]);
    expect(Buffer.compare(await readFile(first), await readFile(second))).toBe(0);
  });

  it('resolves relative paths against the working directory', async () => {
    await copyFile(csvFixture('utf8.csv'), join(dir, 'directory.csv'));
    const run = await runBuild(['directory.csv', ...BASIC, '-o', 'allowlist.json'], dir);
    expect(run.code).toBe(0);
    expect(JSON.parse(await readFile(join(dir, 'allowlist.json'), 'utf8'))).toHaveProperty(
      'org_names',
    );
  });

  it('lists the first warnings in the summary, and exits 0 without --strict', async () => {
    const run = await runBuild(['problems.csv', ...BASIC]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('8 warnings');
    expect(run.stderr).toContain('rows: 10 read, 8 used (1 realigned), 2 skipped');
    expect(run.stderr).toContain(
      `problems.csv row 4, column 'Phone': "617-555-012" is not a phone number`,
    );
  });
});

describe('bad input: exit 3, nothing written', () => {
  it('a missing column names the columns the file has and the closest one', async () => {
    const run = await runBuild([
      'utf8.csv',
      '--org-column',
      'Organization',
      '--phone-column',
      'Phone Number',
    ]);
    expect(run).toMatchObject({ code: 3, errorCode: 'MISSING_COLUMN', stdout: '' });
    expect(run.stderr).toContain(
      "utf8.csv row 1: no column 'Phone Number' (--phone-column); did you mean 'Phone'? give --phone-column one of the header's columns: 'Organization', 'Website', 'Phone'",
    );
  });

  it('--strict turns warnings into an error listing them', async () => {
    const out = join(dir, 'allowlist.json');
    const run = await runBuild(['problems.csv', ...BASIC, '--strict', '-o', out]);
    expect(run).toMatchObject({ code: 3, errorCode: 'STRICT_WARNING' });
    expect(run.stderr).toMatch(
      /--strict: 8 warnings[\s\S]*problems\.csv row 3, column 'Organization': has no organization name/,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('--strict passes a clean file', async () => {
    expect((await runBuild(['utf8.csv', ...BASIC, '--strict'])).code).toBe(0);
  });

  it.each([
    {
      name: 'a missing column',
      argv: ['utf8.csv', '--org-column', 'Organization', '--phone-column', 'Tel'],
      errorCode: 'MISSING_COLUMN',
    },
    {
      name: '--strict with warnings',
      argv: ['problems.csv', ...BASIC, '--strict'],
      errorCode: 'STRICT_WARNING',
    },
    { name: 'a malformed CSV', argv: ['unclosed-quote.csv', ...BASIC], errorCode: 'INVALID_CSV' },
    {
      name: 'a second CSV that is missing',
      argv: ['utf8.csv', 'nowhere.csv', ...BASIC],
      errorCode: 'FILE_NOT_FOUND',
    },
    {
      name: 'a --merge file that is invalid',
      argv: ['utf8.csv', ...BASIC, '--merge', 'utf8.csv'],
      errorCode: 'INVALID_JSON',
    },
  ])('an existing output file is untouched on $name', async ({ argv, errorCode }) => {
    const out = join(dir, 'allowlist.json');
    const before = '{"keep": "me"}\n';
    await writeFile(out, before);
    const run = await runBuild([...argv, '-o', out]);
    expect(run).toMatchObject({ code: 3, errorCode });
    expect(await readFile(out, 'utf8')).toBe(before);
    expect(await readdir(dir)).toEqual(['allowlist.json']);
  });

  it('an output folder that does not exist is an input error (exit 3), not a crash', async () => {
    const run = await runBuild([
      'utf8.csv',
      ...BASIC,
      '-o',
      join(dir, 'missing', 'allowlist.json'),
    ]);
    expect(run).toMatchObject({ code: 3, errorCode: 'FILE_UNWRITABLE' });
    expect(run.stderr).toMatch(/cannot write the allowlist \(ENOENT\)/);
  });

  it.each([
    { name: 'no CSV', argv: BASIC, message: /name at least one directory CSV/ },
    {
      name: 'no --org-column',
      argv: ['utf8.csv', '--phone-column', 'Phone'],
      message: /--org-column is required/,
    },
    {
      name: 'no value column',
      argv: ['utf8.csv', '--org-column', 'Organization'],
      message: /at least one column to read besides the organization/,
    },
    {
      name: 'an unknown flag',
      argv: ['utf8.csv', ...BASIC, '--fax-column', 'Fax'],
      message: /Unknown option '--fax-column'[\s\S]*Usage: citation-verifier build-allowlist/,
    },
    {
      name: 'two --merge files',
      argv: ['utf8.csv', ...BASIC, '--merge', 'a.json', '--merge', 'b.json'],
      message: /--merge takes one allowlist/,
    },
  ])('$name → usage error', async ({ argv, message }) => {
    const run = await runBuild(argv);
    expect(run).toMatchObject({ code: 3, errorCode: 'USAGE' });
    expect(run.stderr).toMatch(message);
  });
});

describe('flags', () => {
  it('--help prints the usage with every flag, through the dispatcher as every command does', async () => {
    for (const flag of ['--help', '-h']) {
      const io = fakeIo();
      expect(await runCli(['build-allowlist', flag], io)).toBe(0);
      expect(io.out()).toBe(buildAllowlistCommand.usage);
    }
    for (const flag of [
      '--org-column',
      '--url-column',
      '--phone-column',
      '--alias-column',
      '--domain-column',
      '--no-derive-domains',
      '--merge',
      '--strict',
      '-o, --output',
    ]) {
      expect(buildAllowlistCommand.usage).toContain(flag);
    }
  });

  it('repeated --phone-column reads each column', async () => {
    const run = await runBuild([
      'multi-value.csv',
      '--org-column',
      'Organization',
      '--phone-column',
      'Phone',
      '--phone-column',
      'hotline',
    ]);
    const data = JSON.parse(run.stdout) as { org_phones: Record<string, string[]> };
    expect(data.org_phones['Vanity Line']).toEqual(['+14135550109', '+18005294357']);
  });

  it('--alias-column and --domain-column fill org_aliases and domains', async () => {
    const run = await runBuild([
      'aliases.csv',
      '--org-column',
      'Organization',
      '--alias-column',
      'Aliases',
      '--domain-column',
      'Domains',
    ]);
    expect(run.code).toBe(0);
    const data = JSON.parse(run.stdout) as {
      domains: string[];
      org_aliases: Record<string, string[]>;
    };
    expect(data.domains).toEqual(['bmc.example.gov', 'sjc.example.gov']);
    expect(data.org_aliases['Supreme Judicial Court']).toEqual([
      'Massachusetts Supreme Judicial Court',
      'SJC',
    ]);
  });

  it('the summary warns about a shared portal and suggests --no-derive-domains; the flag removes both', async () => {
    const argv = [
      'shared-portal.csv',
      '--org-column',
      'Court',
      '--url-column',
      'Web',
      '--phone-column',
      'Tel',
    ];
    const derived = await runBuild(argv);
    expect(derived.stderr).toContain(
      'shared portal: portal.example.gov carries the pages of 6 organizations',
    );
    expect(derived.stderr).toContain('--no-derive-domains');
    expect((JSON.parse(derived.stdout) as { domains: string[] }).domains).toEqual([
      'ownsite.example.org',
      'portal.example.gov',
    ]);

    const exact = await runBuild([...argv, '--no-derive-domains']);
    expect(exact.stderr).not.toContain('shared portal');
    expect(exact.stderr).toContain('0 domains (not derived from URLs)');
    expect((JSON.parse(exact.stdout) as { domains: string[]; urls: string[] }).domains).toEqual([]);
  });

  it('--merge adds to an allowlist, and may write over it', async () => {
    const target = join(dir, 'allowlist.json');
    await copyFile(csvFixture('merge-base.json'), target);
    const run = await runBuild(['merge-add.csv', ...BASIC, '--merge', target, '-o', target]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      `merged into ${target}: it had 2 organizations, 1 URL, 1 domain, 2 numbers`,
    );
    const data = JSON.parse(await readFile(target, 'utf8')) as {
      org_names: string[];
      org_phones: Record<string, string[]>;
      org_aliases: Record<string, string[]>;
    };
    expect(data.org_names).toEqual(['Existing Org', 'Harbor Legal Aid', 'New Org']);
    expect(data.org_phones['Harbor Legal Aid']).toEqual(['+16175550100', '+16175550151']);
    expect(data.org_aliases).toEqual({ 'Existing Org': ['EO'] });
  });

  it('--merge of a missing file says so', async () => {
    const run = await runBuild(['utf8.csv', ...BASIC, '--merge', 'missing.json']);
    expect(run).toMatchObject({ code: 3, errorCode: 'FILE_NOT_FOUND' });
  });

  it('several CSVs at once', async () => {
    const run = await runBuild(['utf8.csv', 'second-file.csv', ...BASIC]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('read 3 rows from utf8.csv');
    expect(run.stderr).toContain('read 2 rows from second-file.csv');
    const data = JSON.parse(run.stdout) as {
      org_names: string[];
      org_phones: Record<string, string[]>;
    };
    expect(data.org_names).toHaveLength(4);
    expect(data.org_phones['Harbor Legal Aid']).toEqual(['+16175550100', '+16175550161']);
  });
});

describe('build-allowlist on the MA courts directory (fixture): fax lines and every message', () => {
  const COURTS = ['ma-courts-directory.csv', '--org-column', 'Court Name', '--no-derive-domains'];

  it('warns when Fax is read as a phone column, and says how to leave it out', async () => {
    const run = await runBuild(
      [...COURTS, '--phone-column', 'Phone', '--phone-column', 'fax'],
      MA_COURTS,
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      "ma-courts-directory.csv row 1, column 'Fax': 'Fax' is read as a phone column, so its fax numbers are listed as numbers to call",
    );
    expect(run.stderr).toContain("leave out --phone-column 'Fax'");
    // Taken as asked: the Brighton Division fax, (617) 254-2127, is in the allowlist.
    expect(run.stdout).toContain('"+16172542127"');
  });

  it('--strict fails on the fax column warning; Phone alone has none', async () => {
    const fax = await runBuild([...COURTS, '--phone-column', 'Fax', '--strict'], MA_COURTS);
    expect(fax).toMatchObject({ code: 3, errorCode: 'STRICT_WARNING' });
    const phone = await runBuild([...COURTS, '--phone-column', 'Phone'], MA_COURTS);
    expect(phone.stderr).not.toContain('is read as a phone column');
  });

  it('says how many warnings are not shown, and --messages FILE writes all of them', async () => {
    // A Court Code column read as phones: every code is a bad phone value, far more than ten.
    const argv = [...COURTS, '--phone-column', 'Phone', '--phone-column', 'Court Code'];
    const run = await runBuild(argv, MA_COURTS);
    const counted = /(\d+) warnings, (\d+) notes/.exec(run.stderr);
    expect(counted).not.toBeNull();
    const warnings = Number(counted![1]);
    const notes = Number(counted![2]);
    expect(warnings).toBeGreaterThan(10);
    // One code's repeats are folded into one count: every bad Court Code is one line.
    const badPhones = run.stderr.match(
      / and (\d+) more like it \(BAD_PHONE; --messages FILE writes every warning and note to FILE, --messages - lists them here\)/,
    );
    expect(badPhones).not.toBeNull();
    expect(Number(badPhones![1])).toBeGreaterThan(10);
    const file = join(dir, 'messages.txt');
    const written = await runBuild([...argv, '--messages', file], MA_COURTS);
    expect(written.code).toBe(0);
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('warning: '))).toHaveLength(warnings);
    expect(lines.filter((line) => line.startsWith('note: '))).toHaveLength(notes);
    const listed = await runBuild([...argv, '--messages', '-'], MA_COURTS);
    expect(listed.stderr).not.toContain('… and');
    expect(listed.stderr).toContain(`warnings:\n`);
  });
});
