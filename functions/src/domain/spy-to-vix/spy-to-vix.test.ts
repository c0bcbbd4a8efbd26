import { describe, expect, it } from 'vitest';
import { spyToVixSchema } from '@tapewatch/shared/schemas/spy-to-vix';
import {
  alignCloses,
  computeSpyToVix,
  horizonObservations,
  jointDistribution,
  pearson,
  probabilityTable,
  probPositive,
  regression,
  spyRow,
  VIX_RANGE_1,
  VIX_RANGE_10,
  vixColumn,
  type Aligned,
} from './spy-to-vix.ts';

// SPY 100, 101, 99, 102, 100 and VIX 20, 18, 22, 19, 21. One-day changes at t = 1..4:
//   spy  +1.0000, -1.9802, +3.0303, -1.9608 %   -> rows 40, 10, 60, 10
//   vix -10.0000, +22.2222, -13.6364, +10.5263 % -> 1% columns 20, 52, 16, 41; 10% columns 4, 7, 4, 6
//   fwd  -1.9802, +3.0303, -1.9608, (none)
const tiny: Aligned = {
  dates: ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-08'],
  spy: [100, 101, 99, 102, 100],
  vix: [20, 18, 22, 19, 21],
};

describe('buckets', () => {
  it('rounds SPY to 0.1% rows from -3% and clamps the tails', () => {
    expect(spyRow(0)).toBe(30);
    expect(spyRow(-3)).toBe(0);
    expect(spyRow(1.04)).toBe(40);
    expect(spyRow(-9)).toBe(0);
    expect(spyRow(7)).toBe(60);
  });
  it('rounds VIX to 1% or 10% columns and clamps the tails', () => {
    expect(vixColumn(-30, VIX_RANGE_1)).toBe(0);
    expect(vixColumn(0.4, VIX_RANGE_1)).toBe(30);
    expect(vixColumn(300, VIX_RANGE_1)).toBe(80);
    expect(vixColumn(-14, VIX_RANGE_10)).toBe(4);
    expect(vixColumn(-16, VIX_RANGE_10)).toBe(3);
    expect(vixColumn(-80, VIX_RANGE_10)).toBe(0);
  });
});

describe('one-day observations of a hand-computed series', () => {
  const obs = horizonObservations(tiny, 1);
  it('computes the % changes and forward returns', () => {
    expect(obs.spy.map((v) => Number(v.toFixed(4)))).toEqual([1, -1.9802, 3.0303, -1.9608]);
    expect(obs.vix.map((v) => Number(v.toFixed(4)))).toEqual([-10, 22.2222, -13.6364, 10.5263]);
    expect(obs.fwd.map((v) => (v === null ? null : Number(v.toFixed(4))))).toEqual([-1.9802, 3.0303, -1.9608, null]);
    expect(obs.firstDate).toBe('2024-01-03');
  });
  it('joint distributions give each observation 25%', () => {
    expect(jointDistribution(obs, VIX_RANGE_1)).toEqual([
      [16, 60, 25],
      [20, 40, 25],
      [41, 10, 25],
      [52, 10, 25],
    ]);
    expect(jointDistribution(obs, VIX_RANGE_10)).toEqual([
      [4, 40, 25],
      [4, 60, 25],
      [6, 10, 25],
      [7, 10, 25],
    ]);
  });
  it('probability of a positive next day per cell, only cells with enough observations', () => {
    expect(probPositive(obs, 1)).toEqual([
      [4, 40, 0],
      [4, 60, 0],
      [7, 10, 100],
    ]);
    expect(probPositive(obs, 2)).toEqual([]);
  });
  it('probability table per 10% VIX bucket', () => {
    expect(probabilityTable(obs)).toEqual([
      { vix_bucket: '-10', positive: 0, negative: 100, count: 2 },
      { vix_bucket: '20', positive: 100, negative: 0, count: 1 },
    ]);
  });
});

describe('alignCloses', () => {
  it('keeps only dates both series have, within the range', () => {
    const a = alignCloses(
      { date: ['2003-12-31', '2004-01-02', '2004-01-05', '2004-01-06'], close: [1, 2, 3, 4] },
      { date: ['2004-01-02', '2004-01-06'], close: [20, 21] },
      '2004-01-01',
      '2024-03-08',
    );
    expect(a).toEqual({ dates: ['2004-01-02', '2004-01-06'], spy: [2, 4], vix: [20, 21] });
  });
});

/** A deterministic pseudo-random walk (no library: the test must not share code with the subject). */
function walk(n: number): Aligned {
  let seed = 7;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5;
  const a: Aligned = { dates: [], spy: [100], vix: [20] };
  for (let i = 1; i < n; i++) {
    const shock = rnd();
    a.spy.push(a.spy[i - 1]! * (1 + 0.01 * shock + 0.004 * rnd()));
    a.vix.push(a.vix[i - 1]! * (1 - 0.06 * shock + 0.03 * rnd()));
  }
  a.dates = a.spy.map((_, i) => `d${String(i).padStart(4, '0')}`);
  return a;
}

