/**
 * Sample autocorrelation and partial autocorrelation.
 *
 * acf: biased estimator (divide by n at every lag) of the demeaned series, as
 * R `acf` and statsmodels `acf(adjusted=False)`; lag 0 is included (= 1).
 * pacf: Durbin-Levinson recursion on that ACF, as R `pacf` and statsmodels
 * `pacf(method='ldb')`; lag 0 is included (= 1) like statsmodels, so R's
 * `pacf(x)$acf[k]` is `pacf(x, n)[k]`.
 */
import { AnalyticsError, assertFiniteArray, assertPositiveInteger } from './errors.ts';
import { autocovariances, durbinLevinson } from './arma-params.ts';

function checkSeries(x: number[], nlags: number): void {
  assertFiniteArray(x, 'series');
  assertPositiveInteger(nlags, 'number of lags', 0);
  if (x.length < 2)
    throw new AnalyticsError(
      'too_short',
      'The series is too short for autocorrelations: need at least 2 observations.',
    );
  if (nlags >= x.length) {
    throw new AnalyticsError(
      'too_short',
      `The series is too short for ${nlags} lags: need at least ${nlags + 1} observations.`,
    );
  }
}

export function acf(x: number[], nlags: number): number[] {
  checkSeries(x, nlags);
  const g = autocovariances(x, nlags);
  if (!(g[0]! > 0))
    throw new AnalyticsError('invalid_input', 'The series is constant, so its autocorrelation is undefined.');
  return g.map((v) => v / g[0]!);
}

export function pacf(x: number[], nlags: number): number[] {
  const rho = acf(x, nlags);
  return [1, ...durbinLevinson(rho, nlags).pacf];
}

/**
 * Yule-Walker AR(p) fit as R `ar.yw` (demeaned, biased ACF); the innovation
 * variance uses R's `var.pred = c0 * prod(1 - pacf^2) * n / (n - (p + 1))`.
 */
export function yuleWalker(x: number[], p: number): { phi: number[]; sigma2: number } {
  checkSeries(x, p);
  const g = autocovariances(x, p);
  if (!(g[0]! > 0)) throw new AnalyticsError('invalid_input', 'The series is constant, so an AR model is undefined.');
  const { phi, variance } = durbinLevinson(
    g.map((v) => v / g[0]!),
    p,
  );
  const n = x.length;
  return { phi, sigma2: (g[0]! * variance * n) / (n - (p + 1)) };
}
