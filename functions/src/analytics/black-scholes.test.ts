import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blackScholes, blackScholesPrice, impliedVol } from './black-scholes.ts';
import { AnalyticsError } from './errors.ts';

describe('Black-Scholes vs Hull, Options, Futures, and Other Derivatives', () => {
  it('Hull Example 15.6 (8th ed.): S=42, K=40, r=10%, sigma=20%, T=0.5 -> call 4.76, put 0.81', () => {
    const base = { S: 42, K: 40, T: 0.5, r: 0.1, q: 0, sigma: 0.2 };
    expect(Math.abs(blackScholes({ ...base, type: 'call' }).price - 4.76)).toBeLessThanOrEqual(0.005);
    expect(Math.abs(blackScholes({ ...base, type: 'put' }).price - 0.81)).toBeLessThanOrEqual(0.005);
  });

  it('Hull ch. 19 running example: S=49, K=50, r=5%, sigma=20%, T=20 weeks', () => {
    // Price 2.40 ("$240,000" for 100,000 calls), delta 0.522, gamma 0.066,
    // vega 12.1 per 1.00 of volatility (= 0.121 per vol point here), theta -4.31 per year.
    const g = blackScholes({ S: 49, K: 50, T: 0.3846, r: 0.05, q: 0, sigma: 0.2, type: 'call' });
    expect(Math.abs(g.price - 2.4)).toBeLessThanOrEqual(0.005);
    expect(Math.abs(g.delta - 0.522)).toBeLessThanOrEqual(0.0005);
    expect(Math.abs(g.gamma - 0.066)).toBeLessThanOrEqual(0.0005);
    expect(Math.abs(g.vega * 100 - 12.1)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(g.theta - -4.31)).toBeLessThanOrEqual(0.005);
  });

  it('greeks agree with finite differences of the price (vega per vol point, theta per year)', () => {
    const p: { S: number; K: number; T: number; r: number; q: number; sigma: number } = {
      S: 100,
      K: 95,
      T: 0.75,
      r: 0.03,
      q: 0.01,
      sigma: 0.25,
    };
    for (const type of ['call', 'put'] as const) {
      const g = blackScholes({ ...p, type });
      const h = 1e-4;
      const px = (o: Partial<typeof p>) => blackScholes({ ...p, ...o, type }).price;
      expect(g.delta).toBeCloseTo((px({ S: p.S + h }) - px({ S: p.S - h })) / (2 * h), 6);
      expect(g.gamma).toBeCloseTo((px({ S: p.S + 1e-2 }) - 2 * g.price + px({ S: p.S - 1e-2 })) / 1e-4, 5);
      expect(g.vega).toBeCloseTo((px({ sigma: p.sigma + h }) - px({ sigma: p.sigma - h })) / (2 * h) / 100, 7);
      expect(g.theta).toBeCloseTo(-(px({ T: p.T + h }) - px({ T: p.T - h })) / (2 * h), 5);
    }
  });

  it('the price alone is the full function price to the last bit, and refuses the same inputs', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 5000, noNaN: true }),
        fc.double({ min: 0.2, max: 5, noNaN: true }),
        fc.double({ min: 1 / 365, max: 3, noNaN: true }),
        fc.double({ min: 0.03, max: 3, noNaN: true }),
        fc.constantFrom('call' as const, 'put' as const),
        (S, moneyness, T, sigma, type) => {
          const i = { S, K: S * moneyness, T, r: 0.05, q: 0.013, sigma, type };
          expect(blackScholesPrice(i.S, i.K, i.T, i.r, i.q, i.sigma, i.type)).toBe(blackScholes(i).price);
        },
      ),
      { numRuns: 300, seed: 37 },
    );
    expect(() => blackScholesPrice(100, 100, 0, 0.05, 0, 0.2, 'call')).toThrow(AnalyticsError);
    expect(() => blackScholesPrice(100, 100, 1, 0.05, 0, 0, 'put')).toThrow(AnalyticsError);
  });

  it('put-call parity: C - P = S e^{-qT} - K e^{-rT}', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 500, noNaN: true }),
        fc.double({ min: 1, max: 500, noNaN: true }),
        fc.double({ min: 0.01, max: 5, noNaN: true }),
        fc.double({ min: -0.02, max: 0.15, noNaN: true }),
        fc.double({ min: 0, max: 0.1, noNaN: true }),
        fc.double({ min: 0.01, max: 2, noNaN: true }),
        (S, K, T, r, q, sigma) => {
          const c = blackScholes({ S, K, T, r, q, sigma, type: 'call' }).price;
          const p = blackScholes({ S, K, T, r, q, sigma, type: 'put' }).price;
          expect(c - p).toBeCloseTo(S * Math.exp(-q * T) - K * Math.exp(-r * T), 8);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('implied volatility round-trips across moneyness and falls back to bisection deep in/out of the money', () => {
    for (const type of ['call', 'put'] as const) {
      for (const K of [40, 80, 100, 125, 250]) {
        for (const sigma of [0.05, 0.2, 0.8, 2]) {
          const base = { S: 100, K, T: 0.5, r: 0.02, q: 0.01 };
          const price = blackScholes({ ...base, sigma, type }).price;
          const lower =
            type === 'call'
              ? Math.max(0, 100 * Math.exp(-0.005) - K * Math.exp(-0.01))
              : Math.max(0, K * Math.exp(-0.01) - 100 * Math.exp(-0.005));
          if (price - lower < 1e-9) continue; // no information left in the time value
          expect(impliedVol({ ...base, price, type })).toBeCloseTo(sigma, 5);
        }
      }
    }
  });

  it('rejects prices outside the no-arbitrage bounds and bad inputs with typed errors', () => {
    const base = { S: 42, K: 40, T: 0.5, r: 0.1, q: 0, type: 'call' as const };
    try {
      impliedVol({ ...base, price: 1 }); // below S - K e^{-rT} = 3.90
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AnalyticsError);
      expect((e as AnalyticsError).code).toBe('out_of_bounds');
    }
    expect(() => impliedVol({ ...base, price: 43 })).toThrow(AnalyticsError);
    expect(() => blackScholes({ ...base, sigma: 0 })).toThrow(AnalyticsError);
    expect(() => blackScholes({ ...base, S: Number.NaN, sigma: 0.2 })).toThrow(AnalyticsError);
  });
});
