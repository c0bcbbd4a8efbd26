import type {
  TickerMetricChanges,
  TickerMetrics,
  TickerMetrics1d,
  TickerMetrics5d,
} from '@tapewatch/shared/schemas/flow-ticker-overview';
import type { DaySummary, SideTotals } from './day-summary.ts';

const KEYS = ['call_premiums', 'put_premiums', 'call_flow', 'put_flow', 'avg_call_score', 'avg_put_score'] as const;

/** Days in a 5-day metrics period. */
export const METRICS_PERIOD_DAYS = 5;

/** Percent change from `base` to `value`; null when there is no base to compare with. */
export function percentChange(value: number | null, base: number | null): number | null {
  if (value === null || base === null || base === 0) return null;
  return ((value - base) / Math.abs(base)) * 100;
}

function addSide(into: SideTotals, side: SideTotals | undefined): void {
  if (!side) return;
  into.premium += side.premium;
  into.trades += side.trades;
  into.size += side.size;
  into.scoreSum += side.scoreSum;
}

/** A ticker's totals over some days: premiums and flows are sums, scores the average over all their trades. */
export function tickerMetrics(days: readonly (DaySummary | null)[], ticker: string): TickerMetrics {
  const calls: SideTotals = { premium: 0, trades: 0, size: 0, scoreSum: 0 };
  const puts: SideTotals = { premium: 0, trades: 0, size: 0, scoreSum: 0 };
  for (const day of days) {
    const t = day?.tickers[ticker];
    addSide(calls, t?.calls);
    addSide(puts, t?.puts);
  }
  return {
    call_premiums: calls.premium,
    put_premiums: puts.premium,
    call_flow: calls.trades,
    put_flow: puts.trades,
    avg_call_score: calls.trades > 0 ? calls.scoreSum / calls.trades : null,
    avg_put_score: puts.trades > 0 ? puts.scoreSum / puts.trades : null,
  };
}

export function metricChanges(value: TickerMetrics, base: TickerMetrics | null): TickerMetricChanges {
  const out = {} as Record<`${(typeof KEYS)[number]}_chg`, number | null>;
  for (const k of KEYS) out[`${k}_chg`] = base ? percentChange(value[k], base[k]) : null;
  return out;
}

const hasTicker = (days: readonly (DaySummary | null)[], ticker: string) => days.some((d) => d?.tickers[ticker]);

/**
 * 1-day metrics: the current (partial) day, the last full day, and the last full day's change
 * against the full day before it. The partial day never enters a change: comparing half a session
 * with a whole one would always read as a collapse.
 */
export function tickerMetrics1d(
  ticker: string,
  today: string,
  current: DaySummary | null,
  full: readonly DaySummary[],
): TickerMetrics1d {
  const [prior, base] = full;
  const priorMetrics = tickerMetrics([prior ?? null], ticker);
  return {
    ticker,
    has_flow: hasTicker([current, prior ?? null, base ?? null], ticker),
    current_date: today,
    prior_date: prior?.date ?? null,
    base_date: base?.date ?? null,
    current: tickerMetrics([current], ticker),
    prior: { ...priorMetrics, ...metricChanges(priorMetrics, base ? tickerMetrics([base], ticker) : null) },
  };
}

/** 5-day metrics: the last 5 full days against the 5 full days before them (the current day is left out). */
export function tickerMetrics5d(ticker: string, full: readonly DaySummary[]): TickerMetrics5d {
  const period = full.slice(0, METRICS_PERIOD_DAYS);
  const before = full.slice(METRICS_PERIOD_DAYS, METRICS_PERIOD_DAYS * 2);
  const metrics = tickerMetrics(period, ticker);
  return {
    ticker,
    has_flow: hasTicker([...period, ...before], ticker),
    ...metrics,
    ...metricChanges(metrics, before.length > 0 ? tickerMetrics(before, ticker) : null),
    days: period.map((d) => d.date),
    base_days: before.map((d) => d.date),
  };
}
