/**
 * Covariance of the ARIMA estimates, the three `cov_type`s of statsmodels' MLE results:
 *   approx  inverse of the numerical Hessian of the log-likelihood (statsmodels computes it by
 *           complex step; the Kalman filter here is real, so Richardson-extrapolated central
 *           differences reach the same accuracy);
 *   oim     inverse of Harvey's (1989, 3.4.5) information matrix,
 *           sum_t [ 0.5 dF_i dF_j / F_t^2 + dv_i dv_j / F_t ], from derivatives of the innovations;
 *   opg     inverse of the outer product of the per-observation scores.
 * All in the natural parameters [trend, ar, ma, sigma2].
 *
 * Why the steps are scaled by the standard errors: a step relative to |x| (the former 1e-4 |x|)
 * is far too large for a coefficient whose standard error is tiny next to its value (an AR root
 * at 0.98 +- 0.01 near the unit circle; the step crossed the stationarity boundary or swamped the
 * curvature), and too small for one near zero. Steps of a small fraction of a preliminary standard
 * error keep the function locally quadratic, and Richardson extrapolation of two step sizes removes
 * the remaining O(h^2) error; a step is halved while an evaluation leaves the admissible region.
 */
import { invertSpd } from './linalg.ts';
import type { ObservationTerms } from './arima-likelihood.ts';
import { sumOf } from './arima-likelihood.ts';

export const COV_TYPES = ['approx', 'oim', 'opg'] as const;
export type CovType = (typeof COV_TYPES)[number];

type Terms = (x: Float64Array) => ObservationTerms | null;

/** Finite total log-likelihood or -Infinity. */
function total(terms: Terms, x: Float64Array): number {
  const t = terms(x);
  if (!t) return -Infinity;
  const s = sumOf(t.ll);
  return Number.isFinite(s) ? s : -Infinity;
}

/**
 * Step in units of a preliminary standard error: the second difference then changes the
 * log-likelihood by ~0.005, far above its rounding (~1e-13 of a few thousand), and Richardson
 * extrapolation removes the O(h^2) curvature error. On the 44 statsmodels reference fits with the
 * same optimum this reproduces cov_type='approx' to 0.25% (1e-2 and 1e-3 s.e. did worse, 1.5% and
 * 4%: rounding). The one exception is a Hessian that is nearly singular at an AR root 3.5e-4 from
 * the unit circle (VIX (2,0,1) without constant): there the numerical Hessian depends on the step
 * at every step size (statsmodels' complex-step value too), while 'oim' is stable and matches.
 */
const STEP_IN_SE = 0.1;

/** Per-coordinate steps: STEP_IN_SE preliminary standard errors, shrunk until both sides evaluate. */
function steps(terms: Terms, x: ArrayLike<number>, f0: number): number[] {
  const xt = Float64Array.from(x);
  return Array.from(x, (xi, i) => {
    const at = (h: number): [number, number] => {
      xt[i] = xi + h;
      const fp = total(terms, xt);
      xt[i] = xi - h;
      const fm = total(terms, xt);
      xt[i] = xi;
      return [fp, fm];
    };
    let d = 1e-4 * Math.max(Math.abs(xi), 1e-2);
    let [fp, fm] = at(d);
    for (let k = 0; k < 40 && !(Number.isFinite(fp) && Number.isFinite(fm)); k++) [fp, fm] = at((d /= 2));
    const curvature = -(fp - 2 * f0 + fm) / (d * d);
    let h = curvature > 0 && Number.isFinite(curvature) ? STEP_IN_SE / Math.sqrt(curvature) : d;
    [fp, fm] = at(h);
    for (let k = 0; k < 60 && !(Number.isFinite(fp) && Number.isFinite(fm)); k++) [fp, fm] = at((h /= 2));
    return h;
  });
}

/** Richardson-extrapolated central-difference Hessian of the log-likelihood. */
function hessian(terms: Terms, x: ArrayLike<number>, h: number[], f0: number): number[][] | null {
  const n = x.length;
  const xt = Float64Array.from(x);
  const ev = (i: number, si: number, j: number, sj: number): number => {
    xt[i] = xt[i]! + si;
    xt[j] = xt[j]! + sj;
    const v = total(terms, xt);
    xt[i] = x[i]!;
    xt[j] = x[j]!;
    return v;
  };
  const H: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    const second = (s: number) => {
      xt[i] = x[i]! + s;
      const fp = total(terms, xt);
      xt[i] = x[i]! - s;
      const fm = total(terms, xt);
      xt[i] = x[i]!;
      return (fp - 2 * f0 + fm) / (s * s);
    };
    H[i]![i] = (4 * second(h[i]! / 2) - second(h[i]!)) / 3;
    for (let j = 0; j < i; j++) {
      const cross = (a: number, b: number) =>
        (ev(i, a, j, b) - ev(i, a, j, -b) - ev(i, -a, j, b) + ev(i, -a, j, -b)) / (4 * a * b);
      let a = h[i]!;
      let b = h[j]!;
      let big = cross(a, b);
      for (let k = 0; k < 30 && !Number.isFinite(big); k++) big = cross((a /= 2), (b /= 2));
      const v = (4 * cross(a / 2, b / 2) - big) / 3;
      H[i]![j] = v;
      H[j]![i] = v;
    }
  }
  for (const row of H) for (const v of row) if (!Number.isFinite(v)) return null;
  return H;
}

