import { cachedSeries } from '../../data/series-cache.ts';
import { quoteFromSeries } from '../../domain/tickers/quote.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineHandler } from '../../lib/http.ts';
import { clockFor } from '../../platform/clock.ts';
import { requireTicker } from './directory-cache.ts';

export const handler = defineHandler('get_ticker_info', async ({ query }) => {
  const entry = await requireTicker(query.ticker);
  const today = clockFor().today();
  // Two calendar years of chunks cover the 252-session range.
  const series = await cachedSeries(entry.symbol, Number(today.slice(0, 4)) - 1);
  const end = series.date.findLastIndex((d) => d <= today) + 1;
  const upToToday = {
    ...series,
    date: series.date.slice(0, end),
    open: series.open.slice(0, end),
    high: series.high.slice(0, end),
    low: series.low.slice(0, end),
    close: series.close.slice(0, end),
    volume: series.volume?.slice(0, end) ?? null,
  };
  const quote = quoteFromSeries(upToToday, entry);
  if (!quote) throw new NotFoundError(`No prices for ${entry.symbol} yet.`);
  return quote;
});
