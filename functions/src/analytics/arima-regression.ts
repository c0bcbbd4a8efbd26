/**
 * Deterministic-trend plumbing for ARIMA: trend columns on the undifferenced
 * time index, differencing, GLS profiling of the trend coefficients from
 * Kalman-filtered columns, and starting values.
 */
import { whittleStarts } from './arma-whittle.ts';
import { AnalyticsError } from './errors.ts';
import type { FilterResult } from './arma-kalman.ts';
import { conditionalSumOfSquaresStart, isInvertible, isStationary, startingArma } from './arma-params.ts';
import { invertSpd } from './linalg.ts';

export type ArimaTrend = 'n' | 'c' | 't' | 'ct';

export function difference(x: ArrayLike<number>, d: number): number[] {
  let cur = Array.from(x);
  for (let k = 0; k < d; k++) cur = cur.slice(1).map((v, i) => v - cur[i]!);
  return cur;
}

export interface TrendSpec {
  names: string[];
  /** Trend columns on the undifferenced time index, as functions of t. */
  columns: Array<(t: number) => number>;
}

export function trendSpec(trend: ArimaTrend, d: number): TrendSpec {
  switch (trend) {
    case 'n':
      return { names: [], columns: [] };
    case 'c':
    case 'ct':
      if (d > 0) {
        throw new AnalyticsError(
          'invalid_input',
          `A constant trend ('${trend}') is removed by differencing; use trend 't' (drift) with d = 1, or d = 0.`,
        );
      }
      return trend === 'c'
        ? { names: ['const'], columns: [() => 1] }
        : { names: ['const', 'drift'], columns: [() => 1, (t) => t] };
    case 't':
      if (d > 1)
        throw new AnalyticsError(
          'invalid_input',
          "A linear trend ('t') is removed by second differencing; use d <= 1.",
        );
      return { names: ['drift'], columns: [(t) => t] };
    default:
      throw new AnalyticsError('invalid_input', `Unknown trend '${String(trend)}'; expected 'n', 'c', 't' or 'ct'.`);
  }
}

export function minimumObservations(p: number, d: number, q: number, kTrend: number): number {
  // Enough to initialise the state and leave one degree of freedom per parameter.
  return d + p + q + kTrend + Math.max(p, q + 1);
}

/**
 * GLS coefficients from filtered innovations: (sum vX vX'/F)^-1 sum vX vw / F over t >= burn
 * (the observations that enter the likelihood).
 */
export function gls(f: FilterResult, k: number, burn = 0): number[] | null {
  if (k === 0) return [];
  const n = f.F.length;
  const A: number[][] = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const b = new Array<number>(k).fill(0);
  const vw = f.innovations[0]!;
  for (let t = burn; t < n; t++) {
    const inv = 1 / f.F[t]!;
    for (let i = 0; i < k; i++) {
      const xi = f.innovations[i + 1]![t]!;
      b[i] = b[i]! + xi * vw[t]! * inv;
      for (let j = 0; j <= i; j++) A[i]![j] = A[i]![j]! + xi * f.innovations[j + 1]![t]! * inv;
    }
  }
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) A[i]![j] = A[j]![i]!;
  const Ainv = invertSpd(A);
  if (!Ainv) return null;
  return Ainv.map((row) => row.reduce((s, a, j) => s + a * b[j]!, 0));
}

export function combinedInnovations(f: FilterResult, beta: readonly number[]): Float64Array {
  const v = Float64Array.from(f.innovations[0]!);
  beta.forEach((bj, j) => {
    const x = f.innovations[j + 1]!;
    for (let t = 0; t < v.length; t++) v[t] = v[t]! - bj * x[t]!;
  });
  return v;
}

export function combineStates(f: FilterResult, beta: readonly number[]): Float64Array {
  const a = Float64Array.from(f.nextState[0]!);
  beta.forEach((bj, j) => {
    const s = f.nextState[j + 1]!;
    for (let i = 0; i < a.length; i++) a[i] = a[i]! - bj * s[i]!;
  });
  return a;
}

/** Residuals of an OLS regression of w on the (differenced) trend columns. */
export function detrend(w: number[], X: number[][]): number[] {
  if (X.length === 0) return w.slice();
  const k = X.length;
  const A: number[][] = Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => dotCols(X[i]!, X[j]!)));
  const Ainv = invertSpd(A);
  if (!Ainv) return w.slice();
  const b = X.map((col) => dotCols(col, w));
  const beta = Ainv.map((row) => row.reduce((s, a, j) => s + a * b[j]!, 0));
  return w.map((v, t) => v - X.reduce((s, col, j) => s + col[t]! * beta[j]!, 0));
}

export interface ArmaStart {
  phi: number[];
  theta: number[];
  /**
   * A start that seldom leads anywhere new (zeros: it mostly joins another start's optimum):
   * screened for a few iterations and continued only if it is then close to the best start
   * (arima-estimate.ts).
   */
  brief?: boolean;
  /**
   * An estimate of the objective's inverse Hessian at the start, in the estimator's transformed
   * parameters (the first BFGS step then has a sensible length instead of a unit one).
   */
  inverseHessian?: Float64Array;
}

