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
 * Likelihood (statsmodels SARIMAX semantics, see arima-likelihood.ts): with
 * enforced stationarity the Kalman filter runs on the differenced series from
 * the stationary ARMA covariance, which equals statsmodels' value with its
 * diffuse integrated states and R `arima`'s; `nobs` is n - d. Without it the
 * whole state starts approximately diffuse on the levels and d + max(p, q + 1)
 * observations are burnt, as statsmodels does (arima-diffuse.ts).
 *
 * Estimation: sigma^2 is concentrated out and the trend coefficients are
 * profiled out by GLS (the Kalman gains do not depend on the data), so the
 * optimiser only searches the p + q ARMA parameters, in the transformed space
 * when stationarity / invertibility are enforced, from several starting points
 * (arima-estimate.ts). An optimiser that stops early gives its best point and a
 * warning, as statsmodels' ConvergenceWarning. Standard errors: statsmodels'
 * cov_type 'approx' (default), 'oim' or 'opg' in the natural parameters
 * (arima-covariance.ts). AIC/BIC/HQIC count sigma^2 as a parameter.
 */
import { AnalyticsError, assertFiniteArray } from './errors.ts';
import { forecastArima, type FilterResult } from './arma-kalman.ts';
import { assertOrders } from './arma-params.ts';
import {
  combineStates,
  detrend,
  difference,
  minimumObservations,
  startingPoints,
  trendSpec,
  type ArimaTrend,
} from './arima-regression.ts';
import { burnIn, observationScore, observationTerms, type ArimaLikelihoodSpec } from './arima-likelihood.ts';
import { armaBlock } from './arima-diffuse.ts';
import { estimateArma } from './arima-estimate.ts';
import { arimaCovariance, COV_TYPES, type CovType } from './arima-covariance.ts';
import { normalQuantile, normalTwoSided } from './special.ts';
import { arimaSummaryHtml } from './arima-summary.ts';
import { boundaryRoots } from './arima-boundary.ts';
import { nearlyCancellingPair, type Complex } from './arima-cancellation.ts';

/**
 * Distance from the unit circle below which a root is pinned at the optimiser's wall (estimation
 * keeps roots 1e-5 inside, arima-estimate.ts): an interior near-unit root (VIX (2,0,1), 3.5e-4 from
 * the circle) keeps its standard errors, as statsmodels reports them, with a warning.
 */
const PINNED_ROOT = 1e-4;

export { minimumObservations, COV_TYPES, type ArimaTrend, type CovType };

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
  /** Covariance of the estimates (statsmodels cov_type): 'approx' (default), 'oim' or 'opg'. */
  covType?: CovType;
  /** Iteration cap of each optimiser run (statsmodels' maxiter); default 300. */
  maxIterations?: number;
  /** An extra starting point, e.g. the previous fit's AR and MA coefficients. */
  start?: { phi: readonly number[]; theta: readonly number[] };
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
  /** Observations entering the likelihood: n - d (less the burn-in of a diffuse start). */
  nobs: number;
  /** One-step-ahead forecast errors of the differenced series (statsmodels `resid` convention), length n - d. */
  residuals: number[];
  /**
   * Leading entries of `residuals` the likelihood does not count: the burn-in of a diffuse start
   * (max(p, q + 1) without enforced stationarity, else 0). Their errors come from the 1e6 prior
   * (tens of sigma), so residual charts and diagnostics leave them out.
   */
  burnIn: number;
  /** Residuals standardised by their forecast standard deviations, counted observations only (n - d - burn). */
  standardizedResiduals: number[];
  covType: CovType;
  /** False when the optimiser stopped early (a warning says so); the estimates are its best point. */
  converged: boolean;
  forecast(h: number, alpha?: number): ArimaForecastResult;
  summaryHtml: string;
  /** Conditions statsmodels reports as warnings (e.g. a singular covariance: bse are NaN). */
  warnings: string[];
  /**
   * Coefficients whose std err, z, P>|z| and interval a summary must not show although bse and pvalues
   * hold statsmodels' values: the AR and MA coefficients of a nearly cancelling pair (a warning says
   * so; arima-cancellation.ts).
   */
  withheld: string[];
}

