import { describe, expect, it } from 'vitest';
import { calibrationFigures } from '../../src/calibrate/metrics.js';

describe('calibrationFigures', () => {
  it('derives every figure from the confusion matrix', () => {
    // TP 8, FN 2, FP 4, TN 6.
    const figures = calibrationFigures({ tp: 8, fn: 2, fp: 4, tn: 6 });
    // supported: precision 8/12, recall 8/10; F1 = 2·(2/3)(4/5)/((2/3)+(4/5)) = 16/22.
    expect(figures.supported.precision.rate).toBeCloseTo(8 / 12, 10);
    expect(figures.supported.recall.rate).toBeCloseTo(0.8, 10);
    expect(figures.supported.f1).toBeCloseTo(16 / 22, 10);
    // not supported: precision 6/8, recall 6/10; F1 = 2·0.75·0.6/1.35 = 2/3.
    expect(figures.notSupported.precision.rate).toBeCloseTo(0.75, 10);
    expect(figures.notSupported.recall.rate).toBeCloseTo(0.6, 10);
    expect(figures.notSupported.f1).toBeCloseTo(2 / 3, 10);
    // balanced accuracy (0.8 + 0.6) / 2; macro-F1 the mean of the two F1s.
    expect(figures.balancedAccuracy).toBeCloseTo(0.7, 10);
    expect(figures.macroF1).toBeCloseTo((16 / 22 + 2 / 3) / 2, 10);
  });

  it('a ratio of 0/0 is null, not 0 or 1', () => {
    const figures = calibrationFigures({ tp: 0, fn: 0, fp: 3, tn: 0 });
    expect(figures.supported.recall.rate).toBeNull();
    expect(figures.macroF1).toBeNull();
    expect(figures.supported.precision.rate).toBe(0);
  });

  it('the Wilson interval', () => {
    // Recall 8/10: centre (0.8 + 1.96²/20) / (1 + 1.96²/10) = 0.99208/1.38416 = 0.71674;
    // half-width 1.96·sqrt(0.016 + 0.0096040)/1.38416 = 0.22660: [0.4902, 0.9433].
    const ratio = calibrationFigures({ tp: 8, fn: 2, fp: 0, tn: 0 }).supported.recall;
    expect(ratio.low).toBeCloseTo(0.4902, 3);
    expect(ratio.high).toBeCloseTo(0.9433, 3);
    // It stays inside [0, 1] at the edges: recall 0/5 and 5/5.
    expect(calibrationFigures({ tp: 0, fn: 5, fp: 0, tn: 0 }).supported.recall.low).toBe(0);
    expect(
      calibrationFigures({ tp: 5, fn: 0, fp: 0, tn: 0 }).supported.recall.high,
    ).toBeLessThanOrEqual(1);
  });
});
