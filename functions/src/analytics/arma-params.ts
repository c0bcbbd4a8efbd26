/**
 * ARMA parameter transforms and starting values.
 *
 * Stationarity / invertibility are enforced as in statsmodels
 * (`constrain_stationary_univariate`, after Monahan 1984 / Jones 1980): each
 * unconstrained u_k is mapped to a partial autocorrelation
 * r_k = u_k / sqrt(1 + u_k^2) in (-1, 1), and the Durbin-Levinson recursion
 * turns the partial autocorrelations into AR coefficients, which are then
 * always stationary. MA polynomials 1 + theta_1 L + ... use the same map
 * with a sign flip, which makes them invertible.
 */
import { AnalyticsError } from './errors.ts';

export function pacfToAr(r: ArrayLike<number>): number[] {
  const p = r.length;
  let phi: number[] = [];
  for (let k = 0; k < p; k++) {
    const rk = r[k]!;
    const next = new Array<number>(k + 1);
    for (let j = 0; j < k; j++) next[j] = phi[j]! - rk * phi[k - 1 - j]!;
    next[k] = rk;
    phi = next;
  }
  return phi;
}

/** Inverse Durbin-Levinson; returns null if the polynomial is not stationary. */
export function arToPacf(phi: ArrayLike<number>): number[] | null {
  const p = phi.length;
  let cur = Array.from(phi);
  const r = new Array<number>(p).fill(0);
  for (let k = p - 1; k >= 0; k--) {
    const rk = cur[k]!;
    if (!(Math.abs(rk) < 1)) return null;
    r[k] = rk;
    const denom = 1 - rk * rk;
    const prev = new Array<number>(k);
    for (let j = 0; j < k; j++) prev[j] = (cur[j]! + rk * cur[k - 1 - j]!) / denom;
    cur = prev;
  }
  return r;
}

export function constrainStationary(u: ArrayLike<number>): number[] {
  return pacfToAr(Array.from(u, (v) => v / Math.sqrt(1 + v * v)));
}

/**
 * constrainStationary and its Jacobian jac[i * p + k] = d phi_i / d u_k (forward-mode through the
 * Durbin-Levinson recursion), for analytic gradients in the unconstrained parameters.
 */
export function constrainStationaryJacobian(u: ArrayLike<number>): { phi: number[]; jac: Float64Array } {
  const p = u.length;
  // Two buffers each for phi and its Jacobian, swapped per order k (the optimiser calls this at
  // every gradient: one array per order and step was a measurable share of its garbage).
  let phi = new Float64Array(p);
  let next = new Float64Array(p);
  let d = new Float64Array(p * p);
  let dn = new Float64Array(p * p);
  for (let k = 0; k < p; k++) {
    const uk = u[k]!;
    const s = 1 + uk * uk;
    const rk = uk / Math.sqrt(s);
    const drk = 1 / (s * Math.sqrt(s));
    for (let j = 0; j < k; j++) {
      next[j] = phi[j]! - rk * phi[k - 1 - j]!;
      for (let l = 0; l < k; l++) dn[j * p + l] = d[j * p + l]! - rk * d[(k - 1 - j) * p + l]!;
      dn[j * p + k] = -drk * phi[k - 1 - j]!;
    }
    next[k] = rk;
    for (let l = 0; l < k; l++) dn[k * p + l] = 0;
    dn[k * p + k] = drk;
    [phi, next] = [next, phi];
    [d, dn] = [dn, d];
  }
  return { phi: Array.from(phi), jac: d };
}

/**
 * The chain rule from a gradient in the natural coefficients (phi then theta, `natural`) to the
 * unconstrained ones the optimiser moves: out_k = sum_i natural_i * d phi_i / d u_k on the AR side,
 * and minus that on the MA side (theta = -constrainStationary(u)). A side without its Jacobian (not
 * constrained) passes through. Each entry is divided by `divisor` (a per-observation objective).
 */
export function gradientToUnconstrained(
  natural: ArrayLike<number>,
  ar: { jac: Float64Array } | null,
  ma: { jac: Float64Array } | null,
  p: number,
  q: number,
  out: Float64Array,
  divisor = 1,
): void {
  for (let k = 0; k < p; k++) {
    let acc = 0;
    if (ar) for (let i = 0; i < p; i++) acc += natural[i]! * ar.jac[i * p + k]!;
    else acc = natural[k]!;
    out[k] = acc / divisor;
  }
  for (let k = 0; k < q; k++) {
    let acc = 0;
    if (ma) for (let i = 0; i < q; i++) acc -= natural[p + i]! * ma.jac[i * q + k]!;
    else acc = natural[p + k]!;
    out[p + k] = acc / divisor;
  }
}

