import type { ChartTableData } from '../../../components/charts/chart-card.tsx';
import { formatNumber, formatPercent, toFixedOrDash } from '../../../lib/format.ts';
import type { IndShortInterest } from '../api/get-ind-short-interest.ts';
import type { IndShortInterestInfo } from '../api/get-ind-short-interest-info.ts';
import type { ShortInterestTableRow } from '../api/get-short-interest.ts';
import type { TickerPrices } from '../api/get-ticker-prices.ts';

/** The screen opens on a NASDAQ name even when the app-wide ticker is SPY (NYSE Arca). */
export const PREFERRED_DEFAULT_TICKER = 'AAPL';

export interface PriceVsShortInterest {
  dates: string[];
  prices: Array<number | null>;
  /** Short interest on the session of each settlement (the last session on or before it); null elsewhere. */
  shortInterest: Array<number | null>;
}

/** Index of the last date <= `date` in ascending `dates`, or -1. */
function lastIndexOnOrBefore(dates: readonly string[], date: string): number {
  let lo = 0;
  let hi = dates.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid]! <= date) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * Puts the settlements on the price chart's daily index. Settlements before the first price date
 * are dropped (the chart shows the 252-session window); a later settlement on the same session wins.
 */
export function toPriceVsShortInterest(
  prices: TickerPrices,
  series: IndShortInterest['short_interest'],
): PriceVsShortInterest {
  const dates = [...prices.dates];
  const shortInterest: Array<number | null> = dates.map(() => null);
  const first = dates[0];
  for (const point of series) {
    if (first === undefined || point.date < first) continue;
    const i = lastIndexOnOrBefore(dates, point.date);
    if (i >= 0) shortInterest[i] = point.short_interest;
  }
  return { dates, prices: prices.prices.map((p) => (Number.isFinite(p) ? p : null)), shortInterest };
}

/** The chart's numbers: one row per settlement with the close of its session. */
export function priceVsShortInterestTable(view: PriceVsShortInterest): ChartTableData {
  const rows = view.dates.flatMap((date, i) => {
    const si = view.shortInterest[i];
    if (si === null || si === undefined) return [];
    return [{ key: date, label: date, cells: [toFixedOrDash(view.prices[i]), formatNumber(si)] }];
  });
  return {
    rowHeader: 'Date',
    columns: ['Close', 'Short Interest'],
    rows,
    testId: 'si-chart-table',
    rowTestId: 'si-chart-row',
  };
}

export interface SummaryItem {
  label: 'Short Interest' | 'Days To Cover' | '%Float Short';
  value: string;
}

/** The Short Data summary; a missing figure reads "Unavailable", never a made-up number. */
export function shortDataSummary(info: IndShortInterestInfo): SummaryItem[] {
  const shown = (v: number | null, text: (n: number) => string) => (v === null ? 'Unavailable' : text(v));
  return [
    { label: 'Short Interest', value: shown(info['Short Interest'], (n) => formatNumber(n)) },
    { label: 'Days To Cover', value: shown(info['Days To Cover'], (n) => formatNumber(n, 2)) },
    { label: '%Float Short', value: shown(info['%Float Short'], (n) => formatPercent(n, 2)) },
  ];
}

/** The ticker to show without one in the URL: the app-wide one if it has short interest, else AAPL, else the first listed. */
export function pickDefaultTicker(rows: readonly ShortInterestTableRow[], globalTicker: string): string | undefined {
  if (rows.some((r) => r.Ticker === globalTicker)) return globalTicker;
  if (rows.some((r) => r.Ticker === PREFERRED_DEFAULT_TICKER)) return PREFERRED_DEFAULT_TICKER;
  return [...rows].map((r) => r.Ticker).sort()[0];
}
