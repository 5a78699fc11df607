import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixJson } from '../../src/format/repair.js';
import { toJson } from '../../src/format/formatters.js';
import { loadAllowlistIndex, type AllowlistIndex } from '../../src/match/index.js';
import { guardAnswer } from '../../src/repair/index.js';
import { guardWithIndex } from '../../src/run.js';
import { type KnownLinks, verifyAnswer } from '../../src/verify.js';

const SAMPLE = fileURLToPath(new URL('../../sample-allowlist/allowlist.json', import.meta.url));
let index: AllowlistIndex;
beforeAll(async () => {
  index = await loadAllowlistIndex(SAMPLE);
});

// Links of every kind the verifier tells apart (sample-allowlist/allowlist.json: the MA courts),
// written so that the verdicts differ: listed, a registered .gov domain, a lookalike, an
// unregistered .gov, a label showing another site, a label showing its own, a hidden host, a
// placeholder, unknown.
const LINKS = [
  'https://www.mass.gov/locations/brookline-district-court',
  'https://www.mass.gov/some/other/page',
  'https://mass-gov.org/courts',
  'https://masscourts.gov/x',
  '[www.mass.gov](https://tenant-help-network.org/chelsea)',
  '[tenant-help-network.org](https://tenant-help-network.org/brookline)',
  'https://www.mass.gov@evil.example/login',
  'https://www.example.com/tenants',
  'https://tenant-help-network.org/guide',
];

const ANSWERS = [
  '### Brookline District Court\n\n- Phone: 617-660-9200\n- Website: https://mass.gov.brookline-court.org/x\n- Hours: 8:30 to 4:30\n\n### Housing help\n\n- Tenant guide: https://www.example.com/tenants\n- Or call 211.',
  '| Court | Phone | Website |\n| --- | --- | --- |\n| Chelsea District Court | (617) 232-4660 | https://www.example.com/chelsea |\n| Brookline District Court | (617) 232-4660 | https://www.mass.gov/locations/brookline-district-court |',
  'For an eviction, call the Eastern Housing Court at (617) 660-9200 or visit https://mass-gov.org/housing. The Chelsea District Court is at https://www.mass.gov/locations/chelsea-district-court.',
  `Some places to look: ${LINKS.join(', ')}. Call the Brookline District Court at (617) 232-4660.`,
  'Nothing to check here, and nothing to repair.',
];

describe('known links: a verdict reused only for a link written the same way', () => {
  it('gives each link at its new place the verdict a fresh verification gives', () => {
    const known: KnownLinks = new Map();
    const first = `Links: ${LINKS.join(' and ')}.`;
    verifyAnswer(first, index, { known });
    expect(known.size).toBe(LINKS.length);
    // The same links, moved and in another order, between other words.
    const moved = `Start here.\n\n${[...LINKS].reverse().join('\n\nThen ')}\n\nThe end.`;
    const reused = verifyAnswer(moved, index, { known });
    expect(reused).toEqual(verifyAnswer(moved, index));
    // The buckets really differ, so a wrong reuse would show.
    expect(new Set(reused.links.map((link) => link.bucket)).size).toBeGreaterThan(2);
    expect(known.size).toBe(LINKS.length);
  });

  it('judges a link again when its text differs, though its address is the same', () => {
    const known: KnownLinks = new Map();
    const link = 'https://tenant-help-network.org/x';
    const shown = verifyAnswer(`See [www.mass.gov](${link}).`, index, { known });
    const plain = verifyAnswer(`See [tenant-help-network.org](${link}).`, index, { known });
    expect(shown.links[0]!.bucket).toBe('invented');
    expect(plain.links[0]!.bucket).toBe('unverified');
    expect(known.size).toBe(2);
  });

  it('leaves the guardrail verdicts and repairs as a verifier without them gives', async () => {
    for (const text of ANSWERS) {
      const options = { threshold: 0.4, liveness: false as const };
      const reused = await guardWithIndex(index, text, options);
      // Every text verified from scratch: a string in, no known links.
      const fresh = await guardAnswer(text, verifyAnswer(text, index, options), (again) =>
        verifyAnswer(again.text, index, options),
      );
      expect(toJson(reused.report)).toEqual(toJson(fresh.report));
      expect(fixJson(text, reused.report, reused.repair)).toEqual(
        fixJson(text, fresh.report, fresh.repair),
      );
    }
  });
});
