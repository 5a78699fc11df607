import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { EXIT } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import { startHttpServer } from '../helpers/http-server.js';

/**
 * A directory link that now redirects elsewhere is `moved`, with its new address, in every stale
 * format; it fails nothing (exit 0). A real server on 127.0.0.1, `live.test` pinned to it.
 */
async function movedSite() {
  const dir = await mkdtemp(join(tmpdir(), 'cv-stale-moved-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const server = await startHttpServer({
    '/old': { status: 301, headers: { location: '/new' } },
    '/new': { status: 200, body: '<title>New</title>' },
    '/dir': { status: 301, headers: { location: '/dir/' } },
    '/dir/': { status: 200, body: '<title>Dir</title>' },
    '/cited': { status: 302, headers: { location: '/new' } },
  });
  const p = server.port;
  await writeFile(
    join(dir, 'allowlist.json'),
    JSON.stringify({
      urls: [`http://live.test:${p}/old`, `http://live.test:${p}/dir`],
      domains: [],
      org_names: [],
      org_phones: {},
    }),
  );
  await writeFile(
    join(dir, 'answers.jsonl'),
    `${JSON.stringify(`See http://live.test:${p}/cited`)}\n`,
  );
  const run = async (format: string) => {
    const io = fakeIo({ cwd: dir });
    const argv = ['stale', '--allowlist', 'allowlist.json', '--answers', 'answers.jsonl'];
    argv.push('--resolve', 'live.test:127.0.0.1', '--allow-private', '--network-probe', 'off');
    argv.push('--format', format);
    const code = await runCli(argv, io);
    return { code, out: io.out(), err: io.err() };
  };
  return { p, run };
}

describe('stale: a directory link that redirects is moved', () => {
  it('text: MOVED with the new address and what to do; a trailing-slash redirect and a cited link are live; exit 0', async () => {
    const { p, run } = await movedSite();
    const { code, out } = await run('text');
    expect(code).toBe(EXIT.pass);
    expect(out).toMatch(
      /^Checked 3 links: 2 live, 0 broken, 0 invented, 0 inconclusive, 1 moved\./,
    );
    expect(out).toContain(`MOVED  http://live.test:${p}/old\n`);
    expect(out).toContain(`final URL: http://live.test:${p}/new`);
    expect(out).toContain(
      `why: moved: the directory link now redirects to http://live.test:${p}/new; give that address in the directory (200 OK after 1 redirect`,
    );
    expect(out).not.toContain('/dir');
    expect(out).not.toContain('/cited');
  });

  it('json, csv, markdown and junit say moved and where to', async () => {
    const { p, run } = await movedSite();
    const json = JSON.parse((await run('json')).out);
    expect(json.counts).toEqual({ live: 2, broken: 0, invented: 0, inconclusive: 0, moved: 1 });
    expect(json.stale).toEqual([
      expect.objectContaining({
        url: `http://live.test:${p}/old`,
        outcome: 'moved',
        movedTo: `http://live.test:${p}/new`,
        status: 200,
        foundIn: ['allowlist (urls)'],
      }),
    ]);
    const csv = (await run('csv')).out.split('\n');
    expect(csv[1]).toMatch(
      new RegExp(
        `^http://live\\.test:${p}/old,moved,200,,http://live\\.test:${p}/new,allowlist \\(urls\\),`,
      ),
    );
    const markdown = await run('markdown');
    expect(markdown.out).toMatch(/^\| ➡️ moved \| `http:\/\/live\.test:\d+\/old` \| 200 \|/m);
    const junit = await run('junit');
    expect(junit.code).toBe(EXIT.pass);
    expect(junit.out).toContain('failures="0" skipped="1"');
    expect(junit.out).toMatch(
      /classname="stale\.moved">\n\s+<skipped message="moved: the directory link now redirects to http:\/\/live\.test:\d+\/new;/,
    );
  });
});

it('--help says what moved means and that it fails nothing', async () => {
  const io = fakeIo();
  expect(await runCli(['stale', '--help'], io)).toBe(EXIT.pass);
  expect(io.out()).toContain('is listed as\nmoved, with the address it redirects to');
  expect(io.out()).toContain(
    '0 nothing broken or invented (moved and inconclusive links may be listed)',
  );
});
