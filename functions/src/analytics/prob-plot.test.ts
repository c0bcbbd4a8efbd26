import { describe, expect, it } from 'vitest';
import { AnalyticsError } from './errors.ts';
import { plottingPositions, ppPoints, qqPoints } from './prob-plot.ts';
import { normalQuantile } from './special.ts';

describe('probability plots', () => {
  it('uses R ppoints plotting positions: a = 3/8 for n <= 10, 1/2 above', () => {
    // R: ppoints(5) = (1:5 - 3/8) / (5 + 1 - 3/4) = 0.1190476 0.3095238 0.5 0.6904762 0.8809524
    [0.1190476, 0.3095238, 0.5, 0.6904762, 0.8809524].forEach((v, i) =>
      expect(plottingPositions(5)[i]!).toBeCloseTo(v, 7),
    );
    // n = 20: (i - 1/2) / 20
    expect(plottingPositions(20)[0]!).toBeCloseTo(0.025, 15);
  });

  it('qq: sorted sample against normal quantiles, line through the quartiles', () => {
    const res = [0.5, -1.2, 0.3, 2.2, -0.4, 0.1, -0.8];
    const q = qqPoints(res);
    expect(q.scatter).toEqual([...res].sort((a, b) => a - b));
    expect(q.x[3]!).toBeCloseTo(0, 15);
    expect(q.x[0]!).toBeCloseTo(normalQuantile((1 - 3 / 8) / (7 + 0.25)), 14);
    // quartiles (type 7) of the sample: -0.6 and 0.4
    const z = normalQuantile(0.75);
    const slope = (0.4 - -0.6) / (2 * z);
    q.x.forEach((x, i) => expect(q.line[i]!).toBeCloseTo(-0.1 + slope * x, 12));
  });

  it('pp: fitted normal CDF against plotting positions with a 45-degree line', () => {
    const p = ppPoints([1, 2, 3, 4, 5]);
    expect(p.line).toEqual(p.x);
    expect(p.scatter[2]!).toBeCloseTo(0.5, 15);
    for (let i = 1; i < 5; i++) expect(p.scatter[i]!).toBeGreaterThan(p.scatter[i - 1]!);
  });

  it('rejects too-short and non-finite residuals', () => {
    expect(() => qqPoints([1, 2])).toThrow(AnalyticsError);
    expect(() => ppPoints([1, Number.NaN, 3])).toThrow(AnalyticsError);
  });
});
