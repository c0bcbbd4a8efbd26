import { describe, expect, it } from 'vitest';
import { spyToVixSchema } from '@tapewatch/shared/schemas/spy-to-vix';
import { benjaminiHochberg } from '../../analytics/multiple-testing.ts';
import { cellPValue, overlapEffectiveN, testProbabilityCells } from './cell-significance.ts';
import { type Aligned, computeSpyToVix } from './spy-to-vix.ts';

describe('Benjamini-Hochberg q-values (issue 36 item 7)', () => {
  it("equal statsmodels' multipletests(method='fdr_bh') (statsmodels 0.13.5, /usr/bin/python3, [1] of its result)", () => {
    // multipletests([0.01, 0.04, 0.03, 0.005, 0.20], method='fdr_bh')[1]
    expect(benjaminiHochberg([0.01, 0.04, 0.03, 0.005, 0.2])).toEqual(
      [0.025, 0.05, 0.05, 0.025, 0.2].map((q) => expect.closeTo(q, 12)),
    );
    // multipletests([0.001, 0.008, 0.039, 0.041, 0.042, 0.06, 0.074, 0.205, 0.212, 0.216], method='fdr_bh')[1]
    const p = [0.001, 0.008, 0.039, 0.041, 0.042, 0.06, 0.074, 0.205, 0.212, 0.216];
    const q = [0.01, 0.04, 0.084, 0.084, 0.084, 0.1, 0.10571428571428572, 0.216, 0.216, 0.216];
    expect(benjaminiHochberg(p)).toEqual(q.map((v) => expect.closeTo(v, 12)));
    expect(benjaminiHochberg([0.9, 0.95])).toEqual([0.95, 0.95]);
  });
});

describe('effective sample size of overlapping h-day windows', () => {
  it('is n without overlap and n^2 / (n + 2 sum of overlaps) with it (hand-computed)', () => {
    expect(overlapEffectiveN([0, 1, 2, 3], 1)).toBe(4);
    expect(overlapEffectiveN([0, 5, 10], 5)).toBe(3);
    // h = 2: three neighbouring pairs overlap by half: 16 / (4 + 2 x 1.5) = 2.2857...
    expect(overlapEffectiveN([0, 1, 2, 3], 2)).toBeCloseTo(16 / 7, 12);
    // 100 consecutive days, h = 5: sum over k=1..4 of (100 - k)(1 - k/5) = 196, so 10000 / 492 (about n / h).
    const days = Array.from({ length: 100 }, (_, i) => i);
    expect(overlapEffectiveN(days, 5)).toBeCloseTo(10_000 / 492, 12);
  });
});

describe('a cell against the base rate', () => {
  it('is the normal approximation with n_eff (statsmodels proportions_ztest(30, 40, 0.5, prop_var=0.5): p 0.001565402258002548)', () => {
    expect(cellPValue(30, 40, 40, 0.5)).toBeCloseTo(0.001565402258002548, 12);
    // The same share on 10 effective observations: z = 1.5811, p = 2 x norm.sf(z) = 0.11384629800665805.
    expect(cellPValue(30, 40, 10, 0.5)).toBeCloseTo(0.11384629800665805, 12);
  });

  it('is corrected over the whole family: nominal p < 5% is not enough', () => {
    const cell = (x: number, up: number, n: number) => ({ x, y: 0, days: Array.from({ length: n }, (_, i) => i), up });
    // 20 cells at the base rate and one at 30 of 40 (p 0.0016 at h = 1), one at 26 of 40 (p 0.058).
    const cells = [cell(0, 30, 40), cell(1, 26, 40), ...Array.from({ length: 20 }, (_, i) => cell(2 + i, 20, 40))];
    const out = testProbabilityCells([{ key: '1d', h: 1, baseRate: 0.5, cells }]);
    expect(out['1d'][0]).toMatchObject({ n: 40, nEff: 40, significant: true });
    expect(out['1d'][0]!.qValue).toBeCloseTo(0.001565402258002548 * 22, 10);
    expect(out['1d'][1]!.significant).toBe(false);
    // The same strong cell on 5-day overlapping windows of consecutive days has about 8 effective
    // observations and is not significant.
    const h5 = testProbabilityCells([{ key: '5d', h: 5, baseRate: 0.5, cells }]);
    expect(h5['5d'][0]!.nEff).toBeCloseTo(1600 / (40 + 2 * (39 * 0.8 + 38 * 0.6 + 37 * 0.4 + 36 * 0.2)), 10);
    expect(h5['5d'][0]!.significant).toBe(false);
  });
});

describe('the SPY To VIX response carries each probability cell test', () => {
  // SPY up 0.5% and down 0.5% on alternate days, VIX almost flat (within 0.3%, the 0% column): after an up day SPY always falls the next
  // day and after a down day it always rises, against a base rate of one half.
  const days = 201;
  const a: Aligned = { dates: [], spy: [100], vix: Array.from({ length: days }, (_, i) => 20 + 0.01 * (i % 7)) };
  for (let i = 1; i < days; i++) a.spy.push(a.spy[i - 1]! * (i % 2 === 1 ? 1.005 : 0.995));
  a.dates = a.spy.map(
    (_, i) => `2020-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
  );
  const out = computeSpyToVix(a, '2020-12-31').spy_to_vix_prob_positive;

  it('n, effective n, p, q and significant for the same cells as the heat map, in the contract', () => {
    expect(() => spyToVixSchema.shape.spy_to_vix_prob_positive.parse(out)).not.toThrow();
    expect(out.fdr).toBe(0.05);
    expect(out.cell_tests['1d'].map((c) => [c.x, c.y])).toEqual(out.data['1d'].map(([x, y]) => [x, y]));
    const up = out.cell_tests['1d'].find((c) => c.y === 35)!;
    const down = out.cell_tests['1d'].find((c) => c.y === 25)!;
    // Days 1..199 have a 1-day forward return: 100 up days (row 35), 99 down days (row 25).
    expect(out.base_rate['1d']).toBeCloseTo((100 * 99) / 199, 2);
    expect(up).toMatchObject({ x: 5, n: 100, n_eff: 100, significant: true });
    expect(down).toMatchObject({ x: 5, n: 99, n_eff: 99, significant: true });
    expect(up.q_value).toBeLessThan(1e-10);
    for (const p of ['1d', '2d', '5d', '10d', '20d'] as const) {
      for (const c of out.cell_tests[p]) {
        expect(c.n).toBeGreaterThanOrEqual(out.min_count);
        expect(c.n_eff).toBeLessThanOrEqual(c.n);
        expect(c.q_value).toBeGreaterThanOrEqual(c.p_value);
        expect(c.significant).toBe(c.q_value < out.fdr);
      }
    }
  });
});
