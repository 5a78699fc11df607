/**
 * Figures of a binary decision ("supported" or not) against human labels:
 * - supported: precision TP / (TP + FP), recall TP / (TP + FN); not supported: TN / (TN + FN),
 *   TN / (TN + FP); F1 = 2PR / (P + R); macro-F1 their mean; balanced accuracy the recalls' mean;
 * - Cohen's κ = (po − pe) / (1 − pe), po = (TP + TN) / N, pe = ((TP + FN)(TP + FP) +
 *   (FP + TN)(FN + TN)) / N²; null when pe is 1 or N is 0.
 * Each ratio has a 95% Wilson interval (honest at small counts); 0 / 0 is null, not 0 or 1.
 */
import { ratio } from '../compare/figures.js';
import type { Ratio } from '../compare/types.js';

/** `tp`: labelled supported, decided supported; `fn` decided not; `fp`, `tn` the not-supported. */
export interface Confusion {
  tp: number;
  fn: number;
  fp: number;
  tn: number;
}

export interface ClassFigures {
  precision: Ratio;
  recall: Ratio;
  f1: number | null;
}

export interface CalibrationFigures {
  confusion: Confusion;
  supported: ClassFigures;
  notSupported: ClassFigures;
  balancedAccuracy: number | null;
  macroF1: number | null;
  kappa: number | null;
}

function f1(precision: Ratio, recall: Ratio): number | null {
  if (precision.rate === null || recall.rate === null) return null;
  const sum = precision.rate + recall.rate;
  return sum === 0 ? 0 : (2 * precision.rate * recall.rate) / sum;
}

function mean(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : (a + b) / 2;
}

/** The figures of a confusion matrix (see above). */
export function calibrationFigures(confusion: Confusion): CalibrationFigures {
  const { tp, fn, fp, tn } = confusion;
  const supported = { precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn) };
  const notSupported = { precision: ratio(tn, tn + fn), recall: ratio(tn, tn + fp) };
  const supportedF1 = f1(supported.precision, supported.recall);
  const notSupportedF1 = f1(notSupported.precision, notSupported.recall);
  const n = tp + fn + fp + tn;
  const chance = n === 0 ? 1 : ((tp + fn) * (tp + fp) + (fp + tn) * (fn + tn)) / (n * n);
  return {
    confusion,
    supported: { ...supported, f1: supportedF1 },
    notSupported: { ...notSupported, f1: notSupportedF1 },
    balancedAccuracy: mean(supported.recall.rate, notSupported.recall.rate),
    macroF1: mean(supportedF1, notSupportedF1),
    kappa: chance === 1 ? null : ((tp + tn) / n - chance) / (1 - chance),
  };
}
