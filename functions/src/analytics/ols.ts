/**
 * Ordinary least squares with statsmodels-style summary statistics.
 *
 * Conventions (statsmodels `OLS(...).fit()` / `summary2()`):
 *  - nonrobust: Student-t inference with df = n - k; F test of all
 *    non-constant coefficients against the F(k - k_const, n - k) law.
 *  - HAC (Newey-West, Bartlett kernel): matches statsmodels
 *    `fit(cov_type='HAC', cov_kwds={'maxlags': L})`, whose default is
 *    `use_correction=False` (no n/(n-k) factor; the summary prints "without
 *    small sample correction"). As statsmodels does by default for robust
 *    covariances (`use_t=False`), p-values and intervals use the normal law;
 *    the F statistic is the Wald test with the HAC covariance, divided by the
 *    number of restrictions and referred to F(q, n - k).
 *  - `maxlags` default: floor(4 (n/100)^(2/9)) (Newey & West 1994 rule).
 */
import { AnalyticsError, assertFiniteArray, assertFiniteMatrix } from './errors.ts';
import { applyQt, householderQr, inverseFromR, invertSpd, solveUpper } from './linalg.ts';
import { fSurvival, normalQuantile, normalTwoSided, studentTQuantile, studentTTwoSided } from './special.ts';

export interface OlsOptions {
  addConstant?: boolean;
  covType?: 'nonrobust' | 'HAC';
  maxlags?: number;
  /** HAC only: multiply by n / (n - k) (statsmodels `use_correction=True`). Default false. */
  useCorrection?: boolean;
}

export interface OlsResult {
  params: number[];
  bse: number[];
  tvalues: number[];
  pvalues: number[];
  /** 95% intervals, [lo, hi] per parameter. */
  confInt: Array<[number, number]>;
  rsquared: number;
  rsquaredAdj: number;
  fvalue: number;
  fPvalue: number;
  nobs: number;
  dfResid: number;
  residuals: number[];
  covParams: number[][];
  covType: 'nonrobust' | 'HAC';
}

export function ols(y: number[], X: number[][], opts: OlsOptions = {}): OlsResult {
  assertFiniteArray(y, 'response');
  if (!Array.isArray(X) || X.length === 0 || !Array.isArray(X[0])) {
    throw new AnalyticsError('invalid_input', 'The regressor matrix must be a non-empty array of rows.');
  }
  const width = X[0].length;
  const n = y.length;
  if (X.length !== n) {
    throw new AnalyticsError(
      'invalid_input',
      `The response has ${n} values but the regressor matrix has ${X.length} rows.`,
    );
  }
  const covType = opts.covType ?? 'nonrobust';
  const c0 = opts.addConstant ? 1 : 0;
  const k = width + c0;
  if (k === 0) throw new AnalyticsError('invalid_input', 'The regression needs at least one regressor.');
  if (n <= k) {
    throw new AnalyticsError(
      'too_short',
      `The regression has ${k} coefficients, so it needs more than ${k} observations (got ${n}).`,
    );
  }

  // Column-major design; QR works on a copy because it is overwritten.
  const design = new Float64Array(n * k);
  if (c0) design.fill(1, 0, n);
  for (let i = 0; i < n; i++) {
    const row = X[i]!;
    // Validation is fused with the copy: one pass over the data.
    if (!Array.isArray(row) || row.length !== width) assertFiniteMatrix(X, 'regressor matrix');
    for (let j = 0; j < width; j++) {
      const v = row[j]!;
      if (!Number.isFinite(v)) assertFiniteMatrix(X, 'regressor matrix');
      design[(j + c0) * n + i] = v;
    }
  }
  const f = householderQr(Float64Array.from(design), n, k);
  const qty = applyQt(f, y);
  const params = solveUpper(f.r, qty);
  const xtxInv = inverseFromR(f.r);

  const fitted = new Float64Array(n);
  for (let j = 0; j < k; j++) {
    const b = params[j]!;
    const off = j * n;
    for (let i = 0; i < n; i++) fitted[i] = fitted[i]! + design[off + i]! * b;
  }
  const residuals = new Array<number>(n);
  let ssr = 0;
  for (let i = 0; i < n; i++) {
    const e = y[i]! - fitted[i]!;
    residuals[i] = e;
    ssr += e * e;
  }
  const dfResid = n - k;

  // A column that is constant and non-zero acts as the intercept (statsmodels k_constant).
  const constCol = findConstantColumn(design, n, k);
  const hasConst = constCol >= 0;
  let tss = 0;
  if (hasConst) {
    let mean = 0;
    for (const v of y) mean += v;
    mean /= n;
    for (const v of y) tss += (v - mean) * (v - mean);
  } else {
    for (const v of y) tss += v * v;
  }
  const rsquared = 1 - ssr / tss;
  const rsquaredAdj = 1 - ((n - (hasConst ? 1 : 0)) / dfResid) * (1 - rsquared);

  let cov: number[][];
  if (covType === 'HAC') {
    const maxlags = opts.maxlags ?? Math.floor(4 * (n / 100) ** (2 / 9));
    if (!Number.isInteger(maxlags) || maxlags < 0 || maxlags >= n) {
      throw new AnalyticsError('invalid_input', `maxlags must be an integer between 0 and ${n - 1}.`);
    }
    cov = hacCovariance(design, n, residuals, xtxInv, maxlags);
    if (opts.useCorrection) {
      const c = n / dfResid;
      cov = cov.map((row) => row.map((v) => v * c));
    }
  } else {
    const s2 = ssr / dfResid;
    cov = xtxInv.map((row) => row.map((v) => v * s2));
  }

  const useT = covType === 'nonrobust';
  const crit = useT ? studentTQuantile(0.975, dfResid) : normalQuantile(0.975);
  const bse = params.map((_, i) => Math.sqrt(cov[i]![i]!));
  const tvalues = params.map((b, i) => b / bse[i]!);
  const pvalues = tvalues.map((t) => (useT ? studentTTwoSided(t, dfResid) : normalTwoSided(t)));
  const confInt = params.map((b, i): [number, number] => [b - crit * bse[i]!, b + crit * bse[i]!]);

  const { fvalue, fPvalue } = waldF(params, cov, constCol, dfResid);

  return {
    params,
    bse,
    tvalues,
    pvalues,
    confInt,
    rsquared,
    rsquaredAdj,
    fvalue,
    fPvalue,
    nobs: n,
    dfResid,
    residuals,
    covParams: cov,
    covType,
  };
}

