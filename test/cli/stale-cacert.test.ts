import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { EXIT } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import { startHttpServer } from '../helpers/http-server.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/liveness');

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cv-cacert-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  await writeFile(
    join(dir, 'allowlist.json'),
    JSON.stringify({ urls: [], domains: [], org_names: [], org_phones: {} }),
  );
  return dir;
}

describe('stale --cacert', () => {
  // What a CA file must hold is tested on certificatesOf (test/liveness/ca.test.ts).
  it.each<[string, () => Promise<string>, RegExp]>([
    [
      'a private key, not a certificate',
      () => readFile(join(FIXTURES, 'test-key.pem'), 'utf8'),
      /ca\.pem: holds no certificate \(no "-----BEGIN CERTIFICATE-----" block\); give a file of CA certificates in PEM form/,
    ],
  ])(
    'exits 3 before any link is fetched when the file holds %s',
    async (_what, content, message) => {
      const dir = await tempDir();
      await writeFile(join(dir, 'ca.pem'), await content());
      const io = fakeIo({ cwd: dir });
      const code = await runCli(
        ['stale', '--allowlist', 'allowlist.json', '--cacert', 'ca.pem'],
        io,
      );
      expect(code).toBe(EXIT.badInput);
      expect(io.err()).toMatch(message);
      expect(io.out()).toBe('');
    },
  );

  it('trusts the certificates of a good file: an https page signed by it is live', async () => {
    const dir = await tempDir();
    const cert = await readFile(join(FIXTURES, 'test-cert.pem'), 'utf8');
    const key = await readFile(join(FIXTURES, 'test-key.pem'), 'utf8');
    const server = await startHttpServer({ '/ok': { status: 200 } }, { tls: { cert, key } });
    await writeFile(
      join(dir, 'allowlist.json'),
      JSON.stringify({
        urls: [`https://tls.test:${server.port}/ok`],
        domains: [],
        org_names: [],
        org_phones: {},
      }),
    );
    // The key first, then the certificate: a file may hold other blocks beside its certificates.
    await writeFile(join(dir, 'ca.pem'), `${key}\n${cert}`);
    const io = fakeIo({ cwd: dir });
    const argv = ['stale', '--allowlist', 'allowlist.json', '--cacert', 'ca.pem'];
    argv.push('--resolve', 'tls.test:127.0.0.1', '--allow-private', '--network-probe', 'off');
    argv.push('--format', 'json');
    expect(await runCli(argv, io)).toBe(EXIT.pass);
    expect(JSON.parse(io.out()).counts).toMatchObject({ live: 1, inconclusive: 0 });
  });
});
