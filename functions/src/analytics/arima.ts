/**
 * ARIMA(p, d, q) with a deterministic trend, by exact maximum likelihood.
 *
 * Model (statsmodels `tsa.arima.model.ARIMA` semantics): y_t = trend_t + u_t,
 * where u_t is ARIMA(p, d, q) and trend_t is a regression on the undifferenced
 * time index t = trendOffset, trendOffset + 1, ... ('c': const, 't': drift * t,
 * 'ct': both). Differencing both sides, Delta^d y_t = Delta^d trend_t + ARMA,
 * so with d = 1 the 't' term becomes a constant drift of the differences.
 * 'c' and 'ct' therefore require d = 0 and 't' requires d <= 1.
 *
 * Likelihood choice: the Kalman filter runs on the differenced series with
 * the exact stationary initialisation of the ARMA state. This equals the
 * likelihood statsmodels reports with its (exact) diffuse initialisation of
 * the integrated states and the one R `arima` reports (which drops the first
 * d diffuse observations); `nobs` is therefore n - d, as in both.
 *
 * Estimation: sigma^2 is always concentrated out and the trend coefficients
 * are profiled out by GLS (the Kalman gains do not depend on the data), so the
 * optimiser (BFGS) only searches the p + q ARMA parameters, in the
 * transformed space when stationarity / invertibility are enforced. Standard
 * errors come from the inverse of a central-difference Hessian of the full
 * log-likelihood in the natural parameters (R `arima` style). AIC/BIC/HQIC
 * count sigma^2 as a parameter (R and statsmodels defaults).
 */
import { AnalyticsError, assertFiniteArray } from './errors.ts';
import { filterArma, forecastArima, type FilterResult } from './arma-kalman.ts';
import { assertOrders, constrainStationary, unconstrainStationary } from './arma-params.ts';
import {
  combinedInnovations,
  combineStates,
  detrend,
  difference,
  gls,
  minimumObservations,
  startingValues,
  trendSpec,
  type ArimaTrend,
} from './arima-regression.ts';
import { invertSpd } from './linalg.ts';
import { minimizeBfgs, numericHessian } from './optimize.ts';
import { normalQuantile, normalTwoSided } from './special.ts';
import { arimaSummaryHtml } from './arima-summary.ts';

export { minimumObservations, type ArimaTrend };

export interface ArimaOptions {
  p: number;
  d: number;
  q: number;
  trend: ArimaTrend;
  enforceStationarity?: boolean;
  enforceInvertibility?: boolean;
  /** If true, sigma2 gets no standard error (it is not a free parameter of the Hessian). */
  concentrateScale?: boolean;
  /** Time index of the first observation for the trend (statsmodels trend_offset). Default 1. */
  trendOffset?: number;
}

export interface ArimaForecastResult {
  mean: number[];
  lower: number[];
  upper: number[];
  se: number[];
}

export interface ArimaResult {
  params: Record<string, number>;
  bse: Record<string, number>;
  pvalues: Record<string, number>;
  sigma2: number;
  llf: number;
  aic: number;
  bic: number;
  hqic: number;
  /** Observations entering the likelihood: n - d. */
  nobs: number;
  /** One-step-ahead forecast errors of the differenced series (statsmodels `resid` convention), length n - d. */
  residuals: number[];
  forecast(h: number, alpha?: number): ArimaForecastResult;
  summaryHtml: string;
  /** Conditions statsmodels reports as warnings (e.g. a singular covariance: bse are NaN). */
  warnings: string[];
}

