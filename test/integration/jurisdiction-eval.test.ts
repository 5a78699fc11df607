import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import { componentCodes, evalOffline, repoRoot } from '../helpers/promptfoo.js';

const CONFIG = join('test', 'fixtures', 'jurisdiction', 'promptfooconfig.yaml');

describe('a real promptfoo eval whose rows ask about different states', () => {
  it('checks each row against its own jurisdiction, and report shows the rate per vendor', {
    timeout: 120_000,
  }, async () => {
    const { run, rows, output } = await evalOffline(['-c', CONFIG], repoRoot);
    expect(run.ran, run.stdout + run.stderr).toBe(true);
    expect(rows).toHaveLength(6);
    const verdict = (vendor: string, id: string) => {
      const row = rows.find((r) => r.provider.label === vendor && r.vars.id === id)!;
      // The assertion's own result (promptfoo's row reason reads "All assertions passed").
      const ours = row.gradingResult?.componentResults?.[0];
      return { pass: row.success, reason: ours?.reason ?? '', codes: componentCodes(row) };
    };
    // vendor-a sends each tenant to their own state's sites (and HUD, nationwide): passes.
    expect(verdict('vendor-a', 'tenant-ma')).toMatchObject({ pass: true });
    expect(verdict('vendor-a', 'tenant-ma').reason).toContain('[checked against MA]');
    expect(verdict('vendor-a', 'tenant-tx')).toMatchObject({ pass: true });
    expect(verdict('vendor-a', 'tenant-tx').reason).toContain('[checked against TX]');
    // vendor-b sends the Boston tenant to the Texas courts, the Houston tenant to Massachusetts.
    expect(verdict('vendor-b', 'tenant-ma')).toMatchObject({ pass: false });
    expect(verdict('vendor-b', 'tenant-ma').codes).toContain('link.wrong-jurisdiction');
    expect(
      verdict('vendor-b', 'tenant-tx').codes.filter((code) => code === 'link.wrong-jurisdiction'),
    ).toHaveLength(2);
    expect(verdict('vendor-a', 'tenant-ma').codes).not.toContain('link.wrong-jurisdiction');
    // No jurisdiction on the row: nothing is checked, the same answer from both passes as before.
    for (const vendor of ['vendor-a', 'vendor-b']) {
      expect(verdict(vendor, 'tenant-any').pass).toBe(true);
      expect(verdict(vendor, 'tenant-any').reason).not.toContain('checked against');
    }

    const io = fakeIo();
    expect(await runCli(['report', output, '--format', 'json'], io)).toBe(0);
    const report = JSON.parse(io.out()) as {
      vendors: Array<{
        vendor: string;
        wrong_jurisdiction_links: { count: number; total: number; interval_95: [number, number] };
      }>;
    };
    const rate = (vendor: string) =>
      report.vendors.find((figures) => figures.vendor === vendor)!.wrong_jurisdiction_links;
    // Over the rows checked against a jurisdiction: vendor-a 0 of 5 links, vendor-b 3 of 4.
    expect(rate('vendor-a')).toMatchObject({ count: 0, total: 5 });
    expect(rate('vendor-b')).toMatchObject({ count: 3, total: 4 });
    expect(rate('vendor-b').interval_95[0]).toBeGreaterThan(0.25);

    const text = fakeIo();
    await runCli(['report', output], text);
    expect(text.out()).toMatch(/Wrong-jurisdiction/);
  });
});