/** Independent Newey-West: slope/intercept in closed form, sandwich with Bartlett weights in 2x2 algebra. */
function neweyWest(y: number[], x: number[], lags: number) {
  const n = y.length;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  const b = x.reduce((s, v, i) => s + (v - mx) * (y[i]! - my), 0) / x.reduce((s, v) => s + (v - mx) ** 2, 0);
  const a = my - b * mx;
  const e = y.map((v, i) => v - a - b * x[i]!);
  const sx = x.reduce((s, v) => s + v, 0);
  const sxx = x.reduce((s, v) => s + v * v, 0);
  const det = n * sxx - sx * sx;
  const inv = [
    [sxx / det, -sx / det],
    [-sx / det, n / det],
  ];
  const S = [
    [0, 0],
    [0, 0],
  ];
  for (let l = 0; l <= lags; l++) {
    const w = l === 0 ? 1 : 1 - l / (lags + 1);
    for (let t = l; t < n; t++) {
      const u = [e[t]!, e[t]! * x[t]!];
      const v = [e[t - l]!, e[t - l]! * x[t - l]!];
      for (let i = 0; i < 2; i++)
        for (let j = 0; j < 2; j++) S[i]![j]! += l === 0 ? w * u[i]! * v[j]! : w * (u[i]! * v[j]! + v[i]! * u[j]!);
    }
  }
  const mul = (A: number[][], B: number[][]) =>
    A.map((r) => B[0]!.map((_, j) => r.reduce((s, v, k) => s + v * B[k]![j]!, 0)));
  const V = mul(mul(inv, S), inv);
  return { a, b, seA: Math.sqrt(V[0]![0]!), seB: Math.sqrt(V[1]![1]!) };
}

describe('regression against an independent Newey-West computation', () => {
  const series = walk(400);
  for (const h of [1, 5, 20]) {
    it(`h = ${h}: coefficients, Newey-West errors (maxlags ${h - 1}), correlation and R-squared`, () => {
      const obs = horizonObservations(series, h);
      const r = regression(obs, h);
      const ref = neweyWest(obs.spy, obs.vix, h - 1);
      expect(r['Coef.'].const).toBeCloseTo(ref.a, 7);
      expect(r['Coef.'].x1).toBeCloseTo(ref.b, 7);
      expect(r['Std.Err.'].const).toBeCloseTo(ref.seA, 7);
      expect(r['Std.Err.'].x1).toBeCloseTo(ref.seB, 7);
      expect(r.t.x1).toBeCloseTo(ref.b / ref.seB, 4);
      // Normal law for robust errors, as statsmodels: 95% interval is coef +- 1.959964 se.
      expect(r['0.975]'].x1).toBeCloseTo(ref.b + 1.959964 * ref.seB, 5);
      expect(r['[0.025'].x1).toBeCloseTo(ref.b - 1.959964 * ref.seB, 5);
      const rho = pearson(obs.vix, obs.spy);
      expect(r.correlation).toBeCloseTo(rho, 5);
      expect(r.r_squared).toBeCloseTo(rho * rho, 5);
      expect(r.correlation).toBeLessThan(-0.5);
      expect(r.nobs).toBe(400 - h);
      expect(r.maxlags).toBe(h - 1);
    });
  }
  it('pearson of a perfectly linear pair is -1', () => {
    expect(pearson([1, 2, 3], [6, 4, 2])).toBeCloseTo(-1, 12);
  });
});

describe('computeSpyToVix', () => {
  const out = computeSpyToVix(walk(300), '2024-03-08');
  it('matches the contract, with every period and no non-finite number', () => {
    expect(() => spyToVixSchema.parse(out)).not.toThrow();
    expect(Object.keys(out.spy_to_vix_rounded_1.data)).toEqual(['1d', '2d', '5d', '10d', '20d']);
    expect(JSON.stringify(out)).not.toMatch(/NaN|Infinity|null/);
    expect(out.spy_to_vix_rounded_1.index.y[0]).toBe('-3.0');
    expect(out.spy_to_vix_rounded_1.index.y[60]).toBe('3.0');
    expect(out.spy_to_vix_rounded_10.index.x).toEqual([
      '-50',
      '-40',
      '-30',
      '-20',
      '-10',
      '0',
      '10',
      '20',
      '30',
      '40',
      '50',
      '60',
      '70',
      '80',
      '90',
      '100',
    ]);
  });
  it('each distribution sums to 100% and the probability table counts every known forward return', () => {
    for (const p of ['1d', '5d', '20d'] as const) {
      const total = out.spy_to_vix_rounded_1.data[p].reduce((s, c) => s + c[2], 0);
      expect(Math.abs(total - 100)).toBeLessThan(0.02); // cells are rounded to 4 decimals
      const h = Number(p.replace('d', ''));
      expect(out.spy_to_vix_prob_positive.prob_table[p].reduce((s, r) => s + r.count, 0)).toBe(300 - 2 * h);
    }
    for (const [, , v] of out.spy_to_vix_prob_positive.data['1d']) expect(v).toBeGreaterThanOrEqual(0);
  });
});
