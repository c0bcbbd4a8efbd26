import type { SectorPerformance } from '@tapewatch/shared/schemas/sectors';
import { addDays, addMonths, indexOnOrBefore } from './calendar.ts';

export interface SectorSeries {
  ticker: string;
  sector: string;
  /** Ascending trading dates and the matching dividend-adjusted closes. */
  dates: readonly string[];
  closes: readonly number[];
}

export const PERIODS = ['1W', '1M', '3M', '6M', 'YTD', '1Y'] as const;
export type Period = (typeof PERIODS)[number];
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const round4 = (v: number): number => Math.round(v * 10_000) / 10_000;

/**
 * The reference date of each period: calendar offsets from the as-of date (1W = 7 days back,
 * 1M = one calendar month back, ...), YTD from the last close of the previous year. The return
 * is measured from the last close on or before that date.
 */
export function periodStart(asOf: string, period: Period): string {
  switch (period) {
    case '1W':
      return addDays(asOf, -7);
    case '1M':
      return addMonths(asOf, -1);
    case '3M':
      return addMonths(asOf, -3);
    case '6M':
      return addMonths(asOf, -6);
    case 'YTD':
      return `${Number(asOf.slice(0, 4)) - 1}-12-31`;
    case '1Y':
      return addMonths(asOf, -12);
  }
}

/** Percent change from the last close on or before `from` to the last close on or before `to`. */
export function percentChange(s: SectorSeries, from: string, to: string): number | null {
  const i = indexOnOrBefore(s.dates, from);
  const j = indexOnOrBefore(s.dates, to);
  // A series that starts after `from` has no value for the period (e.g. XLC before 2018).
  if (i < 0 || j < 0 || j <= i || s.dates[0]! > from) return null;
  return round4((s.closes[j]! / s.closes[i]! - 1) * 100);
}

/**
 * Average return of each calendar month over complete months: a month's return runs from the
 * previous month's last close to its own last close; the month containing the as-of date is
 * partial and left out, as is a sector's first (listing) month.
 */
export function seasonality(
  s: SectorSeries,
  asOf: string,
  fromMonth: string,
): { averages: (number | null)[]; since: string } {
  const monthEnds: { month: string; close: number }[] = [];
  for (let i = 0; i < s.dates.length; i++) {
    const d = s.dates[i]!;
    if (d > asOf) break;
    const month = d.slice(0, 7);
    const last = monthEnds[monthEnds.length - 1];
    if (last?.month === month) last.close = s.closes[i]!;
    else monthEnds.push({ month, close: s.closes[i]! });
  }
  const sums = new Array<number>(12).fill(0);
  const counts = new Array<number>(12).fill(0);
  let since = '';
  const asOfMonth = asOf.slice(0, 7);
  for (let k = 1; k < monthEnds.length; k++) {
    const { month, close } = monthEnds[k]!;
    if (month < fromMonth || month >= asOfMonth) continue;
    since ||= month;
    const m = Number(month.slice(5, 7)) - 1;
    sums[m]! += (close / monthEnds[k - 1]!.close - 1) * 100;
    counts[m]!++;
  }
  return { averages: sums.map((sum, m) => (counts[m]! > 0 ? round4(sum / counts[m]!) : null)), since };
}

function bar(sectors: readonly SectorSeries[], values: (number | null)[]) {
  const order = sectors
    .map((s, i) => ({ name: s.sector, v: values[i] ?? null }))
    .sort((a, b) => (b.v ?? -Infinity) - (a.v ?? -Infinity));
  return {
    index: order.map((o) => o.name),
    positive: order.map((o) => (o.v === null ? null : Math.max(o.v, 0))),
    negative: order.map((o) => (o.v === null ? null : Math.min(o.v, 0))),
  };
}

/** Everything the Sector Performance screen shows, computed from daily closes up to `asOf`. */
export function computeSectorPerformance(
  sectors: readonly SectorSeries[],
  asOf: string,
  seasonalityFrom: string,
): SectorPerformance {
  const changes = sectors.map((s) => PERIODS.map((p) => percentChange(s, periodStart(asOf, p), asOf)));

  const yearStart = periodStart(asOf, '1Y');
  // The line starts at the base close (last trading day on or before the 1Y start), at 0%.
  const window = addDays(yearStart, -10);
  const calendar = [...new Set(sectors.flatMap((s) => s.dates.filter((d) => d >= window && d <= asOf)))].sort();
  const lineIndex = calendar.slice(Math.max(0, indexOnOrBefore(calendar, yearStart)));
  const series = sectors.map((s) => {
    const base = indexOnOrBefore(s.dates, yearStart);
    const byDate = new Map(s.dates.map((d, i) => [d, s.closes[i]!]));
    const baseClose = base >= 0 && s.dates[0]! <= yearStart ? s.closes[base]! : null;
    return {
      name: s.sector,
      ticker: s.ticker,
      returns: lineIndex.map((d) => {
        const c = byDate.get(d);
        return baseClose === null || c === undefined ? null : round4((c / baseClose - 1) * 100);
      }),
    };
  });

  const seasons = sectors.map((s) => seasonality(s, asOf, seasonalityFrom));
  const col = (p: Period) => changes.map((row) => row[PERIODS.indexOf(p)] ?? null);

  return {
    as_of: asOf,
    line_data: { index: lineIndex, series },
    heatmap_data: {
      x: [...PERIODS],
      y: sectors.map((s) => s.sector),
      returns_data: changes.flatMap((row, yi) => row.map((v, xi): [number, number, number | null] => [xi, yi, v])),
    },
    seasonality_data: {
      x: [...MONTHS],
      y: sectors.map((s) => s.sector),
      since: seasons.map((s) => s.since),
      returns_data: seasons.flatMap((s, yi) => s.averages.map((v, xi): [number, number, number | null] => [xi, yi, v])),
    },
    bar_data: {
      chg_1w: bar(sectors, col('1W')),
      chg_1m: bar(sectors, col('1M')),
      chg_ytd: bar(sectors, col('YTD')),
      chg_1y: bar(sectors, col('1Y')),
    },
  };
}
