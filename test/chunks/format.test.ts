import { describe, expect, it } from 'vitest';
import { buildChunkAudit } from '../../src/chunks/audit.js';
import { checkChunkCitations } from '../../src/chunks/check.js';
import { formatChunkAuditText } from '../../src/chunks/format.js';
import { parseChunks } from '../../src/chunks/parse.js';

const CHUNKS = parseChunks([
  'Tenants have 14 days to respond. The fee is $1,200.',
  'Notice is written.',
]);

function auditOf(answer: string) {
  const report = checkChunkCitations(answer, CHUNKS);
  return { audit: buildChunkAudit(report), pass: report.pass };
}

describe('formatChunkAuditText', () => {
  it('shows the summary, then each claim with why, fix, overlap and passage', () => {
    const { audit, pass } = auditOf('Tenants have 14 days to respond [1]. The fee is $900 [1].');
    const text = formatChunkAuditText(audit, pass);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^chunk citations: FAIL — 2 cited claims: 1 verbatim, .* 1 failed/);
    expect(lines[1]).toBe(
      'support: 1 supported, 1 unsupported, 0 contradicted, 0 partial, 0 not verified',
    );
    expect(lines[3]).toMatch(/^#\s+cites\s+classification\s+claim$/);
    expect(text).toMatch(/^1 {2}\[1\] {4}exact_match {8}Tenants have 14 days to respond \[1\]\.$/m);
    expect(text).toMatch(/^2 {2}\[1\] {4}unsupported_claim {2}The fee is \$900 \[1\]\.$/m);
    expect(text).toMatch(/^ {3}why: .*\$900/m);
    expect(text).toMatch(/^ {3}fix: /m);
    expect(text).toMatch(/^ {3}overlap: 1\/2 content words in chunk 1$/m);
    expect(text).toMatch(/^ {3}passage: “The fee is \$1,200\.”$/m);
  });

  it('says so when there is nothing to check', () => {
    const { audit, pass } = auditOf('Nothing here cites a chunk.');
    expect(formatChunkAuditText(audit, pass)).toMatch(/\(no claims to check\)\n$/);
  });

  it('formats 150,000 claims (the column widths were a spread that overflowed the stack)', () => {
    // Issue 28: `check --chunks` died at 130,000 claims in `Math.max(...widths)`. The rows are
    // copies of one checked claim, so the test costs the formatting only.
    const { audit } = auditOf('Tenants have 14 days to respond [1].');
    const row = audit.citation_audit[0]!;
    const big = { ...audit, citation_audit: Array.from({ length: 150_000 }, () => row) };
    const text = formatChunkAuditText(big, true);
    expect(text).toContain('\n150000  [1]    exact_match');
    expect(text.endsWith('passage: “Tenants have 14 days to respond.”\n')).toBe(true);
  });
});
