import { performance } from 'node:perf_hooks';
import { checkChunkCitations } from '../chunks/check.js';
import { judgeChunkReport, type JudgeSetup } from '../chunks/judged.js';
import { parseChunks } from '../chunks/parse.js';
import type { ChunkReport, FailurePolicy, TokenUsage } from '../chunks/types.js';
import { JUDGE_DEFAULTS } from '../defaults.js';
import { memoryJudgeCache } from '../judge/cache.js';
import { JUDGE_PROMPT_VERSION } from '../judge/prompt.js';
import { mapConcurrently } from '../util/pool.js';
import type { LabelledPair } from './labels.js';
import { type CalibrationFigures, calibrationFigures, type Confusion } from './metrics.js';

/** One pair as decided (`decided`: the check passed it), and what deciding it cost. */
export interface PairOutcome {
  id: string;
  category: string | null;
  supported: boolean;
  decided: boolean;
  byTriage: boolean;
  uncounted: boolean;
  calls: number;
  callsFromCache: number;
  tokens: TokenUsage;
  ms: number;
}

/** The figures of the whole check, the judge alone and each category; the first run's cost. */
export interface CalibrationReport {
  pairs: number;
  figures: CalibrationFigures;
  judgeAlone: CalibrationFigures | null;
  byCategory: Array<{ category: string; figures: CalibrationFigures }>;
  decidedByTriage: number;
  uncounted: number;
  callsMade: number;
  callsFromCache: number;
  tokens: TokenUsage;
  outcomes: PairOutcome[];
  /** With `repeat` > 1: pairs decided alike in every run. */
  repeatability: { runs: number; agreeing: number } | null;
  judge: { model: string; promptVersion: string; advisory: boolean } | null;
}

/**
 * The whole chunk check on each labelled pair: "supported" when it passes, as the assertion would.
 * Each further run (`repeat`) has a cache of its own, lest it repeat the first's verdicts.
 */
export async function calibrate(
  pairs: readonly LabelledPair[],
  policy: FailurePolicy,
  setup: JudgeSetup | undefined,
  options: { repeat?: number } = {},
): Promise<CalibrationReport> {
  const runs = Math.max(1, options.repeat ?? 1);
  const limit = setup?.concurrency ?? JUDGE_DEFAULTS.concurrency;
  const first = await mapConcurrently(pairs, limit, (pair) => decide(pair, policy, setup));
  let agreeing: boolean[] = first.map(() => true);
  for (let run = 1; run < runs; run++) {
    const again = setup ? { ...setup, cache: memoryJudgeCache() } : undefined;
    const outcomes = await mapConcurrently(pairs, limit, (pair) => decide(pair, policy, again));
    agreeing = agreeing.map(
      (alike, index) => alike && outcomes[index]!.decided === first[index]!.decided,
    );
  }
  const categories = [...new Set(first.map((outcome) => outcome.category ?? '(none)'))];
  const asked = first.filter((outcome) => !outcome.byTriage);
  return {
    pairs: pairs.length,
    figures: figuresOf(first),
    judgeAlone: setup ? figuresOf(asked) : null,
    byCategory: categories.map((category) => ({
      category,
      figures: figuresOf(first.filter((outcome) => (outcome.category ?? '(none)') === category)),
    })),
    decidedByTriage: first.filter((outcome) => outcome.byTriage).length,
    uncounted: first.filter((outcome) => outcome.uncounted).length,
    callsMade: first.reduce((sum, outcome) => sum + outcome.calls, 0),
    callsFromCache: first.reduce((sum, outcome) => sum + outcome.callsFromCache, 0),
    tokens: first.reduce(
      (sum, { tokens }) => ({
        prompt: sum.prompt + tokens.prompt,
        completion: sum.completion + tokens.completion,
        cached: sum.cached + tokens.cached,
      }),
      { prompt: 0, completion: 0, cached: 0 },
    ),
    outcomes: first,
    repeatability: runs > 1 ? { runs, agreeing: agreeing.filter(Boolean).length } : null,
    judge: setup
      ? {
          model: setup.judge.model,
          promptVersion: JUDGE_PROMPT_VERSION,
          advisory: setup.advisory ?? JUDGE_DEFAULTS.advisory,
        }
      : null,
  };
}

async function decide(
  pair: LabelledPair,
  policy: FailurePolicy,
  setup: JudgeSetup | undefined,
): Promise<PairOutcome> {
  const started = performance.now();
  const chunks = parseChunks(pair.chunks, { where: `pair ${pair.id}`, root: 'chunks' });
  const checked = checkChunkCitations(pair.claim, chunks, policy);
  const report: ChunkReport = setup ? await judgeChunkReport(checked, chunks, setup) : checked;
  return {
    id: pair.id,
    category: pair.category ?? null,
    supported: pair.supported,
    decided: report.pass,
    byTriage: !report.judge || report.judge.claimsSent === 0,
    uncounted: (report.judge?.uncounted ?? 0) > 0,
    calls: report.judge?.callsMade ?? 0,
    callsFromCache: report.judge?.callsFromCache ?? 0,
    tokens: report.judge?.tokens ?? { prompt: 0, completion: 0, cached: 0 },
    ms: Math.round(performance.now() - started),
  };
}

function figuresOf(outcomes: readonly PairOutcome[]): CalibrationFigures {
  const confusion: Confusion = { tp: 0, fn: 0, fp: 0, tn: 0 };
  for (const outcome of outcomes) {
    if (outcome.supported) confusion[outcome.decided ? 'tp' : 'fn'] += 1;
    else confusion[outcome.decided ? 'fp' : 'tn'] += 1;
  }
  return calibrationFigures(confusion);
}
