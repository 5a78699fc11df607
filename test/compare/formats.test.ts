import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllowlistIndex } from '../../src/match/index.js';
import { readPromptfooResults } from '../../src/promptfoo/results.js';
import {
  compareVendors,
  parseAnswersJsonl,
  renderComparison,
  rowsFromAnswers,
  verdictOf,
  type VendorComparison,
} from '../../src/compare/index.js';
import { comparisonToHtml, REPORT_CSP } from '../../src/compare/format-html.js';
import { comparisonToJson } from '../../src/compare/format-json.js';
import { comparisonToMarkdown } from '../../src/compare/format-markdown.js';
import { comparisonToText } from '../../src/compare/format-text.js';
import { fromPromptfooRow } from '../../src/promptfoo/rows.js';
import { codeSpan, escapeMarkdown } from '../../src/format/escape.js';
import { alignTable } from '../../src/compare/format-text.js';
import { verifyAnswer } from '../../src/verify.js';
import { evalWithUnknownId, sampleAllowlist, sampleAnswers } from '../helpers/evals.js';

/**
 * Every format over two real comparisons: the eval with a judge and errored rows (see
 * promptfoo-results.test.ts for its figures: per vendor 2 rows, 1 answer, 1 error; vendor-b's
 * eviction-boston answer is convincing but wrong), and the sample answers verified from JSONL
 * (no judge; 4 failed answers).
 */
let judged: VendorComparison;
let answers: VendorComparison;

beforeAll(async () => {
  const path = await evalWithUnknownId();
  judged = compareVendors(
    (await readPromptfooResults(path)).map((row) => fromPromptfooRow(row, path)),
    { source: 'results.json', mode: 'promptfoo' },
  );
  const index = await loadAllowlistIndex(sampleAllowlist);
  answers = compareVendors(
    rowsFromAnswers(
      parseAnswersJsonl(readFileSync(sampleAnswers, 'utf8'), 'answers.jsonl'),
      ({ answer }) => verdictOf(verifyAnswer(answer, index)),
    ),
    {
      source: 'answers.jsonl',
      mode: 'answers',
    },
  );
}, 120_000);

describe('text', () => {
  it('aligns the vendor table: every line of a table has its columns at the same offsets', () => {
    const text = comparisonToText(answers);
    const lines = text.split('\n');
    // The vendor table's rule: Vendor, then Answers (the dead-end table comes first).
    const rule = lines.findIndex((line) => line.startsWith('--------  -------  '));
    const table = lines.slice(rule - 2, rule + 4);
    // The rule's dashes mark each column; every cell ends (numbers) or starts (names) on them.
    const columns = [...lines[rule]!.matchAll(/-+/g)].map(
      (match) => [match.index, match.index + match[0].length] as const,
    );
    for (const line of table.slice(3)) {
      expect(line.slice(0, columns[0]![1]).trimEnd()).toMatch(/^vendor-[abc]$/);
      for (const [, end] of columns.slice(1))
        expect(
          line[end - 1],
          `${JSON.stringify(line)} has a figure ending at column ${end}`,
        ).toMatch(/[0-9)]/);
    }
    expect(table.slice(3)).toEqual([
      'vendor-a        4       0      3    0% (0/3; 95% CI 0–57%)              0          0  100% (4/4; 95% CI 51–100%)',
      'vendor-b        4       0      4   25% (1/4; 95% CI 4–70%)              2          1    50% (2/4; 95% CI 15–85%)',
      'vendor-c        4       0      6  50% (3/6; 95% CI 18–82%)              1          0    50% (2/4; 95% CI 15–85%)',
    ]);
  });

  it('leads with the headline and lists failed answers with their problems when no judge ran', () => {
    const text = comparisonToText(answers);
    expect(text.split('\n')[2]).toBe(
      'Answers that would send a person somewhere wrong (the headline): vendor-a 0% (0/4; 95% CI 0–49%) · vendor-b 50% (2/4; 95% CI 15–85%) · vendor-c 75% (3/4; 95% CI 30–96%)',
    );
    // Four answers each: no difference here is beyond chance, and the report says so in words.
    expect(text.split('\n')[3]).toBe(
      "  vendor-a 0% (0/4) and vendor-b 50% (2/4): too few answers to tell them apart (Fisher's exact test p = 0.43; their 95% intervals overlap); these answers do not show either vendor to be better, so collect more before choosing.",
    );
    // Then the headline by kind: vendor-b's two dead-end answers hold a wrong number each, one also an invented link.
    expect(text.split('\n').slice(7, 13)).toEqual([
      'Dead ends by kind (answers with one, and how many were found)',
      'Vendor    invented or broken link  misattributed number',
      '--------  -----------------------  --------------------',
      'vendor-a        0% (0/4), 0 found     0% (0/4), 0 found',
      'vendor-b       25% (1/4), 1 found    50% (2/4), 2 found',
      'vendor-c       50% (2/4), 3 found    25% (1/4), 1 found',
    ]);
    expect(text).not.toMatch(/Judge/);
    expect(text).toContain(
      'Answers the verifier failed (no judge ran, so convincing-but-wrong cannot be told apart): 4',
    );
    expect(text).toContain(
      '    - invented link https://mass-courts.gov/nantucket: mass-courts.gov is not a registered .gov domain',
    );
    expect(text).toContain('    - misattributed number 1-800-LAW-HELP ((800) 529-4357)');
  });

  it('shows judge columns, convincing-but-wrong answers and errored rows when the eval had them', () => {
    const text = comparisonToText(judged);
    expect(text).toMatch(/Judge\s+Convincing\n/);
    expect(text).toMatch(
      /vendor-b +1 +1 +1 +100% \(1\/1; 95% CI 20–100%\) +1 +1 +0% \(0\/1; 95% CI 0–80%\) +100% \(1\/1; 95% CI 20–100%\) +100% \(1\/1; 95% CI 20–100%\)\n/,
    );
    expect(text).toContain(
      'Convincing but wrong (the judge passed them, the verifier failed them): 1\n  vendor-b · eviction-boston (verifier score 0)\n',
    );
    expect(text).toContain(
      '    judge: TEST GRADER (not a model): names a court and a way to reach it',
    );
    expect(text).toContain(
      'Rows that errored (counted as errors, not as passes or fails): 3\n  vendor-a · no-such-question: no recorded answer from vendor-a for question "no-such-question"',
    );
  });

  it('alignTable bottom-aligns two-line headers and right-aligns numbers', () => {
    expect(
      alignTable(
        ['Name', 'Two\nlines'],
        [
          ['a', '1'],
          ['bb', '22'],
        ],
        [false, true],
      ),
    ).toEqual(['        Two', 'Name  lines', '----  -----', 'a         1', 'bb       22']);
  });
});

