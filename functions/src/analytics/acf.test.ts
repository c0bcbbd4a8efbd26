import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acf, pacf, yuleWalker } from './acf.ts';
import { AnalyticsError } from './errors.ts';
import { lh } from './fixtures/lh.ts';

describe('acf / pacf', () => {
  it('acf follows the biased definition r_k = sum (x_t - m)(x_{t+k} - m) / sum (x_t - m)^2', () => {
    const x = [1, 3, 2, 5, 4];
    // mean 3; deviations -2, 0, -1, 2, 1; c0 = 10; c1 = 0 + 0 - 2 + 2 = 0; c2 = 2 + 0 - 1 = 1
    const r = acf(x, 2);
    expect(r[0]).toBe(1);
    expect(r[1]!).toBeCloseTo(0, 15);
    expect(r[2]!).toBeCloseTo(0.1, 15);
  });

  it('pacf of lh reproduces R ar(lh) Yule-Walker coefficients (R ?ar, stats-Ex.Rout.save)', () => {
    // ar(lh): order 3 selected, coefficients 0.6534 -0.0636 -0.2269, sigma^2 0.1959
    // ar(lh, FALSE, 4): 0.6767 -0.0571 -0.2941 0.1028, sigma^2 0.1983
    // The last Yule-Walker coefficient of order k is the lag-k partial autocorrelation.
    const yw3 = yuleWalker([...lh], 3);
    [0.6534, -0.0636, -0.2269].forEach((v, i) => expect(Math.abs(yw3.phi[i]! - v)).toBeLessThanOrEqual(5e-5));
    expect(Math.abs(yw3.sigma2 - 0.1959)).toBeLessThanOrEqual(5e-5);
    const yw4 = yuleWalker([...lh], 4);
    [0.6767, -0.0571, -0.2941, 0.1028].forEach((v, i) => expect(Math.abs(yw4.phi[i]! - v)).toBeLessThanOrEqual(5e-5));
    expect(Math.abs(yw4.sigma2 - 0.1983)).toBeLessThanOrEqual(5e-5);
    const p = pacf([...lh], 4);
    expect(p[0]).toBe(1);
    expect(p[1]!).toBeCloseTo(acf([...lh], 1)[1]!, 14);
    expect(Math.abs(p[3]! - -0.2269)).toBeLessThanOrEqual(5e-5);
    expect(Math.abs(p[4]! - 0.1028)).toBeLessThanOrEqual(5e-5);
  });

  it('acf(0) = 1 and |acf| <= 1; |pacf| <= 1', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { minLength: 3, maxLength: 60 }),
        fc.nat(),
        (x, seed) => {
          const nlags = 1 + (seed % (x.length - 1));
          let r: number[];
          try {
            r = acf(x, nlags);
          } catch (e) {
            expect((e as AnalyticsError).code).toBe('invalid_input'); // constant series
            return;
          }
          expect(r[0]).toBe(1);
          for (const v of r) expect(Math.abs(v)).toBeLessThanOrEqual(1 + 1e-12);
          for (const v of pacf(x, nlags)) expect(Math.abs(v)).toBeLessThanOrEqual(1 + 1e-9);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rejects non-finite input, constant series and too many lags', () => {
    expect(() => acf([1, Number.POSITIVE_INFINITY, 2], 1)).toThrow(AnalyticsError);
    expect(() => acf([2, 2, 2, 2], 1)).toThrow(/constant/);
    expect(() => acf([1, 2, 3], 3)).toThrow(/at least 4 observations/);
  });
});
