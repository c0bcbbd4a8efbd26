/**
 * Small dense linear algebra on plain arrays / Float64Array.
 *
 * Least squares goes through Householder QR rather than the normal equations
 * so that ill-conditioned designs (e.g. a time index next to a constant) keep
 * their accuracy; covariance matrices are inverted by Cholesky.
 */
import { AnalyticsError } from './errors.ts';

export interface QrResult {
  /** Column-major n x k Householder vectors below the diagonal, R on and above it. */
  readonly qr: Float64Array;
  readonly n: number;
  readonly k: number;
  /** Upper-triangular R as rows (k x k). */
  readonly r: number[][];
}

/**
 * Householder QR of a column-major n x k matrix (overwritten in place).
 * Throws `singular_matrix` on (numerical) rank deficiency.
 */
export function householderQr(a: Float64Array, n: number, k: number): QrResult & { tau: Float64Array } {
  const tau = new Float64Array(k);
  let maxDiag = 0;
  for (let j = 0; j < k; j++) {
    const off = j * n;
    let norm = 0;
    for (let i = off + j; i < off + n; i++) {
      const v = a[i]!;
      norm += v * v;
    }
    norm = Math.sqrt(norm);
    if (norm === 0) {
      throw new AnalyticsError(
        'singular_matrix',
        'The regressors are linearly dependent (a column is zero or a combination of others).',
      );
    }
    const x0 = a[off + j]!;
    const alpha = x0 > 0 ? -norm : norm;
    const v0 = x0 - alpha;
    // v = [1, a[j+1..] / v0]; tau = -v0 / alpha (so that H = I - tau v v').
    const inv = 1 / v0;
    for (let i = off + j + 1; i < off + n; i++) a[i] = a[i]! * inv;
    const tj = -v0 / alpha;
    tau[j] = tj;
    a[off + j] = alpha;
    for (let c = j + 1; c < k; c++) {
      const oc = c * n;
      let s = a[oc + j]!;
      for (let i = j + 1; i < n; i++) s += a[off + i]! * a[oc + i]!;
      s *= tj;
      a[oc + j] = a[oc + j]! - s;
      for (let i = j + 1; i < n; i++) a[oc + i] = a[oc + i]! - s * a[off + i]!;
    }
    maxDiag = Math.max(maxDiag, Math.abs(alpha));
  }
  for (let j = 0; j < k; j++) {
    if (Math.abs(a[j * n + j]!) <= 1e-12 * maxDiag) {
      throw new AnalyticsError(
        'singular_matrix',
        'The regressors are linearly dependent (a column is zero or a combination of others).',
      );
    }
  }
  const r: number[][] = [];
  for (let i = 0; i < k; i++) {
    const row = new Array<number>(k).fill(0);
    for (let j = i; j < k; j++) row[j] = a[j * n + i]!;
    r.push(row);
  }
  return { qr: a, n, k, r, tau };
}

/** Computes Q' y for a QR factorisation (only the first k entries are needed for beta). */
export function applyQt(f: QrResult & { tau: Float64Array }, y: readonly number[]): Float64Array {
  const { qr, n, k, tau } = f;
  const out = Float64Array.from(y);
  for (let j = 0; j < k; j++) {
    const off = j * n;
    let s = out[j]!;
    for (let i = j + 1; i < n; i++) s += qr[off + i]! * out[i]!;
    s *= tau[j]!;
    out[j] = out[j]! - s;
    for (let i = j + 1; i < n; i++) out[i] = out[i]! - s * qr[off + i]!;
  }
  return out;
}

export function solveUpper(r: readonly (readonly number[])[], b: ArrayLike<number>): number[] {
  const k = r.length;
  const x = new Array<number>(k).fill(0);
  for (let i = k - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let j = i + 1; j < k; j++) s -= r[i]![j]! * x[j]!;
    x[i] = s / r[i]![i]!;
  }
  return x;
}

/** (R'R)^{-1} = R^{-1} R^{-T} for upper-triangular R, i.e. (X'X)^{-1}. */
export function inverseFromR(r: readonly (readonly number[])[]): number[][] {
  const k = r.length;
  const rinv: number[][] = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let c = 0; c < k; c++) {
    const e = new Array<number>(k).fill(0);
    e[c] = 1;
    const col = solveUpper(r, e);
    for (let i = 0; i < k; i++) rinv[i]![c] = col[i]!;
  }
  const out: number[][] = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      let s = 0;
      for (let m = Math.max(i, j); m < k; m++) s += rinv[i]![m]! * rinv[j]![m]!;
      out[i]![j] = s;
    }
  }
  return out;
}

