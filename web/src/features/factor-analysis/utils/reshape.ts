import {
  FACTOR_DEFINITIONS,
  FACTOR_RULES,
  factorIds,
  type FactorAnalysisFactor,
  type FactorTimeframe,
} from '@tapewatch/shared/params/factor-analysis';
import type { FactorAnalysisData, FactorStatisticsRow, PastSignalRow } from '@tapewatch/shared/schemas/factor-analysis';
import type { ChartTableData } from '../../../components/charts/chart-card.tsx';
import type { FactorAnalysisResponse } from '../api/get-factor-analysis-data.ts';

export const DEFAULT_FACTOR: FactorAnalysisFactor = 'uptrend';
export const DEFAULT_TIMEFRAME: FactorTimeframe = 'weekly';

export const factorLabel = (id: string): string => FACTOR_DEFINITIONS.find((f) => f.id === id)?.label ?? id;
export const isFactor = (v: string | undefined): v is FactorAnalysisFactor =>
  factorIds.includes(v as FactorAnalysisFactor);
export const isTimeframe = (v: string | undefined): v is FactorTimeframe => v === 'daily' || v === 'weekly';

/** Data counts as present when the response is a non-empty object (spec part 2 section 4). */
export function hasData(body: FactorAnalysisResponse | undefined): body is FactorAnalysisData {
  return body !== undefined && Object.keys(body).length > 0;
}

export const pct = (v: number, digits = 2): string => `${v.toFixed(digits)}%`;
const signedPct = (v: number): string => `${v > 0 ? '+' : ''}${v.toFixed(2)}%`;
const unitOf = (tf: FactorTimeframe, n: number) =>
  tf === 'daily' ? (n === 1 ? 'day' : 'days') : n === 1 ? 'week' : 'weeks';

/**
 * The Last Signal sentence, as known on the signal's date: the expected return of the period shown
 * (earlier signals held that period) and the walk-forward record the quality rule judged; the
 * profit/loss part is left out when it is '-'. An empty last signal keeps the spec's wording and says why.
 */
export function lastSignalText(d: FactorAnalysisData): string {
  const label = factorLabel(d.factor);
  const s = d.last_signal_data;
  if (!('date' in s)) {
    const base = `Past signals for ${d.ticker} for the ${label} factor do not meet quality requirements.`;
    if (d.last_signal_status !== 'not_enough_history') return base;
    return `${base} Not enough history: when the last signal fired, no horizon had ${FACTOR_RULES.minPast} earlier trades that had finished.`;
  }
  const pl = s.profit_loss === '-' ? '' : `, profit/loss ratio ${s.profit_loss.toFixed(2)}`;
  const unit = unitOf(d.timeframe, s.period);
  return (
    `Last ${label} signal for ${d.ticker} on ${s.date}: expected return ${signedPct(s.expected_ret)} over ${s.period} ` +
    `${unit}, the mean of the ${s.signals} earlier signals held ${s.period} ${unit} that had finished by then ` +
    `(${pct(s.profitable_pct, 1)} profitable${pl}). Walk-forward record on that date: ` +
    `${pct(s.record_profitable_pct, 1)} of ${s.record_trades} trades profitable.`
  );
}

export interface ComparisonView {
  columns: [string, string];
  rows: { key: string; label: string; cells: [string, string] }[];
}

/**
 * In-sample (hindsight pick) beside out-of-sample (walk-forward) figures. A blank cell has no value
 * (no trades, or no loss for the profit/loss ratio); the out-of-sample period is the latest signal's.
 */
export function comparisonView(d: FactorAnalysisData): ComparisonView {
  const a = d.in_sample;
  const b = d.out_of_sample;
  const num = (v: number | null, f: (x: number) => string) => (v === null ? '' : f(v));
  const period = (v: number | null) => num(v, (h) => horizonLabel(d.timeframe, h));
  const row = (key: string, label: string, f: (x: FactorAnalysisData['in_sample']) => string) => ({
    key,
    label,
    cells: [f(a), f(b)] as [string, string],
  });
  return {
    columns: ['In-sample (hindsight)', 'Out-of-sample (walk-forward)'],
    rows: [
      {
        key: 'period',
        label: 'Period',
        cells: [period(a.period), b.period === null ? 'Not enough history' : period(b.period)],
      },
      row('trades', 'Trades', (x) => String(x.trades)),
      row('mean', 'Expected %', (x) => num(x.mean, (v) => pct(v))),
      row('median', 'Median %', (x) => num(x.median, (v) => pct(v))),
      row('profitable', 'Profitable %', (x) => num(x.profitable_pct, (v) => pct(v))),
      row('profit_loss', 'Profit/Loss Ratio', (x) => (x.profit_loss === '-' ? '' : x.profit_loss.toFixed(2))),
      row('cumulative', 'Cumulative return', (x) => pct(x.cumulative_pct)),
    ],
  };
}

export const parseStatistics = (d: FactorAnalysisData): FactorStatisticsRow[] =>
  JSON.parse(d.factor_statistics_data) as FactorStatisticsRow[];
export const parsePastSignals = (d: FactorAnalysisData): PastSignalRow[] =>
  JSON.parse(d.past_signals_data) as PastSignalRow[];

export const horizonLabel = (tf: FactorTimeframe, h: number): string => `${h}${tf === 'daily' ? 'D' : 'W'}`;