/** Total log-likelihood and its gradient, or null outside the admissible region. */
type Score = (x: Float64Array) => { ll: number; grad: Float64Array } | null;

/**
 * Hessian as forward differences of the analytic gradient from its value g0 at x, steps h (a
 * step that leaves the admissible region is reversed, then halved): n gradients instead of the 2n
 * of central ones. The gradient is exact to rounding, so steps of 1e-7 relative sit far above the
 * rounding and keep the O(h) error small even next to a unit root (VIX (2,0,1) with constant:
 * 1e-6 moved an MA standard error by 0.5%, 1e-7 leaves the reference suite's worst gap at 0.2%,
 * as central differences); symmetrised.
 */
function hessianFromScore(score: Score, x: ArrayLike<number>, g0: Float64Array, h: number[]): number[][] | null {
  const n = x.length;
  const xt = Float64Array.from(x);
  const H: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    let s = h[i]!;
    let g: Float64Array | null = null;
    for (let k = 0; k < 40 && !g; k++) {
      xt[i] = x[i]! + s;
      g = score(xt)?.grad ?? null;
      if (!g) {
        xt[i] = x[i]! - s;
        g = score(xt)?.grad ?? null;
        if (g) s = -s;
        else s /= 2;
      }
    }
    xt[i] = x[i]!;
    if (!g) return null;
    for (let j = 0; j < n; j++) H[i]![j] = (g[j]! - g0[j]!) / s;
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < i; j++) {
      const v = 0.5 * (H[i]![j]! + H[j]![i]!);
      H[i]![j] = v;
      H[j]![i] = v;
    }
  }
  for (const row of H) for (const v of row) if (!Number.isFinite(v)) return null;
  return H;
}

/** Richardson central derivatives of the per-observation terms: d/dx_i of ll, v and F. */
function termDerivatives(
  terms: Terms,
  x: ArrayLike<number>,
  h: number[],
): Array<{ ll: Float64Array; v: Float64Array; F: Float64Array }> | null {
  const xt = Float64Array.from(x);
  const out: Array<{ ll: Float64Array; v: Float64Array; F: Float64Array }> = [];
  for (let i = 0; i < x.length; i++) {
    const diff = (s: number) => {
      xt[i] = x[i]! + s;
      const p = terms(xt);
      xt[i] = x[i]! - s;
      const m = terms(xt);
      xt[i] = x[i]!;
      if (!p || !m) return null;
      const d = (a: Float64Array, b: Float64Array) => a.map((v, t) => (v - b[t]!) / (2 * s));
      return { ll: d(p.ll, m.ll), v: d(p.v, m.v), F: d(p.F, m.F) };
    };
    const big = diff(h[i]!);
    const small = diff(h[i]! / 2);
    if (!big || !small) return null;
    const rich = (a: Float64Array, b: Float64Array) => a.map((v, t) => (4 * v - b[t]!) / 3);
    out.push({ ll: rich(small.ll, big.ll), v: rich(small.v, big.v), F: rich(small.F, big.F) });
  }
  return out;
}

/**
 * Covariance matrix of the estimates x (maximum of the likelihood given by `terms`), or null when
 * the matrix to invert is singular or not finite.
 */
export function arimaCovariance(
  terms: Terms,
  x: ArrayLike<number>,
  covType: CovType,
  score?: Score,
): number[][] | null {
  if (x.length === 0) return [];
  const at = terms(Float64Array.from(x));
  if (!at) return null;
  const f0 = sumOf(at.ll);
  const n = x.length;
  let info: number[][] | null;
  const g0 = covType === 'approx' && score ? score(Float64Array.from(x))?.grad : undefined;
  if (covType === 'approx' && score && g0) {
    // The exact gradient needs no curvature-sized steps (4n more likelihoods).
    const H = hessianFromScore(
      score,
      x,
      g0,
      Array.from(x, (v) => 1e-7 * Math.max(Math.abs(v), 1e-3)),
    );
    info = H ? H.map((row) => row.map((v) => -v)) : null;
  } else if (covType === 'approx') {
    const h = steps(terms, x, f0);
    const H = hessian(terms, x, h, f0);
    info = H ? H.map((row) => row.map((v) => -v)) : null;
  } else {
    const d = termDerivatives(terms, x, steps(terms, x, f0));
    if (!d) return null;
    info = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    const m = at.ll.length;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j <= i; j++) {
        let s = 0;
        if (covType === 'opg') {
          for (let t = 0; t < m; t++) s += d[i]!.ll[t]! * d[j]!.ll[t]!;
        } else {
          for (let t = 0; t < m; t++) {
            const F = at.F[t]!;
            s += (0.5 * d[i]!.F[t]! * d[j]!.F[t]!) / (F * F) + (d[i]!.v[t]! * d[j]!.v[t]!) / F;
          }
        }
        info[i]![j] = s;
        info[j]![i] = s;
      }
    }
  }
  if (!info || info.some((row) => row.some((v) => !Number.isFinite(v)))) return null;
  return invertSpd(info);
}
