import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLAIM_CLASSIFICATIONS } from '../src/chunks/types.js';
import {
  ACTION_CODES,
  CLAIM_CODES,
  CORRECTION_CODES,
  LINK_CODES,
  PHONE_CODES,
} from '../src/codes.js';
import { loadAllowlistIndex } from '../src/match/index.js';
import { LINK_BUCKETS, PHONE_STATUSES } from '../src/types.js';
import { verifyAnswer } from '../src/verify.js';
import { codeGoesWith } from './helpers/codes.js';
import { sampleRows } from './helpers/sample.js';

const TABLES = [
  ['link', LINK_CODES, LINK_BUCKETS],
  ['phone', PHONE_CODES, PHONE_STATUSES],
  ['correction', CORRECTION_CODES, ['replace', 'remove', 'review']],
  ['action', ACTION_CODES, ['pass', 'repair', 'review', 'retry', 'refuse']],
  ['claim', CLAIM_CODES, CLAIM_CLASSIFICATIONS],
] as const;

const kebab = (outcome: string): string => outcome.replace(/_/g, '-');

describe('the codes (src/codes.ts)', () => {
  it.each(TABLES)(
    '%s: each code goes with real outcomes, and each outcome has a code',
    (what, table, outcomes) => {
      const entries: Array<[string, string | readonly string[]]> = Object.entries(table);
      for (const [code, entry] of entries) {
        expect(code.startsWith(`${what}.`), code).toBe(true);
        for (const outcome of [entry].flat()) expect(outcomes, code).toContain(outcome);
      }
      for (const outcome of outcomes)
        expect(
          entries.some(([, entry]) => codeGoesWith(entry, outcome)),
          outcome,
        ).toBe(true);
    },
  );

  it.each(TABLES.filter(([what]) => what !== 'phone' && what !== 'link'))(
    '%s: a code names its outcome right after what was judged',
    (_what, table) => {
      for (const [code, entry] of Object.entries(table) as Array<[string, string]>)
        expect(code.split('.')[1], code).toBe(kebab(entry).replace(/-claim$/, ''));
    },
  );

  it('docs/CODES.md says what every code means, with its outcomes, and lists no other', () => {
    const doc = readFileSync(new URL('../docs/CODES.md', import.meta.url), 'utf8');
    const listed = [...doc.matchAll(/^\| `([a-z-]+\.[a-z.-]+)` \| (.+?) \| (.+) \|$/gm)].map(
      ([, code, outcomes, means]) => [code, outcomes, means !== undefined && means.length > 10],
    );
    const all = TABLES.flatMap(([, table]) =>
      Object.entries(table).map(([code, entry]) => [
        code,
        [entry]
          .flat()
          .map((outcome) => `\`${outcome}\``)
          .join(', '),
        true,
      ]),
    );
    expect(listed).toEqual(all);
  });
});

describe('every verdict on the bundled sample carries a code of its outcome', () => {
  it('links and numbers, and their corrections', async () => {
    const index = await loadAllowlistIndex(
      fileURLToPath(new URL('../sample-allowlist/allowlist.json', import.meta.url)),
    );
    const reports = sampleRows().map((row) => verifyAnswer(row.answer, index));
    const seen = new Set<string>();
    for (const report of reports) {
      for (const link of report.links) {
        expect(codeGoesWith(LINK_CODES[link.code], link.bucket), link.code).toBe(true);
        seen.add(link.code);
      }
      for (const phone of report.phones) {
        expect(codeGoesWith(PHONE_CODES[phone.code], phone.status), phone.code).toBe(true);
        seen.add(phone.code);
      }
      for (const { correction } of [...report.links, ...report.phones])
        if (correction)
          expect(codeGoesWith(CORRECTION_CODES[correction.code], correction.action)).toBe(true);
    }
    // Real material reaches many rules, not one code per outcome.
    expect(seen.size).toBeGreaterThan(8);
  });
});
