import { describe, expect, it } from 'vitest';
import { dtwDistance } from './dtw.ts';
import { AnalyticsError } from './errors.ts';
import {
  forwardReturns,
  logReturns,
  pctChange,
  rollingMean,
  rollingStd,
  rollingSum,
  simpleReturns,
  zScores,
} from './windows.ts';

describe('window helpers (pandas conventions, null instead of NaN)', () => {
  const px = [100, 110, 99, 108.9, 119.79];

  it('period returns are n - 1 long', () => {
    const r = simpleReturns(px);
    expect(r).toHaveLength(4);
    [0.1, -0.1, 0.1, 0.1].forEach((v, i) => expect(r[i]!).toBeCloseTo(v, 12));
    logReturns(px).forEach((v, i) => expect(v).toBeCloseTo(Math.log(1 + r[i]!), 12));
  });

  it('forward returns and pct_change are aligned with nulls', () => {
    const f = forwardReturns(px, [1, 2]);
    expect(f[1]![0]!).toBeCloseTo(0.1, 12);
    expect(f[1]![4]).toBeNull();
    expect(f[2]![2]!).toBeCloseTo(119.79 / 99 - 1, 12);
    expect(f[2]!.slice(3)).toEqual([null, null]);
    const p = pctChange(px, 2);
    expect(p.slice(0, 2)).toEqual([null, null]);
    expect(p[2]!).toBeCloseTo(-0.01, 12);
  });

  it('rolling sum / mean / sample std match pandas rolling(3)', () => {
    const x = [1, 2, 4, 7, 11];
    expect(rollingSum(x, 3)).toEqual([null, null, 7, 13, 22]);
    expect(
      rollingMean(x, 3)
        .slice(2)
        .map((v) => Number(v!.toFixed(12))),
    ).toEqual([2.333333333333, 4.333333333333, 7.333333333333]);
    // pandas: Series([1,2,4,7,11]).rolling(3).std() -> NaN NaN 1.527525 2.516611 3.511885
    const s = rollingStd(x, 3);
    expect(s.slice(0, 2)).toEqual([null, null]);
    [1.527525, 2.516611, 3.511885].forEach((v, i) => expect(s[i + 2]!).toBeCloseTo(v, 6));
  });

  it('rolling sums stay exact over long series (compensated)', () => {
    const x = Array.from({ length: 10000 }, (_, i) => (i % 2 === 0 ? 1e8 : 1e-8));
    const s = rollingSum(x, 2);
    expect(s[9999]!).toBe(1e8 + 1e-8);
  });

  it('z-scores: whole-series and trailing-window, null when undefined', () => {
    const z = zScores([1, 2, 3]);
    expect(z).toEqual([-1, 0, 1]);
    const zw = zScores([1, 2, 3, 3, 3, 3], 3);
    expect(zw[2]!).toBeCloseTo(1, 12);
    expect(zw[5]).toBeNull(); // zero variance
  });

  it('rejects non-positive prices and NaN', () => {
    expect(() => simpleReturns([1, 0, 2])).toThrow(AnalyticsError);
    expect(() => rollingMean([1, Number.NaN], 1)).toThrow(AnalyticsError);
    expect(() => rollingStd([1, 2, 3], 1)).toThrow(AnalyticsError);
  });
});

describe('dtwDistance', () => {
  it('is zero for time-shifted copies within the band and respects the Sakoe-Chiba window', () => {
    const a = [0, 0, 1, 2, 1, 0, 0];
    const b = [0, 1, 2, 1, 0, 0, 0];
    expect(dtwDistance(a, b)).toBe(0);
    expect(dtwDistance(a, b, { window: 1 })).toBe(0);
    expect(dtwDistance(a, b, { window: 0 })).toBe(4); // pointwise L1 distance
    expect(dtwDistance([1, 2, 3], [1, 2, 3, 3, 3], { window: 0 })).toBe(0); // band widened to |n - m|
  });
});
