import { FACTOR_DEFINITIONS } from '@tapewatch/shared/schemas/factor-analysis';
import { alignBenchmark, alignToBars, roc, sma } from './series.ts';
import type { DailyBar, FactorId, FactorInputs, Timeframe } from './types.ts';

/** Lookbacks in bars of the chosen timeframe (weekly bars = last trading day of each week). */
export const FACTOR_PARAMS = {
  uptrend: { fast: 20, slow: 50 },
  sustained_momentum: { roc: 20, streak: 10 },
  momentum: { roc: 20, threshold: 10 },
  relative_strength: { sma: 50 },
  new_high: { daily: 252, weekly: 52 },
  filtered_momentum: { roc: 20, threshold: 5, trend: 100, slope: 5 },
  roc_curve: { roc: 10, sma: 10 },
  dark_pools: { daily: 100, weekly: 20, z: 1 },
} as const;

const P = FACTOR_PARAMS;
/** Labels and definition texts live in the shared schema (the page help shows them); tests tie them to FACTOR_PARAMS. */
export const FACTORS: readonly { id: FactorId; label: string; definition: string }[] = FACTOR_DEFINITIONS;

export const FACTOR_IDS = FACTORS.map((f) => f.id) as readonly FactorId[];

type Cond = (boolean | null)[];
const gt = (a: number | null | undefined, b: number | null | undefined): boolean | null =>
  a === null || a === undefined || b === null || b === undefined ? null : a > b;
const and = (...xs: (boolean | null)[]): boolean | null =>
  xs.includes(false) ? false : xs.includes(null) ? null : true;

/** The per-bar condition of a factor; its rising edges are the signals. */
export function factorCondition(
  factor: FactorId,
  timeframe: Timeframe,
  bars: readonly DailyBar[],
  inputs: FactorInputs,
): Cond {
  const closes = bars.map((b) => b.close);
  switch (factor) {
    case 'uptrend': {
      const fast = sma(closes, P.uptrend.fast);
      const slow = sma(closes, P.uptrend.slow);
      return closes.map((_, i) => gt(fast[i], slow[i]));
    }
    case 'sustained_momentum': {
      const r = roc(closes, P.sustained_momentum.roc);
      const n = P.sustained_momentum.streak;
      return closes.map((_, i) => (i + 1 < n ? null : and(...r.slice(i + 1 - n, i + 1).map((v) => gt(v, 0)))));
    }
    case 'momentum': {
      const r = roc(closes, P.momentum.roc);
      return r.map((v) => gt(v, P.momentum.threshold));
    }
    case 'relative_strength': {
      const spy = alignBenchmark(bars, inputs.benchmark);
      const rs = closes.map((c, i) => {
        const s = spy[i];
        return s === null || s === undefined || s === 0 ? null : c / s;
      });
      const avg = sma(rs, P.relative_strength.sma);
      return rs.map((v, i) => gt(v, avg[i]));
    }
    case 'new_high': {
      const n = P.new_high[timeframe];
      return closes.map((c, i) => (i < n ? null : c > Math.max(...closes.slice(i - n, i))));
    }
    case 'filtered_momentum': {
      const p = P.filtered_momentum;
      const r = roc(closes, p.roc);
      const trend = sma(closes, p.trend);
      return closes.map((c, i) =>
        and(gt(r[i], p.threshold), gt(c, trend[i]), gt(trend[i], i >= p.slope ? trend[i - p.slope] : null)),
      );
    }
    case 'roc_curve': {
      const r = roc(closes, P.roc_curve.roc);
      const avg = sma(r, P.roc_curve.sma);
      return r.map((v, i) => and(gt(v, avg[i]), gt(0, v)));
    }
    case 'dark_pools': {
      const pos = alignToBars(bars, inputs.darkPoolPosition ?? []);
      const n = P.dark_pools[timeframe];
      return pos.map((v, i) => {
        if (v === null || i < n) return null;
        // A missing report day is skipped; too few reports in the window leave the bar undecided.
        const xs = pos.slice(i - n, i).filter((x): x is number => x !== null);
        if (xs.length < n / 2) return null;
        const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
        const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
        return sd === 0 ? v > mean : v > mean + P.dark_pools.z * sd;
      });
    }
  }
}
