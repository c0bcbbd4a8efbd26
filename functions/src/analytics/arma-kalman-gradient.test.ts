import { describe, expect, it } from 'vitest';
import { armaGradient } from './arma-kalman-gradient.ts';
import { stationaryCovariance } from './arma-kalman.ts';
import { observationScore, observationTerms, profileLikelihood, sumOf } from './arima-likelihood.ts';
import { constrainStationary, constrainStationaryJacobian } from './arma-params.ts';
import { difference, trendSpec, type ArimaTrend } from './arima-regression.ts';
import { mulberry32 } from './random.ts';
import realSeries from './fixtures/arima-real-series.json' with { type: 'json' };

/**
 * The adjoint (reverse-mode) gradient of the exact ARMA likelihood against central differences of
 * the likelihood itself, at random stationary and invertible parameters (partial autocorrelations
 * up to +-0.83) for p, q up to 5, d in 0..2 and
 * every trend. Five-point central differences are good to ~1e-9 relative here, so the tolerance
 * 1e-6 tests the derivation, not the rounding (plain central ones, O(h^2), were off by up to 1e-5
 * at partial autocorrelations near +-0.9; there the adjoint still agrees with the forward
 * sensitivity recursion to 1e-13).
 */
const spy = realSeries.series.spy.values;

function randomCoefficients(rand: () => number, k: number): number[] {
  return constrainStationary(Array.from({ length: k }, () => (rand() * 2 - 1) * 1.5));
}

/** Five-point central differences (Richardson of steps h and 2h): truncation error O(h^4). */
function fivePoint(f: (x: number[]) => number, x: number[], i: number, h: number): number {
  const at = (s: number) => {
    const z = [...x];
    z[i] = z[i]! + s;
    return f(z);
  };
  return (8 * (at(h) - at(-h)) - (at(2 * h) - at(-2 * h))) / (12 * h);
}

function centralDifference(f: (x: number[]) => number, x: number[], h = 1e-5): number[] {
  return x.map((_, i) => fivePoint(f, x, i, h));
}

const relErr = (a: number, b: number) => Math.abs(a - b) / Math.max(1, Math.abs(b));