export function fitArima(y: number[], opts: ArimaOptions): ArimaResult {
  assertFiniteArray(y, 'series');
  const { p, d, q } = opts;
  assertOrders(p, d, q);
  const enforceStationarity = opts.enforceStationarity ?? true;
  const enforceInvertibility = opts.enforceInvertibility ?? true;
  const trendOffset = opts.trendOffset ?? 1;
  if (!Number.isFinite(trendOffset)) throw new AnalyticsError('invalid_input', 'trendOffset must be a finite number.');
  const spec = trendSpec(opts.trend, d);
  const k = spec.names.length;
  const n = y.length;
  const need = minimumObservations(p, d, q, k);
  if (n < need) {
    throw new AnalyticsError(
      'too_short',
      `The series is too short for ARIMA(${p},${d},${q}): need at least ${need} observations.`,
    );
  }

  const w = difference(y, d);
  const nEff = w.length;
  const X = spec.columns.map((col) => difference(Array.from({ length: n }, (_, i) => col(trendOffset + i)), d));

  // Profiled objective over ARMA params only (natural parameterisation).
  const profiled = (phi: number[], theta: number[]): { nll: number; beta: number[]; filter: FilterResult } | null => {
    const f = filterArma([w, ...X], phi, theta);
    if (!f) return null;
    const beta = gls(f, k);
    if (!beta) return null;
    const v = combinedInnovations(f, beta);
    let ssq = 0;
    for (let t = 0; t < nEff; t++) ssq += (v[t]! * v[t]!) / f.F[t]!;
    if (!(ssq > 0)) return null;
    const llf = -0.5 * nEff * (Math.log((2 * Math.PI * ssq) / nEff) + 1) - 0.5 * f.sumLogF;
    return { nll: -llf, beta, filter: f };
  };

  const split = (x: ArrayLike<number>): { phi: number[]; theta: number[] } => {
    const a = Array.from(x).slice(0, p);
    const b = Array.from(x).slice(p, p + q);
    return {
      phi: enforceStationarity ? constrainStationary(a) : a,
      theta: enforceInvertibility ? constrainStationary(b).map((v) => -v) : b,
    };
  };

  // A series the trend explains exactly has no likelihood maximum (sigma2 -> 0).
  const z0 = detrend(w, X);
  const wMax = w.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  if (z0.every((v) => Math.abs(v) <= 1e-10 * Math.max(1, wMax))) {
    throw new AnalyticsError(
      'invalid_input',
      'The series has no variation left after differencing and detrending, so an ARIMA model cannot be estimated.',
    );
  }

  // Starting values: OLS trend, then Hannan-Rissanen on the detrended differences.
  const start = startingValues(w, X, p, q);
  const x0 = [
    ...(enforceStationarity ? unconstrainStationary(start.phi) ?? start.phi.map(() => 0) : start.phi),
    ...(enforceInvertibility ? unconstrainStationary(start.theta.map((v) => -v)) ?? start.theta.map(() => 0) : start.theta),
  ];
  const objective = (x: Float64Array): number => {
    const { phi, theta } = split(x);
    const r = profiled(phi, theta);
    return r ? r.nll / nEff : Infinity;
  };
  const opt = minimizeBfgs(objective, x0, { maxIter: 300, gtol: 1e-8 });
  if (!Number.isFinite(opt.fx) || !opt.converged) {
    throw new AnalyticsError(
      'not_converged',
      `The ARIMA(${p},${d},${q}) likelihood optimisation did not converge; try a simpler model or a longer series.`,
    );
  }
  const { phi, theta } = split(opt.x);
  const best = profiled(phi, theta)!;
  const beta = best.beta;
  const v = combinedInnovations(best.filter, beta);
  let ssq = 0;
  for (let t = 0; t < nEff; t++) ssq += (v[t]! * v[t]!) / best.filter.F[t]!;
  const sigma2 = ssq / nEff;
  const llf = -best.nll;

  // Standard errors: Hessian of the log-likelihood in natural parameters.
  const names = [...spec.names, ...phi.map((_, i) => `ar.L${i + 1}`), ...theta.map((_, i) => `ma.L${i + 1}`)];
  const natural = [...beta, ...phi, ...theta];
  const withScale = !opts.concentrateScale;
  const fullNll = (x: Float64Array): number => {
    const b = Array.from(x.subarray(0, k));
    const ph = Array.from(x.subarray(k, k + p));
    const th = Array.from(x.subarray(k + p, k + p + q));
    const f = filterArma([w, ...X], ph, th);
    if (!f) return Infinity;
    const vv = combinedInnovations(f, b);
    let s = 0;
    for (let t = 0; t < nEff; t++) s += (vv[t]! * vv[t]!) / f.F[t]!;
    if (withScale) {
      const s2 = x[k + p + q]!;
      if (!(s2 > 0)) return Infinity;
      return 0.5 * nEff * Math.log(2 * Math.PI * s2) + 0.5 * f.sumLogF + (0.5 * s) / s2;
    }
    return 0.5 * nEff * (Math.log((2 * Math.PI * s) / nEff) + 1) + 0.5 * f.sumLogF;
  };
  const hx = withScale ? [...natural, sigma2] : natural;
  const hess = numericHessian(fullNll, hx);
  const cov = hess ? invertSpd(hess) : null;
  // statsmodels keeps the estimates and warns when the covariance is singular (typically an AR root
  // cancelling an MA root, or a parameter on the stationarity boundary); so do we: the point
  // estimates, likelihood and forecast are valid, only the standard errors are not.
  const warnings: string[] = [];
  if (!cov) {
    warnings.push(
      `Covariance matrix is singular or near-singular (parameters may be on the boundary or AR and MA roots may cancel): standard errors, z, P>|z| and intervals of the ARIMA(${p},${d},${q}) coefficients are undefined.`,
    );
  }
  const allNames = withScale ? [...names, 'sigma2'] : names;
  const params: Record<string, number> = {};
  const bse: Record<string, number> = {};
  const pvalues: Record<string, number> = {};
  allNames.forEach((name, i) => {
    params[name] = hx[i]!;
    bse[name] = cov ? Math.sqrt(cov[i]![i]!) : Number.NaN;
    pvalues[name] = normalTwoSided(hx[i]! / bse[name]!);
  });
  params['sigma2'] = sigma2;

  const kParams = names.length + 1;
  const aic = -2 * llf + 2 * kParams;
  const bic = -2 * llf + kParams * Math.log(nEff);
  const hqic = -2 * llf + 2 * kParams * Math.log(Math.log(nEff));

  const filter = best.filter;
  const forecast = (h: number, alpha = 0.05): ArimaForecastResult => {
    if (!Number.isInteger(h) || h < 1) throw new AnalyticsError('invalid_input', 'The forecast horizon must be a positive integer.');
    if (!(alpha > 0 && alpha < 1)) throw new AnalyticsError('invalid_input', 'alpha must be strictly between 0 and 1.');
    // Trend mean of the differenced series at future times n+1..n+h.
    const futureMean: number[] = [];
    for (let s = 0; s < h; s++) {
      let m = 0;
      spec.columns.forEach((col, j) => {
        const vals = Array.from({ length: d + 1 }, (_, i) => col(trendOffset + n + s - d + i));
        m += beta[j]! * difference(vals, d)[0]!;
      });
      futureMean.push(m);
    }
    // The filter ran on [w, X...]; the ARMA state of w - X beta is state_w - sum beta_j state_Xj.
    const combined: FilterResult = {
      ...filter,
      nextState: [combineStates(filter, beta)],
    };
    const lastLevels = Array.from({ length: d }, (_, i) => y[n - 1 - i]!);
    const fc = forecastArima(combined, 0, phi, theta, d, lastLevels, futureMean, h);
    const z = normalQuantile(1 - alpha / 2);
    const se = fc.variance.map((vv) => Math.sqrt(vv * sigma2));
    return {
      mean: fc.mean,
      se,
      lower: fc.mean.map((m, i) => m - z * se[i]!),
      upper: fc.mean.map((m, i) => m + z * se[i]!),
    };
  };

  const summaryHtml = arimaSummaryHtml({
    title: `ARIMA(${p},${d},${q}) trend '${opts.trend}'`,
    names: allNames,
    params: allNames.map((nm) => params[nm]!),
    bse: allNames.map((nm) => bse[nm]!),
    nobs: nEff,
    llf,
    aic,
    bic,
    hqic,
    sigma2,
  });
  return { params, bse, pvalues, sigma2, llf, aic, bic, hqic, nobs: nEff, residuals: Array.from(v), forecast, summaryHtml, warnings };
}

