import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSample, SAMPLE_DIR } from '../../scripts/build-sample.js';
import { loadAllowlist } from '../../src/allowlist/load.js';
import { MA_COURTS } from './helpers.js';

describe('sample-allowlist/allowlist.json', () => {
  it('equals a fresh build from sample-allowlist/directory.csv and aliases.csv (run `npm run build:sample` if not)', async () => {
    const committed = await readFile(join(SAMPLE_DIR, 'allowlist.json'), 'utf8');
    const fresh = await buildSample();
    expect(committed).toBe(fresh.text);
  });

  it('is built from the MA courts directory as published', async () => {
    const [sample, fixture] = await Promise.all([
      readFile(join(SAMPLE_DIR, 'directory.csv')),
      readFile(join(MA_COURTS, 'ma-courts-directory.csv')),
    ]);
    expect(Buffer.compare(sample, fixture)).toBe(0);
  });

  it('loads in the verifier: 172 courts, exact URLs only, no fax numbers, the aliases merged', async () => {
    const allowlist = await loadAllowlist(join(SAMPLE_DIR, 'allowlist.json'));
    expect(allowlist.orgNames).toHaveLength(172);
    expect(allowlist.domains).toEqual([]);
    // Brighton Division's fax, (617) 254-2127, is nobody's phone.
    expect(Object.values(allowlist.orgPhones).flat()).not.toContain('+16172542127');
    expect(allowlist.orgAliases['Supreme Judicial Court']).toEqual([
      'Massachusetts Supreme Judicial Court',
      'SJC',
    ]);
    expect(allowlist.orgPhones['Supreme Judicial Court']).toEqual(['+16175571000']);
  });

  it('builds without warnings', async () => {
    const fresh = await buildSample();
    expect(fresh.directory.warnings).toEqual([]);
    expect(fresh.aliases.warnings).toEqual([]);
    expect(fresh.aliases.summary.organizations).toBe(fresh.directory.summary.organizations);
  });
});
