import { LISTED_FINDINGS } from '../defaults.js';
import { formatPhone } from '../normalize/phone.js';
import { escapeMarkdown } from '../format/escape.js';
import { LINK_BUCKETS, type LinkBucket } from '../types.js';
import {
  DEAD_END_KINDS,
  type DeadEndCount,
  type DeadEndKind,
  type FlaggedAnswer,
  type LookalikeLink,
  type MisattributedNumber,
  type Problem,
  type Ratio,
  type VendorComparison,
  type VendorFigures,
} from './types.js';

// What the text, markdown and HTML formats share, so the three never disagree on a number.

/** A share as a whole percentage; "—" with nothing to divide by; "<1%" rather than a false 0%. */
export function percent(ratio: Ratio): string {
  if (ratio.rate === null) return '—';
  const value = ratio.rate * 100;
  if (value > 0 && value < 0.5) return '<1%';
  if (value < 100 && value > 99.5) return '>99%';
  return `${Math.round(value)}%`;
}

/** A rate with its working and its 95% interval: `25% (1/4; 95% CI 5–70%)`, else "—". */
export function rateCell(ratio: Ratio | null): string {
  if (ratio === null || ratio.rate === null) return '—';
  return `${percent(ratio)} (${ratio.count}/${ratio.total}; ${intervalText(ratio)})`;
}

/** `95% CI 5–70%`, rounded outward so it never looks narrower than it is. */
export function intervalText(ratio: Ratio): string {
  if (ratio.low === null || ratio.high === null) return '';
  return `95% CI ${Math.floor(ratio.low * 100)}–${Math.ceil(ratio.high * 100)}%`;
}

/** A p-value in words: `p = 0.46`, `p = 0.012`, `p < 0.001`. */
export function pText(p: number): string {
  if (p < 0.001) return 'p < 0.001';
  return `p = ${p >= 0.1 ? p.toFixed(2) : p.toPrecision(2)}`;
}

/** In words, for each pair of vendors: does the headline tell them apart, naming the worse one. */
export function differenceLines(comparison: VendorComparison): string[] {
  const figures = new Map(comparison.vendors.map((vendor) => [vendor.vendor, vendor]));
  return comparison.headlineDifferences.map((difference) => {
    const a = figures.get(difference.a)!.deadEnds;
    const b = figures.get(difference.b)!.deadEnds;
    const both = `${difference.a} ${percent(a)} (${a.count}/${a.total}) and ${difference.b} ${percent(b)} (${b.count}/${b.total})`;
    const apart = a.high! < b.low! || b.high! < a.low!;
    const test = `Fisher's exact test ${pText(difference.pValue)}; their 95% intervals ${apart ? 'do not overlap' : 'overlap'}`;
    if (!difference.beyondNoise)
      return `${both}: too few answers to tell them apart (${test}); these answers do not show either vendor to be better, so collect more before choosing.`;
    const worse = a.rate! > b.rate! ? difference.a : difference.b;
    return `${both}: ${worse} sends a person somewhere wrong more often, beyond chance (${test}).`;
  });
}

const DEAD_END_LABELS: Record<DeadEndKind, string> = {
  invented_or_broken_link: 'invented or broken link',
  misattributed_number: 'misattributed number',
  wrong_state: 'wrong-state resource',
  unsupported_claim: 'unsupported claim',
};

/** The kinds a comparison shows: each only when its check ran. */
export function shownDeadEnds(comparison: VendorComparison): readonly DeadEndKind[] {
  return DEAD_END_KINDS.filter(
    (kind) =>
      (kind !== 'wrong_state' || comparison.jurisdictionChecked) &&
      (kind !== 'unsupported_claim' || comparison.chunksChecked),
  );
}

/** `25% (1/4), 2 found`; "—" with no answer checked. */
function deadEndCell(count: DeadEndCount): string {
  if (count.answers.rate === null) return '—';
  return `${percent(count.answers)} (${count.answers.count}/${count.answers.total}), ${count.findings} found`;
}

