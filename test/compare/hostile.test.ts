import type { RecordedLink } from '../../src/format/verdict-schema.js';
import { describe, expect, it } from 'vitest';
import {
  compareVendors,
  highlightPieces,
  problemsOf,
  renderComparison,
  REPORT_FORMATS,
  type Problem,
  type VendorRow,
} from '../../src/compare/index.js';
import { LISTED_FINDINGS } from '../../src/defaults.js';
import { csvCell, escapeHtml, escapeXml, jsonDocument } from '../../src/format/escape.js';
import { formatStale } from '../../src/format/stale.js';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import { sampleAllowlist } from '../helpers/evals.js';
import type { StaleReport } from '../../src/stale.js';

// Hostile shapes for `report` (issue 28 items 9 and 11): an answer with far more problems than a
// person reads, and ids and provider labels holding control and bidirectional characters.

/** An answer of `count` invented links, one a line, each with its exact span. */
function manyLinks(count: number): { answer: string; links: RecordedLink[] } {
  const lines: string[] = [];
  const links: RecordedLink[] = [];
  let offset = 0;
  for (let index = 0; index < count; index += 1) {
    const url = `https://l${index}.invented.example/p`;
    const line = `See ${url} now.`;
    links.push({
      url,
      normalized: url,
      bucket: 'invented',
      score: 0,
      reason: 'not in the directory and its host does not resolve',
      start: offset + 4,
      end: offset + 4 + url.length,
    });
    lines.push(line);
    offset += line.length + 1;
  }
  return { answer: lines.join('\n'), links };
}

function row(vendor: string, test: string, answer: string, links: RecordedLink[]): VendorRow {
  return {
    vendor,
    test,
    testIdx: 0,
    promptIdx: 0,
    answer,
    verifier: { pass: false, score: 0, misattributed_phones: 0, links, phones: [] },
  };
}

describe('report on an answer with 20,000 invented links', () => {
  const COUNT = 20_000;
  const { answer, links } = manyLinks(COUNT);
  const comparison = compareVendors([row('vendor-a', 'q1', answer, links)], {
    source: 'results.json',
    mode: 'promptfoo',
  });
  const cap = LISTED_FINDINGS.text;
  const more = (COUNT - cap).toLocaleString('en-US');

  it('html marks and lists the first problems, then says how many more; the answer is quoted whole', () => {
    const html = renderComparison(comparison, 'html');
    expect(html.match(/<mark class="problem"/g)).toHaveLength(cap);
    expect(html.match(/<li><strong>invented link<\/strong>/g)).toHaveLength(cap);
    expect(html).toContain(`… and ${more} more problems`);
    expect(html).toContain('l19999.invented.example');
    // Bounded by the answer, not by answer × problems: every problem listed made it ~100 MB.
    expect(html.length).toBeLessThan(answer.length + cap * 600 + 20_000);
  });

  it('text and markdown list the same first problems and the same count', () => {
    for (const format of ['text', 'markdown'] as const) {
      const out = renderComparison(comparison, format);
      expect(out.match(/invented link/g)).toHaveLength(cap);
      expect(out).toContain(`… and ${more} more problems`);
    }
  });

  it('highlightPieces gives the answer back unchanged and marks every exact span', () => {
    // The problems `report` highlights, from the function it takes them from; each must be the
    // link at the span `manyLinks` wrote it at, in the answer's order.
    const problems = problemsOf(row('vendor-a', 'q1', answer, links).verifier!);
    expect(problems).toHaveLength(COUNT);
    expect(
      problems.every((p, i) => answer.slice(p.start, p.end) === p.text && p.text === links[i]!.url),
    ).toBe(true);
    // Shuffled, with a copy of each span that overlaps it (the longer, earlier one wins).
    const input = [...problems]
      .reverse()
      .concat(problems.map((p) => ({ ...p, end: p.end - 1, text: p.text.slice(0, -1) })));
    const pieces = highlightPieces(answer, input);
    expect(pieces.map((piece) => piece.text).join('')).toBe(answer);
    const marked = pieces.filter((piece) => piece.problem !== undefined);
    expect(marked).toHaveLength(COUNT);
    expect(marked.every((piece) => piece.text === piece.problem!.text)).toBe(true);
  });

  it('an untrusted span goes to the first free occurrence of its text', () => {
    const text = 'a.example b a.example c a.example';
    const at = (start: number): Problem => ({
      kind: 'link',
      text: 'a.example',
      normalized: 'a.example',
      bucket: 'invented',
      reason: 'r',
      start,
      end: start + 9,
    });
    // Trusted at 12; two stale spans (-1) take the first and the third occurrence.
    const pieces = highlightPieces(text, [at(12), at(-1), at(-1), at(-1)]);
    expect(
      pieces.filter((piece) => piece.problem).map((piece) => text.indexOf(piece.text)),
    ).toEqual([0, 0, 0]);
    const starts: number[] = [];
    let cursor = 0;
    for (const piece of pieces) {
      if (piece.problem) starts.push(cursor);
      cursor += piece.text.length;
    }
    expect(starts).toEqual([0, 12, 24]);
  });
});