/**
 * Angles (degrees) of the extra cancelling AR/MA root pairs started from (see cancellingPair). Why:
 * on real prices and returns the ARMA(p>=2, q>=2) likelihood has a local maximum for almost every
 * frequency at which a nearly cancelling pair of complex AR and MA roots can model a narrow peak of
 * the spectrum; which one is highest depends on the sample (SPY (2,1,2) t: 30 degrees, XLK: 120),
 * and gradient paths from the starts above reach only the nearest. Issue 36 item 4.
 */
const CYCLE_ANGLES = [30, 60, 90, 120, 150];

/**
 * AR roots at radius 1/0.95 and angle +-angle, cancelled by identical MA roots: phi(z) = theta(z)
 * up to sign, so the start is white noise and the likelihood there is that of zeros, but its
 * gradient leads to the maximum of that frequency. Angle 0 or 180 is a single real pair.
 */
function cancellingPair(p: number, q: number, angle: number): ArmaStart {
  const r = 0.95;
  const phi = new Array<number>(p).fill(0);
  const theta = new Array<number>(q).fill(0);
  if (angle === 0 || angle === 180) phi[0] = angle === 0 ? r : -r;
  else {
    phi[0] = 2 * r * Math.cos((angle * Math.PI) / 180);
    phi[1] = -r * r;
  }
  theta[0] = -phi[0]!;
  if (phi.length > 1 && theta.length > 1) theta[1] = -phi[1]!;
  return { phi, theta };
}

/**
 * Starting points of the multi-start search, all on the OLS-detrended differences: Hannan-Rissanen
 * (long Yule-Walker AR), statsmodels' own SARIMAX start (conditional sum of squares: OLS AR(2q)
 * residuals, then OLS on lags and lagged residuals; a part outside the admissible region becomes
 * zeros, as statsmodels does), zeros (brief), and cancelling AR/MA root pairs: the real pairs at 1
 * and -1 and, brief, (p, q >= 2) the complex pairs of CYCLE_ANGLES, and (p, q >= 2) the best maxima
 * of the Whittle likelihood (the first full, the others brief). A single start is what left fits
 * at a worse local optimum. (JPM returns (3,0,3) c: statsmodels' polished fit from the pair at -1
 * ends 4.0 units above its default start's; brief, ours was outranked after 6 iterations.) Duplicates are dropped (the first kept: zeros standing in for an inadmissible estimate
 * is a full start). Zero AR/MA coefficients make the stationary state covariance singular, which
 * the Kalman filter handles (arma-kalman.ts), so every start listed here is evaluated.
 */
export function startingPoints(
  w: number[],
  X: number[][],
  p: number,
  q: number,
  admissible = { stationary: true, invertible: true },
): ArmaStart[] {
  const z = detrend(w, X);
  const keep = (s: ArmaStart): ArmaStart => ({
    phi: !admissible.stationary || isStationary(s.phi) ? s.phi : s.phi.map(() => 0),
    theta: !admissible.invertible || isInvertible(s.theta) ? s.theta : s.theta.map(() => 0),
  });
  const zeros = { phi: new Array<number>(p).fill(0), theta: new Array<number>(q).fill(0), brief: true };
  const candidates = [keep(startingArma(z, p, q)), keep(conditionalSumOfSquaresStart(z, p, q)), zeros];
  // Real returns and prices often have a second mode where an AR root near 1 almost cancels an MA
  // root near -1 (a slowly wandering mean): gradient paths from the starts above rarely reach it.
  if (p > 0 && q > 0) candidates.push(cancellingPair(p, q, 0), cancellingPair(p, q, 180));
  if (p > 1 && q > 1)
    for (const angle of CYCLE_ANGLES) candidates.push({ ...cancellingPair(p, q, angle), brief: true });
  // The pairs above are a coarse grid: the best few maxima of the Whittle likelihood climbed from a
  // finer one (arma-whittle.ts), the best screened in full and the others briefly, each with the
  // Whittle inverse Hessian where the estimator works in the same (PACF) parameters. Measured
  // against 6564816 (before them and before f0a1551 made the gradient ~15% cheaper), CPU paired fit
  // by fit, on the 55 statsmodels reference fits and every 10th demo ticker's 500 closes: reference
  // 0.97x (7 -> 1 more than 0.01 below statsmodels' best), (1,1,1) t 0.92x, (2,1,2) t 1.14x (27 of
  // 52 fits higher, 0 lower), (3,1,3) n 0.93x (20 higher, 4 lower by up to 1.5).
  const pacf = admissible.stationary && admissible.invertible;
  whittleStarts(z, p, q).forEach((s, i) =>
    candidates.push({
      phi: s.phi,
      theta: s.theta,
      ...(i > 0 ? { brief: true } : {}),
      ...(pacf && s.inverseHessian ? { inverseHessian: s.inverseHessian } : {}),
    }),
  );
  const out: ArmaStart[] = [];
  for (const c of candidates) {
    const x = [...c.phi, ...c.theta];
    if (x.some((v) => !Number.isFinite(v))) continue;
    if (!out.some((o) => [...o.phi, ...o.theta].every((v, i) => Math.abs(v - x[i]!) < 1e-8))) out.push(c);
  }
  return out;
}

function dotCols(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}
