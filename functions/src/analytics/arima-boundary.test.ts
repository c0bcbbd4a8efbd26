import { describe, expect, it } from 'vitest';
import { boundaryRoots, smallestRootModulus } from './arima-boundary.ts';
import { fitArima } from './arima.ts';
import { mulberry32 } from './random.ts';
import { normal } from './seeded-random.ts';

describe('smallestRootModulus', () => {
  it('finds the smallest root of 1 - sum a_i z^i', () => {
    expect(smallestRootModulus([0.5])).toBeCloseTo(2, 10);
    expect(smallestRootModulus([-0.8])).toBeCloseTo(1.25, 10);
    // (1 - 0.5z)(1 - 0.25z) = 1 - 0.75z + 0.125z^2: roots 2 and 4.
    expect(smallestRootModulus([0.75, -0.125])).toBeCloseTo(2, 10);
    // Complex pair 1 - z + 0.5z^2: roots 1 +- i, modulus sqrt(2); a non-stationary root 0.5 (1 - 2z).
    expect(smallestRootModulus([1, -0.5])).toBeCloseTo(Math.SQRT2, 10);
    expect(smallestRootModulus([2])).toBeCloseTo(0.5, 10);
    expect(smallestRootModulus([])).toBe(Infinity);
  });

  it('flags AR and MA roots within 1e-3 of the unit circle only', () => {
    expect(boundaryRoots([0.9995], [])).toEqual([{ part: 'AR', modulus: expect.closeTo(1 / 0.9995, 9) }]);
    expect(boundaryRoots([0.99], [-0.99999])).toEqual([{ part: 'MA', modulus: expect.closeTo(1 / 0.99999, 9) }]);
    expect(boundaryRoots([0.5], [0.3])).toEqual([]);
  });
});

describe('fitArima on the invertibility boundary (issue 36 item 3)', () => {
  it('an over-differenced white noise pins ma.L1 at -1: a warning, and no s.e., z or p from the singular covariance', () => {
    // White noise differenced once is MA(1) with theta = -1 exactly: the MLE sits on the boundary.
    const rnd = mulberry32(2); // one of the ~half of seeds whose MLE is pinned at -1
    const y = Array.from({ length: 300 }, () => (rnd() + rnd() + rnd() + rnd() - 2) * 2);
    for (const covType of ['approx', 'oim', 'opg'] as const) {
      const fit = fitArima(y, { p: 0, d: 1, q: 1, trend: 'n', covType });
      expect(fit.params['ma.L1']).toBeLessThan(-0.999);
      expect(fit.warnings.join(' ')).toMatch(/MA root lies .* from the unit circle .* on the invertibility boundary/);
      expect(fit.warnings.join(' ')).toMatch(/standard errors, z, P>\|z\| and intervals are not reported/);
      for (const name of ['ma.L1', 'sigma2']) {
        expect(fit.bse[name]).toBeNaN();
        expect(fit.pvalues[name]).toBeNaN();
      }
    }
  });

  it('an interior estimate has no boundary warning and keeps its standard errors', () => {
    const rnd = mulberry32(7);
    let x = 100;
    let e0 = 0;
    const y = Array.from({ length: 300 }, () => {
      const e = (rnd() + rnd() + rnd() + rnd() - 2) * 2;
      x += e + 0.4 * e0;
      e0 = e;
      return x;
    });
    const fit = fitArima(y, { p: 0, d: 1, q: 1, trend: 'n' });
    expect(fit.warnings.filter((w) => /unit circle/.test(w))).toEqual([]);
    expect(fit.bse['ma.L1']).toBeGreaterThan(0);
    expect(Math.abs(fit.params['ma.L1']! / fit.bse['ma.L1']!)).toBeLessThan(100);
  });
});

/**
 * Issue 36 item 3 asked for no |z| > 100 on the default model. A |z| above 100 is what a correct
 * standard error gives for a persistent process measured on 500 observations: AR(1) with phi = 0.98
 * has asymptotic s.e. sqrt((1 - phi^2) / n) = 0.0089, so z = 110. This simulation shows the reported
 * standard errors are calibrated there (the 95% Wald interval covers the true phi in about 95% of
 * samples) while most samples print |z| > 100: hiding those z would hide a valid statistic. (The
 * nine such coefficients left on the demo universe belong to fits whose nearest root is 2.3e-3 to
 * 7.8e-3 inside the unit circle, c = n x distance of 1.1 to 3.9; at c = 10 here coverage is still
 * nominal.)
 */
describe('standard errors of a persistent AR(1) near the unit circle (issue 36 item 3)', () => {
  it('cover the true coefficient at the nominal rate although most |z| exceed 100', () => {
    const n = 500;
    const phi = 0.98;
    const samples = 200;
    const rnd = mulberry32(36);
    let covered = 0;
    let huge = 0;
    for (let s = 0; s < samples; s++) {
      let x = 0;
      const y = Array.from({ length: n }, () => (x = phi * x + normal(rnd)));
      const fit = fitArima(y, { p: 1, d: 0, q: 0, trend: 'n' });
      const se = fit.bse['ar.L1']!;
      expect(se).toBeGreaterThan(0);
      if (Math.abs(fit.params['ar.L1']! - phi) <= 1.959964 * se) covered++;
      if (Math.abs(fit.params['ar.L1']! / se) > 100) huge++;
    }
    // Binomial(200, 0.95) lies within [0.905, 0.985] with probability > 0.99.
    expect(covered / samples).toBeGreaterThanOrEqual(0.905);
    expect(covered / samples).toBeLessThanOrEqual(0.985);
    expect(huge / samples).toBeGreaterThan(0.5);
  });
});
