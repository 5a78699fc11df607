import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import { startHttpServer, type TestServer } from '../helpers/http-server.js';

/**
 * The one `-o` writer (`src/cli/output.ts`), through every command that has the flag: a wrong place
 * is exit 3 with the house message before any work (for `stale`, before a single request), the
 * write is atomic, and `check --chunks` writes too.
 */

const fixtures = join(import.meta.dirname, '..', 'fixtures');
let dir: string;

/** A page server for `stale` (closed after the test), and the allowlist that lists it. */
async function site(): Promise<TestServer> {
  const server = await startHttpServer({ '/ok': { status: 200, body: '<title>ok</title>' } });
  writeFileSync(
    join(dir, 'allowlist.json'),
    JSON.stringify({
      urls: [`http://live.test:${server.port}/ok`],
      domains: ['mass.gov'],
      org_names: [],
      org_phones: {},
    }),
  );
  return server;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cv-output-'));
  cpSync(join(fixtures, 'chunks', 'strings.json'), join(dir, 'chunks.json'));
  writeFileSync(join(dir, 'answer.txt'), 'See https://mass.gov/courts for the forms.\n');
  writeFileSync(
    join(dir, 'dir.csv'),
    'Organization,Website\nHarbor Legal Aid,harbor.example.org\n',
  );
  writeFileSync(
    join(dir, 'answers.jsonl'),
    `${JSON.stringify({ provider: 'vendor-a', id: 'q1', answer: 'See https://mass.gov/courts.' })}\n`,
  );
  writeFileSync(join(dir, 'a-file'), 'not a folder');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each command with the flags of a run that succeeds, and what `-o` names in its message. */
const COMMANDS = [
  {
    name: 'check',
    argv: ['check', '--allowlist', 'allowlist.json', 'answer.txt'],
    what: 'the result',
  },
  {
    name: 'check --chunks',
    argv: ['check', '--chunks', 'chunks.json', 'answer.txt'],
    what: 'the result',
  },
  {
    name: 'build-allowlist',
    argv: ['build-allowlist', 'dir.csv', '--org-column', 'Organization', '--url-column', 'Website'],
    what: 'the allowlist',
  },
  {
    name: 'stale',
    argv: [
      'stale',
      '--allowlist',
      'allowlist.json',
      '--resolve',
      'live.test:127.0.0.1',
      '--allow-private',
      '--network-probe',
      'off',
    ],
    what: 'the report',
  },
  {
    name: 'report',
    argv: ['report', 'answers.jsonl', '--allowlist', 'allowlist.json'],
    what: 'the report',
  },
] as const;

const PLACES = [
  { place: 'a folder that does not exist', output: 'missing-folder/out.txt', code: 'ENOENT' },
  { place: 'a file where a folder should be', output: 'a-file/out.txt', code: 'ENOTDIR' },
  { place: 'a folder', output: '.', code: 'EISDIR' },
] as const;

describe('-o on every command', () => {
  it.each(COMMANDS.flatMap((command) => PLACES.map((place) => ({ ...command, ...place }))))(
    '$name -o into $place: exit 3 before any work, the house message, no stack',
    async ({ argv, output, code, what }) => {
      const server = await site();
      const io = fakeIo({ cwd: dir });
      expect(await runCli([...argv, '-o', output], io)).toBe(EXIT.badInput);
      expect(io.err()).toBe(
        `citation-verifier ${argv[0]}: ${output}: cannot write ${what} (${code}); check that -o names a file in an existing, writable folder\n`,
      );
      expect(io.out()).toBe('');
      // Checked before the run: not one link was fetched.
      expect(server.hits).toEqual([]);
      expect(existsSync(join(dir, 'missing-folder'))).toBe(false);
    },
  );

  it.each(COMMANDS)(
    '$name -o FILE writes what it would print, whole, and says so',
    async ({ argv }) => {
      await site();
      const out = mkdtempSync(join(tmpdir(), 'cv-output-file-'));
      const target = join(out, 'result.txt');
      writeFileSync(target, 'old');
      const printed = fakeIo({ cwd: dir });
      const printedCode = await runCli([...argv], printed);
      const io = fakeIo({ cwd: dir });
      expect(await runCli([...argv, '-o', target], io)).toBe(printedCode);
      expect(io.out()).toBe('');
      expect(io.err().endsWith(`wrote ${target}\n`)).toBe(true);
      const written = readFileSync(target, 'utf8');
      expect(written).not.toBe('old');
      expect(written.length).toBeGreaterThan(0);
      // `stale`'s text names no time and `report` none that changes between two runs.
      expect(written).toBe(printed.out());
      expect(readdirSync(out)).toEqual(['result.txt']);
      rmSync(out, { recursive: true, force: true });
    },
  );
});
