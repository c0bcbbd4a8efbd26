/**
 * Return and rolling-window helpers.
 *
 * Output conventions (no NaN is ever emitted):
 *  - Period returns (`simpleReturns`, `logReturns`) are SHORTER arrays of
 *    length n - 1: element i is the return from t = i to t = i + 1.
 *  - Everything else is ALIGNED with the input (same length) and uses `null`
 *    where pandas would put NaN: the first `window - 1` rolling values, the
 *    first `periods` percent changes, the last `h` forward returns, and
 *    z-scores whose standard deviation is zero.
 * Standard deviations are sample (ddof = 1), like pandas `rolling().std()`.
 */
import { AnalyticsError, assertFiniteArray, assertPositiveInteger } from './errors.ts';

function checkPrices(prices: number[], what = 'price series'): void {
  assertFiniteArray(prices, what);
  for (let i = 0; i < prices.length; i++) {
    if (!(prices[i]! > 0)) {
      throw new AnalyticsError(
        'invalid_input',
        `The ${what} must be strictly positive (position ${i + 1} is ${prices[i]}).`,
      );
    }
  }
}

export function simpleReturns(prices: number[]): number[] {
  checkPrices(prices);
  return prices.slice(1).map((p, i) => p / prices[i]! - 1);
}

export function logReturns(prices: number[]): number[] {
  checkPrices(prices);
  return prices.slice(1).map((p, i) => Math.log(p / prices[i]!));
}

/** Simple forward returns p[t+h]/p[t] - 1 for each horizon, aligned at t. */
export function forwardReturns(prices: number[], horizons: number[]): Record<number, Array<number | null>> {
  checkPrices(prices);
  const out: Record<number, Array<number | null>> = {};
  for (const h of horizons) {
    assertPositiveInteger(h, 'forward-return horizon');
    out[h] = prices.map((p, t) => (t + h < prices.length ? prices[t + h]! / p - 1 : null));
  }
  return out;
}

/** Percent change over `periods` steps (pandas `pct_change(periods)`), aligned. */
export function pctChange(values: number[], periods = 1): Array<number | null> {
  assertFiniteArray(values, 'series');
  assertPositiveInteger(periods, 'number of periods');
  return values.map((v, t) => {
    if (t < periods) return null;
    const base = values[t - periods]!;
    if (base === 0)
      throw new AnalyticsError(
        'invalid_input',
        `Percent change is undefined from a zero value (position ${t - periods + 1}).`,
      );
    return v / base - 1;
  });
}

function checkWindow(values: number[], window: number, min = 1): void {
  assertFiniteArray(values, 'series');
  assertPositiveInteger(window, 'window length', min);
}

/** Rolling sum with Neumaier-compensated running totals (exact to rounding over long series). */
export function rollingSum(values: number[], window: number): Array<number | null> {
  checkWindow(values, window);
  const out: Array<number | null> = [];
  let sum = 0;
  let comp = 0;
  const add = (x: number): void => {
    const t = sum + x;
    comp += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
    sum = t;
  };
  for (let t = 0; t < values.length; t++) {
    add(values[t]!);
    if (t >= window) add(-values[t - window]!);
    out.push(t >= window - 1 ? sum + comp : null);
  }
  return out;
}

export function rollingMean(values: number[], window: number): Array<number | null> {
  return rollingSum(values, window).map((s) => (s === null ? null : s / window));
}

/** Rolling sample standard deviation (ddof = 1); two-pass per window for accuracy. */
export function rollingStd(values: number[], window: number): Array<number | null> {
  checkWindow(values, window, 2);
  return values.map((_, t) => {
    if (t < window - 1) return null;
    let m = 0;
    for (let i = t - window + 1; i <= t; i++) m += values[i]!;
    m /= window;
    let ss = 0;
    for (let i = t - window + 1; i <= t; i++) ss += (values[i]! - m) ** 2;
    return Math.sqrt(ss / (window - 1));
  });
}

/**
 * z-scores. Without a window: (x - mean) / sd over the whole series. With a
 * window: against the trailing window that ends at (and includes) t.
 */
export function zScores(values: number[], window?: number): Array<number | null> {
  if (window === undefined) {
    assertFiniteArray(values, 'series');
    if (values.length < 2) throw new AnalyticsError('too_short', 'z-scores need at least 2 values.');
    const m = values.reduce((s, v) => s + v, 0) / values.length;
    const sd = Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (values.length - 1));
    return values.map((v) => (sd > 0 ? (v - m) / sd : null));
  }
  const means = rollingMean(values, window);
  const sds = rollingStd(values, window);
  return values.map((v, t) => {
    const m = means[t];
    const sd = sds[t];
    return m === null || m === undefined || sd === null || sd === undefined || !(sd > 0) ? null : (v - m) / sd;
  });
}