describe('markdown', () => {
  it('writes GitHub tables with one row per vendor and right-aligned figures', () => {
    const markdown = comparisonToMarkdown(judged);
    const tables = markdown.split('\n').filter((line) => line.startsWith('| '));
    // First the dead ends by kind (no jurisdiction, no chunk check: two kinds).
    expect(tables[0]).toBe('| Vendor | invented or broken link | misattributed number |');
    for (const line of tables.slice(0, 5)) expect(line.split(' | ')).toHaveLength(3);
    const table = tables.slice(5);
    expect(table[0]).toBe(
      '| Vendor | Answers | Errors | Links | Invented or broken links | Misattributed phones | Lookalike links | Verifier pass | Judge pass | Convincing but wrong |',
    );
    expect(table[1]).toBe('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    expect(table[3]).toBe(
      '| vendor-b | 1 | 1 | 1 | 100% (1/1; 95% CI 20–100%) | 1 | 1 | 0% (0/1; 95% CI 0–80%) | 100% (1/1; 95% CI 20–100%) | 100% (1/1; 95% CI 20–100%) |',
    );
    // The vendor table (header, rule, 3 vendors) has 10 columns; the bucket table 7.
    expect(table).toHaveLength(10);
    for (const line of table.slice(0, 5)) expect(line.split(' | ')).toHaveLength(10);
    for (const line of table.slice(5)) expect(line.split(' | ')).toHaveLength(7);
  });

  it('puts offending links in code spans so a pull request does not make them clickable', () => {
    const markdown = comparisonToMarkdown(judged);
    expect(markdown).toContain('- **vendor-b · eviction-boston** (verifier score 0)');
    expect(markdown).toContain(
      '  - invented link `https://www.mass.gov.eviction-help.org/boston-tenants`: ',
    );
    expect(markdown).toContain('  - misattributed number `(617) 788-8600`: ');
    expect(markdown).toContain('### Rows that errored: 3');
  });

  it('escapes markup in names and texts', () => {
    expect(escapeMarkdown('a|b *c* [d](e) <f>\nnext')).toBe(
      'a\\|b \\*c\\* \\[d\\](e) \\<f\\> next',
    );
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('`x')).toBe('`` `x ``');
  });
});

