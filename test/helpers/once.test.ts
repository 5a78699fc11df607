import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onceAcrossProcesses } from './once.js';
import { scratchDir } from './scratch.js';

/** The sharing behind `evalOnce`: one run of `produce` per key, whoever asks and whatever fails. */
describe('onceAcrossProcesses', () => {
  it('runs produce once for callers that ask at the same time, and gives each the same value', async () => {
    const folder = await scratchDir('cv-once-');
    let runs = 0;
    const produce = async () => {
      runs++;
      await new Promise((done) => setTimeout(done, 50));
      return { rows: [1, 2, 3] };
    };
    const values = await Promise.all(
      [1, 2, 3].map(() => onceAcrossProcesses(folder, 'sample', produce, 10)),
    );
    expect(runs).toBe(1);
    expect(values).toEqual([{ rows: [1, 2, 3] }, { rows: [1, 2, 3] }, { rows: [1, 2, 3] }]);
    // Later callers read the file; nothing half-written or claimed is left.
    expect(await onceAcrossProcesses(folder, 'sample', produce, 10)).toEqual({ rows: [1, 2, 3] });
    expect(runs).toBe(1);
    expect(readdirSync(folder)).toEqual(['sample.json']);
  });

  it('takes over a claim whose process has died', async () => {
    const folder = await scratchDir('cv-once-');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    }).stdout;
    writeFileSync(join(folder, 'k.json.claim'), dead);
    expect(await onceAcrossProcesses(folder, 'k', async () => 'made here', 10)).toBe('made here');
  });

  it('releases the claim when produce throws, so the next caller runs it', async () => {
    const folder = await scratchDir('cv-once-');
    await expect(
      onceAcrossProcesses(folder, 'k', () => Promise.reject(new Error('no eval')), 10),
    ).rejects.toThrow('no eval');
    expect(existsSync(join(folder, 'k.json.claim'))).toBe(false);
    expect(await onceAcrossProcesses(folder, 'k', async () => 2, 10)).toBe(2);
  });
});
