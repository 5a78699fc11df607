import type { Ratio } from '../compare/types.js';
import type { CalibrationFigures, ClassFigures } from './metrics.js';
import type { CalibrationReport } from './run.js';

const round = (value: number | null): number | null =>
  value === null ? null : Math.round(value * 10_000) / 10_000;

function ratioJson(ratio: Ratio): Record<string, number | null> {
  return {
    value: round(ratio.rate),
    hits: ratio.count,
    of: ratio.total,
    low: round(ratio.low),
    high: round(ratio.high),
  };
}

function classJson({ precision, recall, f1 }: ClassFigures): Record<string, unknown> {
  return { precision: ratioJson(precision), recall: ratioJson(recall), f1: round(f1) };
}

function figuresJson(figures: CalibrationFigures): Record<string, unknown> {
  return {
    confusion: {
      supported_called_supported: figures.confusion.tp,
      supported_called_not: figures.confusion.fn,
      not_supported_called_supported: figures.confusion.fp,
      not_supported_called_not: figures.confusion.tn,
    },
    supported: classJson(figures.supported),
    not_supported: classJson(figures.notSupported),
    balanced_accuracy: round(figures.balancedAccuracy),
    macro_f1: round(figures.macroF1),
    kappa: round(figures.kappa),
  };
}

/** The report as JSON (`calibrate --format json`), every figure to 4 decimals. */
export function calibrationJson(report: CalibrationReport): Record<string, unknown> {
  return {
    pairs: report.pairs,
    judge: report.judge && {
      model: report.judge.model,
      prompt_version: report.judge.promptVersion,
      advisory: report.judge.advisory,
    },
    ...figuresJson(report.figures),
    judge_alone:
      report.judgeAlone === null
        ? null
        : { pairs: report.pairs - report.decidedByTriage, ...figuresJson(report.judgeAlone) },
    by_category: report.byCategory.map(({ category, figures }) => ({
      category,
      pairs:
        figures.confusion.tp + figures.confusion.fn + figures.confusion.fp + figures.confusion.tn,
      ...figuresJson(figures),
    })),
    decided_by_triage: report.decidedByTriage,
    pairs_with_uncounted_verdicts: report.uncounted,
    repeatability: report.repeatability && {
      runs: report.repeatability.runs,
      pairs_decided_alike: report.repeatability.agreeing,
      rate: round(report.repeatability.agreeing / Math.max(1, report.pairs)),
    },
    calls_made: report.callsMade,
    calls_from_cache: report.callsFromCache,
    tokens: { ...report.tokens, total: report.tokens.prompt + report.tokens.completion },
    per_pair: report.outcomes.map((outcome) => ({
      id: outcome.id,
      category: outcome.category,
      supported: outcome.supported,
      decided_supported: outcome.decided,
      by_triage: outcome.byTriage,
      uncounted: outcome.uncounted,
      calls: outcome.calls,
      tokens: outcome.tokens.prompt + outcome.tokens.completion,
      ms: outcome.ms,
    })),
  };
}

const percent = (value: number | null): string =>
  value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`;

function ratioText(ratio: Ratio): string {
  return ratio.rate === null
    ? 'n/a (0/0)'
    : `${percent(ratio.rate)} (${ratio.count}/${ratio.total}; 95% CI ${percent(ratio.low)}–${percent(ratio.high)})`;
}

/** The report as text for a terminal. */
export function calibrationText(report: CalibrationReport): string {
  const { figures } = report;
  const { tp, fn, fp, tn } = figures.confusion;
  const width = Math.max(String(tp + fn + fp + tn).length, 9);
  const cell = (value: number | string): string => String(value).padStart(width);
  return [
    `calibration: ${report.pairs} labelled pairs; judge ${report.judge === null ? '(none: deterministic checks only)' : `${report.judge.model} (${report.judge.promptVersion})`}`,
    '',
    `${''.padEnd(22)}${cell('supported')}  ${cell('not')}   ← decided`,
    `${'labelled supported'.padEnd(22)}${cell(tp)}  ${cell(fn)}`,
    `${'labelled not'.padEnd(22)}${cell(fp)}  ${cell(tn)}`,
    '',
    `supported:     precision ${ratioText(figures.supported.precision)}, recall ${ratioText(figures.supported.recall)}, F1 ${percent(figures.supported.f1)}`,
    `not supported: precision ${ratioText(figures.notSupported.precision)}, recall ${ratioText(figures.notSupported.recall)}, F1 ${percent(figures.notSupported.f1)}`,
    `balanced accuracy ${percent(figures.balancedAccuracy)}; macro-F1 ${percent(figures.macroF1)}`,
    `Cohen's kappa ${report.figures.kappa === null ? 'n/a' : report.figures.kappa.toFixed(3)}`,
    ...(report.judgeAlone === null
      ? []
      : [
          `judge alone (the ${report.pairs - report.decidedByTriage} pairs it was asked about): ${summaryText(report.judgeAlone)}`,
        ]),
    ...(report.byCategory.length > 1 || report.byCategory[0]?.category !== '(none)'
      ? report.byCategory.map(
          ({ category, figures: by }) => `category ${category}: ${summaryText(by)}`,
        )
      : []),
    ...(report.repeatability === null
      ? []
      : [
          `repeatability: ${report.repeatability.agreeing} of ${report.pairs} pairs decided alike in ${report.repeatability.runs} runs`,
        ]),
    `decided by triage without a call: ${report.decidedByTriage} of ${report.pairs}; pairs with a verdict not counted: ${report.uncounted}; calls made ${report.callsMade}, from cache ${report.callsFromCache}`,
    costText(report),
    ...(report.uncounted > 0
      ? [
          `NOT VERIFIED: the judge gave no counted verdict on ${report.uncounted} pair${report.uncounted === 1 ? '' : 's'} (${report.outcomes
            .filter((outcome) => outcome.uncounted)
            .slice(0, 5)
            .map((outcome) => outcome.id)
            .join(', ')}${report.uncounted > 5 ? ', …' : ''}): these figures are not the judge's`,
        ]
      : []),
    '',
  ].join('\n');
}

function summaryText(figures: CalibrationFigures): string {
  const { tp, fn, fp, tn } = figures.confusion;
  return `TP ${tp} FN ${fn} FP ${fp} TN ${tn}; supported recall ${percent(figures.supported.recall.rate)}, not supported recall ${percent(figures.notSupported.recall.rate)}; macro-F1 ${percent(figures.macroF1)}; kappa ${figures.kappa === null ? 'n/a' : figures.kappa.toFixed(3)}`;
}

function costText(report: CalibrationReport): string {
  const total = report.tokens.prompt + report.tokens.completion;
  const ms = report.outcomes.map((outcome) => outcome.ms);
  const mean = (value: number): string => (value / Math.max(1, report.pairs)).toFixed(1);
  const slowest = ms.reduce((max, value) => Math.max(max, value), 0);
  return `cost: tokens ${total} (${report.tokens.prompt} prompt, ${report.tokens.cached} of them cached, ${report.tokens.completion} completion); per pair ${mean(report.callsMade)} calls, ${mean(total)} tokens, ${mean(ms.reduce((sum, value) => sum + value, 0))} ms (slowest ${slowest} ms)`;
}
