/**
 * Normal probability plots for residual diagnostics.
 *
 * Plotting positions: (i - a) / (n + 1 - 2a) with a = 3/8 for n <= 10 and
 * a = 1/2 otherwise (R `ppoints`, used by `qqnorm`).
 * QQ reference line: through the first and third quartiles of the sample
 * (type-7 quantiles) against the normal quartiles, as R `qqline` and
 * statsmodels `ProbPlot(...).qqplot(line='q')`.
 * PP plot (statsmodels `ProbPlot.ppplot` layout): x = plotting positions
 * (the probabilities the i-th order statistic should have), scatter = fitted
 * normal CDF Phi((x_(i) - mean) / sd) of the sorted residuals, sample sd
 * (ddof = 1); line = 45-degree reference y = x.
 */
import { AnalyticsError, assertFiniteArray } from './errors.ts';
import { normalCdf, normalQuantile } from './special.ts';

export interface ProbPlotPoints {
  x: number[];
  scatter: number[];
  line: number[];
}

export function plottingPositions(n: number): number[] {
  const a = n <= 10 ? 3 / 8 : 1 / 2;
  return Array.from({ length: n }, (_, i) => (i + 1 - a) / (n + 1 - 2 * a));
}

function quantile7(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

function sortedSample(residuals: number[]): number[] {
  assertFiniteArray(residuals, 'residuals');
  if (residuals.length < 3) throw new AnalyticsError('too_short', 'A probability plot needs at least 3 residuals.');
  return [...residuals].sort((a, b) => a - b);
}

export function qqPoints(residuals: number[]): ProbPlotPoints {
  const sorted = sortedSample(residuals);
  const x = plottingPositions(sorted.length).map(normalQuantile);
  const q1 = quantile7(sorted, 0.25);
  const q3 = quantile7(sorted, 0.75);
  const z1 = normalQuantile(0.25);
  const z3 = normalQuantile(0.75);
  const slope = (q3 - q1) / (z3 - z1);
  const intercept = q1 - slope * z1;
  return { x, scatter: sorted, line: x.map((v) => intercept + slope * v) };
}

export function ppPoints(residuals: number[]): ProbPlotPoints {
  const sorted = sortedSample(residuals);
  const n = sorted.length;
  const mean = sorted.reduce((s, v) => s + v, 0) / n;
  const sd = Math.sqrt(sorted.reduce((s, v) => s + (v - mean) * (v - mean), 0) / (n - 1));
  if (!(sd > 0))
    throw new AnalyticsError('invalid_input', 'The residuals are constant, so a probability plot is undefined.');
  const x = plottingPositions(n);
  return { x, scatter: sorted.map((v) => normalCdf((v - mean) / sd)), line: x.slice() };
}
