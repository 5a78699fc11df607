import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildAllowlist, renderAllowlist } from '../../builders/build.js';
import { readDirectoryExport } from '../../builders/directory-files.js';
import type { Directory } from '../../builders/directory.js';
import { parseAllowlist } from '../../src/allowlist/schema.js';
import { buildIndex } from '../../src/match/index.js';
import { verifyAnswer } from '../../src/verify.js';
import { thrown } from './helpers.js';

const ICAROL = fileURLToPath(new URL('../fixtures/icarol/', import.meta.url));

async function shapedIcarol() {
  const directory = (await readDirectoryExport(
    join(ICAROL, 'shaped-icarol.csv'),
    'shaped-icarol.csv',
  )) as Directory;
  // Through the file text, as the verifier loads it.
  const text = renderAllowlist(buildAllowlist(directory).allowlist);
  return { text, index: buildIndex(parseAllowlist(JSON.parse(text), 'allowlist.json')) };
}

describe('phone kinds from an export reach the allowlist and the verdict', () => {
  it('keeps each number kind, a fax and a TTY listed only there', async () => {
    const { text } = await shapedIcarol();
    const file = JSON.parse(text) as Record<string, unknown>;
    expect(file.phone_kinds).toEqual({
      'Harbor Legal Aid': {
        '+16175550108': 'TTY',
        '+16175550109': 'fax',
        '+18005550199': 'toll free',
      },
      'Valley Food Network': { '+14135550121': 'hotline' },
    });
    const phones = (file.org_phones as Record<string, string[]>)['Harbor Legal Aid'];
    expect(phones).not.toContain('+16175550109');
    expect(phones).not.toContain('+16175550108');
  });

  it.each([
    [
      'a fax offered as the number to call',
      'Call Harbor Legal Aid at (617) 555-0109.',
      'misattributed',
      'the directory lists it as its fax line, not a number to call',
    ],
    [
      'the fax, labelled as one',
      'Harbor Legal Aid: phone (617) 555-0100, fax (617) 555-0109.',
      'verified',
      'is listed as the fax line of Harbor Legal Aid, as the answer labels it',
    ],
    [
      'the TTY, labelled as one',
      'Deaf callers can reach Harbor Legal Aid by TTY at (617) 555-0108.',
      'verified',
      'is listed as the TTY line of Harbor Legal Aid',
    ],
    [
      "another body's fax labelled as this one's",
      'Harbor Legal Aid: phone (617) 555-0100, fax (413) 555-0121.',
      'known',
      'fax line of Harbor Legal Aid',
    ],
  ])('%s', async (_name, answer, status, reason) => {
    const { index } = await shapedIcarol();
    // The number the case is about is the answer's last.
    const last = verifyAnswer(answer, index).phones.at(-1)!;
    expect([last.status, last.reason]).toEqual([status, expect.stringContaining(reason)]);
  });

  it('refuses a kind the allowlist does not know, at its path', () => {
    const error = thrown(() =>
      parseAllowlist(
        {
          urls: [],
          domains: [],
          org_names: ['A'],
          org_phones: {},
          phone_kinds: { A: { '(617) 555-0100': 'beeper' } },
        },
        'allowlist.json',
      ),
    );
    expect(error.message).toContain('phone_kinds');
    expect(error.message).toContain('"beeper" is not a kind of line');
  });
});
