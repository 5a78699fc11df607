import { describe, expect, it } from 'vitest';
import verifyCitations from '../../assertions/verify-citations.js';
import { resolveSettings } from '../../src/promptfoo/settings.js';

const allowlist = { urls: [], domains: ['mass.gov'], org_names: [], org_phones: {} };

describe('the assertion: jurisdiction from the row, the config, or nowhere', () => {
  it.each([
    [{ allowlist }, {}, undefined],
    [{ allowlist, jurisdiction: 'Massachusetts' }, {}, 'MA'],
    [{ allowlist, jurisdiction: 'MA' }, { jurisdiction: 'tx' }, 'TX'],
    [{ allowlist, jurisdiction: 'MA' }, { jurisdiction: '' }, 'MA'],
    [{ allowlist, jurisdictionVar: 'state' }, { state: 'New Hampshire', jurisdiction: 'TX' }, 'NH'],
  ])('config %j, vars %j → %s', async (config, vars, expected) => {
    expect((await resolveSettings(config, {}, '/', { vars })).jurisdiction).toBe(expected);
  });

  it('a bad row value is a failing result naming the variable, never a throw', async () => {
    const result = await verifyCitations('See https://www.mass.gov/courts.', {
      config: { allowlist, jurisdictionVar: 'state' },
      vars: { state: 'Mass' },
    });
    expect(result).toMatchObject({ pass: false, score: 0 });
    expect(result.reason).toContain('vars.state: "Mass" is not a jurisdiction');
  });

  it('checks the row against its variable', async () => {
    const tx = await verifyCitations('See https://www.mass.gov/courts.', {
      config: { allowlist },
      vars: { jurisdiction: 'TX' },
    });
    expect(tx.pass).toBe(false);
    expect(tx.reason).toContain(
      'listed in the directory, but mass.gov serves MA (the .gov registry',
    );
  });
});
