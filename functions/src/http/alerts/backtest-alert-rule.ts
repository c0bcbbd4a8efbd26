import { ALERT_LIMITS } from '@tapewatch/shared/alerts/limits';
import { documentClient } from '../../data/client.ts';
import { cachedSeries } from '../../data/series-cache.ts';
import { WatchlistsRepository } from '../../data/watchlists-repository.ts';
import { moveStats, scanRule, tickerDayCounts, type CloseSeries } from '../../domain/alerts/backtest.ts';
import { defineHandler } from '../../lib/http.ts';
import { clockFor } from '../../platform/clock.ts';
import { historyColumns } from './backtest-days.ts';

/**
 * The moves are measured over the tickers the rule caught most often (a broad rule catches hundreds,
 * and each needs its price history read): both the caught trades and the baseline use the same set.
 */
export const MOVE_TICKERS = 50;

/** Price history from this year on covers the stored flow (it starts in 2023 in the demo). */
const SERIES_FROM_YEAR = 2019;

export const handler = defineHandler('backtest_alert_rule', async ({ caller, body }) => {
  const started = performance.now();
  const { rule } = body;
  const watchlistTickers = rule.watchlist_id
    ? ((await new WatchlistsRepository(documentClient()).read(caller!.userId)).lists.find(
        (l) => l.id === rule.watchlist_id,
      )?.tickers ?? [])
    : null;
  const days = await historyColumns(clockFor().today());
  const scan = scanRule(
    days,
    { id: 'backtest', userId: caller!.userId, name: rule.name, filters: rule.filters, watchlistTickers },
    ALERT_LIMITS.backtestTrades,
  );
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const tickers = [...scan.caught.entries()]
    .sort((a, b) => total(b[1]) - total(a[1]))
    .slice(0, MOVE_TICKERS)
    .map(([t]) => t);
  const caught = new Map(tickers.map((t) => [t, scan.caught.get(t)!]));
  const baseline = tickerDayCounts(days, tickers);
  const series = new Map<string, CloseSeries | null>();
  await Promise.all(
    tickers.map(async (t) => {
      const s = await cachedSeries(t, SERIES_FROM_YEAR).catch(() => null);
      series.set(t, s && s.date.length > 0 ? { date: s.date, close: s.close } : null);
    }),
  );
  const seriesOf = (t: string) => series.get(t) ?? null;
  return {
    from: days[0]?.date ?? null,
    to: days[days.length - 1]?.date ?? null,
    days: days.length,
    scanned: scan.scanned,
    fired: scan.fired,
    per_day: scan.perDay,
    trades: scan.trades,
    moves: {
      caught: { d1: moveStats(caught, seriesOf, 1), d5: moveStats(caught, seriesOf, 5) },
      baseline: { d1: moveStats(baseline, seriesOf, 1), d5: moveStats(baseline, seriesOf, 5) },
    },
    elapsed_ms: Math.round(performance.now() - started),
  };
});
