import {
  DASHBOARD_INDICES,
  HIGH_OI_LEAPS_ROWS,
  LARGEST_FLOW_BUBBLES,
  OVER_AVG_DAYS,
  OVER_AVG_MIN_DAYS,
  OVER_AVG_TICKERS,
  WEEK_DAYS,
  type IndexMetricsResponse,
  type IndexQuote,
  type LargestFlowEntry,
  type MaxChange,
  type SectorInflow,
} from '@tapewatch/shared/schemas/flow-dashboard';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { topPremiums } from './cumulative-top.ts';
import type { DaySummary, SideTotals, TickerDaySummary } from './day-summary.ts';

/**
 * The Options Flow Dashboard (spec part 2 section 2.9), computed from the per-day summaries only:
 * every answer is a pass over at most 21 small summaries, never over the trades.
 */
const round2 = (v: number): number => Math.round(v * 100) / 100;

export interface DashboardDays {
  /** The day shown: today once its session has flow, else the latest day with flow. */
  day: DaySummary | null;
  /** The last WEEK_DAYS days with flow ending on the day, oldest first. */
  week: DaySummary[];
  /** Up to OVER_AVG_DAYS days with flow before the day, newest first. */
  before: DaySummary[];
}

export function dashboardDays(current: DaySummary | null, full: readonly DaySummary[]): DashboardDays {
  const newestFirst = current ? [current, ...full] : [...full];
  return {
    day: newestFirst[0] ?? null,
    week: newestFirst.slice(0, WEEK_DAYS).reverse(),
    before: newestFirst.slice(1, 1 + OVER_AVG_DAYS),
  };
}

export function indexMetrics(day: DaySummary | null): IndexMetricsResponse {
  return {
    date: day?.date ?? null,
    data: DASHBOARD_INDICES.map((ticker) => {
      const t = day?.tickers[ticker];
      return {
        ticker,
        call_premiums: round2(t?.calls.premium ?? 0),
        put_premiums: round2(t?.puts.premium ?? 0),
        call_flow: t?.calls.trades ?? 0,
        put_flow: t?.puts.trades ?? 0,
      };
    }),
  };
}

/**
 * An index's latest price: during a session, the underlying price at the index's latest trade of
 * the day (fresher than any daily bar), compared with the last close before that day; otherwise
 * the latest daily close, compared with the close before it.
 */
export function indexQuote(
  ticker: IndexQuote['ticker'],
  closes: { date: readonly string[]; close: readonly number[] },
  live: { day: string; price: number } | null,
  closeBasis: IndexQuote['close_basis'],
): IndexQuote & { asOf: string | null } {
  const n = closes.date.length;
  let latestPrice: number | null;
  let previousClose: number | null;
  let asOf: string | null;
  if (live) {
    const before = closes.date.findLastIndex((d) => d < live.day);
    latestPrice = live.price;
    previousClose = before >= 0 ? closes.close[before]! : null;
    asOf = live.day;
  } else {
    latestPrice = n > 0 ? closes.close[n - 1]! : null;
    previousClose = n > 1 ? closes.close[n - 2]! : null;
    asOf = n > 0 ? closes.date[n - 1]! : null;
  }
  const change =
    latestPrice !== null && previousClose !== null ? Math.round((latestPrice - previousClose) * 1e4) / 1e4 : null;
  const changePercent =
    latestPrice !== null && previousClose ? Math.round((latestPrice / previousClose - 1) * 100 * 1e4) / 1e4 : null;
  return {
    ticker,
    latestPrice,
    change,
    changePercent,
    source: live ? 'flow' : 'close',
    previousClose,
    close_basis: closeBasis,
    asOf,
  };
}

/** The largest trades of the days, largest first, as the spec's array entries (see largestFlowEntry). */
export function largestFlow(days: readonly DaySummary[], limit = LARGEST_FLOW_BUBBLES): LargestFlowEntry[] {
  const trades: FlowTrade[] = days.flatMap((d) => d.largest);
  trades.sort((a, b) => b.cost_basis - a.cost_basis || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const top = trades.slice(0, limit);
  const max = top[0]?.cost_basis ?? 0;
  return top.map((t) => [
    t.ticker,
    round2(t.cost_basis),
    t.put_call === 'Call' ? 'CALL' : 'PUT',
    t.strike_price,
    t.date_expiration,
    t.sentiment,
    max > 0 ? Math.round(Math.sqrt(t.cost_basis / max) * 1000) / 1000 : 0,
  ]);
}

/**
 * Calls, puts and net per sector over the days, net descending: Top Premiums' sector statistics
 * (sector stocks and the SPDR sector ETFs; plain ETFs left out) as parallel arrays.
 */
export function sectorInflow(
  days: readonly DaySummary[],
  directory: ReadonlyMap<string, DirectoryEntry>,
): SectorInflow {
  const { sectors } = topPremiums(days, days.length, directory);
  const calls = new Map(sectors.calls.map((s) => [s.name, s.value]));
  const puts = new Map(sectors.puts.map((s) => [s.name, s.value]));
  const rows = sectors.net.map(({ name, value }) => ({
    sector: name,
    calls: calls.get(name) ?? 0,
    puts: puts.get(name) ?? 0,
    net: value,
  }));
  rows.sort((a, b) => b.net - a.net || a.sector.localeCompare(b.sector));
  return {
    sectors: rows.map((r) => r.sector),
    calls: rows.map((r) => r.calls),
    puts: rows.map((r) => r.puts),
    net: rows.map((r) => r.net),
  };
}

/** The day's LEAPS (DTE >= 365) with the highest open interest. */
export function highOiLeaps(day: DaySummary | null, limit = HIGH_OI_LEAPS_ROWS): FlowTrade[] {
  return day ? day.leaps.slice(0, limit) : [];
}

export type OverAvgMeasure = 'premium' | 'size';

/**
 * The tickers whose premium (or contract volume) on the day is furthest above their average over
 * the days before it, by the ratio current / average. Days without flow for a ticker count as 0 in
 * its average, and a ticker needs flow on OVER_AVG_MIN_DAYS of those days, so a ticker's first trade
 * in weeks is not ranked as an infinite surge. Ties: the larger current value, then the ticker.
 */
export function overAverage(
  day: DaySummary | null,
  before: readonly DaySummary[],
  side: 'calls' | 'puts',
  measure: OverAvgMeasure,
  limit = OVER_AVG_TICKERS,
): MaxChange {
  const empty: MaxChange = { tickers: [], average: [], current: [] };
  if (!day || before.length === 0) return empty;
  const value = (t: TickerDaySummary | undefined): number => {
    const s: SideTotals | undefined = t?.[side];
    return s ? s[measure] : 0;
  };
  const minDays = Math.min(OVER_AVG_MIN_DAYS, before.length);
  const rows: Array<{ ticker: string; current: number; average: number; ratio: number }> = [];
  for (const t of Object.values(day.tickers)) {
    const current = value(t);
    if (current <= 0) continue;
    let sum = 0;
    let daysWith = 0;
    for (const d of before) {
      const v = value(d.tickers[t.ticker]);
      sum += v;
      if (v > 0) daysWith += 1;
    }
    if (daysWith < minDays) continue;
    const average = sum / before.length;
    rows.push({ ticker: t.ticker, current, average, ratio: current / average });
  }
  rows.sort((a, b) => b.ratio - a.ratio || b.current - a.current || a.ticker.localeCompare(b.ticker));
  const top = rows.slice(0, limit);
  return {
    tickers: top.map((r) => r.ticker),
    average: top.map((r) => round2(r.average)),
    current: top.map((r) => round2(r.current)),
  };
}
