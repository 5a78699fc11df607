import { describe, expect, it } from 'vitest';
import { bareOrgName, otherForms } from '../../src/normalize/bare-names.js';

describe('bareOrgName: the name without its legal form and article', () => {
  it.each([
    ['Community Law Center, Inc.', 'Community Law Center'],
    ['Arc of Baltimore, The', 'Arc of Baltimore'],
    ['The Arc', 'Arc'],
    ['Legal Aid Society LLC', 'Legal Aid Society'],
    ['Smith & Co.', 'Smith'],
    ['Tenant Advocacy P.L.L.C.', 'Tenant Advocacy'],
    ['THE HOUSING CENTER, INCORPORATED', 'HOUSING CENTER'],
    ['Acme Corp, The', 'Acme'],
    ['Law  Inc', 'Law'],
  ])('%s → %s', (name, bare) => {
    expect(bareOrgName(name)).toBe(bare);
  });

  it.each([['Tenant Union'], ['Town of Theresa'], ['Inc.'], ['The'], ['Disco'], ['']])(
    'leaves %j alone: nothing to strip, or nothing left',
    (name) => {
      expect(bareOrgName(name)).toBeNull();
    },
  );

  it('gives the bare name and an acronym’s two parts as other forms, none for a plain name', () => {
    expect(otherForms('SARC: Sexual Assault Resource Center, Inc')).toEqual([
      'SARC: Sexual Assault Resource Center',
      'Sexual Assault Resource Center',
      'SARC',
    ]);
    expect(otherForms('Greater Boston Legal Services')).toBeUndefined();
  });
});
