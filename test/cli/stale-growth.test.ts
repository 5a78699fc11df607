import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';

/** Inputs grow linearly: 130,000 answer lines used to overflow the stack (`push(...array)`). */
describe('stale --answers with many lines', () => {
  it('reads 130,000 answers and finishes', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cv-stale-growth-'));
    writeFileSync(
      join(dir, 'allowlist.json'),
      JSON.stringify({ urls: [], domains: [], org_names: [], org_phones: {} }),
    );
    const lines: string[] = [];
    for (let i = 0; i < 130_000; i++)
      lines.push(JSON.stringify({ id: `q${i}`, output: 'no link' }));
    writeFileSync(join(dir, 'answers.jsonl'), `${lines.join('\n')}\n`);
    const io = fakeIo({ cwd: dir });
    const code = await runCli(
      [
        'stale',
        '--allowlist',
        'allowlist.json',
        '--answers',
        'answers.jsonl',
        '--network-probe',
        'off',
        '--no-progress',
      ],
      io,
    );
    expect(io.err()).not.toMatch(/stack|unexpected/i);
    expect(code).toBe(0);
    expect(io.out()).toContain('Checked 0 links');
  });
});
