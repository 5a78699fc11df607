import { checkChunkCitations } from '../chunks/check.js';
import { judgeChunkReport, type JudgeSetup } from '../chunks/judged.js';
import { parseChunks } from '../chunks/parse.js';
import type { FailurePolicy } from '../chunks/types.js';
import { JUDGE_PROMPT_VERSION } from '../judge/prompt.js';
import type { LabelledPair } from './labels.js';
import { type CalibrationFigures, calibrationFigures, type Confusion } from './metrics.js';

/** What calibrate measured: the figures, and how the decisions came about. */
export interface CalibrationReport {
  pairs: number;
  figures: CalibrationFigures;
  /** Pairs decided without a judge call (the triage decided every claim, or no judge was configured). */
  decidedByTriage: number;
  /** Pairs with at least one claim the judge was asked about but whose verdict did not count (a fault, a quote not found). */
  uncounted: number;
  /** Judge requests made and answered from the cache, over all pairs. */
  callsMade: number;
  callsFromCache: number;
  /** The judge's model and our prompt version; null without a judge. */
  judge: { model: string; promptVersion: string } | null;
}

/**
 * Run the whole chunk check (the deterministic checks, then the judge when one is given) on each
 * labelled pair, one after another, and line the decision up with the label: a pair is decided
 * "supported" when the check passes it, as the assertion would. The policy is the caller's
 * (`failOnWeakSupport`, `failOnPartialSupport`), so the figures are those of the gate a team runs.
 */
export async function calibrate(
  pairs: readonly LabelledPair[],
  policy: FailurePolicy,
  setup: JudgeSetup | undefined,
): Promise<CalibrationReport> {
  const confusion: Confusion = { tp: 0, fn: 0, fp: 0, tn: 0 };
  let decidedByTriage = 0;
  let uncounted = 0;
  let callsMade = 0;
  let callsFromCache = 0;
  for (const pair of pairs) {
    const chunks = parseChunks(pair.chunks, { where: `pair ${pair.id}`, root: 'chunks' });
    const checked = checkChunkCitations(pair.claim, chunks, policy);
    const report = setup ? await judgeChunkReport(checked, chunks, setup) : checked;
    if (!report.judge || report.judge.claimsSent === 0) decidedByTriage += 1;
    if (report.judge && report.judge.uncounted > 0) uncounted += 1;
    callsMade += report.judge?.callsMade ?? 0;
    callsFromCache += report.judge?.callsFromCache ?? 0;
    if (pair.supported) confusion[report.pass ? 'tp' : 'fn'] += 1;
    else confusion[report.pass ? 'fp' : 'tn'] += 1;
  }
  return {
    pairs: pairs.length,
    figures: calibrationFigures(confusion),
    decidedByTriage,
    uncounted,
    callsMade,
    callsFromCache,
    judge: setup ? { model: setup.judge.model, promptVersion: JUDGE_PROMPT_VERSION } : null,
  };
}
