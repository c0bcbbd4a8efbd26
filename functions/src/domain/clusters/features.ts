/**
 * Pattern windows for the Clusters screen. Pure: no I/O. All returns are decimals.
 */
export type FeatureKind = 'pct' | 'volatility' | 'pcvol';

/** Rolling volatility = sample standard deviation of the last VOL_WINDOW daily returns. */
export const VOL_WINDOW = 10;

/** Daily returns aligned with closes: element i is closes[i] / closes[i - 1] - 1 (element 0 is null). */
export function dailyReturns(closes: readonly number[]): Array<number | null> {
  return closes.map((c, i) => (i === 0 ? null : c / closes[i - 1]! - 1));
}

/** Aligned rolling sample std of the daily returns (null until VOL_WINDOW returns exist). */
export function rollingVolatility(returns: ReadonlyArray<number | null>, window = VOL_WINDOW): Array<number | null> {
  return returns.map((_, i) => {
    if (i < window) return null;
    const xs = returns.slice(i - window + 1, i + 1) as number[];
    const m = xs.reduce((a, b) => a + b, 0) / window;
    return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (window - 1));
  });
}

/** Z-normalises a window (population std, like tslearn's TimeSeriesScalerMeanVariance); a flat window becomes zeros. */
export function zNormalise(xs: readonly number[]): number[] {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length);
  return sd > 1e-12 ? xs.map((x) => (x - m) / sd) : xs.map(() => 0);
}

/** First index at which every feature of `kind` is defined. */
export function firstFeatureIndex(kind: FeatureKind): number {
  return kind === 'pct' ? 1 : VOL_WINDOW;
}

/**
 * The windows ending at indices `ends` (inclusive), each `length` days long: each feature is
 * z-normalised on its own, then the features are concatenated (pcvol = returns then volatility).
 */
export function buildWindows(
  closes: readonly number[],
  kind: FeatureKind,
  length: number,
  ends: readonly number[],
): number[][] {
  const ret = dailyReturns(closes);
  const vol = kind === 'pct' ? [] : rollingVolatility(ret);
  return ends.map((e) => {
    const parts: number[] = [];
    if (kind !== 'volatility') parts.push(...zNormalise(ret.slice(e - length + 1, e + 1) as number[]));
    if (kind !== 'pct') parts.push(...zNormalise(vol.slice(e - length + 1, e + 1) as number[]));
    return parts;
  });
}

/** Linear-interpolated quantile (numpy's default) of sorted values. */
export function quantileSorted(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Adds n weekdays to an ISO date (exchange holidays are not known for future dates, so they are not skipped). */
export function addWeekdays(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  let left = n;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return d.toISOString().slice(0, 10);
}
