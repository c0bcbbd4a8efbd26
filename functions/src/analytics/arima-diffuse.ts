/**
 * Kalman filter of statsmodels' SARIMAX state space on the undifferenced series, for fits without
 * enforced stationarity: state [y_{t-1}, ..., y_{t-d}, ARMA state (r)], every element starting
 * approximately diffuse (P0 = 1e6 I in data units) and the first d + r observations burnt.
 *
 * Why not the differenced series: an approximate diffuse prior is not invariant to a change of
 * state coordinates, so the likelihood statsmodels reports (its prior on the level next to the ARMA
 * state, both 1e6) is only reproduced in its own coordinates (SPY (1,1,1): 0.2 log-likelihood units
 * apart otherwise). For d = 1 the layout is exactly SARIMAX's; for d >= 2 SARIMAX stacks
 * cumulated differences instead of lagged levels, so the value may differ slightly there.
 */
import type { FilterResult } from './arma-kalman.ts';
import { stateDim } from './arma-kalman.ts';

/** Transition T, observation Z and shock loading R of the integrated model (row-major, dim = d + r). */
export function integratedSystem(
  phi: ArrayLike<number>,
  theta: ArrayLike<number>,
  d: number,
): { T: Float64Array; Z: Float64Array; R: Float64Array; dim: number; r: number } {
  const r = stateDim(phi.length, theta.length);
  const dim = d + r;
  const T = new Float64Array(dim * dim);
  const Z = new Float64Array(dim);
  const R = new Float64Array(dim);
  // y_t = sum_i b_i y_{t-i} + ARMA_t with (1 - L)^d = 1 - sum_i b_i L^i.
  const b = Array.from({ length: d }, (_, i) => -binomialSigned(d, i + 1));
  for (let i = 0; i < d; i++) Z[i] = b[i]!;
  Z[d] = 1;
  // Level block: y_{t} (the new first level) = Z alpha_t; older levels shift down.
  if (d > 0) for (let j = 0; j < dim; j++) T[j] = Z[j]!;
  for (let i = 1; i < d; i++) T[i * dim + i - 1] = 1;
  // ARMA block (Harvey form).
  for (let i = 0; i < r; i++) {
    if (i < phi.length) T[(d + i) * dim + d] = phi[i]!;
    if (i + 1 < r) T[(d + i) * dim + d + i + 1] = 1;
    R[d + i] = i === 0 ? 1 : (theta[i - 1] ?? 0);
  }
  return { T, Z, R, dim, r };
}

function binomialSigned(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return k % 2 === 0 ? c : -c;
}

/**
 * Filters the series (response first, regression columns after) with unit innovation variance
 * and P0 = kappa I. Returns innovations and F for every observation (the caller skips the burn-in).
 */
export function filterDiffuse(
  series: readonly ArrayLike<number>[],
  phi: ArrayLike<number>,
  theta: ArrayLike<number>,
  d: number,
  kappa: number,
): FilterResult | null {
  const { T, Z, R, dim } = integratedSystem(phi, theta, d);
  const n = series[0]!.length;
  const states = series.map(() => new Float64Array(dim));
  const innovations = series.map(() => new Float64Array(n));
  const F = new Float64Array(n);
  let P = new Float64Array(dim * dim);
  for (let i = 0; i < dim; i++) P[i * dim + i] = kappa;
  const PZ = new Float64Array(dim);
  const K = new Float64Array(dim);
  const Pf = new Float64Array(dim * dim);
  const TP = new Float64Array(dim * dim);
  const tmp = new Float64Array(dim);
  let sumLogF = 0;
  for (let t = 0; t < n; t++) {
    for (let i = 0; i < dim; i++) {
      let s = 0;
      for (let j = 0; j < dim; j++) s += P[i * dim + j]! * Z[j]!;
      PZ[i] = s;
    }
    let f = 0;
    for (let i = 0; i < dim; i++) f += Z[i]! * PZ[i]!;
    if (!(f > 0) || !Number.isFinite(f)) return null;
    F[t] = f;
    sumLogF += Math.log(f);
    for (let i = 0; i < dim; i++) K[i] = PZ[i]! / f;
    for (let s = 0; s < series.length; s++) {
      const a = states[s]!;
      let yhat = 0;
      for (let i = 0; i < dim; i++) yhat += Z[i]! * a[i]!;
      const v = series[s]![t]! - yhat;
      innovations[s]![t] = v;
      for (let i = 0; i < dim; i++) tmp[i] = a[i]! + K[i]! * v;
      for (let i = 0; i < dim; i++) {
        let acc = 0;
        for (let j = 0; j < dim; j++) acc += T[i * dim + j]! * tmp[j]!;
        a[i] = acc;
      }
    }
    // P <- T (P - K PZ') T' + R R'
    for (let i = 0; i < dim; i++) for (let j = 0; j < dim; j++) Pf[i * dim + j] = P[i * dim + j]! - K[i]! * PZ[j]!;
    for (let i = 0; i < dim; i++) {
      for (let j = 0; j < dim; j++) {
        let acc = 0;
        for (let k = 0; k < dim; k++) acc += T[i * dim + k]! * Pf[k * dim + j]!;
        TP[i * dim + j] = acc;
      }
    }
    const Pn = new Float64Array(dim * dim);
    for (let i = 0; i < dim; i++) {
      for (let j = 0; j < dim; j++) {
        let acc = R[i]! * R[j]!;
        for (let k = 0; k < dim; k++) acc += TP[i * dim + k]! * T[j * dim + k]!;
        Pn[i * dim + j] = acc;
      }
    }
    P = Pn;
  }
  return { innovations, F, sumLogF, nextState: states, nextCov: P, r: dim };
}

/** The ARMA block of a filter over the integrated state: what forecastArima continues from. */
export function armaBlock(f: FilterResult, d: number): FilterResult {
  const dim = f.r;
  const r = dim - d;
  const nextCov = new Float64Array(r * r);
  for (let i = 0; i < r; i++) for (let j = 0; j < r; j++) nextCov[i * r + j] = f.nextCov[(d + i) * dim + d + j]!;
  return { ...f, nextState: f.nextState.map((a) => a.slice(d)), nextCov, r };
}
