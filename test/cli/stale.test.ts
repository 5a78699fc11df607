import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staleCommand } from '../../src/cli/stale.js';
import { EXIT } from '../../src/cli/io.js';
import { fakeIo } from '../helpers/cli.js';
import { startHttpServer, type TestServer } from '../helpers/http-server.js';
import { scratchDir } from '../helpers/scratch.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/liveness');

const tempDir = () => scratchDir('cv-stale-');

async function writeAllowlist(
  dir: string,
  urls: string[],
  domains: string[] = [],
): Promise<string> {
  const path = join(dir, 'allowlist.json');
  await writeFile(path, JSON.stringify({ urls, domains, org_names: [], org_phones: {} }));
  return path;
}

/** A server for the pages, and the flags that pin every name used to it (nothing reaches real DNS). */
async function site(): Promise<{ server: TestServer; pins: string[] }> {
  const server = await startHttpServer({
    '/': { status: 200 },
    '/ok': { status: 200, body: '<title>Forms</title>' },
    '/gone': { status: 404 },
    '/blocked': { status: 403, headers: { 'cf-mitigated': 'challenge' } },
  });
  const pins = ['live.test', 'gone.test', 'blocked.test', 'probe.test'].flatMap((host) => [
    '--resolve',
    `${host}:127.0.0.1`,
  ]);
  return {
    server,
    pins: [
      ...pins,
      '--allow-private',
      '--network-probe',
      `http://probe.test:${server.port}/`,
      '--timeout',
      '2000',
    ],
  };
}