describe('armaGradient: analytic likelihood gradient by the adjoint Kalman filter', () => {
  const rand = mulberry32(20);
  const orders: Array<[number, number]> = [];
  for (let p = 0; p <= 5; p++) for (let q = 0; q <= 5; q++) if (p + q > 0) orders.push([p, q]);

  it.each(orders)(
    'ARMA(%i,%i) on differenced SPY closes: concentrated and explicit-sigma2 gradients match central differences',
    (p, q) => {
      const w = difference(spy, 1);
      const spec = { series: [w], p, d: 1, q, diffuse: false };
      for (let rep = 0; rep < 2; rep++) {
        const phi = randomCoefficients(rand, p);
        const theta = randomCoefficients(rand, q).map((v) => -v);
        const g = armaGradient(w, phi, theta)!;
        const nll = (x: number[]) => profileLikelihood(spec, x.slice(0, p), x.slice(p), 1)!.nll;
        const fd = centralDifference(nll, [...phi, ...theta]);
        fd.forEach((v, i) => expect(relErr(g.grad[i]!, v), `concentrated ${i}`).toBeLessThan(1e-6));
        expect(0.5 * g.n * (Math.log((2 * Math.PI * g.ssq) / g.n) + 1) + 0.5 * g.sumLogF).toBeCloseTo(
          nll([...phi, ...theta]),
          8,
        );
        const s2 = 1.7;
        const gs = armaGradient(w, phi, theta, s2)!;
        const ll = (x: number[]) => sumOf(observationTerms(spec, [...x, s2], true)!.ll);
        centralDifference(ll, [...phi, ...theta]).forEach((v, i) =>
          expect(relErr(-gs.grad[i]!, v), `sigma2 given ${i}`).toBeLessThan(1e-6),
        );
      }
    },
  );

  const withTrends: Array<[number, number, number, ArimaTrend]> = [
    [1, 0, 1, 'c'],
    [2, 0, 2, 'ct'],
    [3, 0, 0, 't'],
    [2, 1, 1, 't'],
    [5, 1, 5, 'n'],
    [1, 2, 2, 'n'],
    [0, 2, 3, 'n'],
    [4, 1, 2, 't'],
  ];
  it.each(withTrends)(
    'ARIMA(%i,%i,%i) trend %s: the full log-likelihood gradient in [trend, ar, ma, sigma2] matches central differences',
    (p, d, q, trend) => {
      const y = spy.map((v) => Math.log(v));
      const n = y.length;
      const ts = trendSpec(trend, d);
      const X = ts.columns.map((col) =>
        difference(
          Array.from({ length: n }, (_, i) => col(1 + i)),
          d,
        ),
      );
      const spec = { series: [difference(y, d), ...X], p, d, q, diffuse: false };
      const beta = X.map(() => (rand() - 0.5) * 1e-3);
      const x = [...beta, ...randomCoefficients(rand, p), ...randomCoefficients(rand, q).map((v) => -v), 1e-4];
      for (const withScale of [true, false]) {
        const at = withScale ? x : x.slice(0, -1);
        const s = observationScore(spec, at, withScale)!;
        const ll = (z: number[]) => sumOf(observationTerms(spec, z, withScale)!.ll);
        expect(relErr(s.ll, ll(at))).toBeLessThan(1e-12);
        // Steps relative to each coordinate (sigma2 is 1e-4), at least 1e-7: the trend coefficients
        // (~5e-4) with 1e-8 steps left rounding of 1.8e-6 on the 6-decimal log closes.
        at.forEach((xi, i) => {
          const fd = fivePoint(ll, at, i, 1e-5 * Math.max(Math.abs(xi), 1e-2));
          expect(
            Math.abs(s.grad[i]! - fd) / Math.max(1, Math.abs(fd)),
            `${withScale ? 'sigma2' : 'profiled'} ${i}`,
          ).toBeLessThan(1e-6);
        });
      }
    },
  );

  it.each(withTrends.filter(([, , , trend]) => trend !== 'n'))(
    'ARIMA(%i,%i,%i) trend %s: with the trend columns the GLS-profiled likelihood and its gradient match profileLikelihood',
    (p, d, q, trend) => {
      const y = spy.map((v) => Math.log(v));
      const n = y.length;
      const X = trendSpec(trend, d).columns.map((col) =>
        difference(
          Array.from({ length: n }, (_, i) => col(1 + i)),
          d,
        ),
      );
      const spec = { series: [difference(y, d), ...X], p, d, q, diffuse: false };
      const phi = randomCoefficients(rand, p);
      const theta = randomCoefficients(rand, q).map((v) => -v);
      const g = armaGradient(spec.series[0]!, phi, theta, undefined, X)!;
      const nll = (x: number[]) => profileLikelihood(spec, x.slice(0, p), x.slice(p), 1)!.nll;
      const prof = profileLikelihood(spec, phi, theta, 1)!;
      g.beta.forEach((b, j) => expect(relErr(b, prof.beta[j]!), `beta ${j}`).toBeLessThan(1e-9));
      expect(relErr(0.5 * g.n * (Math.log((2 * Math.PI * g.ssq) / g.n) + 1) + 0.5 * g.sumLogF, prof.nll)).toBeLessThan(
        1e-12,
      );
      centralDifference(nll, [...phi, ...theta]).forEach((v, i) =>
        expect(relErr(g.grad[i]!, v), `profiled ${i}`).toBeLessThan(1e-6),
      );
    },
  );

  it('constrainStationaryJacobian is the derivative of constrainStationary', () => {
    for (let p = 1; p <= 5; p++) {
      const u = Array.from({ length: p }, () => (rand() * 2 - 1) * 3);
      const { phi, jac } = constrainStationaryJacobian(u);
      expect(phi).toEqual(constrainStationary(u));
      for (let k = 0; k < p; k++) {
        const up = [...u];
        const um = [...u];
        up[k] = up[k]! + 1e-6;
        um[k] = um[k]! - 1e-6;
        const a = constrainStationary(up);
        const b = constrainStationary(um);
        for (let i = 0; i < p; i++) expect(jac[i * p + k]!).toBeCloseTo((a[i]! - b[i]!) / 2e-6, 7);
      }
    }
  });

  it('returns null for a non-stationary AR part', () => {
    expect(armaGradient(difference(spy, 1), [1.2], [])).toBeNull();
  });

  it('rejects a non-stationary AR part even where the Lyapunov solution has a positive diagonal', () => {
    // phi = (1.64, 1.05) has a root inside the unit circle; P0 = T P0 T' + R R' still solves to
    // diag (0.0088, 0.0097) with off-diagonal -0.31: indefinite, no covariance at all (the former
    // positive-diagonal test let it through).
    const phi = [1.6412833219586327, 1.0487921587418727];
    expect(stationaryCovariance(phi, [])).toBeNull();
    expect(armaGradient(difference(spy, 1), phi, [])).toBeNull();
  });
});

/**
 * Zero trailing AR and MA coefficients (the zeros start, phi = (0.95, 0, ...) with theta =
 * (-0.95, 0, ...)) leave state elements that are identically zero: the stationary P0 is singular,
 * with exact zero diagonal entries. Such starts were rejected (and silently dropped by the
 * multi-start) until the filter accepted a singular P0; these pin the likelihood and the gradient
 * there against closed forms and central differences.
 */