// Every character `printable` shows as an escape: C0 (not tab or newline), DEL, C1, bidi controls.
const CONTROLS = ['\u0007', '\u001b', '\u007f', '\u009b', '\u202e', '\u2066', '\u200f', '\u061c'];
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('ids and providers with control and bidi characters', () => {
  const vendor = `vendor${CONTROLS.join('')}x`;
  const test = `q\u202e1txt.exe\u001b]8;;https://evil.example\u0007`;
  const { answer, links } = manyLinks(2);

  it.each(REPORT_FORMATS)('report --format %s writes none of them raw', (format) => {
    const comparison = compareVendors([row(vendor, test, answer, links)], {
      source: 'results.json',
      mode: 'promptfoo',
    });
    const out = renderComparison(comparison, format);
    expect(out).not.toMatch(RAW);
    expect(out).toMatch(/\\u202e/i);
  });

  it('JSON keeps the same strings for a parser', () => {
    const value = { vendor, test };
    const text = jsonDocument(value);
    expect(text).not.toMatch(RAW);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('stale --format csv, json and junit write none of them raw', () => {
    const entry = {
      url: `https://x.example/${CONTROLS[4]}`,
      normalized: 'https://x.example/',
      kind: 'broken' as const,
      outcome: {
        kind: 'broken' as const,
        status: 404,
        finalUrl: 'https://x.example/',
        reason: `gone ${CONTROLS.join('')}`,
      },
      foundIn: [`answers.jsonl line 1 (id ${test})`],
    };
    const report: StaleReport = {
      checked: 1,
      counts: { live: 0, broken: 1, invented: 0, inconclusive: 0, moved: 0 },
      links: [entry],
      stale: [entry],
      interrupted: false,
    };
    for (const format of ['csv', 'json', 'junit'] as const) {
      const out = formatStale(report, format);
      expect(out, format).not.toMatch(RAW);
      expect(out, format).toMatch(/\\u202e/i);
    }
  });

  it('one escaper per kind, each showing the characters and escaping its own syntax', () => {
    expect(escapeHtml('<a>\u202e&"\'')).toBe('&lt;a&gt;\\u202E&amp;&quot;&#39;');
    expect(escapeXml('<a>\u0001&"\uffff')).toBe('&lt;a&gt;\\x01&amp;&quot;');
    expect(csvCell('=cmd\u202e')).toBe("'=cmd\\u202E");
    expect(csvCell('a,"b"\n')).toBe('"a,""b""\n"');
    expect(escapeHtml('line one\r\nline two')).toBe('line one\nline two');
  });
});

describe('check --format json', () => {
  it('writes the answer’s control and bidi characters as escapes, the same strings for a parser', async () => {
    const answer = `See https://x1.invalid/p\u202e now \u001b[2J.`;
    for (const extra of [[], ['--fix']]) {
      const io = fakeIo({ stdin: answer });
      await runCli(
        ['check', '--allowlist', sampleAllowlist, '--format', 'json', ...extra, '-'],
        io,
      );
      expect(io.out()).not.toMatch(RAW);
      expect(io.out()).toMatch(/\\u202e/i);
      expect(() => JSON.parse(io.out())).not.toThrow();
    }
  });
});