const STAT_LABELS: Record<FactorStatisticsRow['index'], string> = {
  count: 'Count',
  mean: 'Mean %',
  median: 'Median %',
  profitable_pct: 'Profitable %',
  profit_loss_ratio: 'Profit/Loss Ratio',
};

export interface StatisticsView {
  columns: string[];
  rows: { key: string; label: string; cells: string[] }[];
}

/** Statistics table: one row per statistic, one column per horizon; a '-' profit/loss ratio shows blank, an all-'-' row is hidden. */
export function statisticsView(d: FactorAnalysisData): StatisticsView {
  const rows = parseStatistics(d);
  return {
    columns: d.horizons.map((h) => horizonLabel(d.timeframe, h)),
    rows: rows
      .filter((r) => r.index !== 'profit_loss_ratio' || d.horizons.some((h) => r[`fwd_ret_${h}`] !== '-'))
      .map((r) => ({
        key: r.index,
        label: STAT_LABELS[r.index],
        cells: d.horizons.map((h) => {
          const v = r[`fwd_ret_${h}`];
          if (v === undefined || v === '-') return '';
          return r.index === 'count' ? String(v) : v.toFixed(2);
        }),
      })),
  };
}

/** Prediction chart in % from the last signal's close: price path, then the expected and median paths over the period. */
export function predictionView(d: FactorAnalysisData) {
  const p = d.predictions_data;
  const pred = p.prediction;
  const base = pred ? pred.expected[0]! : p.prices.at(-1)!;
  const dates = [...p.dates];
  const end = pred?.dates[1];
  // The projection past the last bar gets its own future bars so the time axis keeps its spacing.
  if (end && end > dates.at(-1)!) dates.push(...futureDates(dates.at(-1)!, end, d.timeframe));
  const price = dates.map((_, i) => (i < p.prices.length ? round2((p.prices[i]! / base - 1) * 100) : null));
  const line = (target: number | undefined) => {
    if (!pred || target === undefined) return dates.map(() => null);
    const i0 = dates.indexOf(pred.dates[0]!);
    const i1 = dates.indexOf(pred.dates[1]!);
    const goal = (target / base - 1) * 100;
    return dates.map((_, i) => (i0 < 0 || i1 <= i0 || i < i0 || i > i1 ? null : round2((goal * (i - i0)) / (i1 - i0))));
  };
  return {
    dates,
    series: [
      { id: 'Price', values: price },
      { id: 'Expected', values: line(pred?.expected[1]) },
      { id: 'Median', values: line(pred?.median[1]) },
    ],
  };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Bar dates after `from` up to `end` (weekdays, or every 7 days), always ending exactly at `end`. */
export function futureDates(from: string, end: string, timeframe: FactorTimeframe): string[] {
  const out: string[] = [];
  const day = 86_400_000;
  for (let t = Date.parse(`${from}T00:00:00Z`) + day; ; t += day) {
    const iso = new Date(t).toISOString().slice(0, 10);
    if (iso >= end) break;
    const dow = new Date(t).getUTCDay();
    const weekly = timeframe === 'weekly' && Math.round((t - Date.parse(`${from}T00:00:00Z`)) / day) % 7 === 0;
    if (timeframe === 'daily' ? dow !== 0 && dow !== 6 : weekly) out.push(iso);
  }
  out.push(end);
  return out;
}

export function predictionTable(d: FactorAnalysisData): ChartTableData {
  const p = d.predictions_data.prediction;
  return {
    rowHeader: 'Point',
    columns: ['Date', 'Expected', 'Median'],
    testId: 'prediction-table',
    rows: p
      ? p.dates.map((date, i) => ({
          key: date,
          label: i === 0 ? 'Last signal' : 'Target',
          cells: [date, p.expected[i]!.toFixed(2), p.median[i]!.toFixed(2)],
        }))
      : [],
  };
}

/** The out-of-sample trades: each signal's return at the period chosen walk-forward at it. */
export function returnsTable(d: FactorAnalysisData): ChartTableData {
  const r = d.past_signals_returns_data;
  return {
    rowHeader: 'Signal date',
    columns: ['Period', 'Return'],
    testId: 'returns-table',
    rows: r.dates.map((date, i) => ({
      key: date,
      label: date,
      cells: [horizonLabel(d.timeframe, r.periods[i]!), pct(r.returns[i]!)],
    })),
  };
}

export function histogramBars(d: FactorAnalysisData) {
  const h = d.past_signals_return_hist_data;
  return h.counts.map((count, i) => ({ label: `${h.lower[i]!.toFixed(1)}..${h.upper[i]!.toFixed(1)}`, value: count }));
}

export function histogramTable(d: FactorAnalysisData): ChartTableData {
  return {
    rowHeader: 'Return bin %',
    columns: ['Signals'],
    testId: 'histogram-table',
    rows: histogramBars(d).map((b) => ({ key: b.label, label: b.label, cells: [String(b.value)] })),
  };
}

export function cumulativeTable(d: FactorAnalysisData): ChartTableData {
  const c = d.cumulative_returns_data;
  const every = Math.max(1, Math.ceil(c.dates.length / 60));
  const idx = c.dates.map((_, i) => i).filter((i) => i % every === 0 || i === c.dates.length - 1);
  return {
    rowHeader: 'Date',
    columns: ['Signals', 'Buy and hold'],
    testId: 'cumulative-table',
    rows: idx.map((i) => ({
      key: c.dates[i]!,
      label: c.dates[i]!,
      cells: [pct(c.signals[i]!), pct(c.buy_and_hold[i]!)],
    })),
  };
}
