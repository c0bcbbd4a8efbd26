import { cachedSeries } from '../../data/series-cache.ts';
import { priceWindow } from '../../domain/tickers/quote.ts';
import { defineHandler } from '../../lib/http.ts';
import { clockFor } from '../../platform/clock.ts';
import { requireTicker } from './directory-cache.ts';

/** Sessions per calendar year, with room for holidays, to know how many yearly chunks to read. */
const SESSIONS_PER_YEAR = 250;

export const handler = defineHandler('get_ticker_prices', async ({ query }) => {
  const entry = await requireTicker(query.ticker);
  const clock = clockFor();
  const today = clock.today();
  const years = Math.ceil(query.window / SESSIONS_PER_YEAR) + 1;
  const series = await cachedSeries(entry.symbol, Number(today.slice(0, 4)) - years);
  // In the demo every stored bar is a closed session; live, today's bar is partial until 16:00 New York.
  const nyHour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(
      clock.now(),
    ),
  );
  const sessionOpen = clock.mode === 'live' && nyHour < 16;
  return { ticker: entry.symbol, ...priceWindow(series, query.window, today, query.closed, sessionOpen) };
});