export function unconstrainStationary(phi: ArrayLike<number>): number[] | null {
  const r = arToPacf(phi);
  if (!r) return null;
  return r.map((v) => v / Math.sqrt(1 - v * v));
}

export function isStationary(phi: ArrayLike<number>): boolean {
  return arToPacf(phi) !== null;
}

export function isInvertible(theta: ArrayLike<number>): boolean {
  return arToPacf(Array.from(theta, (v) => -v)) !== null;
}

/** Biased (divide-by-n) autocovariances of a demeaned copy of x, lags 0..nlags. */
export function autocovariances(x: ArrayLike<number>, nlags: number, demean = true): number[] {
  const n = x.length;
  let mean = 0;
  if (demean) {
    for (let i = 0; i < n; i++) mean += x[i]!;
    mean /= n;
  }
  const out: number[] = [];
  for (let k = 0; k <= nlags; k++) {
    let s = 0;
    for (let t = k; t < n; t++) s += (x[t]! - mean) * (x[t - k]! - mean);
    out.push(s / n);
  }
  return out;
}

/** Durbin-Levinson on autocorrelations rho[0..p]; returns AR(p) coefficients and all PACFs. */
export function durbinLevinson(rho: ArrayLike<number>, p: number): { phi: number[]; pacf: number[]; variance: number } {
  let phi: number[] = [];
  const pacf: number[] = [];
  let v = rho[0]!;
  for (let k = 1; k <= p; k++) {
    let num = rho[k]!;
    for (let j = 1; j < k; j++) num -= phi[j - 1]! * rho[k - j]!;
    const a = v === 0 ? 0 : num / v;
    const next = new Array<number>(k);
    for (let j = 1; j < k; j++) next[j - 1] = phi[j - 1]! - a * phi[k - j - 1]!;
    next[k - 1] = a;
    phi = next;
    pacf.push(a);
    v *= 1 - a * a;
  }
  return { phi, pacf, variance: v };
}

/**
 * Hannan-Rissanen style starting values: a long Yule-Walker AR fit gives
 * innovation estimates, then z_t is regressed on its own lags and lagged
 * innovations. Falls back to shrunken / zero values if the result is not
 * stationary and invertible, so the optimiser always starts inside the region.
 */
export function startingArma(z: ArrayLike<number>, p: number, q: number): { phi: number[]; theta: number[] } {
  const n = z.length;
  if (p === 0 && q === 0) return { phi: [], theta: [] };
  if (q === 0) {
    const g = autocovariances(z, p, false);
    if (!(g[0]! > 0)) return { phi: new Array<number>(p).fill(0), theta: [] };
    const { phi } = durbinLevinson(g, p);
    return { phi: shrinkStationary(phi), theta: [] };
  }
  const m = Math.min(Math.max(p + q + 2, Math.ceil(Math.log(n) ** 2 / 2), 4), Math.floor(n / 3));
  const g = autocovariances(z, m, false);
  let phi = new Array<number>(p).fill(0);
  let theta = new Array<number>(q).fill(0);
  if (g[0]! > 0 && m > p + q) {
    const long = durbinLevinson(g, m).phi;
    const e = new Float64Array(n);
    for (let t = m; t < n; t++) {
      let s = z[t]!;
      for (let j = 0; j < m; j++) s -= long[j]! * z[t - 1 - j]!;
      e[t] = s;
    }
    const coef = regressOnLags(z, e, p, q, m + Math.max(p, q));
    if (coef) {
      phi = coef.slice(0, p);
      theta = coef.slice(p);
    }
  }
  return { phi: shrinkStationary(phi), theta: shrinkInvertible(theta) };
}

/**
 * statsmodels' SARIMAX starting values (`_conditional_sum_squares`, 0.13.5): with MA terms, OLS of
 * z_t on its 2q lags gives residuals e_t; then OLS of z_t on p lags of z and q lags of e over
 * t >= max(3q, p). Not projected into the admissible region (the caller decides).
 */
