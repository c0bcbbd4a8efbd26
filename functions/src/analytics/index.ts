/**
 * Tapewatch analytics library: pure TypeScript statistics with published
 * reference values in the tests (see *.test.ts for citations).
 */
export { AnalyticsError, type AnalyticsErrorCode } from './errors.ts';
export { ols, type OlsOptions, type OlsResult } from './ols.ts';
export {
  fitArima,
  type ArimaForecastResult,
  type ArimaOptions,
  type ArimaResult,
  type ArimaTrend,
} from './arima.ts';
export { acf, pacf, yuleWalker } from './acf.ts';
export { arimaDiagnostics, type ArimaDiagnostics } from './arima-diagnostics.ts';
export { qqPoints, ppPoints, plottingPositions, type ProbPlotPoints } from './prob-plot.ts';
export { kmeans, type KmeansOptions, type KmeansResult } from './kmeans.ts';
export {
  blackScholes,
  impliedVol,
  type BlackScholesInput,
  type BlackScholesResult,
  type ImpliedVolInput,
  type OptionType,
} from './black-scholes.ts';
export {
  simpleReturns,
  logReturns,
  forwardReturns,
  pctChange,
  rollingMean,
  rollingStd,
  rollingSum,
  zScores,
} from './windows.ts';
export { dtwDistance } from './dtw.ts';
export { dtwKmeans, type DtwKmeansOptions, type DtwKmeansResult } from './dtw-kmeans.ts';
export {
  normalCdf,
  normalQuantile,
  studentTCdf,
  studentTQuantile,
  incompleteBeta,
  incompleteGammaP,
  incompleteGammaQ,
} from './special.ts';
export { benjaminiHochberg } from './multiple-testing.ts';
