/**
 * The ARIMA likelihood on the differenced series w = Delta^d y with trend columns X = Delta^d x:
 * the profiled form the optimiser searches (trend by GLS, sigma^2 concentrated out) and the
 * per-observation form the covariance estimators differentiate (every parameter explicit).
 *
 * Initialisation follows statsmodels' SARIMAX (`initialize_default`, use_exact_diffuse=False):
 * with enforced stationarity the ARMA state starts from its unconditional covariance and the d
 * differencing states are approximately diffuse (here: dropped by differencing, the same
 * likelihood); without it the whole state is approximately diffuse, P0 = 1e6 I in the units of the
 * data (not of sigma^2), and the first k_states observations are burnt (loglikelihood_burn).
 */
import { filterArma, stateDim, type FilterResult } from './arma-kalman.ts';
import { armaGradient } from './arma-kalman-gradient.ts';
import { combinedInnovations, gls } from './arima-regression.ts';
import { filterDiffuse } from './arima-diffuse.ts';

/** statsmodels' `ssm.initial_variance`: the approximate diffuse prior variance. */
export const DIFFUSE_VARIANCE = 1e6;

export interface ArimaLikelihoodSpec {
  /**
   * The response then the trend columns: differenced (w, Delta^d x) with a stationary start;
   * undifferenced (y, x) with a diffuse one, whose state carries the d lagged levels.
   */
  series: number[][];
  p: number;
  d: number;
  q: number;
  /** Without enforced stationarity: approximate diffuse state (statsmodels semantics). */
  diffuse: boolean;
}

/** Observations of `series` whose log-likelihood is not counted (statsmodels' loglikelihood_burn). */
export function burnIn(spec: ArimaLikelihoodSpec): number {
  return spec.diffuse ? spec.d + stateDim(spec.p, spec.q) : 0;
}

/** Kalman filter with unit innovation variance; a diffuse prior is 1e6 in data units, so it needs sigma^2. */
function runFilter(spec: ArimaLikelihoodSpec, phi: number[], theta: number[], sigma2: number): FilterResult | null {
  return spec.diffuse
    ? filterDiffuse(spec.series, phi, theta, spec.d, DIFFUSE_VARIANCE / sigma2)
    : filterArma(spec.series, phi, theta);
}

export interface Profile {
  /** Negative log-likelihood at the GLS trend and concentrated sigma^2. */
  nll: number;
  beta: number[];
  sigma2: number;
  filter: FilterResult;
  /** Innovations of the response less the trend (the first burnIn ones are not in the likelihood). */
  v: Float64Array;
}

/**
 * Profiled likelihood of the ARMA parameters. `scale` is the sigma^2 that sizes a diffuse prior
 * (statsmodels' prior is absolute, so it depends on sigma^2; the caller refines it at the optimum).
 */
export function profileLikelihood(
  spec: ArimaLikelihoodSpec,
  phi: number[],
  theta: number[],
  scale: number,
): Profile | null {
  const f = runFilter(spec, phi, theta, scale);
  if (!f) return null;
  const burn = burnIn(spec);
  const beta = gls(f, spec.series.length - 1, burn);
  if (!beta) return null;
  const v = combinedInnovations(f, beta);
  const m = v.length - burn;
  let ssq = 0;
  let sumLogF = 0;
  for (let t = burn; t < v.length; t++) {
    ssq += (v[t]! * v[t]!) / f.F[t]!;
    sumLogF += Math.log(f.F[t]!);
  }
  if (!(ssq > 0) || !Number.isFinite(ssq)) return null;
  const llf = -0.5 * m * (Math.log((2 * Math.PI * ssq) / m) + 1) - 0.5 * sumLogF;
  return { nll: -llf, beta, sigma2: ssq / m, filter: f, v };
}

export interface ObservationTerms {
  /** Log-likelihood of each counted observation. */
  ll: Float64Array;
  /** Innovations and their variances in data units (sigma^2 F_t), counted observations only. */
  v: Float64Array;
  F: Float64Array;
}

/**
 * Per-observation log-likelihood at explicit parameters x = [beta, phi, theta, sigma2?]; without
 * sigma2 (concentrated scale) it is the profiled sigma^2 at these beta, phi, theta.
 */
