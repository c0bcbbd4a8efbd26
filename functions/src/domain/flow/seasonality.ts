import type { Seasonality, SeasonalitySeries } from '@tapewatch/shared/schemas/flow-ticker-overview';
import { HALF_HOUR_BUCKETS, type DaySummary } from './day-summary.ts';

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** '09:30', '10:00', ... '15:30': the start of each half-hour bucket. */
export const HALF_HOUR_LABELS = Array.from({ length: HALF_HOUR_BUCKETS }, (_, i) => {
  const minutes = 9 * 60 + 30 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/** Calendar months of completed days the seasonality averages over (the screen's 12 months). */
export const SEASONALITY_MONTHS = 12;

/** The exclusive lower bound of the seasonality window: the same date a year before `today`. */
export function seasonalityWindowStart(today: string): string {
  return `${Number(today.slice(0, 4)) - SEASONALITY_MONTHS / 12}${today.slice(4)}`;
}

// Slots of one ticker's sums: calls then puts per half hour, weekday and month.
const INTRADAY = 0;
const DAILY = HALF_HOUR_BUCKETS;
const MONTHLY = DAILY + WEEKDAYS.length;
const SLOTS = MONTHLY + MONTHS.length;

/**
 * Average premium per day by half hour, weekday and month, folded one day summary at a time: a
 * year of summaries (~250 days x every ticker) never has to be held at once, only each ticker's
 * 60 sums and the day counts per category.
 * Every day of the history counts in its categories' denominators, also the days a ticker had no
 * flow (its average is "per trading day", not "per day it traded").
 */
export class SeasonalityFold {
  private readonly dayCounts = new Float64Array(SLOTS);
  private readonly sums = new Map<string, { calls: Float64Array; puts: Float64Array }>();
  private days = 0;
  private from: string | null = null;
  private to: string | null = null;

  addDay(day: DaySummary): void {
    const date = new Date(`${day.date}T12:00:00Z`);
    const weekday = date.getUTCDay() - 1;
    // Flow days are trading days (Mon-Fri); a stray weekend day would have no weekday category.
    const weekdaySlot = weekday >= 0 && weekday < WEEKDAYS.length ? DAILY + weekday : -1;
    const monthSlot = MONTHLY + date.getUTCMonth();
    this.days += 1;
    if (this.from === null || day.date < this.from) this.from = day.date;
    if (this.to === null || day.date > this.to) this.to = day.date;
    for (let b = 0; b < HALF_HOUR_BUCKETS; b += 1) this.dayCounts[INTRADAY + b]! += 1;
    if (weekdaySlot >= 0) this.dayCounts[weekdaySlot]! += 1;
    this.dayCounts[monthSlot]! += 1;
    for (const [ticker, t] of Object.entries(day.tickers)) {
      let s = this.sums.get(ticker);
      if (!s) this.sums.set(ticker, (s = { calls: new Float64Array(SLOTS), puts: new Float64Array(SLOTS) }));
      for (let b = 0; b < HALF_HOUR_BUCKETS; b += 1) {
        s.calls[INTRADAY + b]! += t.halfHours.calls[b] ?? 0;
        s.puts[INTRADAY + b]! += t.halfHours.puts[b] ?? 0;
      }
      if (weekdaySlot >= 0) {
        s.calls[weekdaySlot]! += t.calls.premium;
        s.puts[weekdaySlot]! += t.puts.premium;
      }
      s.calls[monthSlot]! += t.calls.premium;
      s.puts[monthSlot]! += t.puts.premium;
    }
  }

  result(ticker: string): Seasonality {
    const s = this.sums.get(ticker);
    const series = (first: number, index: readonly string[]): SeasonalitySeries => {
      const avg = (sums: Float64Array | undefined) =>
        index.map((_, i) =>
          this.dayCounts[first + i]! > 0 ? (sums?.[first + i] ?? 0) / this.dayCounts[first + i]! : null,
        );
      return { index: [...index], calls: avg(s?.calls), puts: avg(s?.puts) };
    };
    return {
      ticker,
      has_flow: s !== undefined,
      days: this.days,
      from: this.from,
      to: this.to,
      intraday: series(INTRADAY, HALF_HOUR_LABELS),
      daily: series(DAILY, WEEKDAYS),
      monthly: series(MONTHLY, MONTHS),
    };
  }
}

/** Seasonality of one ticker over the given full days (see SeasonalityFold). */
export function seasonality(ticker: string, full: readonly DaySummary[]): Seasonality {
  const fold = new SeasonalityFold();
  for (const day of full) fold.addDay(day);
  return fold.result(ticker);
}