describe('json', () => {
  it('gives every figure as {count, total, rate}, with null where nothing applies', () => {
    const json = JSON.parse(renderComparison(judged, 'json')) as Record<string, any>;
    expect(json).toMatchObject({
      report: 'citation-verifier vendor comparison',
      version: 2,
      source: 'results.json',
      mode: 'promptfoo',
      judged: true,
    });
    expect(json.vendors.map((vendor: { vendor: string }) => vendor.vendor)).toEqual([
      'vendor-a',
      'vendor-b',
      'vendor-c',
    ]);
    expect(json.vendors[1]).toMatchObject({
      rows: 2,
      answers: 1,
      errors: 1,
      links: 1,
      invented_or_broken_links: { count: 1, total: 1, rate: 1 },
      misattributed_phones: 1,
      verifier_pass: { count: 0, total: 1, rate: 0 },
      judge_pass: { count: 1, total: 1, rate: 1 },
      convincing_but_wrong: { count: 1, total: 1, rate: 1 },
    });
    expect(json.vendors[1].buckets).toMatchObject({
      directory: { count: 0, total: 1, rate: 0 },
      live: { count: 0, total: 1, rate: 0 },
      unverified: { count: 0, total: 1, rate: 0 },
      inconclusive: { count: 0, total: 1, rate: 0 },
      broken: { count: 0, total: 1, rate: 0 },
      invented: { count: 1, total: 1, rate: 1 },
    });
    // Wilson 95% for 0/1 and 1/1: [0, 0.7935] and [0.2065, 1].
    expect(json.vendors[1].buckets.directory.interval_95[1]).toBeCloseTo(0.7935, 4);
    expect(json.vendors[1].invented_or_broken_links.interval_95[0]).toBeCloseTo(0.2065, 4);
    const [wrong] = json.convincing_but_wrong;
    expect(wrong).toMatchObject({
      vendor: 'vendor-b',
      test: 'eviction-boston',
      judge_passed: true,
      verifier_score: 0,
    });
    for (const problem of wrong.problems)
      expect(wrong.answer.slice(problem.start, problem.end)).toBe(problem.text);
    expect(json.errors).toHaveLength(3);
    const noJudge = comparisonToJson(answers) as Record<string, any>;
    expect(noJudge.vendors[0].judge_pass).toBeNull();
    expect(noJudge.verifier_failed).toHaveLength(4);
  });
});

describe('html', () => {
  it('is one self-contained page: a CSP that forbids loading anything, no script, no external reference', () => {
    const html = comparisonToHtml(judged);
    expect(REPORT_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;">`,
    );
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(|\bsrc=|\bhref=/i);
    // The only URL-like attribute is the SVG namespace, which is a name, not a fetch.
    expect([...html.matchAll(/="(https?:[^"]*)"/g)].map((match) => match[1])).toEqual(
      Array(3).fill('http://www.w3.org/2000/svg'),
    );
  });

  it('draws a bar per vendor and highlights the problems in the answer text by their spans', () => {
    const html = comparisonToHtml(judged);
    expect(html.match(/<svg class="bar"/g)).toHaveLength(3);
    expect(html).toMatch(
      /<svg class="bar" data-vendor="vendor-b"[^>]*>.*<rect class="segment" data-bucket="invented" x="0" y="4" width="640"/,
    );
    expect(html).toContain('<table class="vendors">');
    expect(html).toContain(
      'contact the Eastern Housing Court at <mark class="problem" data-kind="phone" title="(617) 788-8600 is given for Eastern Housing Court, whose numbers are (617) 788-8485; it is the number of Central Division, Boston Municipal Court">(617) 788-8600<span class="tag">misattributed</span></mark>.',
    );
    expect(html).toMatch(
      /is at <mark class="problem" data-kind="link" title="[^"]*">https:\/\/www\.mass\.gov\.eviction-help\.org\/boston-tenants<span class="tag">invented<\/span><\/mark>\./,
    );
  });

  it('escapes what answers and names contain', () => {
    const comparison = compareVendors(
      [
        {
          vendor: 'v<script>',
          test: 'q"1',
          testIdx: 0,
          promptIdx: 0,
          answer: '<b>see</b> http://10.0.0.1/x & more',
          judge: { pass: true, reasons: ['<i>fine</i>'], types: ['llm-rubric'] },
          verifier: {
            pass: false,
            score: 0,
            misattributed_phones: 0,
            phones: [],
            links: [
              {
                url: 'http://10.0.0.1/x',
                normalized: 'http://10.0.0.1/x',
                bucket: 'invented',
                score: 0,
                reason: 'a "private" <host>',
                start: 13,
                end: 30,
              },
            ],
          },
        },
      ],
      { source: 'x', mode: 'promptfoo' },
    );
    const html = comparisonToHtml(comparison);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>see');
    expect(html).toContain(
      '&lt;b&gt;see&lt;/b&gt; <mark class="problem" data-kind="link" title="a &quot;private&quot; &lt;host&gt;">http://10.0.0.1/x<span class="tag">invented</span></mark> &amp; more',
    );
    expect(html).toContain('Judge: &lt;i&gt;fine&lt;/i&gt;');
  });

  it('says when a vendor cited no links instead of drawing an empty share', () => {
    const comparison = compareVendors(
      [
        {
          vendor: 'quiet',
          test: 't',
          testIdx: 0,
          promptIdx: 0,
          answer: 'Call the court.',
          verifier: { pass: true, score: 1, misattributed_phones: 0, links: [], phones: [] },
        },
      ],
      { source: 'x', mode: 'answers' },
    );
    expect(comparisonToHtml(comparison)).toContain('no links cited</text>');
  });
});