/** The buckets a comparison shows: `wrong_jurisdiction` only when a jurisdiction was checked. */
export function shownBuckets(comparison: VendorComparison): readonly LinkBucket[] {
  return comparison.jurisdictionChecked
    ? LINK_BUCKETS
    : LINK_BUCKETS.filter((bucket) => bucket !== 'wrong_jurisdiction');
}

/** `75% (3)`; "—" for a vendor that cited no links. */
function bucketCell(ratio: Ratio): string {
  return ratio.rate === null ? '—' : `${percent(ratio)} (${ratio.count})`;
}

/** One column of a table with a row per vendor, as every format shows it. */
export interface Column {
  /** Header text; `\n` splits it over two lines in the terminal. */
  header: string;
  /** Right-aligned in the terminal (numbers). */
  numeric: boolean;
  value: (figures: VendorFigures) => string;
}

const VENDOR_COLUMN: Column = {
  header: 'Vendor',
  numeric: false,
  value: (figures) => figures.vendor,
};

function numeric(header: string, value: Column['value']): Column {
  return { header, numeric: true, value };
}

export function deadEndColumns(comparison: VendorComparison): Column[] {
  return [
    VENDOR_COLUMN,
    ...shownDeadEnds(comparison).map((kind) =>
      numeric(DEAD_END_LABELS[kind], (figures) => deadEndCell(figures.deadEndKinds[kind])),
    ),
  ];
}

export function bucketColumns(comparison: VendorComparison): Column[] {
  return [
    VENDOR_COLUMN,
    ...shownBuckets(comparison).map((bucket) =>
      numeric(bucket, (figures) => bucketCell(figures.buckets[bucket])),
    ),
  ];
}

/** The vendor table's columns; the judge's only when a row had a judge (else unknown, not 0%). */
export function vendorColumns(comparison: VendorComparison): Column[] {
  const columns: Column[] = [
    VENDOR_COLUMN,
    numeric('Answers', (figures) => String(figures.answers)),
    numeric('Errors', (figures) => String(figures.errors)),
    numeric('Links', (figures) => String(figures.links)),
    numeric('Invented or\nbroken links', (figures) => rateCell(figures.inventedOrBroken)),
    ...(comparison.jurisdictionChecked
      ? [numeric('Wrong-jurisdiction\nlinks', (figures) => rateCell(figures.wrongJurisdiction))]
      : []),
    numeric('Misattributed\nphones', (figures) => String(figures.misattributedPhones)),
    numeric('Lookalike\nlinks', (figures) => String(figures.lookalikeLinks)),
    numeric('Verifier\npass', (figures) => rateCell(figures.verifierPass)),
  ];
  if (comparison.judged)
    columns.push(
      numeric('Judge\npass', (figures) => rateCell(figures.judgePass)),
      numeric('Convincing\nbut wrong', (figures) => rateCell(figures.convincingButWrong)),
    );
  return columns;
}

export const HEADLINE_TITLE = 'Answers that would send a person somewhere wrong';

/** Every vendor's share of answers with a dead end, on one line. */
export function headline(comparison: VendorComparison): string {
  return comparison.vendors
    .map((figures) => `${figures.vendor} ${rateCell(figures.deadEnds)}`)
    .join(' · ');
}

export function scopeLine(comparison: VendorComparison): string {
  const answers = comparison.vendors.reduce((sum, figures) => sum + figures.answers, 0);
  const errors = comparison.errors.length;
  const from =
    comparison.mode === 'promptfoo' ? 'promptfoo results' : 'answers verified by citation-verifier';
  const judge = comparison.judged ? 'with a judge' : 'no judge';
  return `${answers} answer${answers === 1 ? '' : 's'} from ${comparison.vendors.length} vendor${comparison.vendors.length === 1 ? '' : 's'}${errors > 0 ? `, ${errors} errored` : ''} (${from}, ${judge}): ${comparison.source}`;
}

