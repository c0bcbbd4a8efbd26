import type { FactorAnalysisData, FactorStatisticsRow, PastSignalRow } from '@tapewatch/shared/schemas/factor-analysis';
import { HORIZONS } from './evaluate.ts';
import { toWeekly } from './series.ts';
import type { DailyBar, FactorEvaluation, FactorId, HorizonStats, Timeframe } from './types.ts';

/** Bars of recent history on the prediction chart. */
export const PREDICTION_WINDOW = { daily: 250, weekly: 104 } as const;
const DAY_MS = 86_400_000;

const r4 = (v: number): number => Math.round(v * 1e4) / 1e4;
const r2 = (v: number): number => Math.round(v * 100) / 100;

/** Dates `n` bars after `date`: weekdays for daily bars, 7 calendar days for weekly (holidays ignored). */
export function projectDates(date: string, n: number, timeframe: Timeframe): string {
  let t = Date.parse(`${date}T00:00:00Z`);
  if (timeframe === 'weekly') return new Date(t + 7 * n * DAY_MS).toISOString().slice(0, 10);
  for (let left = n; left > 0; ) {
    t += DAY_MS;
    const dow = new Date(t).getUTCDay();
    if (dow !== 0 && dow !== 6) left--;
  }
  return new Date(t).toISOString().slice(0, 10);
}

/** Equal-width bins over [min, max]; the last bin includes max. */
export function histogram(values: readonly number[]): { lower: number[]; upper: number[]; counts: number[] } {
  if (values.length === 0) return { lower: [], upper: [], counts: [] };
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (min === max) return { lower: [r4(min)], upper: [r4(max)], counts: [values.length] };
  const k = Math.min(20, Math.max(5, Math.ceil(Math.sqrt(values.length))));
  const width = (max - min) / k;
  const counts = new Array<number>(k).fill(0);
  for (const v of values) counts[Math.min(k - 1, Math.floor((v - min) / width))]!++;
  const edges = Array.from({ length: k + 1 }, (_, i) => min + i * width);
  return { lower: edges.slice(0, -1).map(r4), upper: edges.slice(1).map(r4), counts };
}

/**
 * Cumulative returns (percent) of holding for `period` bars after each signal (overlapping signals
 * extend the holding; flat otherwise) against holding every bar, from the first bar.
 */
export function cumulativeReturns(bars: readonly DailyBar[], signalIdx: readonly number[], period: number | null) {
  const inMarket = new Array<boolean>(bars.length).fill(false);
  if (period !== null) for (const s of signalIdx) for (let t = s; t < Math.min(bars.length - 1, s + period); t++) inMarket[t] = true;
  const dates: string[] = [];
  const signals: number[] = [];
  const buyAndHold: number[] = [];
  let strat = 1;
  bars.forEach((b, t) => {
    if (t > 0) {
      const r = b.close / bars[t - 1]!.close;
      if (inMarket[t - 1]) strat *= r;
    }
    dates.push(b.date);
    signals.push(r2((strat - 1) * 100));
    buyAndHold.push(r2((b.close / bars[0]!.close - 1) * 100));
  });
  return { dates, signals, buy_and_hold: buyAndHold };
}

function statisticsRows(stats: readonly HorizonStats[]): FactorStatisticsRow[] {
  const row = (index: FactorStatisticsRow['index'], f: (s: HorizonStats) => number | '-'): FactorStatisticsRow => {
    const out: FactorStatisticsRow = { index };
    for (const s of stats) out[`fwd_ret_${s.horizon}`] = f(s);
    return out;
  };
  return [
    row('count', (s) => s.count),
    row('mean', (s) => r4(s.mean)),
    row('median', (s) => r4(s.median)),
    row('profitable_pct', (s) => r2(s.profitable_pct)),
    row('profit_loss_ratio', (s) => (s.profit_loss_ratio === null ? '-' : r4(s.profit_loss_ratio))),
  ];
}

/** The API payload of one ticker/factor/timeframe; `{}` when there are no bars or no signals. */
export function buildFactorAnalysisData(
  ticker: string,
  factor: FactorId,
  timeframe: Timeframe,
  dailyBars: readonly DailyBar[],
  ev: FactorEvaluation,
): FactorAnalysisData | Record<string, never> {
  if (ev.signals.length === 0 || ev.lastBarDate === null) return {};
  const bars = timeframe === 'weekly' ? toWeekly(dailyBars) : [...dailyBars];
  const horizons = [...HORIZONS[timeframe]];
  const best = ev.best;
  const period = best?.horizon ?? null;
  const indexOf = new Map(bars.map((b, i) => [b.date, i]));
  const signalIdx = ev.signals.map((s) => indexOf.get(s.date)!);
  const last = ev.signals.at(-1)!;

  const recent = bars.slice(-PREDICTION_WINDOW[timeframe]);
  const from = recent[0]!.date;
  let prediction: FactorAnalysisData['predictions_data']['prediction'] = null;
  if (best && period !== null && ev.passesQuality) {
    const endBar = bars[indexOf.get(last.date)! + period];
    const endDate = endBar?.date ?? projectDates(last.date, period, timeframe);
    prediction = {
      dates: [last.date, endDate],
      expected: [last.close, r4(last.close * (1 + best.mean / 100))],
      median: [last.close, r4(last.close * (1 + best.median / 100))],
    };
  }

  const withReturn = period === null ? [] : ev.signals.filter((s) => s.forward[period] !== null && s.forward[period] !== undefined);
  const returns = withReturn.map((s) => s.forward[period!]!);
  const pastRows: PastSignalRow[] = [...ev.signals].reverse().map((s) => {
    const row: PastSignalRow = { date: s.date, close: s.close };
    for (const h of horizons) {
      const v = s.forward[h] ?? null;
      row[`fwd_ret_${h}`] = v === null ? null : r4(v);
    }
    return row;
  });

  return {
    ticker,
    factor,
    timeframe,
    as_of: ev.lastBarDate,
    horizons,
    best_horizon: period,
    passes_quality: ev.passesQuality,
    last_signal_data:
      best && ev.passesQuality
        ? {
            date: last.date,
            period: best.horizon,
            period_unit: timeframe === 'daily' ? 'days' : 'weeks',
            expected_ret: r4(best.mean),
            profitable_pct: r2(best.profitable_pct),
            profit_loss: best.profit_loss_ratio === null ? '-' : r4(best.profit_loss_ratio),
            signals: best.count,
          }
        : {},
    predictions_data: {
      dates: recent.map((b) => b.date),
      prices: recent.map((b) => b.close),
      signal_dates: ev.signals.filter((s) => s.date >= from).map((s) => s.date),
      prediction,
    },
    past_signals_returns_data: { horizon: period, dates: withReturn.map((s) => s.date), returns: returns.map(r4) },
    past_signals_return_hist_data: histogram(returns),
    factor_statistics_data: JSON.stringify(statisticsRows(ev.stats)),
    past_signals_data: JSON.stringify(pastRows),
    cumulative_returns_data: cumulativeReturns(bars, signalIdx, period),
  };
}
