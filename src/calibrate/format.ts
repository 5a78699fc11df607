import type { Ratio } from './metrics.js';
import type { CalibrationReport } from './run.js';

const round = (value: number | null): number | null =>
  value === null ? null : Math.round(value * 10_000) / 10_000;

function ratioJson(ratio: Ratio): Record<string, number | null> {
  return {
    value: round(ratio.value),
    hits: ratio.hits,
    of: ratio.of,
    low: round(ratio.low),
    high: round(ratio.high),
  };
}

/** The report as JSON (`calibrate --format json`): every ratio with its counts and 95% interval, to 4 decimals. */
export function calibrationJson(report: CalibrationReport): Record<string, unknown> {
  const { figures } = report;
  return {
    pairs: report.pairs,
    judge:
      report.judge === null
        ? null
        : { model: report.judge.model, prompt_version: report.judge.promptVersion },
    confusion: {
      supported_called_supported: figures.confusion.tp,
      supported_called_not: figures.confusion.fn,
      not_supported_called_supported: figures.confusion.fp,
      not_supported_called_not: figures.confusion.tn,
    },
    supported: {
      precision: ratioJson(figures.supported.precision),
      recall: ratioJson(figures.supported.recall),
      f1: round(figures.supported.f1),
    },
    not_supported: {
      precision: ratioJson(figures.notSupported.precision),
      recall: ratioJson(figures.notSupported.recall),
      f1: round(figures.notSupported.f1),
    },
    balanced_accuracy: round(figures.balancedAccuracy),
    macro_f1: round(figures.macroF1),
    decided_by_triage: report.decidedByTriage,
    pairs_with_uncounted_verdicts: report.uncounted,
    calls_made: report.callsMade,
    calls_from_cache: report.callsFromCache,
  };
}

const percent = (value: number | null): string =>
  value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`;

function ratioText(ratio: Ratio): string {
  return ratio.value === null
    ? 'n/a (0/0)'
    : `${percent(ratio.value)} (${ratio.hits}/${ratio.of}; 95% CI ${percent(ratio.low)}–${percent(ratio.high)})`;
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
    `decided by triage without a call: ${report.decidedByTriage} of ${report.pairs}; pairs with a verdict not counted: ${report.uncounted}; calls made ${report.callsMade}, from cache ${report.callsFromCache}`,
    '',
  ].join('\n');
}
