import { describe, expect, it } from 'vitest';
import { editDistance } from '../../src/util/strings.js';
import { findLookalike } from '../../src/match/lookalike.js';
import { buildLookalikeIndex } from '../../src/match/lookalike-index.js';
import { growth } from '../helpers/growth.js';

const index = buildLookalikeIndex([
  'mass.gov',
  'masslegalhelp.org',
  'lawhelp.org',
  'texaslawhelp.org',
  'gbls.org',
  'nolo.com',
  'cls.org',
  'courts.ca.gov',
]);

describe('findLookalike: hosts that imitate a directory domain', () => {
  it.each([
    ['one deletion', 'maslegalhelp.org', 'masslegalhelp.org'],
    ['one insertion', 'masslegallhelp.org', 'masslegalhelp.org'],
    ['one substitution', 'masslegalhelb.org', 'masslegalhelp.org'],
    ['one transposition', 'masslegalhlep.org', 'masslegalhelp.org'],
    ['two insertions (long name)', 'massslegalhelpp.org', 'masslegalhelp.org'],
    ['insertion and substitution (long name)', 'masslegalhelbs.org', 'masslegalhelp.org'],
    ['two substitutions (long name)', 'nasslegalhelq.org', 'masslegalhelp.org'],
    ['two deletions (long name)', 'maslegalhlp.org', 'masslegalhelp.org'],
    ['digit for letter', 'lawhe1p.org', 'lawhelp.org'],
    ['zero for o in a short name', 'n0lo.com', 'nolo.com'],
    ['one for l in a short name', 'gb1s.org', 'gbls.org'],
    ['rn for m', 'rnasslegalhelp.org', 'masslegalhelp.org'],
    ['Cyrillic а', 'xn--mss-6cd.gov', 'mass.gov'],
    ['same name, other TLD', 'lawhelp.net', 'lawhelp.org'],
    ['same name, country suffix', 'gbls.co.uk', 'gbls.org'],
    ['buried as a subdomain', 'mass.gov.help-center.com', 'mass.gov'],
    ['buried after another label', 'www.lawhelp.org.evil.net', 'lawhelp.org'],
    ['dot as hyphen', 'mass-gov.com', 'mass.gov'],
    ['dot dropped', 'massgov.net', 'mass.gov'],
  ])('%s: %s imitates %s', (_name, host, of) => {
    expect(findLookalike(host, index)?.of).toBe(of);
  });

  it('says how', () => {
    expect(findLookalike('lawhellp.org', index)?.how).toBe(
      'is 1 edit away from the directory domain lawhelp.org',
    );
    expect(findLookalike('massslegalhelpp.org', index)?.how).toBe(
      'is 2 edits away from the directory domain masslegalhelp.org',
    );
  });
});

describe('findLookalike: hosts that are NOT lookalikes', () => {
  it.each([
    ['a directory domain itself', 'lawhelp.org'],
    ['a subdomain of a directory domain', 'courts.mass.gov'],
    ['a sister site two edits from a short name', 'lawhelpmn.org'],
    ['another sister site', 'lawhelpny.org'],
    ['a short unrelated name one edit away', 'cis.org'],
    ['short names differ by one letter', 'gbis.org'],
    ['a short name under another TLD (under four letters)', 'cls.com'],
    ['an unrelated name', 'tenantrights.org'],
    ['a name containing a directory name', 'masslegalhelpers-network.org'],
    ['the registrable domain of a directory host', 'ca.gov'],
    ['directory labels in the wrong order', 'gov.mass.evil.com'],
    ['three edits away', 'maslegalhelpxyz.org'],
    // Edits are counted within one suffix: another suffix is another registry and another owner.
    ['two edits under another suffix', 'masslegalhelpp.com'],
    ['one edit under another suffix', 'lawhelpp.net'],
  ])('%s: %s', (_name, host) => {
    expect(findLookalike(host, index)).toBeNull();
  });
});

describe('editDistance (optimal string alignment)', () => {
  it.each([
    ['lawhelp', 'lawhelp', 2, 0],
    ['lawhelp', 'lawhlep', 2, 1],
    ['lawhelp', 'lawhellp', 2, 1],
    ['lawhelp', 'lawhel', 2, 1],
    ['lawhelp', 'lawhelpmn', 2, 2],
    ['lawhelp', 'xyz', 2, 3],
    ['abc', 'abcdef', 1, 2],
  ])('%s → %s within %d = %d', (a, b, limit, expected) => {
    expect(editDistance(a, b, limit)).toBe(expected);
  });
});

describe('findLookalike: cost does not grow with the directory', () => {
  it('200 lookups against 50,000 domains take under 4 times as long as against 6,250', () => {
    const [small, large] = [1, 8].map((scale) =>
      buildLookalikeIndex(
        Array.from({ length: 6_250 * scale }, (_, k) => `tenant-union-${k.toString(36)}.org`),
      ),
    );
    const lookups = (index: ReturnType<typeof buildLookalikeIndex>) => {
      for (let k = 0; k < 200; k++) findLookalike(`tenant-unoin-${k.toString(36)}.org`, index);
    };
    expect(findLookalike('tenant-unoin-1.org', large!)?.of).toBe('tenant-union-1.org');
    // A scan of every domain takes 8 times as long; the index's candidates barely grow.
    const directory = (scale: number) => (scale === 1 ? small! : large!);
    expect(growth(directory, lookups, { factor: 8, limit: 4 })).toBeLessThan(4);
  });
});
