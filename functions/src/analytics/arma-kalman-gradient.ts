/**
 * The exact ARMA log-likelihood's analytic gradient in phi and theta, by reverse mode: the adjoint
 * of the Kalman filter of arma-kalman.ts (stationary start, unit innovation variance).
 *
 * Why: BFGS on finite differences spent ~90% of a fit in 2(p + q) extra filters per gradient, and
 * forward differences (half the cost) were too noisy to converge on flat ridges. The forward
 * sensitivity recursion (d a_t, d P_t per parameter, Harvey 1989 3.4.6) costs about p + q filters
 * while P_t has not converged, which on prices (an MA root near the unit circle) is the whole
 * series; the adjoint costs ~2.5 filters whatever p + q, and is exact to rounding (it agrees with
 * the forward recursion to 1e-12 and with central differences to their own error, see the test).
 */
import { admissibleStartCovariance, stateDim } from './arma-kalman.ts';
import { invertSpd, luFactor, luSolve, luSolveTransposed } from './linalg.ts';

export interface ArmaGradient {
  n: number;
  /** sum v^2 / F and sum log F (unit innovation variance). */
  ssq: number;
  sumLogF: number;
  /**
   * Gradient in [phi, theta] of 0.5 n log(ssq) + 0.5 sum log F (sigma^2 concentrated: the nll up to
   * a constant), or with `sigma2` of 0.5 ssq / sigma2 + 0.5 sum log F (the nll at that sigma^2).
   */
  grad: Float64Array;
  /** With regression `columns`: their GLS coefficients, profiled out of y before the gradient. */
  beta: number[];
}

// Per-observation buffers reused across calls (BFGS calls this hundreds of times per fit): the
// first column of P_t, v_t, b_t[0] and 1 / F_t, one stretch of (r + 3)(n + 1) values, and for the
// regression columns their values, innovations and b_t[0], 3 k n values. Flat typed arrays: with
// an array of arrays per column and fresh buffers per call, one trend column cost as much as the
// filter itself (90 against 49 us at n = 499, r = 3).
let store = new Float64Array(0);
let columnStore = new Float64Array(0);

/**
 * The per-call vectors and matrices of one state dimension, reused across calls (they were ~20
 * small typed arrays a call, and garbage collection took a fifth of a (2,1,2) fit). Every one is
 * overwritten or zeroed before it is read.
 */
interface Scratch {
  r: number;
  c: Float64Array;
  R: Float64Array;
  A: Float64Array;
  a: Float64Array;
  K: Float64Array;
  P: Float64Array;
  abar: Float64Array;
  G: Float64Array;
  cbar: Float64Array;
  Rbar: Float64Array;
  Kbar: Float64Array;
  w: Float64Array;
  Ks: Float64Array;
  u: Float64Array;
  L: Float64Array;
}
let scratch: Scratch | null = null;

function scratchFor(r: number): Scratch {
  if (scratch?.r === r) {
    for (const v of [scratch.c, scratch.R, scratch.A, scratch.a, scratch.abar, scratch.G, scratch.cbar, scratch.Rbar])
      v.fill(0);
    scratch.w.fill(0);
    return scratch;
  }
  const rr = r * r;
  scratch = {
    r,
    c: new Float64Array(r),
    R: new Float64Array(r),
    A: new Float64Array(rr * rr),
    a: new Float64Array(r),
    K: new Float64Array(r),
    P: new Float64Array(rr),
    abar: new Float64Array(r),
    G: new Float64Array(rr),
    cbar: new Float64Array(r),
    Rbar: new Float64Array(r),
    Kbar: new Float64Array(r),
    // w[1..r-1] (one spare slot), and K shifted up with a zero last element.
    w: new Float64Array(r + 1),
    Ks: new Float64Array(r),
    u: new Float64Array(r),
    L: new Float64Array(rr),
  };
  return scratch;
}

