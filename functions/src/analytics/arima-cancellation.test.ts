import { describe, expect, it } from 'vitest';
import { fitArima } from './arima.ts';
import { monicRoots, nearlyCancellingPair } from './arima-cancellation.ts';
import { normal, rngFrom } from './seeded-random.ts';

const sorted = (roots: ReadonlyArray<readonly [number, number]>) =>
  [...roots].sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([re, im]) => [re, im]);

describe('monicRoots', () => {
  it('finds real, complex and repeated roots of low-degree polynomials', () => {
    // (x - 0.5)(x + 0.9) = x^2 + 0.4x - 0.45
    const real = sorted(monicRoots([0.4, -0.45]));
    expect(real[0]![0]).toBeCloseTo(-0.9, 12);
    expect(real[1]![0]).toBeCloseTo(0.5, 12);
    expect(real.every(([, im]) => im === 0)).toBe(true);
    // x^2 - 2 r cos(w) x + r^2: r = 0.97 at 45 degrees.
    const w = Math.PI / 4;
    const pair = sorted(monicRoots([-2 * 0.97 * Math.cos(w), 0.97 * 0.97]));
    expect(pair[0]![0]).toBeCloseTo(0.97 * Math.cos(w), 12);
    expect(Math.abs(pair[0]![1]!)).toBeCloseTo(0.97 * Math.sin(w), 12);
    // (x - 0.3)^2 (x + 0.2)(x - 0.8)(x + 0.95): a double root is found to about sqrt(eps).
    const roots = [0.3, 0.3, -0.2, 0.8, -0.95];
    // prod (x - r), highest power first.
    let coeffs = [1];
    for (const r of roots) coeffs = [...coeffs, 0].map((c, k) => c - (k > 0 ? r * coeffs[k - 1]! : 0));
    const five = sorted(monicRoots(coeffs.slice(1)));
    expect(five.map(([re]) => re)).toEqual([-0.95, -0.2, 0.3, 0.3, 0.8].map((v) => expect.closeTo(v, 6)));
  });
});

describe('nearly cancelling AR and MA roots', () => {
  it('ARMA(1,1): phi and -theta apart by less than 1/sqrt(n)', () => {
    // FTV's default fit on the demo closes: ar.L1 -0.9626, ma.L1 0.9927 (0.030 apart, 1/sqrt(499) = 0.045).
    const ftv = nearlyCancellingPair([-0.9626], [0.9927], 499)!;
    expect(ftv.distance).toBeCloseTo(0.0301, 4);
    expect(ftv.threshold).toBeCloseTo(1 / Math.sqrt(499), 12);
    expect(nearlyCancellingPair([0.5], [0.3], 499)).toBeNull();
    expect(nearlyCancellingPair([-0.9], [0.8], 499)).toBeNull();
    expect(nearlyCancellingPair([0.9], [], 499)).toBeNull();
  });

  it('finds a cancelling complex pair inside ARMA(2,2)', () => {
    const r = 0.95;
    const w = Math.PI / 3;
    const phi = [2 * r * Math.cos(w), -r * r];
    // MA reciprocal roots at radius 0.96, the same angle: theta = -(2 r cos w), r^2.
    const theta = [-2 * 0.96 * Math.cos(w), 0.96 * 0.96];
    expect(nearlyCancellingPair(phi, theta, 499)!.distance).toBeCloseTo(0.01, 10);
    expect(nearlyCancellingPair(phi, [-2 * 0.6 * Math.cos(w), 0.36], 499)).toBeNull();
  });

  it('names the simpler order in the warning: one lag fewer for a real pair, two for a complex one', () => {
    const rng = rngFrom('arima-cancellation', 'order');
    // White noise: ARMA fits of it land on cancelling pairs (any phi = -theta fits it equally well).
    const y = [100];
    for (let t = 0; t < 499; t++) y.push(y.at(-1)! + normal(rng));
    const message = (p: number, q: number) =>
      fitArima(y, { p, d: 1, q, trend: 'n' }).warnings.find((m) => /nearly cancel/.test(m)) ?? '';
    expect(message(1, 1)).toMatch(/reciprocal roots -?[\d.]+ and -?[\d.]+, .* ARIMA\(0,1,0\), without this pair,/);
    expect(message(2, 1)).toContain('ARIMA(1,1,0), without this pair,');
    expect(message(2, 2)).toMatch(
      /reciprocal roots \S+i and \S+i, .* ARIMA\(0,1,0\), without this pair and its conjugate,/,
    );
  });

  /**
   * Why the statistics are withheld: simulated from a nearly cancelling ARMA(1,1) (reciprocal roots
   * 0.98 and 0.97), the Wald intervals a fit would print cover the true ar.L1 far less often than 95%;
   * from a well separated one (0.6 and -0.3) they cover it as claimed, and the rule flags neither
   * wrongly often.
   */
  function simulate(phi: number, theta: number, seed: string, samples: number) {
    const rng = rngFrom('arima-cancellation', seed);
    let covered = 0;
    let reported = 0;
    let flagged = 0;
    let flaggedWithStatistics = 0;
    for (let k = 0; k < samples; k++) {
      const y = [100];
      let w = 0;
      let e = 0;
      for (let t = 0; t < 800; t++) {
        const et = normal(rng);
        w = phi * w + et + theta * e;
        e = et;
        if (t >= 300) y.push(y.at(-1)! + w);
      }
      const fit = fitArima(y.slice(0, 500), { p: 1, d: 1, q: 1, trend: 'n' });
      if (fit.warnings.some((m) => /nearly cancel/.test(m))) {
        flagged++;
        if (fit.withheld.join() !== 'ar.L1,ma.L1' || !/<td>NaN<\/td>/.test(fit.summaryHtml)) flaggedWithStatistics++;
      }
      const raw = nearlyCancellingPair([fit.params['ar.L1']!], [fit.params['ma.L1']!], fit.nobs);
      const se = fit.bse['ar.L1']!;
      if (raw === null && Number.isFinite(se)) {
        reported++;
        if (Math.abs(fit.params['ar.L1']! - phi) < 1.96 * se) covered++;
      }
    }
    return { covered, reported, flagged, flaggedWithStatistics };
  }

  it('withholds the statistics where they would mislead, and only there', { timeout: 60_000 }, () => {
    const near = simulate(0.98, -0.97, 'near', 60);
    // Most such fits are flagged; their statistics are not shown.
    expect(near.flagged).toBeGreaterThanOrEqual(40);
    // The summaries withhold ar.L1's and ma.L1's std err, z and p (sigma2 keeps its own).
    expect(near.flaggedWithStatistics).toBe(0);
    const far = simulate(0.6, 0.3, 'far', 60);
    expect(far.flagged).toBeLessThanOrEqual(3);
    expect(far.covered / far.reported).toBeGreaterThanOrEqual(0.88);
  });
});
