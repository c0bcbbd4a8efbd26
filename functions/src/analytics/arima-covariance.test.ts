import { describe, expect, it } from 'vitest';
import { arimaCovariance } from './arima-covariance.ts';
import { observationTerms } from './arima-likelihood.ts';
import { lh } from './fixtures/lh.ts';

/**
 * ARIMA(0,0,0) with a constant is iid N(mu, sigma2): at the MLE (mean, mean square deviation) the
 * observed information is diag(n / sigma2, n / (2 sigma2^2)), exact for 'approx' (Hessian) and 'oim'
 * (Harvey's formula), and the OPG matrix is sum_t g_t g_t' with the scores
 * g = (e / sigma2, -1 / (2 sigma2) + e^2 / (2 sigma2^2)), e = y - mu: all in closed form.
 */
describe('arimaCovariance: the three cov_types against closed forms (iid normal, lh series)', () => {
  const y = [...lh];
  const n = y.length;
  const mu = y.reduce((a, b) => a + b, 0) / n;
  const e = y.map((v) => v - mu);
  const s2 = e.reduce((a, b) => a + b * b, 0) / n;
  const spec = { series: [y, y.map(() => 1)], p: 0, d: 0, q: 0, diffuse: false };
  const terms = (x: Float64Array) => observationTerms(spec, x, true);

  it('approx and oim: var(mu) = sigma2 / n, var(sigma2) = 2 sigma2^2 / n, no covariance', () => {
    for (const covType of ['approx', 'oim'] as const) {
      const cov = arimaCovariance(terms, [mu, s2], covType)!;
      expect(cov[0]![0]! / (s2 / n), covType).toBeCloseTo(1, 6);
      expect(cov[1]![1]! / ((2 * s2 * s2) / n), covType).toBeCloseTo(1, 6);
      expect(Math.abs(cov[0]![1]!), covType).toBeLessThan(1e-8);
    }
  });

  it('opg: the inverse of the summed outer products of the per-observation scores', () => {
    const g = e.map((v) => [v / s2, -1 / (2 * s2) + (v * v) / (2 * s2 * s2)] as const);
    const a = g.reduce((s, [x]) => s + x * x, 0);
    const b = g.reduce((s, [x, z]) => s + x * z, 0);
    const c = g.reduce((s, [, z]) => s + z * z, 0);
    const det = a * c - b * b;
    const cov = arimaCovariance(terms, [mu, s2], 'opg')!;
    expect(cov[0]![0]! / (c / det)).toBeCloseTo(1, 6);
    expect(cov[1]![1]! / (a / det)).toBeCloseTo(1, 6);
    expect(cov[0]![1]! / (-b / det)).toBeCloseTo(1, 5);
  });

  it('returns null where the likelihood cannot be evaluated (sigma2 <= 0)', () => {
    expect(arimaCovariance(terms, [mu, -1], 'approx')).toBeNull();
  });
});
