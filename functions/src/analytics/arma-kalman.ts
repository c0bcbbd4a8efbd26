/**
 * Exact Gaussian likelihood of an ARMA(p, q) process by the Kalman filter.
 *
 * State space form (Harvey 1989), state dimension r = max(p, q + 1):
 *   alpha_{t+1} = T alpha_t + R eps_{t+1},   y_t = alpha_t[0]
 *   T[i][0] = phi_{i+1}, T[i][i+1] = 1,      R = [1, theta_1, ..., theta_{r-1}]
 * The filter is run with unit innovation variance; sigma^2 scales every
 * covariance, which is what allows it to be concentrated out.
 * The state is initialised with the unconditional covariance P0, the solution
 * of P0 = T P0 T' + R R' (exact likelihood, as R `arima` and statsmodels), or
 * with a caller's P0: statsmodels without enforced stationarity has no
 * unconditional covariance and starts from an approximate diffuse P0 = kappa I.
 */
import { solveDense } from './linalg.ts';
import { isStationary } from './arma-params.ts';

export interface FilterResult {
  /** One-step innovations v_t per input series. */
  innovations: Float64Array[];
  /** Innovation variances F_t (in units of sigma^2), shared by all series. */
  F: Float64Array;
  sumLogF: number;
  /** Predicted state a_{n+1|n} per series. */
  nextState: Float64Array[];
  /** Predicted state covariance P_{n+1|n} (r x r, row-major, units of sigma^2). */
  nextCov: Float64Array;
  r: number;
}

export function stateDim(p: number, q: number): number {
  return Math.max(p, q + 1);
}

function transitionFirstColumn(phi: ArrayLike<number>, r: number): Float64Array {
  const c = new Float64Array(r);
  for (let i = 0; i < phi.length; i++) c[i] = phi[i]!;
  return c;
}

function selection(theta: ArrayLike<number>, r: number): Float64Array {
  const R = new Float64Array(r);
  R[0] = 1;
  for (let i = 0; i < theta.length; i++) R[i + 1] = theta[i]!;
  return R;
}

/** Unconditional state covariance, or null when the AR part is not stationary. */
export function stationaryCovariance(phi: ArrayLike<number>, theta: ArrayLike<number>): Float64Array | null {
  const r = stateDim(phi.length, theta.length);
  const c = transitionFirstColumn(phi, r);
  const R = selection(theta, r);
  const T = new Float64Array(r * r);
  for (let i = 0; i < r; i++) {
    T[i * r] = c[i]!;
    if (i + 1 < r) T[i * r + i + 1] = 1;
  }
  // (I - T kron T) vec(P) = vec(R R'), row-major vec.
  const m = r * r;
  const A = new Float64Array(m * m);
  const b = new Float64Array(m);
  for (let i = 0; i < r; i++) {
    for (let j = 0; j < r; j++) {
      const row = i * r + j;
      b[row] = R[i]! * R[j]!;
      for (let k = 0; k < r; k++) {
        const tik = T[i * r + k]!;
        if (tik === 0) continue;
        for (let l = 0; l < r; l++) {
          const tjl = T[j * r + l]!;
          if (tjl === 0) continue;
          A[row * m + k * r + l] = A[row * m + k * r + l]! - tik * tjl;
        }
      }
      A[row * m + row] = A[row * m + row]! + 1;
    }
  }
  const P = solveDense(A, b, m);
  return P && admissibleStartCovariance(phi, P, r) ? P : null;
}

/**
 * Whether a solution P0 of P0 = T P0 T' + R R' is the state's unconditional covariance, for the
 * filter and its adjoint (arma-kalman-gradient.ts). The test is the AR part's stationarity, not a
 * positive diagonal: zero AR and MA coefficients at the end of the polynomials (the zeros start,
 * or phi = (0.95, 0), theta = (-0.95, 0)) leave state elements that are identically zero, so P0
 * is singular with exact zero diagonal entries, and that is a valid start: the filter divides
 * only by F_t = P_t[0][0] >= 1 (unit innovation variance), and the Lyapunov system is regular
 * whenever T is stable. Diagonal entries may come out a rounding error below zero; a clearly
 * negative one means the solve lost all accuracy (a root on the unit circle to rounding).
 */