export function observationTerms(
  spec: ArimaLikelihoodSpec,
  x: ArrayLike<number>,
  withScale: boolean,
): ObservationTerms | null {
  const k = spec.series.length - 1;
  const { p, q } = spec;
  const beta = Array.from({ length: k }, (_, i) => x[i]!);
  const phi = Array.from({ length: p }, (_, i) => x[k + i]!);
  const theta = Array.from({ length: q }, (_, i) => x[k + p + i]!);
  const burn = burnIn(spec);
  const run = (s2: number) => runFilter(spec, phi, theta, s2);
  let sigma2 = withScale ? x[k + p + q]! : Number.NaN;
  if (withScale && !(sigma2 > 0)) return null;
  let f = run(withScale ? sigma2 : 1);
  if (!f) return null;
  let v = combinedInnovations(f, beta);
  if (!withScale) {
    let ssq = 0;
    for (let t = burn; t < v.length; t++) ssq += (v[t]! * v[t]!) / f.F[t]!;
    sigma2 = ssq / (v.length - burn);
    if (!(sigma2 > 0)) return null;
    if (spec.diffuse) {
      // The diffuse prior is absolute: rerun it sized by this sigma^2.
      f = run(sigma2);
      if (!f) return null;
      v = combinedInnovations(f, beta);
    }
  }
  const m = v.length - burn;
  const ll = new Float64Array(m);
  const vv = new Float64Array(m);
  const FF = new Float64Array(m);
  for (let t = 0; t < m; t++) {
    const Ft = sigma2 * f.F[t + burn]!;
    const vt = v[t + burn]!;
    vv[t] = vt;
    FF[t] = Ft;
    ll[t] = -0.5 * (Math.log(2 * Math.PI * Ft) + (vt * vt) / Ft);
  }
  return { ll, v: vv, F: FF };
}

export function sumOf(a: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]!;
  return s;
}

/**
 * Total log-likelihood and its analytic gradient at explicit parameters x = [beta, phi, theta,
 * sigma2?] (as observationTerms; without sigma2 it is profiled at these beta), from the adjoint
 * filter on the response less its trend plus one filter of the trend columns. Stationary start
 * only (null for a diffuse one): the covariance differentiates this gradient instead of the
 * likelihood twice, 2n evaluations instead of ~4n^2.
 */
export function observationScore(
  spec: ArimaLikelihoodSpec,
  x: ArrayLike<number>,
  withScale: boolean,
): { ll: number; grad: Float64Array } | null {
  if (spec.diffuse) return null;
  const k = spec.series.length - 1;
  const { p, q } = spec;
  const phi = Array.from({ length: p }, (_, i) => x[k + i]!);
  const theta = Array.from({ length: q }, (_, i) => x[k + p + i]!);
  const y = spec.series[0]!;
  const z = Float64Array.from(y);
  for (let j = 0; j < k; j++) {
    const col = spec.series[j + 1]!;
    const b = x[j]!;
    for (let t = 0; t < z.length; t++) z[t] = z[t]! - b * col[t]!;
  }
  if (withScale && !(x[k + p + q]! > 0)) return null;
  const s = armaGradient(z, phi, theta, withScale ? x[k + p + q]! : undefined);
  if (!s) return null;
  const m = s.n;
  const sigma2 = withScale ? x[k + p + q]! : s.ssq / m;
  if (!(sigma2 > 0)) return null;
  const ll = -0.5 * (m * Math.log(2 * Math.PI * sigma2) + s.sumLogF + s.ssq / sigma2);
  const grad = new Float64Array(x.length);
  if (k > 0) {
    // d v_t / d beta_j = -(innovation of trend column j): filter them with the response.
    const f = filterArma([z, ...spec.series.slice(1)], phi, theta);
    if (!f) return null;
    const vz = f.innovations[0]!;
    for (let j = 0; j < k; j++) {
      const vx = f.innovations[j + 1]!;
      let acc = 0;
      for (let t = 0; t < m; t++) acc += (vz[t]! * vx[t]!) / f.F[t]!;
      grad[j] = acc / sigma2;
    }
  }
  for (let i = 0; i < p + q; i++) grad[k + i] = -s.grad[i]!;
  if (withScale) grad[k + p + q] = -0.5 * (m / sigma2 - s.ssq / (sigma2 * sigma2));
  return Number.isFinite(ll) ? { ll, grad } : null;
}
