/**
 * Test support: R `arima`'s standard-error procedure, replicated so tests can
 * show that the last-digit differences between our (accurate) Hessian
 * standard errors and R's printed ones are purely R's numerics.
 *
 * R (src/library/stats/R/arima.R, src/library/stats/src/optim.c, arima.c):
 *  - objective armafn = 0.5 (log(s2) + sum(log F) / n), AR parameters in the
 *    tanh-PACF space (`partrans`), MA and regression coefficients untouched;
 *  - Hessian from optim: finite differences of a finite-difference gradient,
 *    ndeps = 1e-3, with parscale 1 for ARMA and 10 x OLS s.e. for regressors;
 *  - var = A' (n H)^-1 A with A the forward-difference (eps 1e-3) Jacobian of
 *    the AR transform (`ARIMA_Gradtrans`).
 * Only d = 0 models with regressors are needed here.
 */
import { filterArma } from '../arma-kalman.ts';
import { arToPacf, pacfToAr } from '../arma-params.ts';
import { invertSpd } from '../linalg.ts';
import { ols } from '../ols.ts';

/** @param coef R order: ar..., ma..., regression coefficients (intercept first). */
export function rArimaStandardErrors(
  y: readonly number[],
  p: number,
  q: number,
  X: readonly number[][],
  coef: readonly number[],
): number[] {
  const n = y.length;
  const k = X.length;
  const m = p + q + k;
  const armafn = (par: readonly number[]): number => {
    const phi = pacfToAr(par.slice(0, p).map(Math.tanh));
    const z = y.map((v, t) => v - X.reduce((s, col, j) => s + col[t]! * par[p + q + j]!, 0));
    const f = filterArma([z], phi, par.slice(p, p + q))!;
    let ssq = 0;
    for (let t = 0; t < n; t++) ssq += f.innovations[0]![t]! ** 2 / f.F[t]!;
    return 0.5 * (Math.log(ssq / n) + f.sumLogF / n);
  };
  const ses =
    k > 0
      ? ols(
          [...y],
          y.map((_, t) => X.map((col) => col[t]!)),
        ).bse
      : [];
  const parscale = [...new Array<number>(p + q).fill(1), ...ses.map((s) => 10 * s)];
  const ndeps = 1e-3;
  // optim's fmingr: central differences in scaled coordinates.
  const grad = (x: readonly number[]): number[] =>
    x.map((_, i) => {
      const a = x.slice();
      const b = x.slice();
      a[i] = x[i]! + ndeps * parscale[i]!;
      b[i] = x[i]! - ndeps * parscale[i]!;
      return (armafn(a) - armafn(b)) / (2 * ndeps);
    });
  const u = [...arToPacf(coef.slice(0, p))!.map(Math.atanh), ...coef.slice(p)];
  // optim's optimhess: outer step ndeps in original units, then symmetrise.
  const H: number[][] = [];
  for (let i = 0; i < m; i++) {
    const a = u.slice();
    const b = u.slice();
    a[i] = u[i]! + ndeps;
    b[i] = u[i]! - ndeps;
    const g1 = grad(a);
    const g2 = grad(b);
    H.push(g1.map((_, j) => ((g1[j]! - g2[j]!) / (2 * ndeps * parscale[j]!)) * n));
  }
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < i; j++) {
      const t = 0.5 * (H[i]![j]! + H[j]![i]!);
      H[i]![j] = t;
      H[j]![i] = t;
    }
  }
  const Hinv = invertSpd(H)!;
  const A: number[][] = Array.from({ length: m }, (_, i) => Array.from({ length: m }, (_, j) => (i === j ? 1 : 0)));
  const base = pacfToAr(u.slice(0, p).map(Math.tanh));
  for (let i = 0; i < p; i++) {
    const w = u.slice(0, p);
    w[i] = w[i]! + 1e-3;
    const ph = pacfToAr(w.map(Math.tanh));
    for (let j = 0; j < p; j++) A[i]![j] = (ph[j]! - base[j]!) / 1e-3;
  }
  return Array.from({ length: m }, (_, c) => {
    let s = 0;
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) s += A[i]![c]! * Hinv[i]![j]! * A[j]![c]!;
    return Math.sqrt(s);
  });
}