export function fitArima(y: number[], opts: ArimaOptions): ArimaResult {
  assertFiniteArray(y, 'series');
  const { p, d, q } = opts;
  assertOrders(p, d, q);
  const enforceStationarity = opts.enforceStationarity ?? true;
  const enforceInvertibility = opts.enforceInvertibility ?? true;
  const covType = opts.covType ?? 'approx';
  if (!COV_TYPES.includes(covType))
    throw new AnalyticsError(
      'invalid_input',
      `Unknown covariance type '${String(covType)}'; expected approx, oim or opg.`,
    );
  const trendOffset = opts.trendOffset ?? 1;
  if (!Number.isFinite(trendOffset)) throw new AnalyticsError('invalid_input', 'trendOffset must be a finite number.');
  const spec = trendSpec(opts.trend, d);
  const k = spec.names.length;
  const n = y.length;
  const diffuse = !enforceStationarity;
  const need = minimumObservations(p, d, q, k) + (diffuse ? Math.max(p, q + 1) : 0);
  if (n < need) {
    throw new AnalyticsError(
      'too_short',
      `The series is too short for ARIMA(${p},${d},${q}): need at least ${need} observations.`,
    );
  }

  const w = difference(y, d);
  const X = spec.columns.map((col) =>
    difference(
      Array.from({ length: n }, (_, i) => col(trendOffset + i)),
      d,
    ),
  );
  // Without enforced stationarity the filter runs on the levels (see arima-diffuse.ts).
  const levelsX = spec.columns.map((col) => Array.from({ length: n }, (_, i) => col(trendOffset + i)));
  const model: ArimaLikelihoodSpec = { series: diffuse ? [y, ...levelsX] : [w, ...X], p, d, q, diffuse };
  const burn = burnIn(model);
  const nEff = model.series[0]!.length - burn;

  // A series the trend explains exactly has no likelihood maximum (sigma2 -> 0).
  const z0 = detrend(w, X);
  const wMax = w.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  if (z0.every((v) => Math.abs(v) <= 1e-10 * Math.max(1, wMax))) {
    throw new AnalyticsError(
      'invalid_input',
      'The series has no variation left after differencing and detrending, so an ARIMA model cannot be estimated.',
    );
  }

  const starts = startingPoints(w, X, p, q, { stationary: enforceStationarity, invertible: enforceInvertibility });
  if (opts.start && opts.start.phi.length === p && opts.start.theta.length === q)
    starts.unshift({ phi: [...opts.start.phi], theta: [...opts.start.theta] });
  const variance = z0.reduce((s, v) => s + v * v, 0) / z0.length;
  const maxIter = opts.maxIterations;
  let est = estimateArma(model, starts, { enforceStationarity, enforceInvertibility, scale: variance, maxIter });
  // statsmodels' diffuse prior is absolute (1e6), so its size in sigma^2 units depends on the
  // estimate: refine it once at the optimum (the likelihood barely moves with it).
  if (est && diffuse)
    est =
      estimateArma(model, [{ phi: est.phi, theta: est.theta }], {
        enforceStationarity,
        enforceInvertibility,
        scale: est.profile.sigma2,
        maxIter,
      }) ?? est;
  if (!est) {
    // Every start evaluates to a non-finite likelihood: only degenerate data get here.
    throw new AnalyticsError(
      'not_converged',
      `The ARIMA(${p},${d},${q}) likelihood cannot be evaluated on this series; try a simpler model or a longer series.`,
    );
  }
  const { phi, theta } = est;
  const best = est.profile;
  const beta = best.beta;
  const sigma2 = best.sigma2;
  const llf = -best.nll;
  const warnings: string[] = [];
  if (!est.converged) {
    warnings.push(
      `Maximum likelihood optimisation failed to converge (largest gradient ${est.gradNorm.toExponential(1)} after ${est.iterations} iterations from the best of ${est.starts} starting points): the estimates are the best point found; the standard errors may be unreliable.`,
    );
  }

  // Standard errors: covariance of the natural parameters (statsmodels' cov_type).
  const names = [...spec.names, ...phi.map((_, i) => `ar.L${i + 1}`), ...theta.map((_, i) => `ma.L${i + 1}`)];
  const natural = [...beta, ...phi, ...theta];
  const withScale = !opts.concentrateScale;
  const hx = withScale ? [...natural, sigma2] : natural;
  const cov = arimaCovariance(
    (x) => observationTerms(model, x, withScale),
    hx,
    covType,
    (x) => observationScore(model, x, withScale),
  );
  // statsmodels keeps the estimates and warns when the covariance is singular (typically an AR root
  // cancelling an MA root, or a parameter on the stationarity boundary); so do we: the point
  // estimates, likelihood and forecast are valid, only the standard errors are not.
  if (!cov) {
    warnings.push(
      `Covariance matrix is singular or near-singular (parameters may be on the boundary or AR and MA roots may cancel): standard errors, z, P>|z| and intervals of the ARIMA(${p},${d},${q}) coefficients are undefined.`,
    );
  }
  // A root on (or within UNIT_ROOT_TOLERANCE of) the unit circle: statsmodels-style warning. Pinned
  // at the optimiser's wall (PINNED_ROOT) the information matrix is singular there, whatever a
  // numerical inverse says (s.e. 0.0065 and |z| > 100 for ma.L1 = -0.99999 on KO): no s.e., z or p.
  const boundary = boundaryRoots(phi, theta);
  const pinned = boundary.some((b) => Math.abs(b.modulus - 1) < PINNED_ROOT);
  for (const b of boundary) {
    const what = b.part === 'AR' ? 'stationarity' : 'invertibility';
    warnings.push(
      `An ${b.part} root lies ${Math.abs(b.modulus - 1).toExponential(1)} from the unit circle (modulus ${b.modulus.toFixed(6)}): the estimate is ${pinned ? 'on' : 'near'} the ${what} boundary${b.part === 'MA' ? ' (the series may be over-differenced)' : ' (a unit root: consider differencing)'}.` +
        (pinned
          ? ' The covariance is singular there, so standard errors, z, P>|z| and intervals are not reported.'
          : ''),
    );
  }
  const usable = cov && !pinned ? cov : null;
  // An AR root and an MA root closer than 1/sqrt(n) (arima-cancellation.ts): the AR and MA
  // coefficients are not separately identified and their Wald intervals cover far less than they
  // claim, so the summaries withhold their standard errors, z and p (`withheld`; bse and pvalues keep
  // statsmodels' values, which the reference tests compare). The estimates, the likelihood, the
  // trend's and sigma2's statistics and the forecast stand.
  const cancelling = usable ? nearlyCancellingPair(phi, theta, nEff) : null;
  if (cancelling) {
    const root = ([re, im]: Complex) =>
      im === 0 ? re.toFixed(3) : `${re.toFixed(3)}${im < 0 ? '-' : '+'}${Math.abs(im).toFixed(3)}i`;
    // A complex pair cancels with its conjugate: two lags fewer on each side.
    const drop = cancelling.ar[1] !== 0 && cancelling.ma[1] !== 0 ? 2 : 1;
    warnings.push(
      `An AR root and an MA root nearly cancel (reciprocal roots ${root(cancelling.ar)} and ${root(cancelling.ma)}, ${cancelling.distance.toFixed(3)} apart, under 1/sqrt(n) = ${cancelling.threshold.toFixed(3)}): the AR and MA coefficients are not separately identified and their standard errors would understate the uncertainty, so std err, z, P>|z| and intervals are not shown for them. ARIMA(${p - drop},${d},${q - drop}), without this pair${drop === 2 ? ' and its conjugate' : ''}, is the simpler model.`,
    );
  }
  const allNames = withScale ? [...names, 'sigma2'] : names;
  const params: Record<string, number> = {};
  const bse: Record<string, number> = {};
  const pvalues: Record<string, number> = {};
  allNames.forEach((name, i) => {
    params[name] = hx[i]!;
    const v = usable ? usable[i]![i]! : Number.NaN;
    bse[name] = v >= 0 ? Math.sqrt(v) : Number.NaN;
    pvalues[name] = normalTwoSided(hx[i]! / bse[name]!);
  });
  params.sigma2 = sigma2;
  const v = best.v;
  // Residuals per differenced observation (n - d) in either formulation.
  const residuals = Array.from(diffuse ? v.subarray(d) : v);

  const kParams = names.length + 1;
  const aic = -2 * llf + 2 * kParams;
  const bic = -2 * llf + kParams * Math.log(nEff);
  const hqic = -2 * llf + 2 * kParams * Math.log(Math.log(nEff));

  const filter = diffuse ? armaBlock(best.filter, d) : best.filter;
  const forecast = (h: number, alpha = 0.05): ArimaForecastResult => {
    if (!Number.isInteger(h) || h < 1)
      throw new AnalyticsError('invalid_input', 'The forecast horizon must be a positive integer.');
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

  // The AR and MA coefficients: `names` after the trend's.
  const withheld = cancelling ? names.slice(spec.names.length) : [];
  const summaryHtml = arimaSummaryHtml({
    title: `ARIMA(${p},${d},${q}) trend '${opts.trend}'`,
    names: allNames,
    params: allNames.map((nm) => params[nm]!),
    bse: allNames.map((nm) => (withheld.includes(nm) ? Number.NaN : bse[nm]!)),
    nobs: nEff,
    llf,
    aic,
    bic,
    hqic,
    sigma2,
  });
  const standardizedResiduals: number[] = [];
  for (let t = burn; t < v.length; t++) standardizedResiduals.push(v[t]! / Math.sqrt(sigma2 * best.filter.F[t]!));
  return {
    params,
    bse,
    pvalues,
    sigma2,
    llf,
    aic,
    bic,
    hqic,
    nobs: nEff,
    residuals,
    burnIn: diffuse ? burn - d : 0,
    standardizedResiduals,
    covType,
    converged: est.converged,
    forecast,
    summaryHtml,
    warnings,
    withheld,
  };
}