describe('every misattributed number, in passing and failing answers (issue 14)', () => {
  it('is listed in text, markdown, JSON and HTML, with whether its answer passed', () => {
    // vendor-c's worcester-housing answer passes (score 0.7 > 0.4) with one misattributed number.
    const line = 'vendor-c · worcester-housing (answer passed): (508) 831-2050';
    expect(comparisonToText(answers)).toContain(
      'Misattributed phone numbers, in passing and failing answers: 3 (1 in answers that still passed)',
    );
    expect(comparisonToText(answers)).toContain(
      `  ${line}: (508) 831-2050 is given for Worcester District Court`,
    );
    expect(comparisonToMarkdown(answers)).toContain(
      `- ${line}: (508) 831-2050 is given for Worcester District Court`,
    );
    expect(comparisonToHtml(answers)).toContain(
      `<li><strong>${line}</strong>: (508) 831-2050 is given for Worcester District Court`,
    );
    const json = comparisonToJson(answers) as {
      misattributed_numbers: Array<Record<string, unknown>>;
    };
    expect(json.misattributed_numbers).toHaveLength(3);
    expect(json.misattributed_numbers.filter((number) => number.answer_passed === true)).toEqual([
      expect.objectContaining({
        vendor: 'vendor-c',
        test: 'worcester-housing',
        text: '(508) 831-2050',
        normalized: '+15088312050',
        organization: 'Worcester District Court',
      }),
    ]);
    // The failed-answers listing does not show it: only this listing does.
    expect(
      answers.verifierFailed.some(
        (answer) => answer.vendor === 'vendor-c' && answer.test === 'worcester-housing',
      ),
    ).toBe(false);
  });
});

describe('lookalikes: a column and a listing in every format', () => {
  it('counts and lists the links that resemble a directory site, proven or not', () => {
    // vendor-b's eviction-boston answer cites mass.gov.eviction-help.org: mass.gov buried in front of another site.
    expect(answers.vendors.map((figures) => [figures.vendor, figures.lookalikeLinks])).toEqual([
      ['vendor-a', 0],
      ['vendor-b', 1],
      ['vendor-c', 0],
    ]);
    expect(answers.lookalikeLinks).toMatchObject([
      {
        vendor: 'vendor-b',
        test: 'eviction-boston',
        bucket: 'invented',
        lookalikeOf: 'mass.gov',
        text: 'https://www.mass.gov.eviction-help.org/boston-tenants',
      },
    ]);
    const line =
      'vendor-b · eviction-boston (answer failed): https://www.mass.gov.eviction-help.org/boston-tenants (invented) resembles mass.gov';
    expect(comparisonToText(answers)).toContain(
      `Links that resemble a directory site: 1\n  ${line}: `,
    );
    expect(comparisonToMarkdown(answers)).toContain('### Links that resemble a directory site: 1');
    expect(comparisonToMarkdown(answers)).toContain(
      '`https://www.mass.gov.eviction-help.org/boston-tenants` (invented) resembles **mass.gov**',
    );
    expect(comparisonToHtml(answers)).toContain('<ul class="lookalikes">');
    const json = comparisonToJson(answers) as Record<string, any>;
    expect(json.vendors.map((vendor: Record<string, unknown>) => vendor.lookalike_links)).toEqual([
      0, 1, 0,
    ]);
    expect(json.lookalike_links[0]).toMatchObject({
      vendor: 'vendor-b',
      bucket: 'invented',
      lookalike_of: 'mass.gov',
    });
  });
});
