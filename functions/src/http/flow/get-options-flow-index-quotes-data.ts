import { DASHBOARD_INDICES } from '@tapewatch/shared/schemas/flow-dashboard';
import { loadFlowDays } from './flow-days.ts';
import { cachedSeries } from '../../data/series-cache.ts';
import { indexQuote } from '../../domain/flow/dashboard.ts';
import { closeBasisOf } from '../../domain/tickers/quote.ts';
import { defineHandler } from '../../lib/http.ts';
import { clockFor } from '../../platform/clock.ts';

/** Dashboard: SPY, QQQ and IWM latest price (intraday from today's flow when it has some), change and change %. */
export const handler = defineHandler('get_options_flow_index_quotes_data', async () => {
  const today = clockFor().today();
  const { current } = await loadFlowDays();
  const fromYear = Number(today.slice(0, 4)) - 1;
  const quotes = await Promise.all(
    DASHBOARD_INDICES.map(async (ticker) => {
      const series = await cachedSeries(ticker, fromYear);
      const end = series.date.findLastIndex((d) => d <= today) + 1;
      const closes = { date: series.date.slice(0, end), close: series.close.slice(0, end) };
      const price = current?.date === today ? (current.tickers[ticker]?.lastPrice ?? null) : null;
      return indexQuote(ticker, closes, price === null ? null : { day: today, price }, closeBasisOf('etf', series));
    }),
  );
  const dates = quotes.map((q) => q.asOf).filter((d): d is string => d !== null);
  return { date: dates.length ? dates.toSorted().at(-1)! : null, data: quotes.map(({ asOf: _, ...q }) => q) };
});
