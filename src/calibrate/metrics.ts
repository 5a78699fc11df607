/**
 * Calibration figures of a binary decision ("supported" or not) against human labels. Pure.
 *
 * With TP = supported pairs called supported, FN = supported called not, FP = not-supported called
 * supported, TN = not-supported called not:
 * - supported: precision TP / (TP + FP), recall TP / (TP + FN);
 * - not supported: precision TN / (TN + FN), recall TN / (TN + FP);
 * - F1 of each = 2PR / (P + R); macro-F1 = their mean; balanced accuracy = the mean of the recalls;
 * - Cohen's κ = (po − pe) / (1 − pe), with po = (TP + TN) / N the agreement with the labels and
 *   pe = ((TP + FN)(TP + FP) + (FP + TN)(FN + TN)) / N² the agreement expected by chance; null
 *   when pe is 1 (every pair in one class on both sides) or there are no pairs.
 * Each precision and recall carries a 95% Wilson score interval (`ratio`, as the vendor
 * comparison's rates do), which stays inside [0, 1] and is honest at small counts. A ratio of
 * 0 / 0 is null, not 0 or 1.
 */
import { ratio } from '../compare/figures.js';
import type { Ratio } from '../compare/types.js';

export interface Confusion {
  /** Labelled supported, decided supported. */
  tp: number;
  /** Labelled supported, decided not supported. */
  fn: number;
  /** Labelled not supported, decided supported. */
  fp: number;
  /** Labelled not supported, decided not supported. */
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

export function calibrationFigures(confusion: Confusion): CalibrationFigures {
  const { tp, fn, fp, tn } = confusion;
  const supported = { precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn) };
  const notSupported = { precision: ratio(tn, tn + fn), recall: ratio(tn, tn + fp) };
  const supportedF1 = f1(supported.precision, supported.recall);
  const notSupportedF1 = f1(notSupported.precision, notSupported.recall);
  return {
    confusion,
    supported: { ...supported, f1: supportedF1 },
    notSupported: { ...notSupported, f1: notSupportedF1 },
    balancedAccuracy: mean(supported.recall.rate, notSupported.recall.rate),
    macroF1: mean(supportedF1, notSupportedF1),
    kappa: cohenKappa(confusion),
  };
}

/** Cohen's κ of the decisions against the labels (see the formula above). */
export function cohenKappa({ tp, fn, fp, tn }: Confusion): number | null {
  const n = tp + fn + fp + tn;
  if (n === 0) return null;
  const observed = (tp + tn) / n;
  const chance = ((tp + fn) * (tp + fp) + (fp + tn) * (fn + tn)) / (n * n);
  return chance === 1 ? null : (observed - chance) / (1 - chance);
}
