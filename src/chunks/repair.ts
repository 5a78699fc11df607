import { fixPass, type PlannedEdit, removalEdit } from '../repair/index.js';
import { prepareAnswer, type PreparedAnswer } from '../text/prepared.js';
import { citationId } from './audit.js';
import { checkChunkCitations } from './check.js';
import { judgeChunkReport, type JudgeSetup } from './judged.js';
import type {
  Chunk,
  ChunkCheckOptions,
  ChunkReport,
  ClaimChange,
  ClaimRecommendation,
  ClaimRepair,
  ClaimRepairOptions,
  ClaimVerdict,
  RetryInstruction,
  Span,
} from './types.js';

/** A chunk report with its action (`report.action`), and the repair when one was made. */
export interface ClaimGuard {
  report: ChunkReport;
  repair?: ClaimRepair;
}

/** Failing claims that touch, or have only blanks between them: one span, one change. */
type Group = { span: Span; claims: ClaimVerdict[] };

/**
 * The answer with each failing claim dropped (its sentence, list item or row) or hedged, in one
 * pass of the link repair's fixer; null with none, or more than `maxFailingClaims`.
 */
function downgradeClaims(
  input: string | PreparedAnswer,
  report: ChunkReport,
  options: ClaimRepairOptions,
): { answer: PreparedAnswer; repair: Omit<ClaimRepair, 'report'> } | null {
  const failing = failingClaims(report);
  if (failing.length === 0 || failing.length > options.maxFailingClaims) return null;
  const answer = prepareAnswer(input);
  const { text } = answer;
  const edits: PlannedEdit<Group>[] = groupsOf(text, failing).map((group) =>
    options.hedge === null
      ? { ...removalEdit(answer, group.span), what: group }
      : { ...cellText(text, group.span), text: options.hedge, what: group },
  );
  const result = fixPass(answer, edits);
  const changes = result.applied.map(
    (edit): ClaimChange => ({
      action: options.hedge === null ? 'remove' : 'hedge',
      start: edit.start,
      end: edit.end,
      original: text.slice(edit.start, edit.end),
      text: edit.text,
      claims: edit.what.claims.map((verdict) => verdict.claim.text),
    }),
  );
  return { answer: result.answer, repair: { text: result.answer.text, changes } };
}

/** The action: pass, refuse past the budget, repair when the repair passes, else retry. */
function recommendClaims(
  report: ChunkReport,
  options: ClaimRepairOptions,
  repair: ClaimRepair | null,
): ClaimGuard {
  const failing = failingClaims(report);
  const count = failing.length;
  const what = `${count} failing claim${count === 1 ? '' : 's'}`;
  const of = (action: ClaimRecommendation): ClaimGuard => ({
    report: { ...report, action },
    ...(repair === null ? {} : { repair }),
  });
  if (count === 0)
    return of({ action: 'pass', code: 'action.pass', reason: 'no claim fails the chunk check' });
  if (count > options.maxFailingClaims)
    return of({
      action: 'refuse',
      code: 'action.refuse.over-budget',
      reason: `${what}, over the budget of ${options.maxFailingClaims} (maxFailingClaims): wrong in too many places to repair, or to regenerate from notes`,
    });
  if (repair === null)
    return of({
      action: 'refuse',
      code: 'action.refuse.nothing-repaired',
      reason: `${what}, not repaired`,
    });
  const retry = retryInstruction(failing);
  const done = `${what} ${options.hedge === null ? 'dropped' : 'hedged'}`;
  if (repair.text.trim() === '')
    return of({
      action: 'retry',
      code: 'action.retry.all-removed',
      reason: `${done}, and nothing is left to show`,
      retry,
    });
  const first = failingClaims(repair.report)[0];
  if (first === undefined)
    return of({
      action: 'repair',
      code: 'action.repair',
      reason: `${done}; the repaired answer passes the chunk check`,
      retry,
    });
  return of({
    action: 'retry',
    code: 'action.retry.still-fails',
    reason: `${done}, and the repaired answer still fails: ${first.classification} “${first.claim.text}”`,
    retry,
  });
}

/** `downgradeClaims`, the repaired answer checked again with `verify`, then `recommendClaims`. */
export function guardClaims(
  answer: string | PreparedAnswer,
  report: ChunkReport,
  options: ClaimRepairOptions,
  verify: (repaired: PreparedAnswer) => ChunkReport,
): ClaimGuard {
  const fix = downgradeClaims(answer, report, options);
  return recommendClaims(report, options, fix && { ...fix.repair, report: verify(fix.answer) });
}

/** `guardClaims` with the check judged by `setup` when given, the repair checked the same way. */
export async function guardJudgedClaims(
  answer: string | PreparedAnswer,
  chunks: readonly Chunk[],
  settings: ChunkCheckOptions & ClaimRepairOptions,
  setup: JudgeSetup | undefined,
): Promise<ClaimGuard> {
  const verify = async (text: string | PreparedAnswer): Promise<ChunkReport> => {
    const checked = checkChunkCitations(text, chunks, settings);
    return setup ? judgeChunkReport(checked, chunks, setup) : checked;
  };
  const report = await verify(answer);
  const fix = downgradeClaims(answer, report, settings);
  return recommendClaims(
    report,
    settings,
    fix && { ...fix.repair, report: await verify(fix.answer) },
  );
}

/** What a generator needs to write the answer again (we never call it). */
function retryInstruction(failing: readonly ClaimVerdict[]): RetryInstruction {
  const lines = failing.map((verdict, index) => {
    const id = citationId(verdict);
    return `${index + 1}. “${verdict.claim.text}” (${id === null ? 'cites nothing' : `cites [${id}]`}; ${verdict.classification}): ${verdict.explanation}. Fix: ${verdict.correction}`;
  });
  const these =
    failing.length === 1
      ? 'This claim failed the citation check: correct it'
      : `These ${failing.length} claims failed the citation check: correct each`;
  return {
    instruction: [
      `Write the answer again from the same passages. ${these} as its fix says, or leave it out when no passage supports it, and keep every other claim and its citation as it is.`,
      ...lines,
    ].join('\n'),
    claims: [...failing],
  };
}

/** The claims that fail the answer, in the answer's order (the report lists cited ones first). */
function failingClaims(report: ChunkReport): ClaimVerdict[] {
  return report.claims
    .filter((verdict) => verdict.failing)
    .sort((a, b) => a.claim.start - b.claim.start);
}

function groupsOf(text: string, failing: readonly ClaimVerdict[]): Group[] {
  const groups: Group[] = [];
  for (const verdict of failing) {
    const last = groups[groups.length - 1];
    const { start, end } = verdict.claim;
    // Two removals of one line would each keep the blank between them, and overlap there.
    if (last && /^[ \t]*$/.test(text.slice(last.span.end, start))) {
      last.span.end = Math.max(last.span.end, end);
      last.claims.push(verdict);
    } else groups.push({ span: { start, end }, claims: [verdict] });
  }
  return groups;
}

/** In a table row the claim's last cell only (the chunk check reads a row as one claim), else the claim. */
function cellText(text: string, span: Span): Span {
  const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
  if (!/^[ \t]*\|/.test(text.slice(lineStart, span.end))) return span;
  let start = Math.max(span.start, text.lastIndexOf('|', span.end - 1) + 1);
  while (start < span.end && /[ \t]/.test(text[start]!)) start++;
  return { start, end: span.end };
}