export function conditionalSumOfSquaresStart(
  z: ArrayLike<number>,
  p: number,
  q: number,
): { phi: number[]; theta: number[] } {
  const n = z.length;
  const zeros = { phi: new Array<number>(p).fill(0), theta: new Array<number>(q).fill(0) };
  if (p + q === 0) return zeros;
  const k = 2 * q;
  const r = Math.max(k + q, p);
  if (n - r <= p + q || n - k <= k) return zeros;
  const e = new Float64Array(n);
  if (q > 0) {
    const rows: number[][] = [];
    const ys: number[] = [];
    for (let t = k; t < n; t++) {
      rows.push(Array.from({ length: k }, (_, j) => z[t - 1 - j]!));
      ys.push(z[t]!);
    }
    const a = leastSquares(rows, ys, k);
    if (!a) return zeros;
    for (let t = k; t < n; t++) e[t] = ys[t - k]! - rows[t - k]!.reduce((s, x, j) => s + x * a[j]!, 0);
  }
  const coef = regressOnLags(z, e, p, q, r);
  return coef ? { phi: coef.slice(0, p), theta: coef.slice(p) } : zeros;
}

/** OLS of z_t on z_{t-1..t-p} and e_{t-1..t-q} over t >= from: [ar..., ma...] or null. */
function regressOnLags(
  z: ArrayLike<number>,
  e: ArrayLike<number>,
  p: number,
  q: number,
  from: number,
): number[] | null {
  const rows: number[][] = [];
  const ys: number[] = [];
  for (let t = from; t < z.length; t++) {
    const row: number[] = [];
    for (let j = 1; j <= p; j++) row.push(z[t - j]!);
    for (let j = 1; j <= q; j++) row.push(e[t - j]!);
    rows.push(row);
    ys.push(z[t]!);
  }
  return leastSquares(rows, ys, p + q);
}

function shrinkStationary(phi: number[]): number[] {
  let cur = phi;
  for (let i = 0; i < 20 && !isStationary(cur); i++) cur = cur.map((v) => v * 0.7);
  return isStationary(cur) ? cur : cur.map(() => 0);
}

function shrinkInvertible(theta: number[]): number[] {
  let cur = theta;
  for (let i = 0; i < 20 && !isInvertible(cur); i++) cur = cur.map((v) => v * 0.7);
  return isInvertible(cur) ? cur : cur.map(() => 0);
}

/** Normal-equations least squares for the small starting-value regressions. */
function leastSquares(rows: number[][], y: number[], k: number): number[] | null {
  if (rows.length <= k) return null;
  const A = new Float64Array(k * k);
  const b = new Float64Array(k);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    for (let a = 0; a < k; a++) {
      b[a] = b[a]! + row[a]! * y[i]!;
      for (let c = 0; c < k; c++) A[a * k + c] = A[a * k + c]! + row[a]! * row[c]!;
    }
  }
  // Tiny ridge keeps degenerate designs (e.g. constant series) solvable.
  for (let a = 0; a < k; a++) A[a * k + a] = A[a * k + a]! * (1 + 1e-10) + 1e-300;
  const out: number[] = [];
  // Gaussian elimination without pivoting is fine for an SPD matrix.
  const M = Float64Array.from(A);
  const x = Float64Array.from(b);
  for (let c = 0; c < k; c++) {
    const d = M[c * k + c]!;
    if (!(Math.abs(d) > 0)) return null;
    for (let r = c + 1; r < k; r++) {
      const f = M[r * k + c]! / d;
      for (let j = c; j < k; j++) M[r * k + j] = M[r * k + j]! - f * M[c * k + j]!;
      x[r] = x[r]! - f * x[c]!;
    }
  }
  for (let r = k - 1; r >= 0; r--) {
    let s = x[r]!;
    for (let j = r + 1; j < k; j++) s -= M[r * k + j]! * x[j]!;
    x[r] = s / M[r * k + r]!;
  }
  for (let i = 0; i < k; i++) out.push(x[i]!);
  if (out.some((v) => !Number.isFinite(v))) return null;
  return out;
}

export function assertOrders(p: number, d: number, q: number): void {
  for (const [v, name] of [
    [p, 'AR order p'],
    [d, 'differencing order d'],
    [q, 'MA order q'],
  ] as const) {
    if (!Number.isInteger(v) || v < 0)
      throw new AnalyticsError('invalid_input', `The ${name} must be a non-negative integer.`);
  }
  if (p > 20 || q > 20 || d > 5) {
    throw new AnalyticsError('invalid_input', 'ARIMA orders are limited to p, q <= 20 and d <= 5.');
  }
}
