/**
 * Where today's implied volatility sits in its own past (the definitions the Volatility page states):
 *  - IV rank = (IV today - lowest IV) / (highest IV - lowest IV) over the window, in percent;
 *  - IV percentile = share of the window's days whose IV is below today's, in percent.
 * The window is the last 252 sessions, today included.
 */
export const IV_WINDOW_SESSIONS = 252;

export interface IvStanding {
  rank: number | null;
  percentile: number | null;
  low: number;
  high: number;
  days: number;
}

/** `series` is oldest first and ends with today's IV; only its last `window` values count. */
export function ivStanding(series: readonly number[], window = IV_WINDOW_SESSIONS): IvStanding | null {
  const w = series.slice(-window);
  const today = w.at(-1);
  if (today === undefined) return null;
  const low = Math.min(...w);
  const high = Math.max(...w);
  const below = w.filter((v) => v < today).length;
  return {
    rank: high > low ? ((today - low) / (high - low)) * 100 : null,
    percentile: (below / w.length) * 100,
    low,
    high,
    days: w.length,
  };
}

/**
 * Realised volatility of the `sessions` close-to-close log returns ending at `end` (an index of
 * `close`): their sample standard deviation, annualised by sqrt(252). null without enough closes.
 */
export function realisedVol(close: readonly number[], end: number, sessions: number): number | null {
  if (end - sessions < 0 || end >= close.length) return null;
  const rets: number[] = [];
  for (let j = end - sessions + 1; j <= end; j++) rets.push(Math.log(close[j]! / close[j - 1]!));
  const mean = rets.reduce((a, b) => a + b, 0) / rets.length;
  const variance = rets.reduce((a, x) => a + (x - mean) ** 2, 0) / (rets.length - 1);
  return Math.sqrt(variance * 252);
}
