import type {
  FactorAnalysisData,
  FactorStatisticsRow,
  PastSignalRow,
  SampleSummary,
} from '@tapewatch/shared/schemas/factor-analysis';
import { HORIZONS } from './evaluate.ts';
import { toWeekly } from './series.ts';
import type { DailyBar, EntryPrice, FactorEvaluation, FactorId, HorizonStats, Timeframe } from './types.ts';

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

/** A trade's bars: it fills at the entry bar and exits at the exit bar (which may lie beyond the last bar: still open). */
export interface Holding {
  entry: number;
  exit: number;
}

/**
 * Cumulative returns (percent, marked at each close) of the holdings against holding every bar
 * from the first close. Trades fill at the entry type's price: with opens the timeline alternates
 * open, close, open, ... so a next-open trade earns the overnight gap into its entry bar not at all
 * and the one into its exit bar fully. Overlapping holdings extend each other; open trades run to the last bar.
 */
export function cumulativeReturns(bars: readonly DailyBar[], holdings: readonly Holding[], entry: EntryPrice) {
  const perBar = entry === 'next_open' ? 2 : 1;
  const price = (k: number): number => {
    const b = bars[Math.floor(k / perBar)]!;
    return perBar === 2 && k % 2 === 0 ? b.open! : b.close;
  };
  const fill = (bar: number) => bar * perBar; // the open of the bar, or its close without opens
  const points = bars.length * perBar;
  const held = new Array<boolean>(Math.max(0, points - 1)).fill(false);
  for (const h of holdings) for (let k = fill(h.entry); k < Math.min(points - 1, fill(h.exit)); k++) held[k] = true;
  const dates: string[] = [];
  const signals: number[] = [];
  const buyAndHold: number[] = [];
  let strat = 1;
  for (let k = 0; k < points; k++) {
    if (k > 0 && held[k - 1]) strat *= price(k) / price(k - 1);
    if ((k + 1) % perBar !== 0) continue; // marked at closes only
    const b = bars[Math.floor(k / perBar)]!;
    dates.push(b.date);
    signals.push(r2((strat - 1) * 100));
    buyAndHold.push(r2((b.close / bars[0]!.close - 1) * 100));
  }
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

const profitLoss = (v: number | null): number | '-' => (v === null ? '-' : r4(v));

function summary(
  stats: Omit<HorizonStats, 'horizon'> | null,
  period: number | null,
  curve: { signals: number[] },
): SampleSummary {
  const n = stats?.count ?? 0;
  return {
    period,
    trades: n,
    mean: stats && n ? r4(stats.mean) : null,
    median: stats && n ? r4(stats.median) : null,
    profitable_pct: stats && n ? r2(stats.profitable_pct) : null,
    profit_loss: profitLoss(stats && n ? stats.profit_loss_ratio : null),
    cumulative_pct: curve.signals.at(-1) ?? 0,
  };
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
  const oos = ev.outOfSample;
  const indexOf = new Map(bars.map((b, i) => [b.date, i]));
  const signalIdx = ev.signals.map((s) => indexOf.get(s.date)!);
  const last = ev.signals.at(-1)!;
  const holdings = (periodOf: (k: number) => number | null): Holding[] =>
    signalIdx.flatMap((i, k) => {
      const p = periodOf(k);
      return p === null ? [] : [{ entry: i + ev.entryOffset, exit: i + ev.entryOffset + p }];
    });
  const curve = cumulativeReturns(
    bars,
    holdings((k) => ev.signals[k]!.period),
    ev.entry,
  );
  const inSampleCurve = cumulativeReturns(
    bars,
    holdings(() => ev.inSample?.horizon ?? null),
    ev.entry,
  );
  // The panel is the latest signal's as it stood on its date (ev.latest): nothing later enters it.
  const panel = ev.latest!;
  const expected = panel.expected;
  const status = panel.period === null ? 'not_enough_history' : panel.passesQuality ? 'ok' : 'fails_quality';

  const recent = bars.slice(-PREDICTION_WINDOW[timeframe]);
  const from = recent[0]!.date;
  let prediction: FactorAnalysisData['predictions_data']['prediction'] = null;
  if (status === 'ok' && expected !== null) {
    // From the signal's close to the exit bar (entry offset + period bars later), projected from the
    // signal's date even once that bar exists, so the panel does not change after the signal.
    const endDate = projectDates(last.date, ev.entryOffset + expected.horizon, timeframe);
    prediction = {
      dates: [last.date, endDate],
      expected: [last.close, r4(last.close * (1 + expected.mean / 100))],
      median: [last.close, r4(last.close * (1 + expected.median / 100))],
    };
  }

  const trades = ev.signals.filter((s) => s.outcome !== null);
  const returns = trades.map((s) => s.outcome!);
  const pastRows: PastSignalRow[] = [...ev.signals].reverse().map((s) => {
    const row: PastSignalRow = {
      date: s.date,
      close: s.close,
      period: s.period,
      outcome: s.outcome === null ? null : r4(s.outcome),
    };
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
    entry: ev.entry,
    passes_quality: panel.passesQuality,
    last_signal_status: status,
    last_signal_data:
      status === 'ok' && expected !== null
        ? {
            date: last.date,
            period: expected.horizon,
            period_unit: timeframe === 'daily' ? 'days' : 'weeks',
            expected_ret: r4(expected.mean),
            profitable_pct: r2(expected.profitable_pct),
            profit_loss: profitLoss(expected.profit_loss_ratio),
            signals: expected.count,
            record_trades: panel.record.count,
            record_profitable_pct: r2(panel.record.profitable_pct),
          }
        : {},
    in_sample: summary(ev.inSample, ev.inSample?.horizon ?? null, inSampleCurve),
    out_of_sample: {
      ...summary(oos, oos.horizon, curve),
      not_enough_history: ev.notEnoughHistory,
      pending: ev.pending,
    },
    predictions_data: {
      dates: recent.map((b) => b.date),
      prices: recent.map((b) => b.close),
      signal_dates: ev.signals.filter((s) => s.date >= from).map((s) => s.date),
      prediction,
    },
    past_signals_returns_data: {
      dates: trades.map((s) => s.date),
      periods: trades.map((s) => s.period!),
      returns: returns.map(r4),
    },
    past_signals_return_hist_data: histogram(returns),
    factor_statistics_data: JSON.stringify(statisticsRows(ev.stats)),
    past_signals_data: JSON.stringify(pastRows),
    cumulative_returns_data: curve,
  };
}