export function admissibleStartCovariance(phi: ArrayLike<number>, P: Float64Array, r: number): boolean {
  if (!isStationary(phi)) return false;
  const f = P[0]!;
  if (!(f > 0) || !Number.isFinite(f)) return false;
  let scale = f;
  for (let i = 1; i < r; i++) scale = Math.max(scale, P[i * r + i]!);
  for (let i = 1; i < r; i++) {
    const d = P[i * r + i]!;
    if (!Number.isFinite(d) || d < -1e-10 * scale) return false;
  }
  return true;
}

/**
 * Filters several series through the same ARMA model at once: the gains do
 * not depend on the data, so regression columns can be filtered alongside the
 * response to profile out regression coefficients by GLS.
 */
export function filterArma(
  series: readonly ArrayLike<number>[],
  phi: ArrayLike<number>,
  theta: ArrayLike<number>,
  initialCov?: Float64Array,
): FilterResult | null {
  const r = stateDim(phi.length, theta.length);
  const P0 = initialCov ?? stationaryCovariance(phi, theta);
  if (!P0) return null;
  const c = transitionFirstColumn(phi, r);
  const R = selection(theta, r);
  const RR = new Float64Array(r * r);
  for (let i = 0; i < r; i++) for (let j = 0; j < r; j++) RR[i * r + j] = R[i]! * R[j]!;
  const n = series[0]!.length;
  const m = series.length;
  const states = series.map(() => new Float64Array(r));
  const innovations = series.map(() => new Float64Array(n));
  const F = new Float64Array(n);
  const P = Float64Array.from(P0);
  const K = new Float64Array(r);
  let sumLogF = 0;
  let steady = false;
  for (let t = 0; t < n; t++) {
    const f = P[0]!;
    if (!(f > 0)) return null;
    F[t] = f;
    sumLogF += Math.log(f);
    for (let i = 0; i < r; i++) K[i] = P[i * r]! / f;
    for (let s = 0; s < m; s++) {
      const a = states[s]!;
      const v = series[s]![t]! - a[0]!;
      innovations[s]![t] = v;
      // Filter then predict: a <- T (a + K v); T x = c x0 + shift(x).
      const a0 = a[0]! + K[0]! * v;
      for (let i = 0; i < r; i++) {
        const next = i + 1 < r ? a[i + 1]! + K[i + 1]! * v : 0;
        a[i] = c[i]! * a0 + next;
      }
    }
    if (steady) continue;
    // Pf = P - K P[0,:] has a zero first row and column (y_t observes a_t[0]), so T Pf T' is Pf
    // shifted up-left: P <- P[i+1][j+1] - f K_{i+1} K_{j+1} + R_i R_j, in place (row i reads only
    // rows below it and columns right of i), upper triangle mirrored.
    let change = 0;
    for (let i = 0; i < r; i++) {
      const down = i + 1 < r;
      const fk = down ? f * K[i + 1]! : 0;
      for (let j = i; j < r; j++) {
        let v = RR[i * r + j]!;
        if (down && j + 1 < r) v += P[(i + 1) * r + j + 1]! - fk * K[j + 1]!;
        change = Math.max(change, Math.abs(v - P[i * r + j]!));
        P[i * r + j] = v;
        P[j * r + i] = v;
      }
    }
    // Once the Riccati recursion has converged to machine precision the
    // remaining covariances are identical; skipping them keeps the likelihood exact.
    if (change < 1e-15 * Math.max(1, P[0]!)) steady = true;
  }
  return { innovations, F, sumLogF, nextState: states, nextCov: P, r };
}

export interface ArmaForecast {
  mean: number[];
  /** Forecast error variances in units of sigma^2. */
  variance: number[];
}

/**
 * h-step forecasts of y on the original scale when Delta^d y_t = w_t and
 * w_t - m_t is ARMA. The state is augmented with the last d levels so the
 * variance accounts for integration exactly (covariances across horizons).
 *
 * @param lastLevels y_n, y_{n-1}, ..., y_{n-d+1} (d values).
 * @param futureMean m_{n+1..n+h}: mean of the differenced series (trend part).
 */
