import type { CloseBasis, DirectoryEntry, TickerInfo } from '@tapewatch/shared/schemas/tickers';
import type { DailySeries } from '../../data/timeseries-repository.ts';

/** Average volume over the last 30 sessions, as most quote pages show it. */
export const AVG_VOLUME_SESSIONS = 30;
export const YEAR_SESSIONS = 252;

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

/**
 * An ETF history stored without a separate adjusted column is the bundle's yfinance auto_adjust
 * history, whose closes are dividend-adjusted (there is no unadjusted close to show); stocks keep
 * the close as traded next to their adjusted one, and an index level has no dividends.
 */
export function closeBasisOf(kind: DirectoryEntry['kind'], s: Pick<DailySeries, 'adjClose'>): CloseBasis {
  return kind === 'etf' && !s.adjClose ? 'dividend_adjusted' : 'as_traded';
}

/**
 * The quote panel's numbers from daily bars: the last close, its change from the previous close,
 * the day's range, 30-session average volume and the 52-week range from highs and lows.
 */
export function quoteFromSeries(
  s: DailySeries,
  entry: Pick<DirectoryEntry, 'symbol' | 'company' | 'sector' | 'industry' | 'kind'>,
): TickerInfo | null {
  const n = s.date.length;
  if (n === 0) return null;
  const last = n - 1;
  const c = s.close[last]!;
  const prev = n > 1 ? s.close[last - 1]! : null;
  const from = Math.max(0, n - YEAR_SESSIONS);
  const vols = s.volume ? s.volume.slice(Math.max(0, n - AVG_VOLUME_SESSIONS)) : [];
  return {
    ticker: entry.symbol,
    as_of: s.date[last]!,
    c,
    todaysChange: prev === null ? null : round(c - prev, 4),
    todaysChangePerc: prev === null ? null : round((c / prev - 1) * 100, 4),
    v: s.volume ? s.volume[last]! : null,
    avg_volume: vols.length > 0 ? Math.round(vols.reduce((a, b) => a + b, 0) / vols.length) : null,
    l: s.low[last]!,
    h: s.high[last]!,
    '52_week_low': Math.min(...s.low.slice(from)),
    '52_week_high': Math.max(...s.high.slice(from)),
    company: entry.company,
    sector: entry.sector,
    industry: entry.industry,
    close_basis: closeBasisOf(entry.kind, s),
  };
}

/** The last `window` bars up to `asOf`; `closedOnly` drops a bar dated today before the close. */
export function priceWindow(s: DailySeries, window: number, asOf: string, closedOnly: boolean, sessionOpen: boolean) {
  let end = s.date.length;
  while (end > 0 && s.date[end - 1]! > asOf) end--;
  if (closedOnly && sessionOpen && end > 0 && s.date[end - 1] === asOf) end--;
  const start = Math.max(0, end - window);
  return {
    dates: s.date.slice(start, end),
    prices: s.close.slice(start, end),
    volume: s.volume ? s.volume.slice(start, end) : new Array<null>(end - start).fill(null),
  };
}