/** The answers listed: convincing-but-wrong ones when a judge ran, else every failed one. */
export function listedAnswers(comparison: VendorComparison): {
  title: string;
  empty: string;
  answers: FlaggedAnswer[];
} {
  if (comparison.judged) {
    return {
      title: 'Convincing but wrong (the judge passed them, the verifier failed them)',
      empty: 'None: every answer the judge passed also passed the verifier.',
      answers: comparison.convincingButWrong,
    };
  }
  return {
    title:
      'Answers the verifier failed (no judge ran, so convincing-but-wrong cannot be told apart)',
    empty:
      comparison.verifierRan === 0
        ? 'None graded: the verifier ran on no row of this file (its results hold no citation-verifier assertion), so it passed and failed nothing; add verifyCitations to the promptfoo config.'
        : 'None: every answer passed the verifier.',
    answers: comparison.verifierFailed,
  };
}

/** A problem in parts, `note` the number in standard form when written differently. */
export function problemParts(problem: Problem): { what: string; text: string; note: string } {
  if (problem.kind === 'link')
    return { what: `${problem.bucket} link`, text: problem.text, note: '' };
  const shown = formatPhone(problem.normalized);
  return {
    what: `${problem.status} number`,
    text: problem.text,
    note: shown === problem.text ? '' : shown,
  };
}

/** A problem in words: `misattributed number 617.555.0123 ((617) 555-0123)`. */
export function problemLabel(problem: Problem): string {
  const parts = problemParts(problem);
  return `${parts.what} ${parts.text}${parts.note ? ` (${parts.note})` : ''}`;
}

export function answerTitle(answer: FlaggedAnswer): string {
  return `${answer.vendor} · ${answer.test}`;
}

/** At most `cap` of `items` and how many were left out: 160,000 links cost a page, not 55 MB. */
export function capped<T>(
  items: readonly T[],
  cap: number = LISTED_FINDINGS.text,
): { shown: readonly T[]; more: number } {
  return { shown: items.slice(0, cap), more: Math.max(0, items.length - cap) };
}

export { moreText } from '../format/formatters.js';

export interface FindingLine {
  label: string;
  markdown: string;
  reason: string;
}

function foundIn(finding: LookalikeLink | MisattributedNumber): string {
  return `${finding.vendor} · ${finding.test} (answer ${finding.answerPassed ? 'passed' : 'failed'})`;
}

/** The two listings across answers; in markdown an address is a code span, never a link. */
export function findingSections(comparison: VendorComparison): Array<{
  id: 'misattributed' | 'lookalikes';
  title: string;
  lines: readonly FindingLine[];
  more: number;
}> {
  const numbers = capped(comparison.misattributedNumbers);
  const links = capped(comparison.lookalikeLinks);
  const passed = comparison.misattributedNumbers.filter((number) => number.answerPassed).length;
  const unpunished = comparison.lookalikeLinks.filter(
    (link) => link.bucket !== 'invented' && link.bucket !== 'broken',
  ).length;
  return [
    {
      id: 'misattributed',
      title: `Misattributed phone numbers, in passing and failing answers: ${comparison.misattributedNumbers.length}${passed > 0 ? ` (${passed} in answers that still passed)` : ''}`,
      lines: numbers.shown.map((number) => {
        const shown = formatPhone(number.normalized);
        const label = `${foundIn(number)}: ${number.text}${shown === number.text ? '' : ` (${shown})`}`;
        return { label, markdown: escapeMarkdown(label), reason: number.reason };
      }),
      more: numbers.more,
    },
    {
      id: 'lookalikes',
      title: `Links that resemble a directory site: ${comparison.lookalikeLinks.length}${unpunished > 0 ? ` (${unpunished} not proven, so not counted against the answer)` : ''}`,
      lines: links.shown.map((link) => ({
        label: `${foundIn(link)}: ${link.text} (${link.bucket}) resembles ${link.lookalikeOf}`,
        markdown: `${escapeMarkdown(foundIn(link))}: \`${link.text.replace(/`/g, '')}\` (${link.bucket}) resembles **${escapeMarkdown(link.lookalikeOf)}**`,
        reason: link.reason,
      })),
      more: links.more,
    },
  ];
}
