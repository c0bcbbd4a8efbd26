import type { Seasonality, SeasonalitySeries } from '@tapewatch/shared/schemas/flow-ticker-overview';
import { HALF_HOUR_BUCKETS, type DaySummary } from './day-summary.ts';

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** '09:30', '10:00', ... '15:30': the start of each half-hour bucket. */
export const HALF_HOUR_LABELS = Array.from({ length: HALF_HOUR_BUCKETS }, (_, i) => {
  const minutes = 9 * 60 + 30 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

class Averager {
  private readonly calls: number[];
  private readonly puts: number[];
  private readonly days: number[];
  constructor(private readonly index: readonly string[]) {
    this.calls = new Array<number>(index.length).fill(0);
    this.puts = new Array<number>(index.length).fill(0);
    this.days = new Array<number>(index.length).fill(0);
  }
  /** One day's premiums in a category. */
  add(slot: number, calls: number, puts: number): void {
    this.calls[slot]! += calls;
    this.puts[slot]! += puts;
    this.days[slot]! += 1;
  }
  result(): SeasonalitySeries {
    const avg = (sums: number[]) => sums.map((s, i) => (this.days[i]! > 0 ? s / this.days[i]! : null));
    return { index: [...this.index], calls: avg(this.calls), puts: avg(this.puts) };
  }
}

/**
 * Average premium per day of one ticker by half hour, weekday and month, over the given full days.
 * Every day of the history counts in its categories' denominators, also the days the ticker had no
 * flow (its average is "per trading day", not "per day it traded").
 */
export function seasonality(ticker: string, full: readonly DaySummary[]): Seasonality {
  const intraday = new Averager(HALF_HOUR_LABELS);
  const daily = new Averager(WEEKDAYS);
  const monthly = new Averager(MONTHS);
  let hasFlow = false;
  for (const day of full) {
    const t = day.tickers[ticker];
    if (t) hasFlow = true;
    const date = new Date(`${day.date}T12:00:00Z`);
    const weekday = date.getUTCDay() - 1;
    const month = date.getUTCMonth();
    for (let b = 0; b < HALF_HOUR_BUCKETS; b += 1) intraday.add(b, t?.halfHours.calls[b] ?? 0, t?.halfHours.puts[b] ?? 0);
    // Flow days are trading days (Mon-Fri); a stray weekend day would have no category.
    if (weekday >= 0 && weekday < WEEKDAYS.length) daily.add(weekday, t?.calls.premium ?? 0, t?.puts.premium ?? 0);
    monthly.add(month, t?.calls.premium ?? 0, t?.puts.premium ?? 0);
  }
  const dates = full.map((d) => d.date).sort();
  return {
    ticker,
    has_flow: hasFlow,
    days: full.length,
    from: dates[0] ?? null,
    to: dates.at(-1) ?? null,
    intraday: intraday.result(),
    daily: daily.result(),
    monthly: monthly.result(),
  };
}