export function forecastArima(
  filter: FilterResult,
  seriesIndex: number,
  phi: ArrayLike<number>,
  theta: ArrayLike<number>,
  d: number,
  lastLevels: readonly number[],
  futureMean: readonly number[],
  h: number,
): ArmaForecast {
  const r = filter.r;
  const dim = r + d;
  const c = transitionFirstColumn(phi, r);
  const R = selection(theta, r);
  // Coefficients of y_t = sum_i b_i y_{t-i} + w_t from (1 - L)^d.
  const b = new Array<number>(d).fill(0);
  for (let i = 1; i <= d; i++) b[i - 1] = (i % 2 === 1 ? 1 : -1) * binomial(d, i);
  const T = new Float64Array(dim * dim);
  for (let i = 0; i < r; i++) {
    T[i * dim] = c[i]!;
    if (i + 1 < r) T[i * dim + i + 1] = 1;
  }
  if (d > 0) {
    // First level row: y_t = Z alpha_t + sum b_i y_{t-i} is computed at
    // observation time, so the level block stores y_{t-1..t-d} and advances by
    // y_t = obs(alpha_t, levels) (no noise beyond what alpha_t carries).
    for (let i = 0; i < r; i++) T[r * dim + i] = i === 0 ? 1 : 0;
    for (let j = 0; j < d; j++) T[r * dim + r + j] = b[j]!;
    for (let j = 1; j < d; j++) T[(r + j) * dim + r + j - 1] = 1;
  }
  const Z = new Float64Array(dim);
  Z[0] = 1;
  for (let j = 0; j < d; j++) Z[r + j] = b[j]!;
  const Rs = new Float64Array(dim);
  for (let i = 0; i < r; i++) Rs[i] = R[i]!;
  // State at n+1 (predicted): alpha part from the filter, levels known exactly.
  let a = new Float64Array(dim);
  const an = filter.nextState[seriesIndex]!;
  for (let i = 0; i < r; i++) a[i] = an[i]!;
  for (let j = 0; j < d; j++) a[r + j] = lastLevels[j]!;
  let P = new Float64Array(dim * dim);
  for (let i = 0; i < r; i++) for (let j = 0; j < r; j++) P[i * dim + j] = filter.nextCov[i * r + j]!;
  const mean: number[] = [];
  const variance: number[] = [];
  // The deterministic mean m_t enters y_t through the observation and then the levels.
  for (let step = 0; step < h; step++) {
    const mt = futureMean[step] ?? 0;
    let yhat = mt;
    for (let i = 0; i < dim; i++) yhat += Z[i]! * a[i]!;
    let v = 0;
    for (let i = 0; i < dim; i++) for (let j = 0; j < dim; j++) v += Z[i]! * P[i * dim + j]! * Z[j]!;
    mean.push(yhat);
    variance.push(v);
    // Advance: a <- T a (+ m_t into the first level), P <- T P T' + Rs Rs'.
    const an2 = new Float64Array(dim);
    for (let i = 0; i < dim; i++) {
      let s = 0;
      for (let j = 0; j < dim; j++) s += T[i * dim + j]! * a[j]!;
      an2[i] = s;
    }
    if (d > 0) an2[r] = an2[r]! + mt;
    const TP = new Float64Array(dim * dim);
    for (let i = 0; i < dim; i++) {
      for (let j = 0; j < dim; j++) {
        let s = 0;
        for (let k = 0; k < dim; k++) s += T[i * dim + k]! * P[k * dim + j]!;
        TP[i * dim + j] = s;
      }
    }
    const Pn = new Float64Array(dim * dim);
    for (let i = 0; i < dim; i++) {
      for (let j = 0; j < dim; j++) {
        let s = Rs[i]! * Rs[j]!;
        for (let k = 0; k < dim; k++) s += TP[i * dim + k]! * T[j * dim + k]!;
        Pn[i * dim + j] = s;
      }
    }
    a = an2;
    P = Pn;
  }
  return { mean, variance };
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}
