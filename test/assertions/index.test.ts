import { describe, expect, it } from 'vitest';
import {
  buildAllowlist,
  compareVendors,
  findStaleLinks,
  indexOf,
  parseAnswersJsonl,
  parseCsvText,
  renderComparison,
  rowsFromAnswers,
  staleFailed,
  summaryLine,
  verdictOf,
  verifyAnswer,
} from '../../assertions/index.js';
import { startHttpServer } from '../helpers/http-server.js';

/**
 * The package root as a library: each job a command does is a typed call there, the way the
 * README's library section shows it (build an allowlist, verify, find stale links, compare).
 */
const CSV =
  'Name,Website,Phone\nChelsea District Court,https://www.mass.gov/locations/chelsea-district-court,617-660-9200\n';

describe('the package root', () => {
  it('builds an allowlist from CSV text, verifies with it, and compares vendors', async () => {
    const { allowlist, warnings } = buildAllowlist([parseCsvText(CSV, 'directory.csv')], {
      columns: { org: 'Name', urls: ['Website'], phones: ['Phone'], aliases: [], domains: [] },
    });
    expect(warnings).toEqual([]);
    expect(allowlist.orgPhones).toEqual({ 'Chelsea District Court': ['+16176609200'] });

    const index = await indexOf({
      inline: {
        urls: allowlist.urls,
        domains: allowlist.domains,
        org_names: allowlist.orgNames,
        org_phones: allowlist.orgPhones,
      },
    });
    const wrong = verifyAnswer('Call the Chelsea District Court at (617) 555-0100.', index, {
      failOnMisattribution: true,
    });
    expect(summaryLine(wrong)).toMatch(/^FAIL: score 0\.7 > threshold 0\.4/);

    const lines = parseAnswersJsonl(
      [
        '{"provider": "a", "id": "q1", "answer": "Call the Chelsea District Court at 617-660-9200."}',
        '{"provider": "b", "id": "q1", "answer": "See https://example.com/court."}',
      ].join('\n'),
      'answers.jsonl',
    );
    const comparison = compareVendors(
      rowsFromAnswers(lines, ({ answer }) => verdictOf(verifyAnswer(answer, index))),
      { source: 'answers.jsonl', mode: 'answers' },
    );
    expect(comparison.vendors.map((vendor) => vendor.vendor)).toEqual(['a', 'b']);
    expect(renderComparison(comparison, 'markdown')).toContain('| a |');
  });

  it('finds stale directory links', async () => {
    const server = await startHttpServer({ '/gone': { status: 404 } });
    const url = `http://gone.test:${server.port}/gone`;
    const report = await findStaleLinks({
      allowlist: (
        await indexOf({ inline: { urls: [url], domains: [], org_names: [], org_phones: {} } })
      ).allowlist,
      liveness: {
        resolve: { 'gone.test': '127.0.0.1' },
        allowPrivateNetworks: true,
        networkProbe: false,
      },
    });
    await server.close();
    expect(report.stale.map((entry) => entry.outcome.kind)).toEqual(['broken']);
    expect(staleFailed(report)).toBe(true);
  });
});