describe('citation-verifier stale', () => {
  it('lists the dead and doubtful links with where they were found, and exits 2 when one is broken', async () => {
    const dir = await tempDir();
    const { server, pins } = await site();
    const p = server.port;
    await writeAllowlist(dir, [
      `http://live.test:${p}/ok`,
      `http://gone.test:${p}/gone`,
      `http://blocked.test:${p}/blocked`,
    ]);
    await writeFile(
      join(dir, 'answers.jsonl'),
      [
        JSON.stringify({ id: 'q1', output: `See [the forms](http://live.test:${p}/ok).` }),
        JSON.stringify({
          id: 'q2',
          provider: 'vendor-b',
          answer: `Old page: http://gone.test:${p}/gone, new page: http://live.test:${p}/ok?utm_source=chatgpt.com`,
        }),
        '',
        JSON.stringify(`Try http://gone.test:${p}/also-gone`),
      ].join('\n'),
    );
    const io = fakeIo({ cwd: dir });
    const code = await staleCommand.run(
      ['--allowlist', 'allowlist.json', '--answers', 'answers.jsonl', ...pins],
      io,
    );
    expect(code).toBe(EXIT.failed);
    const out = io.out();
    // Each link as written: the one with a tracking parameter is fetched apart from the bare one.
    expect(out).toMatch(/^Checked 5 links: 2 live, 2 broken, 0 invented, 1 inconclusive\./);
    expect(out).toContain(`BROKEN  http://gone.test:${p}/also-gone`);
    expect(out).toContain(
      `BROKEN  http://gone.test:${p}/gone\n  status/error: 404\n  found in: allowlist (urls); answers.jsonl line 2 (id q2, vendor-b)\n  why: 404 Not Found: the page does not exist`,
    );
    expect(out).toContain('found in: answers.jsonl line 4\n');
    expect(out).toMatch(
      /INCONCLUSIVE {2}http:\/\/blocked\.test:\d+\/blocked\n {2}status\/error: 403/,
    );
    expect(out).toContain('bot protection (cf-mitigated: challenge)');
    expect(out).not.toContain(`live.test:${p}/ok`);
    // Broken before inconclusive; within a kind by URL.
    expect(out.indexOf('also-gone')).toBeLessThan(out.indexOf(`gone.test:${p}/gone\n`));
    expect(out.indexOf(`gone.test:${p}/gone\n`)).toBeLessThan(out.indexOf('INCONCLUSIVE'));
    // Each way of writing a link fetched once, though /ok is cited twice beside the allowlist.
    expect(server.hits.filter((hit) => hit.path === '/ok')).toHaveLength(2);
    expect(io.err()).toBe('');
  });

  it('--format json and csv carry URL, outcome, status or error, final URL, where found and reason', async () => {
    const dir = await tempDir();
    const { server, pins } = await site();
    const p = server.port;
    await writeAllowlist(dir, [`http://live.test:${p}/ok`, `http://gone.test:${p}/gone`]);

    const jsonIo = fakeIo({ cwd: dir });
    expect(
      await staleCommand.run(
        ['--allowlist', 'allowlist.json', '--format', 'json', ...pins],
        jsonIo,
      ),
    ).toBe(EXIT.failed);
    expect(JSON.parse(jsonIo.out())).toEqual({
      checked: 2,
      counts: { live: 1, broken: 1, invented: 0, inconclusive: 0, moved: 0 },
      stale: [
        {
          url: `http://gone.test:${p}/gone`,
          normalized: `https://gone.test:${p}/gone`,
          outcome: 'broken',
          status: 404,
          finalUrl: `http://gone.test:${p}/gone`,
          reason: '404 Not Found: the page does not exist',
          foundIn: ['allowlist (urls)'],
        },
      ],
    });

    const csvIo = fakeIo({ cwd: dir });
    expect(
      await staleCommand.run(['--allowlist', 'allowlist.json', '--format', 'csv', ...pins], csvIo),
    ).toBe(EXIT.failed);
    expect(csvIo.out()).toBe(
      `url,outcome,status,error,final_url,found_in,reason\nhttp://gone.test:${p}/gone,broken,404,,http://gone.test:${p}/gone,allowlist (urls),404 Not Found: the page does not exist\n`,
    );
  });

  it('exits 0 when nothing is broken or invented (inconclusive links are listed but do not fail)', async () => {
    const dir = await tempDir();
    const { server, pins } = await site();
    await writeAllowlist(dir, [
      `http://live.test:${server.port}/ok`,
      `http://blocked.test:${server.port}/blocked`,
    ]);
    const io = fakeIo({ cwd: dir });
    expect(await staleCommand.run(['--allowlist', 'allowlist.json', ...pins], io)).toBe(EXIT.pass);
    expect(io.out()).toMatch(/1 live, 0 broken, 0 invented, 1 inconclusive/);
  });

  it('says nothing is stale when every link is live', async () => {
    const dir = await tempDir();
    const { server, pins } = await site();
    await writeAllowlist(dir, [`http://live.test:${server.port}/ok`]);
    const io = fakeIo({ cwd: dir });
    expect(await staleCommand.run(['--allowlist', 'allowlist.json', ...pins], io)).toBe(EXIT.pass);
    expect(io.out()).toBe(
      'Checked 1 link: 1 live, 0 broken, 0 invented, 0 inconclusive.\nNothing stale.\n',
    );
  });

  it('reads links from promptfoo results (real promptfoo output)', async () => {
    const dir = await tempDir();
    const { server, pins } = await site();
    const p = server.port;
    const fixture = await readFile(join(FIXTURES, 'promptfoo-results.json'), 'utf8');
    await writeFile(join(dir, 'results.json'), fixture.replaceAll('__PORT__', String(p)));
    await writeAllowlist(dir, []);
    const io = fakeIo({ cwd: dir });
    expect(
      await staleCommand.run(
        ['--allowlist', 'allowlist.json', '--results', 'results.json', '--format', 'json', ...pins],
        io,
      ),
    ).toBe(EXIT.failed);
    const report = JSON.parse(io.out()) as {
      checked: number;
      stale: Array<{ url: string; foundIn: string[] }>;
    };
    expect(report.checked).toBe(2);
    expect(report.stale).toEqual([
      expect.objectContaining({
        url: `http://gone.test:${p}/gone`,
        foundIn: ['results.json test 0, prompt 0, vendor-a', 'results.json test 0, prompt 1, echo'],
      }),
    ]);
  });

  it('draws a progress bar on standard error only when it is a terminal', async () => {
    const dir = await tempDir();
    const { server, pins } = await site();
    await writeAllowlist(dir, [
      `http://live.test:${server.port}/ok`,
      `http://live.test:${server.port}`,
    ]);
    const tty = fakeIo({ cwd: dir, tty: true });
    await staleCommand.run(['--allowlist', 'allowlist.json', ...pins], tty);
    expect(tty.err()).toContain('2/2 links');
    expect(tty.out()).not.toContain('links]');
    const pipe = fakeIo({ cwd: dir, tty: false });
    await staleCommand.run(['--allowlist', 'allowlist.json', ...pins], pipe);
    expect(pipe.err()).toBe('');
  });

  it('--no-progress keeps standard error clear even on a terminal', async () => {
    const dir = await tempDir();
    const { server, pins } = await site();
    await writeAllowlist(dir, [`http://live.test:${server.port}/ok`]);
    const io = fakeIo({ cwd: dir, tty: true });
    expect(
      await staleCommand.run(['--allowlist', 'allowlist.json', '--no-progress', ...pins], io),
    ).toBe(EXIT.pass);
    expect(io.err()).toBe('');
    expect(io.out()).toMatch(/^Checked 1 link: 1 live/);
  });

  it("reads the answers from standard input with --answers -, naming it 'standard input'", async () => {
    const dir = await tempDir();
    const { server, pins } = await site();
    const p = server.port;
    await writeAllowlist(dir, []);
    const stdin = [
      JSON.stringify({ id: 'q7', output: `Gone: http://gone.test:${p}/gone` }),
      JSON.stringify(`Fine: http://live.test:${p}/ok`),
    ].join('\n');
    const io = fakeIo({ cwd: dir, stdin });
    expect(
      await staleCommand.run(['--allowlist', 'allowlist.json', '--answers', '-', ...pins], io),
    ).toBe(EXIT.failed);
    expect(io.out()).toMatch(/^Checked 2 links: 1 live, 1 broken/);
    expect(io.out()).toContain(
      `BROKEN  http://gone.test:${p}/gone\n  status/error: 404\n  found in: standard input line 1 (id q7)`,
    );
    const bad = fakeIo({ cwd: dir, stdin: '{not json' });
    await expect(
      staleCommand.run(['--allowlist', 'allowlist.json', '--answers', '-', ...pins], bad),
    ).rejects.toMatchObject({
      code: 'INVALID_JSON',
      message: expect.stringMatching(/^standard input:1: is not valid JSON/),
    });
  });

  it('shows control and bidi characters from answers as escapes in text and markdown, keeps them in JSON', async () => {
    const dir = await tempDir();
    const { server, pins } = await site();
    const p = server.port;
    await writeAllowlist(dir, []);
    // An id carrying an OSC 8 hyperlink, a bell and a right-to-left override: printed raw, it would
    // hide text behind a link, ring the terminal and reverse what follows.
    const id = 'q\u001b]8;;http://evil.test/\u0007x\u202Eabc';
    await writeFile(
      join(dir, 'answers.jsonl'),
      JSON.stringify({ id, output: `http://gone.test:${p}/gone` }),
    );
    for (const format of ['text', 'markdown'] as const) {
      const io = fakeIo({ cwd: dir });
      expect(
        await staleCommand.run(
          [
            '--allowlist',
            'allowlist.json',
            '--answers',
            'answers.jsonl',
            '--format',
            format,
            ...pins,
          ],
          io,
        ),
      ).toBe(EXIT.failed);
      const shown = 'id q\\x1B]8;;http://evil.test/\\x07x\\u202Eabc';
      // Markdown escapes its own openers too (the one escaper `report` uses): `]` here.
      expect(io.out()).toContain(format === 'markdown' ? shown.replace(']', '\\]') : shown);
      expect(io.out()).not.toMatch(/[\u001b\u0007\u202e]/);
    }
    const json = fakeIo({ cwd: dir });
    await staleCommand.run(
      ['--allowlist', 'allowlist.json', '--answers', 'answers.jsonl', '--format', 'JSON', ...pins],
      json,
    );
    expect(JSON.parse(json.out()).stale[0].foundIn).toEqual([`answers.jsonl line 1 (id ${id})`]);
  });

  it('falls back to $CITATION_VERIFIER_ALLOWLIST', async () => {
    const dir = await tempDir();
    const path = await writeAllowlist(dir, []);
    const io = fakeIo({ cwd: dir, env: { CITATION_VERIFIER_ALLOWLIST: path } });
    expect(await staleCommand.run(['--network-probe', 'off'], io)).toBe(EXIT.pass);
    expect(io.out()).toContain('Checked 0 links');
  });
});