describe('likelihood and gradient where the stationary state covariance is singular', () => {
  const w = difference(spy, 1);
  const n = w.length;
  const sumSq = w.reduce((acc, v) => acc + v * v, 0);
  // At any white-noise point the concentrated nll is 0.5 n (log(2 pi ssq / n) + 1).
  const whiteNoise = 0.5 * n * (Math.log((2 * Math.PI * sumSq) / n) + 1);
  const nllOf = (p: number, q: number) => {
    const spec = { series: [w], p, d: 1, q, diffuse: false };
    return (x: number[]) => profileLikelihood(spec, x.slice(0, p), x.slice(p), 1)!.nll;
  };
  const orders: Array<[number, number]> = [
    [1, 1],
    [2, 2],
    [3, 3],
    [5, 5],
    [5, 0],
    [0, 5],
    [2, 4],
  ];

  it.each(orders)('ARMA(%i,%i) at zero coefficients: white-noise likelihood, closed-form gradient', (p, q) => {
    const phi = new Array<number>(p).fill(0);
    const theta = new Array<number>(q).fill(0);
    const r = Math.max(p, q + 1);
    const P0 = stationaryCovariance(phi, theta)!;
    expect(Array.from({ length: r }, (_, i) => P0[i * r + i])).toEqual([1, ...new Array<number>(r - 1).fill(0)]);
    const g = armaGradient(w, phi, theta)!;
    expect(relErr(nllOf(p, q)([...phi, ...theta]), whiteNoise)).toBeLessThan(1e-14);
    // d/d phi_k and d/d theta_k of the exact concentrated nll at white noise: the autocovariance at
    // lag k moves by sigma^2 per unit of either, so both are -n sum w_t w_{t-k} / sum w_t^2.
    const lagged = (k: number) => {
      let acc = 0;
      for (let t = k; t < n; t++) acc += w[t]! * w[t - k]!;
      return (-n * acc) / sumSq;
    };
    const expected = [...phi.map((_, i) => lagged(i + 1)), ...theta.map((_, i) => lagged(i + 1))];
    expected.forEach((v, i) => expect(relErr(g.grad[i]!, v), `closed form ${i}`).toBeLessThan(1e-10));
    centralDifference(nllOf(p, q), [...phi, ...theta]).forEach((v, i) =>
      expect(relErr(g.grad[i]!, v), `central differences ${i}`).toBeLessThan(1e-6),
    );
  });

  it.each(orders.filter(([p, q]) => p > 0 && q > 0))(
    'ARMA(%i,%i) at the cancelling start phi = (0.95, 0, ...), theta = (-0.95, 0, ...): white noise again, gradient as central differences',
    (p, q) => {
      const phi = Array.from({ length: p }, (_, i) => (i === 0 ? 0.95 : 0));
      const theta = Array.from({ length: q }, (_, i) => (i === 0 ? -0.95 : 0));
      const g = armaGradient(w, phi, theta)!;
      expect(g).not.toBeNull();
      // (1 - 0.95 L) y = (1 - 0.95 L) e: y is white noise, so is its likelihood.
      expect(relErr(nllOf(p, q)([...phi, ...theta]), whiteNoise)).toBeLessThan(1e-12);
      centralDifference(nllOf(p, q), [...phi, ...theta]).forEach((v, i) =>
        expect(relErr(g.grad[i]!, v), `${i}`).toBeLessThan(1e-6),
      );
    },
  );

  it('ARMA(3,2) with zero trailing coefficients is the ARMA(1,1) it embeds: likelihood and gradient', () => {
    const small = armaGradient(w, [0.5], [0.3])!;
    const big = armaGradient(w, [0.5, 0, 0], [0.3, 0])!;
    const P0 = stationaryCovariance([0.5, 0, 0], [0.3, 0])!;
    expect(P0[8]).toBe(0);
    expect(relErr(nllOf(3, 2)([0.5, 0, 0, 0.3, 0]), nllOf(1, 1)([0.5, 0.3]))).toBeLessThan(1e-12);
    expect(relErr(big.ssq, small.ssq)).toBeLessThan(1e-12);
    expect(relErr(big.grad[0]!, small.grad[0]!)).toBeLessThan(1e-9);
    expect(relErr(big.grad[3]!, small.grad[1]!)).toBeLessThan(1e-9);
    centralDifference(nllOf(3, 2), [0.5, 0, 0, 0.3, 0]).forEach((v, i) =>
      expect(relErr(big.grad[i]!, v), `${i}`).toBeLessThan(1e-6),
    );
  });

  it('with trend columns: the full [drift, ar, ma, sigma2] gradient at zero coefficients matches central differences', () => {
    const y = spy.map((v) => Math.log(v));
    const X = [
      difference(
        y.map((_, i) => 1 + i),
        1,
      ),
    ];
    const spec = { series: [difference(y, 1), ...X], p: 2, d: 1, q: 2, diffuse: false };
    const x = [3e-4, 0, 0, 0, 0, 1e-4];
    const s = observationScore(spec, x, true)!;
    const ll = (z: number[]) => sumOf(observationTerms(spec, z, true)!.ll);
    expect(relErr(s.ll, ll(x))).toBeLessThan(1e-12);
    x.forEach((xi, i) => {
      // Steps relative to drift and sigma2, absolute (1e-5) for the zero coefficients.
      const fd = fivePoint(ll, x, i, xi === 0 ? 1e-5 : 1e-5 * Math.abs(xi));
      expect(Math.abs(s.grad[i]! - fd) / Math.max(1, Math.abs(fd)), `${i}`).toBeLessThan(1e-6);
    });
  });
});