function findConstantColumn(design: Float64Array, n: number, k: number): number {
  for (let j = 0; j < k; j++) {
    const first = design[j * n]!;
    if (first === 0) continue;
    let constant = true;
    for (let i = 1; i < n && constant; i++) constant = design[j * n + i] === first;
    if (constant) return j;
  }
  return -1;
}

/** Wald F test that every coefficient except the constant is zero. */
function waldF(
  params: number[],
  cov: number[][],
  constCol: number,
  dfResid: number,
): { fvalue: number; fPvalue: number } {
  const idx = params.map((_, i) => i).filter((i) => i !== constCol);
  const q = idx.length;
  if (q === 0) return { fvalue: Number.NaN, fPvalue: Number.NaN };
  const sub = idx.map((i) => idx.map((j) => cov[i]![j]!));
  const inv = invertSpd(sub);
  if (!inv)
    throw new AnalyticsError(
      'singular_matrix',
      'The coefficient covariance matrix is singular; the F test is undefined.',
    );
  let w = 0;
  for (let a = 0; a < q; a++) {
    for (let b = 0; b < q; b++) w += params[idx[a]!]! * inv[a]![b]! * params[idx[b]!]!;
  }
  const fvalue = w / q;
  return { fvalue, fPvalue: fSurvival(fvalue, q, dfResid) };
}

/** Newey-West sandwich (X'X)^-1 S (X'X)^-1 with Bartlett weights 1 - l/(L+1). */
export function hacCovariance(
  design: Float64Array,
  n: number,
  residuals: readonly number[],
  xtxInv: readonly (readonly number[])[],
  maxlags: number,
): number[][] {
  const k = xtxInv.length;
  const scores: Float64Array[] = [];
  for (let t = 0; t < n; t++) {
    const s = new Float64Array(k);
    for (let j = 0; j < k; j++) s[j] = design[j * n + t]! * residuals[t]!;
    scores.push(s);
  }
  const meat: number[][] = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let lag = 0; lag <= maxlags; lag++) {
    const w = lag === 0 ? 1 : 1 - lag / (maxlags + 1);
    for (let t = lag; t < n; t++) {
      const a = scores[t]!;
      const b = scores[t - lag]!;
      for (let i = 0; i < k; i++) {
        for (let j = 0; j < k; j++) {
          const g = a[i]! * b[j]!;
          // Gamma_l + Gamma_l' for l > 0.
          meat[i]![j] = meat[i]![j]! + (lag === 0 ? g : w * (g + a[j]! * b[i]!));
        }
      }
    }
  }
  return sandwich(xtxInv, meat);
}

function sandwich(bread: readonly (readonly number[])[], meat: readonly (readonly number[])[]): number[][] {
  const k = bread.length;
  const tmp: number[][] = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      let s = 0;
      for (let m = 0; m < k; m++) s += bread[i]![m]! * meat[m]![j]!;
      tmp[i]![j] = s;
    }
  }
  const out: number[][] = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      let s = 0;
      for (let m = 0; m < k; m++) s += tmp[i]![m]! * bread[m]![j]!;
      out[i]![j] = s;
    }
  }
  return out;
}
