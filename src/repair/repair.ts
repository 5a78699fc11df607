import type { z } from 'zod';
import type { Span } from '../extract/types.js';
import type { RepairChangeJsonSchema, UnrepairedJsonSchema } from '../format/verdict-schema.js';
import { prepareAnswer, type PreparedAnswer } from '../text/prepared.js';
import type { Segments } from '../text/structure.js';
import {
  type Fix,
  isFatalBucket,
  type LinkVerdict,
  type PhoneVerdict,
  type Report,
} from '../types.js';
import { REPAIR_MAX_PASSES } from '../defaults.js';
import { applyEdits, type PlannedEdit } from './apply.js';
import { removalEdit } from './removal.js';

/** One change made to the answer; its span indexes the text of the pass that made it (pass 1: the answer). */
export type RepairChange = z.infer<typeof RepairChangeJsonSchema>;

/** A finding still against the answer after repair, and why. */
export type Unrepaired = z.infer<typeof UnrepairedJsonSchema>;

export interface Repair {
  text: string;
  changes: RepairChange[];
  unrepaired: Unrepaired[];
  /** The repaired answer's own verdict, verified again from scratch. */
  report: Report;
  passes: number;
}

/** One text's verdict, given the text prepared: repair widens removals over the same sentences. */
export type Verify = (answer: PreparedAnswer) => Report | Promise<Report>;

type Target = { finding: 'link' | 'phone'; raw: string; correction: Fix; span: Span };

/** Repair an answer as a linter fixes a file, up to `REPAIR_MAX_PASSES`; `review`s stay. */
export async function repairAnswer(
  text: string | PreparedAnswer,
  report: Report,
  verify: Verify,
): Promise<Repair> {
  const changes: RepairChange[] = [];
  const skipped: Unrepaired[] = [];
  let answer = prepareAnswer(text);
  let current = { text: answer.text, report };
  let passes = 0;
  while (passes < REPAIR_MAX_PASSES) {
    const targets = targetsOf(current.report);
    if (targets.length === 0) break;
    passes++;
    const result = fixPass(
      answer,
      targets.map((target) => editFor(target, answer)),
    );
    for (const edit of [...result.applied, ...result.merged])
      changes.push(changeOf(edit, passes, current.text));
    for (const edit of result.skipped)
      skipped.push({
        ...edit.what.span,
        finding: edit.what.finding,
        raw: edit.what.raw,
        why: 'its correction overlaps another one made in the same pass',
      });
    if (result.applied.length === 0) break;
    answer = result.answer;
    current = { text: answer.text, report: await verify(answer) };
  }
  return {
    text: current.text,
    changes,
    unrepaired: [...skipped, ...stillAgainst(current.report)],
    report: current.report,
    passes,
  };
}

/** The corrections repair carries out: those of findings that count against the answer. */
function targetsOf(report: Report): Target[] {
  const targets: Target[] = [];
  const add = (finding: Target['finding'], verdict: LinkVerdict | PhoneVerdict): void => {
    // A `review` is a suggestion: nothing is written in its place, the finding stays for a person.
    if (verdict.correction && verdict.correction.action !== 'review')
      targets.push({
        finding,
        raw: verdict.finding.raw,
        correction: verdict.correction,
        span: { start: verdict.finding.start, end: verdict.finding.end },
      });
  };
  for (const link of report.links)
    if (isFatalBucket(link.bucket) || resemblesListed(link)) add('link', link);
  for (const phone of report.phones) if (countsAgainst(phone)) add('phone', phone);
  return targets;
}

function editFor(target: Target, segments: Segments): PlannedEdit<Target> {
  const { correction } = target;
  if (correction.action === 'replace')
    return { start: correction.start, end: correction.end, text: correction.text, what: target };
  return { ...removalEdit(segments, correction), what: target };
}

function changeOf(edit: PlannedEdit<Target>, pass: number, text: string): RepairChange {
  const { correction } = edit.what;
  return {
    pass,
    finding: edit.what.finding,
    raw: edit.what.raw,
    action: correction.action,
    start: edit.start,
    end: edit.end,
    original: text.slice(edit.start, edit.end),
    text: edit.text,
    code: correction.code,
    reason: correction.reason,
    ...(correction.action === 'replace' ? { source: correction.source } : {}),
  };
}

/** Findings of the final verdict that still count against the answer. */
function stillAgainst(report: Report): Unrepaired[] {
  const left: Unrepaired[] = [];
  for (const link of report.links)
    if (isFatalBucket(link.bucket)) left.push(still('link', link, link.bucket));
  for (const phone of report.phones)
    if (countsAgainst(phone)) left.push(still('phone', phone, phone.status.replace('_', ' ')));
  return left;
}

/** A finding still `status` after repair, and why (with the suggestion's reason when a person must decide). */
function still(
  finding: Unrepaired['finding'],
  { finding: { raw, start, end }, reason, correction }: LinkVerdict | PhoneVerdict,
  status: string,
): Unrepaired {
  const why =
    correction?.action === 'review'
      ? `needs a person: still ${status}: ${reason}; ${correction.reason}`
      : `still ${status}: ${reason}`;
  return { finding, raw, start, end, why };
}

/** Whether a finding that counts against the answer was left for a person (a `review` correction). */
export function leftForReview(report: Report): number {
  let count = 0;
  for (const link of report.links)
    if (isFatalBucket(link.bucket) && link.correction?.action === 'review') count++;
  for (const phone of report.phones)
    if (countsAgainst(phone) && phone.correction?.action === 'review') count++;
  return count;
}

/** A lookalike with the directory's page to replace it: written rather than show a possible impostor. */
export function resemblesListed(link: LinkVerdict): boolean {
  return (
    !isFatalBucket(link.bucket) &&
    link.lookalikeOf !== undefined &&
    link.correction?.action === 'replace'
  );
}

/** A number that counts against the answer: given for the wrong organization, or of another jurisdiction. */
export function countsAgainst(phone: PhoneVerdict): boolean {
  return phone.status === 'misattributed' || phone.status === 'wrong_jurisdiction';
}

/** One fixer pass over a prepared text, tidied and prepared again; link and chunk repair share it. */
export function fixPass<T>(
  answer: PreparedAnswer,
  edits: readonly PlannedEdit<T>[],
): ReturnType<typeof applyEdits<T>> & { answer: PreparedAnswer } {
  const result = applyEdits(answer.text, edits);
  return {
    ...result,
    answer: result.applied.length === 0 ? answer : prepareAnswer(tidy(result.text, answer.text)),
  };
}

/** No run of blank lines where a paragraph was removed, nor blank lines at either end; a final line break kept. */
function tidy(text: string, before: string): string {
  const body = text
    .replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, '\n\n')
    .replace(/^\s*\n/, '')
    .trimEnd();
  return before.endsWith('\n') && body.length > 0 ? `${body}\n` : body;
}