/**
 * The likelihood gradient by reverse mode (the adjoint of the filter): one forward filter
 * that keeps the first column of P_t until it is steady, then one backward pass of O(r^2) per
 * observation whatever the number of parameters, ~3 filters in all where the forward recursion
 * costs ~(p + q) of them while P_t has not converged (MA roots near the unit circle, the usual
 * case on prices). Pf = P - K P[0,:] has a zero first row and column, so T Pf T' = shift(Pf) (phi
 * enters P_t only through P_0). Backward, with G = adjoint of P_{t+1} (symmetric) and a-bar of a_{t+1}:
 *   b-bar = T' a-bar, c-bar += a-bar b_t[0], K-bar = b-bar v_t, v-bar = b-bar.K_t + dL/dv_t
 *   Pf-bar = shift'(G), R-bar += 2 G R
 *   P-bar = Pf-bar - (Pf-bar K) e0' - e0 (K' Pf-bar) + e0 e0' (K' Pf-bar K + ...) + K-bar e0' / F
 * and at t = 0 the adjoint Lyapunov equation Lambda = T' Lambda T + P-bar_0 closes the chain.
 */
export function armaGradient(
  y: ArrayLike<number>,
  phi: ArrayLike<number>,
  theta: ArrayLike<number>,
  sigma2?: number,
  columns: readonly ArrayLike<number>[] = [],
): ArmaGradient | null {
  const p = phi.length;
  const q = theta.length;
  const r = stateDim(p, q);
  const rr = r * r;
  const { c, R, A, a, K, P, abar, G, cbar, Rbar, Kbar, w, Ks, u, L } = scratchFor(r);
  for (let i = 0; i < p; i++) c[i] = phi[i]!;
  R[0] = 1;
  for (let i = 0; i < q; i++) R[i + 1] = theta[i]!;
  for (let i = 0; i < r; i++) {
    for (let j = 0; j < r; j++) {
      const row = i * r + j;
      // (T P T')_ij = sum_kl T_ik T_jl P_kl with T_i0 = c_i, T_i,i+1 = 1.
      A[row * rr + row] = 1;
      A[row * rr + 0] = A[row * rr + 0]! - c[i]! * c[j]!;
      if (j + 1 < r) A[row * rr + j + 1] = A[row * rr + j + 1]! - c[i]!;
      if (i + 1 < r) A[row * rr + (i + 1) * r] = A[row * rr + (i + 1) * r]! - c[j]!;
      if (i + 1 < r && j + 1 < r) A[row * rr + (i + 1) * r + j + 1] = A[row * rr + (i + 1) * r + j + 1]! - 1;
    }
  }
  const piv = luFactor(A, rr);
  if (!piv) return null;
  const P0 = new Float64Array(rr);
  for (let i = 0; i < r; i++) for (let j = 0; j < r; j++) P0[i * r + j] = R[i]! * R[j]!;
  luSolve(A, piv, rr, P0);
  // Singular P0 (zero trailing coefficients: identically zero states) is fine: see the filter.
  if (!admissibleStartCovariance(phi, P0, r)) return null;
  for (let i = 0; i < r; i++)
    for (let j = 0; j < i; j++) P0[i * r + j] = P0[j * r + i] = 0.5 * (P0[i * r + j]! + P0[j * r + i]!);

  // Forward: keep v_t, b_t[0] and the first column of P_t (until steady): the backward pass
  // needs nothing else of P_t.
  const n = y.length;
  const need = (n + 1) * (r + 3);
  if (store.length < need) store = new Float64Array(need);
  const Pc = store.subarray(0, (n + 1) * r);
  const v = store.subarray((n + 1) * r, (n + 1) * (r + 1));
  const b0 = store.subarray((n + 1) * (r + 1), (n + 1) * (r + 2));
  const iF = store.subarray((n + 1) * (r + 2), need);
  P.set(P0);
  // Regression columns ride along (the gains do not depend on the data; the filter is linear): the
  // GLS trend and the innovations of y - X beta then cost no second filter. Column j's values,
  // innovations and b_t[0] are at j n, (k + j) n and (2k + j) n of columnStore; its state at
  // ax[j r ..].
  const k = columns.length;
  if (columnStore.length < 3 * k * n) columnStore = new Float64Array(3 * k * n);
  const xs = columnStore;
  for (let j = 0; j < k; j++) {
    const col = columns[j]!;
    for (let t = 0; t < n; t++) xs[j * n + t] = col[t]!;
  }
  const ax = new Float64Array(k * r);
  let steadyAt = n;
  let ssq = 0;
  let sumLogF = 0;
  let f = 0;
  // 1 / F_t and log F_t change only while P_t does: the steady stretch reuses them (divisions and
  // logarithms were the largest cost per observation).
  let invF = 0;
  let logF = 0;
  for (let t = 0; t < n; t++) {
    if (t <= steadyAt) {
      f = P[0]!;
      if (!(f > 0)) return null;
      invF = 1 / f;
      logF = Math.log(f);
      const o = t * r;
      for (let i = 0; i < r; i++) {
        Pc[o + i] = P[i]!;
        K[i] = P[i]! * invF;
      }
    }
    iF[t] = invF;
    const vt = y[t]! - a[0]!;
    v[t] = vt;
    ssq += vt * vt * invF;
    sumLogF += logF;
    const bb0 = a[0]! + K[0]! * vt;
    b0[t] = bb0;
    for (let i = 0; i < r; i++) a[i] = c[i]! * bb0 + (i + 1 < r ? a[i + 1]! + K[i + 1]! * vt : 0);
    for (let j = 0; j < k; j++) {
      const s = j * r;
      const xt = xs[j * n + t]! - ax[s]!;
      xs[(k + j) * n + t] = xt;
      const xb0 = ax[s]! + K[0]! * xt;
      xs[(2 * k + j) * n + t] = xb0;
      for (let i = 0; i < r; i++) ax[s + i] = c[i]! * xb0 + (i + 1 < r ? ax[s + i + 1]! + K[i + 1]! * xt : 0);
    }
    if (t >= steadyAt || t === n - 1) continue;
    // Updating Pf = P - K P[0,:] zeroes its first row and column (y_t observes a_t[0]), so
    // T Pf T' is Pf shifted up-left: P_{t+1}[i][j] = P[i+1][j+1] - f K_{i+1} K_{j+1} + R_i R_j.
    // In place on the upper triangle (row i reads only rows below it and columns right of i; the
    // first column of P is read as its first row).
    let change = 0;
    for (let i = 0; i < r - 1; i++) {
      const fk = f * K[i + 1]!;
      const ri = R[i]!;
      const below = (i + 1) * r + 1;
      const row = i * r;
      for (let j = i; j < r - 1; j++) {
        const val = ri * R[j]! + P[below + j]! - fk * K[j + 1]!;
        change = Math.max(change, Math.abs(val - P[row + j]!));
        P[row + j] = val;
      }
      const last = ri * R[r - 1]!;
      change = Math.max(change, Math.abs(last - P[row + r - 1]!));
      P[row + r - 1] = last;
    }
    {
      const last = R[r - 1]! * R[r - 1]!;
      change = Math.max(change, Math.abs(last - P[rr - 1]!));
      P[rr - 1] = last;
    }
    if (change < 1e-15 * Math.max(1, P[0]!)) steadyAt = t + 1;
  }
  const beta: number[] = [];
  if (k > 0) {
    const A: number[][] = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    const rhs = new Array<number>(k).fill(0);
    for (let i = 0; i < k; i++) {
      const vi = (k + i) * n;
      let sr = 0;
      for (let t = 0; t < n; t++) sr += xs[vi + t]! * iF[t]! * v[t]!;
      rhs[i] = sr;
      for (let j = 0; j <= i; j++) {
        const vj = (k + j) * n;
        let sa = 0;
        for (let t = 0; t < n; t++) sa += xs[vi + t]! * iF[t]! * xs[vj + t]!;
        A[i]![j] = sa;
      }
    }
    for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) A[i]![j] = A[j]![i]!;
    const Ainv = invertSpd(A);
    if (!Ainv) return null;
    for (let i = 0; i < k; i++) beta.push(Ainv[i]!.reduce((acc, e, j) => acc + e * rhs[j]!, 0));
    for (let j = 0; j < k; j++) {
      const bj = beta[j]!;
      const vj = (k + j) * n;
      const bjo = (2 * k + j) * n;
      for (let t = 0; t < n; t++) {
        v[t] = v[t]! - bj * xs[vj + t]!;
        b0[t] = b0[t]! - bj * xs[bjo + t]!;
      }
    }
    ssq = 0;
    for (let t = 0; t < n; t++) ssq += v[t]! * v[t]! * iF[t]!;
  }
  if (!(ssq > 0) || !Number.isFinite(ssq)) return null;
  const concentrated = sigma2 === undefined;
  const scale = concentrated ? ssq / n : sigma2;
  const invScale = 1 / scale;

  // Backward. G, the adjoint of P_{t+1}, is kept symmetric (P is), so the adjoint of the shift
  // above is a shift down-right and the K-terms of Pf touch only its first row and column.
  let Gzero = true;
  let lastO = -1;
  for (let t = n - 1; t >= 0; t--) {
    const o = Math.min(t, steadyAt) * r;
    // In the steady stretch P_t and K_t are the same at every step.
    if (o !== lastO) {
      f = Pc[o]!;
      invF = 1 / f;
      for (let i = 0; i < r; i++) K[i] = Pc[o + i]! * invF;
      for (let i = 0; i + 1 < r; i++) Ks[i] = K[i + 1]!;
    }
    const vt = v[t]!;
    // State: a_{t+1} = T (a_t + K v_t).
    let s0 = 0;
    for (let i = 0; i < r; i++) {
      s0 += c[i]! * abar[i]!;
      cbar[i] = cbar[i]! + abar[i]! * b0[t]!;
    }
    // b-bar = T' a-bar (in place: a-bar shifted down, s0 on top), then a-bar = b-bar - e0 v-bar.
    for (let k = r - 1; k >= 1; k--) abar[k] = abar[k - 1]!;
    abar[0] = s0;
    const vs = vt * invF * invScale;
    let bk = 0;
    for (let i = 0; i < r; i++) {
      Kbar[i] = abar[i]! * vt;
      bk += abar[i]! * K[i]!;
    }
    abar[0] = abar[0]! - vs - bk;
    // Covariance: P_{t+1} = shift(Pf) + R R', adjoint G (zero after the last step).
    let Fbar = (0.5 - 0.5 * vt * vs - vt * bk) * invF;
    if (!Gzero) {
      // R-bar += 2 G R; w_{i+1} = (Pf-bar K)_{i+1} = sum_j G_ij K_{j+1}, both from the old G.
      for (let i = 0; i < r; i++) {
        let sr = 0;
        let sk = 0;
        const row = i * r;
        for (let j = 0; j < r; j++) {
          const g = G[row + j]!;
          sr += g * R[j]!;
          sk += g * Ks[j]!;
        }
        Rbar[i] = Rbar[i]! + 2 * sr;
        w[i + 1] = sk;
      }
      for (let i = r - 1; i >= 1; i--) for (let j = r - 1; j >= 1; j--) G[i * r + j] = G[(i - 1) * r + j - 1]!;
      G[0] = 0;
      for (let k = 1; k < r; k++) {
        G[k * r] = -w[k]!;
        G[k] = -w[k]!;
        Fbar += w[k]! * K[k]!;
      }
    }
    for (let i = 1; i < r; i++) {
      const half = 0.5 * Kbar[i]! * invF;
      G[i * r] = G[i * r]! + half;
      G[i] = G[i]! + half;
    }
    G[0] = G[0]! + Kbar[0]! * invF + Fbar;
    Gzero = false;
    lastO = o;
  }
  // P_0: Lambda solves the adjoint Lyapunov equation.
  L.set(G);
  luSolveTransposed(A, piv, rr, L);
  for (let j = 0; j < r; j++) u[j] = c[j]! * P0[0]! + (j + 1 < r ? P0[j + 1]! : 0);
  for (let i = 0; i < r; i++) {
    let sc = 0;
    let sr = 0;
    for (let j = 0; j < r; j++) {
      const ls = L[i * r + j]! + L[j * r + i]!;
      sc += ls * u[j]!;
      sr += ls * R[j]!;
    }
    cbar[i] = cbar[i]! + sc;
    Rbar[i] = Rbar[i]! + sr;
  }
  const grad = new Float64Array(p + q);
  // cbar / Rbar are of 0.5 sum log F + 0.5 ssq / scale; concentrated, 0.5 n log ssq has the same
  // gradient at scale = ssq / n.
  for (let i = 0; i < p; i++) grad[i] = cbar[i]!;
  for (let j = 0; j < q; j++) grad[p + j] = Rbar[j + 1]!;
  return { n, ssq, sumLogF, grad, beta };
}