/** Cholesky factor L (lower) of a symmetric positive-definite matrix, or null if not PD. */
export function cholesky(a: readonly (readonly number[])[]): number[][] | null {
  const n = a.length;
  const l: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i]![j]!;
      for (let m = 0; m < j; m++) s -= l[i]![m]! * l[j]![m]!;
      if (i === j) {
        if (!(s > 0)) return null;
        l[i]![i] = Math.sqrt(s);
      } else {
        l[i]![j] = s / l[j]![j]!;
      }
    }
  }
  return l;
}

/** Inverse of a symmetric positive-definite matrix, or null if it is not PD. */
export function invertSpd(a: readonly (readonly number[])[]): number[][] | null {
  const l = cholesky(a);
  if (!l) return null;
  const n = a.length;
  // R = L' is upper triangular and A = R'R.
  const r = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => l[j]![i]!));
  return inverseFromR(r);
}

/** Solves A x = b by Gaussian elimination with partial pivoting (A is n x n, row-major flat). */
export function solveDense(a: Float64Array, b: Float64Array, n: number): Float64Array | null {
  const m = Float64Array.from(a);
  const piv = luFactor(m, n);
  if (!piv) return null;
  const x = Float64Array.from(b);
  luSolve(m, piv, n, x);
  return x;
}

/** LU with partial pivoting, in place; null when singular. */
export function luFactor(a: Float64Array, n: number): Int32Array | null {
  const piv = new Int32Array(n);
  for (let c = 0; c < n; c++) {
    let p = c;
    let best = Math.abs(a[c * n + c]!);
    for (let r = c + 1; r < n; r++) {
      const v = Math.abs(a[r * n + c]!);
      if (v > best) {
        best = v;
        p = r;
      }
    }
    if (!(best > 1e-300)) return null;
    piv[c] = p;
    if (p !== c) {
      for (let j = 0; j < n; j++) {
        const t = a[c * n + j]!;
        a[c * n + j] = a[p * n + j]!;
        a[p * n + j] = t;
      }
    }
    const d = a[c * n + c]!;
    for (let r = c + 1; r < n; r++) {
      const f = a[r * n + c]! / d;
      a[r * n + c] = f;
      if (f === 0) continue;
      for (let j = c + 1; j < n; j++) a[r * n + j] = a[r * n + j]! - f * a[c * n + j]!;
    }
  }
  return piv;
}

export function luSolve(a: Float64Array, piv: Int32Array, n: number, b: Float64Array): void {
  // Full-row swaps in luFactor also permuted the stored multipliers: permute b first (P A = L U).
  for (let c = 0; c < n; c++) {
    const p = piv[c]!;
    if (p !== c) {
      const t = b[c]!;
      b[c] = b[p]!;
      b[p] = t;
    }
  }
  for (let c = 0; c < n; c++) for (let r = c + 1; r < n; r++) b[r] = b[r]! - a[r * n + c]! * b[c]!;
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let j = r + 1; j < n; j++) s -= a[r * n + j]! * b[j]!;
    b[r] = s / a[r * n + r]!;
  }
}

/** Solves A' x = b given luFactor's P A = L U (so A' = U' L' P). */
export function luSolveTransposed(a: Float64Array, piv: Int32Array, n: number, b: Float64Array): void {
  for (let c = 0; c < n; c++) {
    let s = b[c]!;
    for (let k = 0; k < c; k++) s -= a[k * n + c]! * b[k]!;
    b[c] = s / a[c * n + c]!;
  }
  for (let c = n - 1; c >= 0; c--) {
    let s = b[c]!;
    for (let k = c + 1; k < n; k++) s -= a[k * n + c]! * b[k]!;
    b[c] = s;
  }
  for (let c = n - 1; c >= 0; c--) {
    const p = piv[c]!;
    if (p !== c) {
      const t = b[c]!;
      b[c] = b[p]!;
      b[p] = t;
    }
  }
}
