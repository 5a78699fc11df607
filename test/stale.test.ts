import { describe, expect, it } from 'vitest';
import { parseAllowlist } from '../src/allowlist/schema.js';
import type { LinkChecker, LivenessOutcome } from '../src/liveness/types.js';
import { findStaleLinks } from '../src/stale.js';
import { LINK_SEVERITY } from '../src/types.js';
import { startHttpServer } from './helpers/http-server.js';

/** `findStaleLinks`, the library function behind `stale` (its command is tested in test/cli/). */

const allowlist = (urls: string[]) =>
  parseAllowlist({ urls, domains: [], org_names: [], org_phones: {} }, 'allowlist.json');

describe('findStaleLinks', () => {
  it('lists the dead links in the one severity order check uses: invented before broken', async () => {
    const server = await startHttpServer({ '/gone': { status: 404 } });
    const report = await findStaleLinks({
      allowlist: allowlist([`http://gone.test:${server.port}/gone`]),
      // A placeholder host: invented by the offline rules, never fetched.
      answers: [{ text: 'See https://example.com/forms.', where: 'answers.jsonl line 1' }],
      liveness: {
        resolve: { 'gone.test': '127.0.0.1' },
        allowPrivateNetworks: true,
        networkProbe: false,
      },
    });
    const kinds = report.stale.map((entry) => entry.outcome.kind);
    expect(kinds).toEqual(['invented', 'broken']);
    expect(kinds).toEqual(LINK_SEVERITY.filter((bucket) => kinds.includes(bucket as never)));
  });

  it('asks whether the network is down on the outcome’s mark, whatever its words say', async () => {
    let asked = 0;
    // Words that do not say "network unavailable" (a reworded or translated reason): only the
    // mark tells stale to ask the probe.
    const down: LivenessOutcome = {
      kind: 'inconclusive',
      error: 'ENOTFOUND',
      networkUnavailable: true,
      reason: 'le réseau ne répond pas',
    };
    const checker: LinkChecker = {
      check: async () => down,
      networkDown: async () => {
        asked++;
        return 'the probe https://probe.test/ failed (ENOTFOUND)';
      },
      close: async () => undefined,
    };
    const report = await findStaleLinks({
      allowlist: allowlist(['https://a.test/x', 'https://b.test/y']),
      checker,
    });
    expect(asked).toBe(1);
    expect(report.networkUnavailable).toBe('the probe https://probe.test/ failed (ENOTFOUND)');
  });

  it('does not ask about the network for an inconclusive link without the mark', async () => {
    let asked = 0;
    const checker: LinkChecker = {
      check: async () => ({
        kind: 'inconclusive',
        status: 403,
        reason: 'network unavailable: words alone, from a server page',
      }),
      networkDown: async () => {
        asked++;
        return 'down';
      },
      close: async () => undefined,
    };
    const report = await findStaleLinks({ allowlist: allowlist(['https://a.test/x']), checker });
    expect(asked).toBe(0);
    expect(report.networkUnavailable).toBeUndefined();
  });
});
