import { copyFile, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runService, type RunningService } from '../../src/service/lifecycle.js';

const SAMPLE = fileURLToPath(new URL('../../sample-allowlist/allowlist.json', import.meta.url));
// A number the bundled directory does not list; the reloaded allowlist gives it to a new court.
const ANSWER = 'Call the Quabbin Test Court at (413) 555-0142.';
/** Requests before the first reload, and after each: the clients run until all are sent. */
const EACH = 100;
const CONCURRENCY = 8;

let dir: string;
let path: string;
let running: RunningService;
const logs: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cv-reload-'));
  path = join(dir, 'allowlist.json');
  await copyFile(SAMPLE, path);
  running = await runService({
    allowlistPath: path,
    host: '127.0.0.1',
    port: 0,
    threshold: 0.4,
    limits: { watchIntervalMs: 50 },
    log: (line) => logs.push(line),
  });
});
afterAll(async () => {
  await running.drain();
  await rm(dir, { recursive: true, force: true });
});

/** Replace the file the way a deploy does: write beside it, rename over it. */
async function replaceFile(text: string): Promise<void> {
  const next = `${path}.next`;
  await writeFile(next, text);
  await rename(next, path);
}

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// fetch (undici) keeps its connections alive by default: the eight clients reuse theirs.
describe('serve: reloading the allowlist under load fails no request', () => {
  it(`requests on ${CONCURRENCY} keep-alive connections across a good and a bad reload`, async () => {
    const original = JSON.parse(await readFile(SAMPLE, 'utf8'));
    const grown = {
      ...original,
      org_names: [...original.org_names, 'Quabbin Test Court'],
      org_phones: { ...original.org_phones, 'Quabbin Test Court': ['(413) 555-0142'] },
    };
    const statuses: number[] = [];
    const phoneStatuses: string[] = [];
    let asking = true;
    const started = Date.now();
    // A reload is a new thread loading the file (seconds when it loads from source through tsx),
    // so the clients keep asking until each stage has had its requests.
    const client = async (): Promise<void> => {
      while (asking) {
        const response = await fetch(`${running.url}/v1/verify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ answer: ANSWER }),
        });
        statuses.push(response.status);
        const json = (await response.json()) as { phones: Array<{ status: string }> };
        phoneStatuses.push(json.phones[0]?.status ?? 'none');
      }
    };
    const load = Promise.all(Array.from({ length: CONCURRENCY }, client));
    await waitFor(() => statuses.length >= EACH, 20_000);
    await replaceFile(`${JSON.stringify(grown)}\n`);
    await waitFor(() => running.verifier.health.reloads === 1, 20_000);
    const afterGood = statuses.length;
    await waitFor(() => statuses.length >= afterGood + EACH, 20_000);
    await replaceFile('{"urls": [');
    await waitFor(() => running.verifier.health.lastError !== undefined, 20_000);
    const afterBad = statuses.length;
    await waitFor(() => statuses.length >= afterBad + EACH, 20_000);
    asking = false;
    await load;

    expect(statuses.length).toBeGreaterThanOrEqual(3 * EACH);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Bounded: the whole run, two reloads included, well under the time a hung reload would take.
    expect(Date.now() - started).toBeLessThan(60_000);
    // Before the reload the number is unknown; after it, the new court's own: the swap took effect.
    expect(phoneStatuses[0]).toBe('unlisted');
    expect(phoneStatuses.at(-1)).toBe('verified');
    // The bad file was refused and the good one kept, with the reason on the log and in /healthz.
    const health = (await (await fetch(`${running.url}/healthz`)).json()) as any;
    expect(health.allowlist.organizations).toBe(original.org_names.length + 1);
    expect(health.allowlist.lastError.message).toMatch(/not valid JSON/);
    expect(
      logs.some((line) => /reload \(file changed\) failed, keeping the one loaded at/.test(line)),
    ).toBe(true);
  });
});
