import { describe, expect, it } from 'vitest';
import { isInvertible, isStationary, constrainStationary } from './arma-params.ts';
import { whittleObjective, whittleStarts } from './arma-whittle.ts';
import { mulberry32 } from './random.ts';
import realSeries from './fixtures/arima-real-series.json' with { type: 'json' };

/**
 * The Whittle objective that screens ARMA(p >= 2, q >= 2) starts (arma-whittle.ts) against its
 * definition computed the slow way: the periodogram by a complex DFT at each Fourier frequency, the
 * spectral shape g_j = |theta(e^-iw)|^2 / |phi(e^-iw)|^2 by complex polynomial evaluation and one log
 * per ordinate; its gradient against five-point central differences.
 */
const spy = realSeries.series.spy.values;
const returns = spy.slice(1).map((v, i) => v - spy[i]!);

function direct(z: number[], phi: number[], theta: number[]): number {
  const n = z.length;
  const m = Math.floor((n - 1) / 2);
  let S = 0;
  let sumLog = 0;
  for (let j = 1; j <= m; j++) {
    const w = (2 * Math.PI * j) / n;
    let re = 0;
    let im = 0;
    for (let t = 0; t < n; t++) {
      re += z[t]! * Math.cos(w * t);
      im += z[t]! * Math.sin(w * t);
    }
    const I = (re * re + im * im) / n;
    const poly = (c: number[], sign: number) => {
      let pr = 1;
      let pi = 0;
      c.forEach((v, k) => {
        pr += sign * v * Math.cos(w * (k + 1));
        pi -= sign * v * Math.sin(w * (k + 1));
      });
      return pr * pr + pi * pi;
    };
    const g = poly(theta, 1) / poly(phi, -1);
    S += I / g;
    sumLog += Math.log(g);
  }
  return (m * Math.log(S / m) + sumLog) / m;
}

function randomCoefficients(rand: () => number, k: number): number[] {
  return constrainStationary(Array.from({ length: k }, () => (rand() * 2 - 1) * 2));
}

describe('Whittle objective', () => {
  const rand = mulberry32(40);
  const orders = [
    [2, 2],
    [3, 2],
    [2, 4],
    [5, 5],
  ] as const;

  it.each(orders)('ARMA(%i,%i): value equals the definition, gradient equals central differences', (p, q) => {
    const objective = whittleObjective(returns, p, q);
    for (let trial = 0; trial < 4; trial++) {
      const phi = randomCoefficients(rand, p);
      const theta = randomCoefficients(rand, q).map((v) => -v);
      const grad = new Float64Array(p + q);
      const value = objective(phi, theta, grad);
      expect(value).toBeCloseTo(direct(returns, phi, theta), 10);
      expect(objective(phi, theta)).toBe(value);
      const x = [...phi, ...theta];
      const at = (z: number[]) => objective(z.slice(0, p), z.slice(p));
      x.forEach((_, i) => {
        const h = 1e-4;
        const shifted = (s: number) => at(x.map((v, k) => (k === i ? v + s : v)));
        const fd = (8 * (shifted(h) - shifted(-h)) - (shifted(2 * h) - shifted(-2 * h))) / (12 * h);
        expect(Math.abs(grad[i]! - fd), `${i}`).toBeLessThan(1e-7 * Math.max(1, Math.abs(fd)));
      });
    }
  });
});

describe('Whittle starts', () => {
  it('are admissible, distinct and ranked, with an inverse Hessian for the exact run', () => {
    const starts = whittleStarts(returns, 2, 2);
    expect(starts.length).toBeGreaterThan(1);
    expect(starts.length).toBeLessThanOrEqual(3);
    for (const s of starts) {
      expect(isStationary(s.phi)).toBe(true);
      expect(isInvertible(s.theta)).toBe(true);
      expect(s.inverseHessian).toHaveLength(16);
      for (let i = 0; i < 4; i++) expect(s.inverseHessian![i * 5]!).toBeGreaterThan(0);
    }
    for (let i = 1; i < starts.length; i++) {
      expect(starts[i]!.value).toBeGreaterThanOrEqual(starts[i - 1]!.value);
      const a = [...starts[i]!.phi, ...starts[i]!.theta];
      const b = [...starts[i - 1]!.phi, ...starts[i - 1]!.theta];
      expect(Math.max(...a.map((v, k) => Math.abs(v - b[k]!)))).toBeGreaterThan(1e-2);
    }
  });

  it('none below order (2, 2): a single AR or MA coefficient has no complex pair', () => {
    expect(whittleStarts(returns, 1, 1)).toEqual([]);
    expect(whittleStarts(returns, 2, 1)).toEqual([]);
    expect(whittleStarts(returns, 1, 3)).toEqual([]);
  });
});