describe('citation-verifier stale: bad input is an InputError (exit 3)', () => {
  it.each<[string, string[], string, RegExp]>([
    ['no allowlist', [], 'USAGE', /no allowlist/],
    ['an unknown flag', ['--allowlist', 'a.json', '--bogus'], 'USAGE', /bogus/],
    [
      'an unknown format',
      ['--allowlist', 'a.json', '--format', 'xml'],
      'USAGE',
      /text, json, csv, markdown, junit/,
    ],
    [
      'answers and results together',
      ['--allowlist', 'a.json', '--answers', 'a.jsonl', '--results', 'r.json'],
      'USAGE',
      /not both/,
    ],
    [
      'a bad timeout',
      ['--allowlist', 'a.json', '--timeout', '0'],
      'INVALID_CONFIG',
      /^--timeout: must be a whole number of milliseconds from 1 to 2147483647 \(24\.8 days\), got 0$/,
    ],
    ['a bad --resolve', ['--allowlist', 'a.json', '--resolve', 'nohost'], 'USAGE', /HOST:ADDRESS/],
    ['a missing allowlist file', ['--allowlist', 'missing.json'], 'FILE_NOT_FOUND', /not found/],
  ])('%s', async (_name, argv, code, message) => {
    const dir = await tempDir();
    await expect(staleCommand.run(argv, fakeIo({ cwd: dir }))).rejects.toMatchObject({
      name: 'InputError',
      code,
      message: expect.stringMatching(message),
    });
  });

  it('an answers line that is not JSON names the line', async () => {
    const dir = await tempDir();
    await writeAllowlist(dir, []);
    await writeFile(join(dir, 'answers.jsonl'), '{"id":"q1","output":"fine"}\n{not json}\n');
    await expect(
      staleCommand.run(
        ['--allowlist', 'allowlist.json', '--answers', 'answers.jsonl'],
        fakeIo({ cwd: dir }),
      ),
    ).rejects.toMatchObject({
      code: 'INVALID_JSON',
      message: expect.stringMatching(
        /^answers\.jsonl:2: is not valid JSON at column 2 \(.*\); write one JSON value per line$/,
      ),
    });
  });

  it('an answers line that repeats a key names the line, the key and its column', async () => {
    const dir = await tempDir();
    await writeAllowlist(dir, []);
    // JSON.parse would keep the second "output" and check a link nobody meant to leave out.
    await writeFile(
      join(dir, 'answers.jsonl'),
      '{"id":"q1","output":"fine"}\n{"id":"q2","output":"see https://a.test","output":"none"}\n',
    );
    await expect(
      staleCommand.run(
        ['--allowlist', 'allowlist.json', '--answers', 'answers.jsonl'],
        fakeIo({ cwd: dir }),
      ),
    ).rejects.toMatchObject({
      code: 'INVALID_JSON',
      message:
        'answers.jsonl:2: $.output: appears twice (the second at column 42); JSON keeps only the last, so merge the two into one entry',
    });
  });

  it('a --resolve address that is not an IP is a config error', async () => {
    const dir = await tempDir();
    await writeAllowlist(dir, []);
    await expect(
      staleCommand.run(
        ['--allowlist', 'allowlist.json', '--resolve', 'a.test:b.test'],
        fakeIo({ cwd: dir }),
      ),
    ).rejects.toMatchObject({ code: 'INVALID_CONFIG' });
  });
});
